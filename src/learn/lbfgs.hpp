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

// f(x, g) returns f(x) and writes ∇f(x) into g. report(iteration, f) returns false to stop.
// Minimises in place; returns the final f. outcome (optional): converged unless max_iterations was
// reached first (a line search that cannot decrease f at float precision counts as converged), with the
// quantity of the rule that stopped it against its tolerance: the relative decrease over the last `period`
// iterations when the δ rule is on and has a full window, else ‖g‖ / max(1, ‖x‖) against gradient_tolerance
// (g the pseudo-gradient with an L1 term).
inline double lbfgs_minimize(const std::function<double(const std::vector<float>&, std::vector<float>&)>& f,
                             std::vector<float>& x, const LbfgsConfig& config,
                             const std::function<bool(int, double)>& report, TrainingReport* outcome = nullptr) {
  const size_t d = x.size();
  auto dot = [d](const std::vector<float>& a, const std::vector<float>& b) {
    double s = 0;
    for (size_t j = 0; j < d; ++j) s += double(a[j]) * b[j];
    return s;
  };
  const double c = config.l1;
  const size_t penalised = c > 0 ? std::min(config.l1_size, d) : 0;
  // f plus the L1 term; pg is the pseudo-gradient of that sum at x (g itself when there is no L1 term)
  auto objective = [&](const std::vector<float>& v, std::vector<float>& grad) {
    double value = f(v, grad), norm = 0;
    for (size_t j = 0; j < penalised; ++j) norm += std::fabs(v[j]);
    return value + c * norm;
  };
  std::vector<float> g(d), xn(d), gn(d), dir(d), pseudo(penalised ? d : 0);
  std::vector<float>& pg = penalised ? pseudo : g;  // (swapping g with gn below keeps this reference g's)
  auto update_pseudo_gradient = [&]() {
    if (!penalised) return;
    pg = g;
    for (size_t j = 0; j < penalised; ++j) {
      const double up = g[j] + c, down = g[j] - c;
      pg[j] = float(x[j] > 0 ? up : x[j] < 0 ? down : up < 0 ? up : down > 0 ? down : 0);
    }
  };
  double fx = objective(x, g);
  update_pseudo_gradient();
  std::deque<std::vector<float>> S, Y;
  std::deque<double> rho;
  std::vector<double> history{fx};
  std::vector<double> alpha(config.memory);
  TrainingReport r;
  r.cap = config.max_iterations, r.converged = false, r.hint = "raise maxIter";
  // (f_{k−period} − f_k) / max(1, |f_k|), or NaN before the window is full or with the rule off
  auto relative_decrease = [&]() {
    if (config.delta <= 0 || int(history.size()) <= config.period) return std::numeric_limits<double>::quiet_NaN();
    const double before = history[history.size() - 1 - size_t(config.period)];
    return (before - fx) / std::max(1.0, std::fabs(fx));
  };
  // by_gradient: the gradient rule (or a line search at float precision) ended the run, so report its measure
  auto finish = [&](bool converged, bool by_gradient) {
    if (!outcome) return;
    r.converged = converged;
    const double decrease = relative_decrease();
    if (by_gradient || std::isnan(decrease)) {
      r.measure = "relative gradient norm", r.tolerance = config.gradient_tolerance;
      r.gap = std::sqrt(dot(pg, pg)) / std::max(1.0, std::sqrt(dot(x, x)));
    } else {
      r.measure = text("relative decrease over ", config.period, " iterations"), r.tolerance = config.delta;
      r.gap = decrease;
    }
    *outcome = r;
  };
  for (int iter = 1; iter <= config.max_iterations; ++iter) {
    const double gnorm = std::sqrt(dot(pg, pg)), xnorm = std::sqrt(dot(x, x));
    if (gnorm <= config.gradient_tolerance * std::max(1.0, xnorm)) {
      finish(true, true);
      return fx;
    }
    // Two-loop recursion.
    for (size_t j = 0; j < d; ++j) dir[j] = -pg[j];
    const int m = int(S.size());
    for (int i = m - 1; i >= 0; --i) {
      alpha[i] = rho[i] * dot(S[i], dir);
      const float a = float(alpha[i]);
      for (size_t j = 0; j < d; ++j) dir[j] -= a * Y[i][j];
    }
    if (m > 0) {
      const double gamma = 1.0 / (rho[m - 1] * dot(Y[m - 1], Y[m - 1]));
      for (float& v : dir) v = float(v * gamma);
    }
    for (int i = 0; i < m; ++i) {
      const float b = float(alpha[i] - rho[i] * dot(Y[i], dir));
      for (size_t j = 0; j < d; ++j) dir[j] += b * S[i][j];
    }
    for (size_t j = 0; j < penalised; ++j)
      if (dir[j] * pg[j] >= 0) dir[j] = 0;
    double slope = dot(pg, dir);
    if (slope >= 0) {  // not a descent direction (numerical trouble): restart from steepest descent
      S.clear(), Y.clear(), rho.clear();
      for (size_t j = 0; j < d; ++j) dir[j] = -pg[j];
      slope = -gnorm * gnorm;
    }
    double step = m == 0 ? 1.0 / std::max(1.0, std::sqrt(dot(dir, dir))) : 1.0;
    double fn = 0;
    bool accepted = false;
    for (int tries = 0; tries < 40; ++tries) {
      for (size_t j = 0; j < d; ++j) xn[j] = x[j] + float(step * dir[j]);
      for (size_t j = 0; j < penalised; ++j) {
        const float orthant = x[j] != 0 ? x[j] : -pg[j];
        if (xn[j] * orthant <= 0) xn[j] = 0;
      }
      fn = objective(xn, gn);
      double decrease = step * slope;  // with an L1 term, pgᵀ(xn − x): the projection may have shortened the step
      if (penalised) {
        decrease = 0;
        for (size_t j = 0; j < d; ++j) decrease += double(pg[j]) * (xn[j] - x[j]);
      }
      if (std::isfinite(fn) && fn <= fx + 1e-4 * decrease) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (!accepted) {  // no decrease possible at float precision: converged as far as it goes
      finish(true, true);
      return fx;
    }
    std::vector<float> s(d), y(d);
    for (size_t j = 0; j < d; ++j) s[j] = xn[j] - x[j], y[j] = gn[j] - g[j];
    const double sy = dot(s, y);
    if (sy > 1e-10) {
      if (int(S.size()) == config.memory) S.pop_front(), Y.pop_front(), rho.pop_front();
      S.push_back(std::move(s)), Y.push_back(std::move(y)), rho.push_back(1.0 / sy);
    }
    x.swap(xn), g.swap(gn);
    update_pseudo_gradient();
    fx = fn;
    history.push_back(fx);
    r.iterations = iter;
    if (report && !report(iter, fx)) {
      r.stopped_by_callback = true;
      finish(false, false);
      return fx;
    }
    if (relative_decrease() < config.delta) {  // (false while NaN)
      finish(true, false);
      return fx;
    }
  }
  finish(false, false);
  return fx;
}

}  // namespace argmax
