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
#include <deque>
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
};

// L-BFGS in reverse communication: the solver proposes a point, the caller evaluates f and ∇f there and tells
// it; it proposes the next point (a line-search trial or the next iteration's first) until done(). So the
// objective may be computed anywhere, on this thread (lbfgs_minimize) or summed over workers (the data-parallel
// fits of bindings/js/parallel/gradients.js), with the same steps. After tell() ends an iteration (it returns
// true), the caller reports it and calls proceed(keep_going) before the next point. outcome(): converged unless
// max_iterations was reached first (a line search that cannot decrease f at float precision counts as
// converged), with the quantity of the rule that stopped it against its tolerance: the relative decrease over
// the last `period` iterations when the δ rule is on and has a full window, else ‖g‖ / max(1, ‖x‖) against
// gradient_tolerance (g the pseudo-gradient with an L1 term).
class Lbfgs {
 public:
  Lbfgs(std::vector<float> x0, const LbfgsConfig& config);

  bool done() const { return phase_ == Phase::done; }
  // Where f and ∇f are wanted next (x0 first).
  const std::vector<float>& point() const { return phase_ == Phase::start ? x_ : xn_; }
  // f and ∇f at point() (g is taken, and left with other contents). True when an iteration ended: then call
  // proceed() before the next point.
  bool tell(double f, std::vector<float>& g);
  // After an iteration: keep_going false stops here (stopped by the caller); else the δ rule is checked and
  // the next iteration begins.
  void proceed(bool keep_going);

  int iterations() const { return r_.iterations; }
  double value() const { return fx_; }  // f (with the L1 term) at solution()
  std::vector<float>& solution() { return x_; }
  const TrainingReport& outcome() const { return r_; }

 private:
  enum class Phase { start, search, iterated, done };

  double dot(const std::vector<float>& a, const std::vector<float>& b) const;
  // the pseudo-gradient of f plus the L1 term at x (g itself when there is no L1 term)
  std::vector<float>& pg() { return penalised_ ? pseudo_ : g_; }
  const std::vector<float>& pg() const { return penalised_ ? pseudo_ : g_; }
  void update_pseudo_gradient();
  // (f_{k−period} − f_k) / max(1, |f_k|), or NaN before the window is full or with the rule off
  double relative_decrease() const;
  // by_gradient: the gradient rule (or a line search at float precision) ended the run, so report its measure
  void finish(bool converged, bool by_gradient);
  // The gradient rule, then the direction by the two-loop recursion and the line search's first trial.
  void begin_iteration();
  // The trial point x + step·dir, projected onto x's orthant with an L1 term.
  void propose();

  LbfgsConfig config_;
  std::vector<float> x_;
  size_t d_;
  double c_;
  size_t penalised_;
  std::vector<float> g_, xn_, gn_, dir_, pseudo_;
  std::vector<float> spare_s_, spare_y_;  // the next memory pair's buffers (a pair that left it, reused)
  std::deque<std::vector<float>> S_, Y_;
  std::deque<double> rho_;
  std::vector<double> history_, alpha_;
  TrainingReport r_;
  Phase phase_ = Phase::start;
  int iteration_ = 1, tries_ = 0;
  double fx_ = 0, step_ = 0, slope_ = 0;
};

// f(x, g) returns f(x) and writes ∇f(x) into g. report(iteration, f) returns false to stop. Minimises in place
// on this thread; returns the final f (with the L1 term). outcome (optional): how it ended (Lbfgs::outcome).
inline double lbfgs_minimize(const std::function<double(const std::vector<float>&, std::vector<float>&)>& f,
                             std::vector<float>& x, const LbfgsConfig& config,
                             const std::function<bool(int, double)>& report, TrainingReport* outcome = nullptr) {
  Lbfgs solver(std::move(x), config);
  std::vector<float> g(solver.point().size());
  while (!solver.done()) {
    const double value = f(solver.point(), g);
    if (solver.tell(value, g)) solver.proceed(!report || report(solver.iterations(), solver.value()));
  }
  x = std::move(solver.solution());
  if (outcome) *outcome = solver.outcome();
  return solver.value();
}

}  // namespace argmax
