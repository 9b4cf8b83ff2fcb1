// Limited-memory BFGS (Nocedal 1980; Nocedal & Wright, Numerical Optimization, alg. 7.4–7.5).
// Direction d = −H g from the two-loop recursion over the last m pairs
//   s_j = x_{j+1} − x_j,  y_j = g_{j+1} − g_j,   H₀ = (sᵀy / yᵀy)·I,
// then a backtracking line search for the Armijo condition f(x + αd) ≤ f(x) + c₁ α gᵀd.
// With an L1 term c‖x_P‖₁ on a prefix P of the coordinates, it is OWL-QN (Andrew & Gao 2007, as CRFsuite's
// c1): the pseudo-gradient g ± c replaces g (0 where a zero coordinate's |g| ≤ c), the direction keeps only
// the coordinates that move against it, and each step is projected onto the orthant of x (or of −g at a zero),
// so coordinates that would cross 0 stop at exactly 0. The memory pairs still use the smooth gradient.
// Vectors are float (the weight vectors of chain models are large; memory ≈ (2m + 4)·4 bytes per
// weight, one vector more with an L1 term); dot products accumulate in double. Written here rather than using LBFGSpp so that every
// iteration can report progress and be cancelled.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "core/text.hpp"
#include "learn/progress.hpp"

namespace argmax {

struct LbfgsConfig {
  int memory = 6;
  int max_iterations = 100;
  double gradient_tolerance = 1e-5;  // stop when ‖g‖ ≤ tol·max(1, ‖x‖)
  // CRFsuite's rule: stop when (f_{k−period} − f_k) / max(1, |f_k|) < delta (0: never). The gradient rule alone
  // rarely ends a CRF: its gradient keeps a norm of several units long after the objective has stopped moving.
  int period = 10;
  double delta = 1e-5;
  double l1 = 0;           // OWL-QN: minimise f(x) + l1·‖x[0, l1_size)‖₁
  size_t l1_size = 0;
  // A fit whose workers each hold a slice of every vector (sequence/chain_gradient_trainer.hpp): this solver's
  // coordinates begin at `offset` of the whole vector (the L1 prefix counts from there), and each of its sums is
  // taken over blocks of `block` coordinates (the last one shorter), to be summed with the other slices' blocks
  // in block order, so that every split of the whole into slices of whole blocks gives the same bits.
  // block 0: the slice is one block (the serial fit: its sums in the order of the coordinates).
  size_t offset = 0;
  size_t block = 0;
  // (l2/2)·‖x‖², added to every f told (the caller adds l2·x to ∇f): summed here, by blocks, for such fits.
  double l2 = 0;
};

// L-BFGS in reverse communication: the solver proposes a point, the caller evaluates f and ∇f there and tells
// it; it proposes the next point (a line-search trial or the next iteration's first) until done(). So the
// objective may be computed anywhere, on this thread (lbfgs_minimize) or summed over workers (the data-parallel
// fits of bindings/js/parallel/gradients.js), with the same steps. Between two points the solver may need sums
// over all the coordinates (dot products, norms): while reducing(), partials() holds this slice's terms and
// reduced() takes their sums over every slice (sum_partials). On one slice the partials are the sums. When an
// iteration ends (iterated()), the caller reports it and calls proceed(keep_going) before the next point.
// outcome(): converged unless max_iterations was reached first (a line search that cannot decrease f at float
// precision counts as converged), with the quantity of the rule that stopped it against its tolerance: the
// relative decrease over the last `period` iterations when the δ rule is on and has a full window, else
// ‖g‖ / max(1, ‖x‖) against gradient_tolerance (g the pseudo-gradient with an L1 term).
class Lbfgs {
 public:
  Lbfgs(std::vector<float> x0, const LbfgsConfig& config);

  bool done() const { return phase_ == Phase::done; }
  // Where f and ∇f are wanted next (x0 first): this solver's slice of the point.
  const std::vector<float>& point() const { return phase_ == Phase::start ? x_ : xn_; }
  // f and ∇f (this slice of it) at point() (g is taken, and left with other contents).
  void tell(double f, std::vector<float>& g);
  // Sums wanted: partials() holds quantities() runs of one term per block of this slice.
  bool reducing() const { return phase_ == Phase::reducing; }
  const std::vector<double>& partials() const { return partials_; }
  int quantities() const { return quantities_; }
  // The sums of every slice's partials (sum_partials).
  void reduced(std::vector<double> sums);
  // The sums of the partials of every slice (in coordinate order), each with `quantities` runs of its blocks.
  static std::vector<double> sum_partials(const std::vector<const double*>& slices, const std::vector<size_t>& blocks,
                                          int quantities);
  bool iterated() const { return phase_ == Phase::iterated; }
  // After an iteration: keep_going false stops here (stopped by the caller); else the δ rule is checked and
  // the next iteration begins.
  void proceed(bool keep_going);

