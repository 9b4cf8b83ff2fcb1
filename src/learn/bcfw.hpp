// Block-coordinate Frank–Wolfe on the structural SVM dual (Lacoste-Julien, Jaggi, Schmidt & Pletscher
// 2013, alg. 4 with weighted averaging), for the objective of learn/structured_oracle.hpp (their λ is
// 1/(C n); here every quantity is C·n times theirs). Block i owns w_i = Σ_ŷ α_i(ŷ) δψ_i(ŷ) and
// ℓ_i = Σ_ŷ α_i(ŷ) Δ_i(ŷ), with w = Σ_i w_i. One step on block i, with ŷ from the oracle at w:
//   w_s = C δψ_i(ŷ),  ℓ_s = C Δ_i(ŷ),  g_i = ⟨w_i − w_s, w⟩ − ℓ_i + ℓ_s   (block gap, ≥ 0)
//   γ = clip(g_i / ‖w_i − w_s‖², 0, 1)                                   (exact line search on D)
//   w_i ← (1−γ) w_i + γ w_s,  ℓ_i ← (1−γ) ℓ_i + γ ℓ_s,  w ← w + (new w_i − old w_i).
// Σ_i g_i over a pass estimates P − D (each g_i is exact at the w of its step; it lags behind, and says
// nothing of the averaged point). When the estimate is at most eps·C·n, and every kCertifyEvery passes, a pass
// of oracle calls at a fixed point certifies the gap
//   P(w) − D(α) = ‖w‖² + C Σ_i H_i(w) − Σ_i ℓ_i
// at the output: the weighted average w̄ = Σ_k k·w^(k) / Σ_k k (with ℓ̄ alike: it is the w of the averaged
// dual point) or the last iterate. Lazy averaging: a change δ to w_j at step t adds δ·S_{t−1}
// (S_t = Σ_{k≤t} k) to u_j, and Σ_k k·w^(k) = S_T·w − u. Memory: each w_i is kept sparse, within the
// coordinates its example's labellings touch. One block (a whole-set bipartite problem) is plain Frank–Wolfe,
// O(1/t): the cutting plane is the solver for that case.
#pragma once
#include <cmath>
#include <numeric>
#include <vector>

#include "core/rng.hpp"
#include "learn/progress.hpp"
#include "learn/structured_oracle.hpp"

namespace argmax {

template <class Problem>
std::vector<float> train_bcfw(const Problem& problem, const StructuredSvmConfig& config, const ProgressFn& progress,
                              TrainingReport* report = nullptr) {
  constexpr int kCertifyEvery = 10;
  const int n = problem.size();
  check_structured_svm(config, n);
  const size_t d = problem.dim();
  const double C = config.C, target = config.eps * C * n;
  std::vector<double> w(d, 0.0), u(config.average ? d : 0, 0.0);
  std::vector<float> wf(d, 0.f);
  std::vector<SparseVector> block(n);  // w_i
  std::vector<double> block_loss(n, 0.0);
  double loss = 0, loss_u = 0, S = 0;  // ℓ = Σ ℓ_i, its lazy-average companion, S_t
  long long t = 0;
  SparseAccumulator psi(d), diff(d);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(config.seed);

  // Output point: (w, ℓ) or their weighted averages.
  auto output = [&](std::vector<float>& out) {
    for (size_t j = 0; j < d; ++j) out[j] = float(config.average && S > 0 ? (S * w[j] - u[j]) / S : w[j]);
    return config.average && S > 0 ? (S * loss - loss_u) / S : loss;
  };
  // The certified gap at a point (v, ℓ_v), from one oracle pass at v.
  auto certified_gap = [&](const std::vector<float>& v, double point_loss, double& primal) {
    const double hinge = hinge_sum(problem, v.data(), config.surrogate, psi);
    double norm = 0;
    for (float x : v) norm += double(x) * x;
    primal = 0.5 * norm + C * hinge;
    return std::max(0.0, norm + C * hinge - point_loss);
  };

  TrainingReport r;
  r.measure = "dual gap", r.cap = config.max_iterations, r.tolerance = config.eps, r.converged = false;
  r.hint = "raise maxIter or eps";
  std::vector<float> out(d, 0.f);
  bool out_certified = false;  // out and r.gap are those of the current point
  for (int pass = 1; pass <= config.max_iterations; ++pass) {
    rng.shuffle(order);
    double estimate = 0, error = 0;
    for (int i : order) {
      const Violation v = problem.most_violated(wf.data(), i, config.surrogate, psi);
      error += v.error;
      SparseVector ws = psi.take();
      for (double& x : ws.value) x *= C;
      const double ls = C * v.loss;
      diff.add(ws, 1.0), diff.add(block[i], -1.0);
      const SparseVector dir = diff.take();  // w_s − w_i
      const double g = -dir.dot(w.data()) - block_loss[i] + ls;
      estimate += g;
      const double curvature = dir.squared_norm();
      const double gamma = curvature > 0 ? std::min(1.0, std::max(0.0, g / curvature)) : (g > 0 ? 1.0 : 0.0);
      ++t;
      if (gamma > 0) {
        for (size_t q = 0; q < dir.index.size(); ++q) {
          const uint32_t j = dir.index[q];
          const double delta = gamma * dir.value[q];
          w[j] += delta, wf[j] = float(w[j]);
          if (config.average) u[j] += delta * S;
        }
        const double dl = gamma * (ls - block_loss[i]);
        block_loss[i] += dl, loss += dl, loss_u += dl * S;
        diff.add(block[i], 1.0 - gamma), diff.add(ws, gamma);
        block[i] = diff.take();
      }
      S += double(t);
    }
    r.iterations = pass;
    const bool last = pass == config.max_iterations;
    double primal = 0, certified = -1;
    if (estimate <= target || last || pass % kCertifyEvery == 0) {
      const double point_loss = output(out);
      certified = certified_gap(out, point_loss, primal);
      r.gap = certified / (C * n);
      out_certified = true;
    } else {
      out_certified = false;
      r.gap = estimate / (C * n);
    }
    const bool stop = r.stop_requested(progress, [&](Progress& p) {
      double norm = 0;
      for (double x : w) norm += x * x;
      p.epoch = pass, p.training_error = error / n;
      p.objective = certified >= 0 ? primal : loss - 0.5 * norm + estimate;  // P, or its estimate D + Σ g_i
    });
    if (stop) break;
    if (certified >= 0 && certified <= target) {
      r.converged = true;
      break;
    }
  }
  if (!out_certified) {
    const double point_loss = output(out);
    double primal;
    r.gap = certified_gap(out, point_loss, primal) / (C * n);
  }
  if (report) *report = r;
  return out;
}

}  // namespace argmax
