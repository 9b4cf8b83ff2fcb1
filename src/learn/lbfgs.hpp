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

#include "core/error.hpp"
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
  Lbfgs(std::vector<float> x0, const LbfgsConfig& config)
      : config_(config), x_(std::move(x0)), d_(x_.size()),
        c_(config.l1), penalised_(c_ > 0 ? std::min(config.l1_size, d_) : 0), g_(d_), xn_(x_), gn_(d_), dir_(d_),
        pseudo_(penalised_ ? d_ : 0), alpha_(size_t(std::max(config.memory, 0))) {
    r_.cap = config.max_iterations, r_.converged = false, r_.hint = "raise maxIter";
  }

  bool done() const { return phase_ == Phase::done; }
  // Where f and ∇f are wanted next (x0 first).
  const std::vector<float>& point() const { return phase_ == Phase::start ? x_ : xn_; }
  // f and ∇f at point() (g is taken, and left with other contents). True when an iteration ended: then call
  // proceed() before the next point.
  bool tell(double f, std::vector<float>& g) {
    require(phase_ == Phase::start || phase_ == Phase::search, "L-BFGS was told a value it did not ask for");
    require(g.size() == d_, "L-BFGS was told a gradient of ", g.size(), " values for ", d_, " weights");
    double norm = 0;  // f plus the L1 term
    const std::vector<float>& at = point();
    for (size_t j = 0; j < penalised_; ++j) norm += std::fabs(at[j]);
    const double value = f + c_ * norm;
    if (phase_ == Phase::start) {
      fx_ = value;
      g_.swap(g);
      update_pseudo_gradient();
      history_.push_back(fx_);
      if (iteration_ > config_.max_iterations) finish(false, false);
      else begin_iteration();
      return false;
    }
    double decrease = step_ * slope_;  // with an L1 term, pgᵀ(xn − x): the projection may have shortened the step
    if (penalised_) {
      decrease = 0;
      for (size_t j = 0; j < d_; ++j) decrease += double(pg()[j]) * (xn_[j] - x_[j]);
    }
    if (!(std::isfinite(value) && value <= fx_ + 1e-4 * decrease)) {
      step_ *= 0.5;
      if (++tries_ == 40) finish(true, true);  // no decrease possible at float precision: converged as far as it goes
      else propose();
      return false;
    }
    gn_.swap(g);
    std::vector<float> s(d_), y(d_);
    for (size_t j = 0; j < d_; ++j) s[j] = xn_[j] - x_[j], y[j] = gn_[j] - g_[j];
    const double sy = dot(s, y);
    if (sy > 1e-10) {
      if (int(S_.size()) == config_.memory) S_.pop_front(), Y_.pop_front(), rho_.pop_front();
      S_.push_back(std::move(s)), Y_.push_back(std::move(y)), rho_.push_back(1.0 / sy);
    }
    x_.swap(xn_), g_.swap(gn_);
    update_pseudo_gradient();
    fx_ = value;
    history_.push_back(fx_);
    r_.iterations = iteration_;
    phase_ = Phase::iterated;
    return true;
  }
  // After an iteration: keep_going false stops here (stopped by the caller); else the δ rule is checked and
  // the next iteration begins.
  void proceed(bool keep_going) {
    require(phase_ == Phase::iterated, "L-BFGS proceeds only after an iteration");
    if (!keep_going) {
      r_.stopped_by_callback = true;
      return finish(false, false);
    }
    if (relative_decrease() < config_.delta) return finish(true, false);  // (false while NaN)
    if (++iteration_ > config_.max_iterations) return finish(false, false);
    begin_iteration();
  }

  int iterations() const { return r_.iterations; }
  double value() const { return fx_; }  // f (with the L1 term) at solution()
  std::vector<float>& solution() { return x_; }
  const TrainingReport& outcome() const { return r_; }

 private:
  enum class Phase { start, search, iterated, done };

  double dot(const std::vector<float>& a, const std::vector<float>& b) const {
    double s = 0;
    for (size_t j = 0; j < d_; ++j) s += double(a[j]) * b[j];
    return s;
  }
  // the pseudo-gradient of f plus the L1 term at x (g itself when there is no L1 term)
  std::vector<float>& pg() { return penalised_ ? pseudo_ : g_; }
  void update_pseudo_gradient() {
    if (!penalised_) return;
    pseudo_ = g_;
    for (size_t j = 0; j < penalised_; ++j) {
      const double up = g_[j] + c_, down = g_[j] - c_;
      pseudo_[j] = float(x_[j] > 0 ? up : x_[j] < 0 ? down : up < 0 ? up : down > 0 ? down : 0);
    }
  }
  // (f_{k−period} − f_k) / max(1, |f_k|), or NaN before the window is full or with the rule off
  double relative_decrease() const {
    if (config_.delta <= 0 || int(history_.size()) <= config_.period) return std::numeric_limits<double>::quiet_NaN();
    const double before = history_[history_.size() - 1 - size_t(config_.period)];
    return (before - fx_) / std::max(1.0, std::fabs(fx_));
  }
  // by_gradient: the gradient rule (or a line search at float precision) ended the run, so report its measure
  void finish(bool converged, bool by_gradient) {
    phase_ = Phase::done;
    r_.converged = converged;
    const double decrease = relative_decrease();
    if (by_gradient || std::isnan(decrease)) {
      r_.measure = "relative gradient norm", r_.tolerance = config_.gradient_tolerance;
      r_.gap = std::sqrt(dot(pg(), pg())) / std::max(1.0, std::sqrt(dot(x_, x_)));
    } else {
      r_.measure = text("relative decrease over ", config_.period, " iterations"), r_.tolerance = config_.delta;
      r_.gap = decrease;
    }
  }
  // The gradient rule, then the direction by the two-loop recursion and the line search's first trial.
  void begin_iteration() {
    std::vector<float>& p = pg();
    const double gnorm = std::sqrt(dot(p, p)), xnorm = std::sqrt(dot(x_, x_));
    if (gnorm <= config_.gradient_tolerance * std::max(1.0, xnorm)) return finish(true, true);
    for (size_t j = 0; j < d_; ++j) dir_[j] = -p[j];
    const int m = int(S_.size());
    for (int i = m - 1; i >= 0; --i) {
      alpha_[i] = rho_[i] * dot(S_[i], dir_);
      const float a = float(alpha_[i]);
      for (size_t j = 0; j < d_; ++j) dir_[j] -= a * Y_[i][j];
    }
    if (m > 0) {
      const double gamma = 1.0 / (rho_[m - 1] * dot(Y_[m - 1], Y_[m - 1]));
      for (float& v : dir_) v = float(v * gamma);
    }
    for (int i = 0; i < m; ++i) {
      const float b = float(alpha_[i] - rho_[i] * dot(Y_[i], dir_));
      for (size_t j = 0; j < d_; ++j) dir_[j] += b * S_[i][j];
    }
    for (size_t j = 0; j < penalised_; ++j)
      if (dir_[j] * p[j] >= 0) dir_[j] = 0;
    slope_ = dot(p, dir_);
    if (slope_ >= 0) {  // not a descent direction (numerical trouble): restart from steepest descent
      S_.clear(), Y_.clear(), rho_.clear();
      for (size_t j = 0; j < d_; ++j) dir_[j] = -p[j];
      slope_ = -gnorm * gnorm;
    }
    step_ = m == 0 ? 1.0 / std::max(1.0, std::sqrt(dot(dir_, dir_))) : 1.0;
    tries_ = 0;
    propose();
  }
  // The trial point x + step·dir, projected onto x's orthant with an L1 term.
  void propose() {
    phase_ = Phase::search;
    for (size_t j = 0; j < d_; ++j) xn_[j] = x_[j] + float(step_ * dir_[j]);
    for (size_t j = 0; j < penalised_; ++j) {
      const float orthant = x_[j] != 0 ? x_[j] : -pg()[j];
      if (xn_[j] * orthant <= 0) xn_[j] = 0;
    }
  }

  LbfgsConfig config_;
  std::vector<float> x_;
  size_t d_;
  double c_;
  size_t penalised_;
  std::vector<float> g_, xn_, gn_, dir_, pseudo_;
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