  int iterations() const { return r_.iterations; }
  double value() const { return fx_; }  // f (with the L1 term) at solution()
  std::vector<float>& solution() { return x_; }
  const std::vector<float>& solution() const { return x_; }
  const TrainingReport& outcome() const { return r_; }

 private:
  enum class Phase { start, search, reducing, iterated, done };
  // Where a reduction resumes: after an evaluation, after the new memory pair, in the two-loop recursion's
  // first loop, in its second loop, after the slope.
  enum class Resume { evaluated, paired, back, forth, sloped };

  // the pseudo-gradient of f plus the L1 term at x (g itself when there is no L1 term)
  std::vector<float>& pg() { return penalised_ ? pseudo_ : g_; }
  const std::vector<float>& pg() const { return penalised_ ? pseudo_ : g_; }
  void update_pseudo_gradient();
  // (f_{k−period} − f_k) / max(1, |f_k|), or NaN before the window is full or with the rule off
  double relative_decrease() const;
  // by_gradient: the gradient rule (or a line search at float precision) ended the run, so report its measure
  void finish(bool converged, bool by_gradient);
  // Asks for `quantities` sums over every slice, resuming at `then`: returns how many blocks this slice has,
  // whose terms the caller writes into partials_ (quantity by quantity, block by block).
  size_t ask(int quantities, Resume then);
  // The end of block b of this slice (block b begins at b·block).
  size_t block_end(size_t b) const;
  // The gradient rule, then the two-loop recursion's first pass.
  void begin_iteration();
  // The two-loop recursion's last pass (d += b·s, or d = −pg with no memory), OWL-QN's sign rule, and the sums
  // of the slope pgᵀd and of dᵀd.
  void sum_slope(const float* s, float b);
  // A pass of the two-loop recursion: d += c·v, and the sum of wᵀd.
  void sum_update(float c, const float* v, const float* w, Resume then);
  // One step of the two-loop recursion, with the sums the last pass asked for.
  void two_loop(const std::vector<double>& sums);
  // The trial point x + step·dir, projected onto x's orthant with an L1 term.
  void propose();

  LbfgsConfig config_;
  std::vector<float> x_;
  size_t d_;
  double c_;
  size_t penalised_;  // the coordinates of this slice in the L1 prefix
  bool l1_;           // whether the whole vector has an L1 term
  std::vector<float> g_, xn_, gn_, dir_, pseudo_;
  std::vector<float> spare_s_, spare_y_;  // the next memory pair's buffers (a pair that left it, reused)
  std::vector<std::vector<float>> S_, Y_;  // oldest first (vectors, not deques: a few pairs, and smaller code)
  std::vector<double> rho_;
  double newest_yy_ = 0;  // yᵀy of the newest pair (γ's)
  std::vector<double> history_, alpha_, partials_;
  TrainingReport r_;
  Phase phase_ = Phase::start;
  Resume resume_ = Resume::evaluated;
  bool starting_ = true;  // the evaluation being reduced is x0's
  int quantities_ = 0, iteration_ = 1, tries_ = 0, m_ = 0, i_ = 0;
  double fx_ = 0, step_ = 0, slope_ = 0, told_ = 0;
  double pp_ = 0, xx_ = 0;  // ‖pg‖² and ‖x‖² at x
};

// f(x, g) returns f(x) and writes ∇f(x) into g. report(iteration, f) returns false to stop. Minimises in place
// on this thread; returns the final f (with the L1 term). outcome (optional): how it ended (Lbfgs::outcome).
inline double lbfgs_minimize(const std::function<double(const std::vector<float>&, std::vector<float>&)>& f,
                             std::vector<float>& x, const LbfgsConfig& config,
                             const std::function<bool(int, double)>& report, TrainingReport* outcome = nullptr) {
  Lbfgs solver(std::move(x), config);
  std::vector<float> g(solver.point().size());
  while (!solver.done()) {
    if (solver.reducing()) solver.reduced(Lbfgs::sum_partials({solver.partials().data()}, {1}, solver.quantities()));
    else if (solver.iterated()) solver.proceed(!report || report(solver.iterations(), solver.value()));
    else solver.tell(f(solver.point(), g), g);
  }
  x = std::move(solver.solution());
  if (outcome) *outcome = solver.outcome();
  return solver.value();
}

}  // namespace argmax
