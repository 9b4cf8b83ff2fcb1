// 1-slack cutting-plane training of structural SVMs (Joachims, Finley & Yu 2009, alg. 4; SVMperf, Joachims
// 2005, where one example is a whole data set). The objective of learn/structured_oracle.hpp is the 1-slack
// problem
//   min ½‖w‖² + C ξ   s.t.  ⟨w, Σ_i δψ_i(ŷ_i)⟩ ≥ Σ_i Δ_i(ŷ_i) − ξ   for every joint labelling (ŷ_1, …, ŷ_n),
// ξ = Σ_i H_i(w) at the optimum. Each round calls the separation oracle of every example at the current w,
// which gives the most violated joint constraint (b, g) = (Σ_i Δ_i(ŷ_i), Σ_i δψ_i(ŷ_i)) and the exact primal
// P(w) = ½‖w‖² + C (b − ⟨w, g⟩); the certified gap is P(w) − D(α) with D(α) = Σ_c α_c b_c − ½‖w‖² of the
// working set's dual. If the gap is above eps·C·n, the constraint joins the working set, whose dual QP
// (learn/simplex_qp.hpp) is solved again from the last α, and w = Σ_c α_c g_c. Constraints unused (α_c = 0)
// for `kInactiveRounds` rounds leave the set. Rounds needed: O(1/eps) (ibid., thm. 5). The QP's α is feasible
// whether or not SMO met its own tolerance (a degenerate working set), so the reported gap stays certified;
// constraints are kept sparse (memory: the non-zeros of each Σ_i δψ_i in the working set).
#pragma once
#include <cmath>
#include <vector>

#include "learn/progress.hpp"
#include "learn/simplex_qp.hpp"
#include "learn/structured_oracle.hpp"

namespace argmax {

template <class Problem>
std::vector<float> train_cutting_plane(const Problem& problem, const StructuredSvmConfig& config,
                                       const ProgressFn& progress, TrainingReport* report = nullptr) {
  constexpr int kInactiveRounds = 50;
  const int n = problem.size();
  check_structured_svm(config, n);
  const size_t d = problem.dim();
  const double C = config.C, target = config.eps * C * n;
  std::vector<double> w(d, 0.0), dense(d, 0.0);
  std::vector<float> wf(d, 0.f);
  std::vector<SparseVector> g;  // the working set: constraint vectors g_c …
  std::vector<double> b, alpha, G;  // … offsets b_c, dual α_c and the Gram matrix G_cd = ⟨g_c, g_d⟩
  std::vector<int> idle;          // rounds since α_c was last positive
  SparseAccumulator psi(d);
  TrainingReport r;
  r.measure = "dual gap", r.cap = config.max_iterations, r.tolerance = config.eps, r.converged = false;
  r.hint = "raise maxIter or eps";
  for (int round = 1;; ++round) {
    double loss = 0, error = 0;
    for (int i = 0; i < n; ++i) {
      const Violation v = problem.most_violated(wf.data(), i, config.surrogate, psi);
      loss += v.loss, error += v.error;
    }
    SparseVector cut = psi.take();
    // P at the float weights the oracle saw (and the model keeps); D at the exact w(α).
    double wnorm = 0, wfnorm = 0, margin = 0, dual_offset = 0;
    for (size_t j = 0; j < d; ++j) wnorm += w[j] * w[j], wfnorm += double(wf[j]) * wf[j];
    for (size_t q = 0; q < cut.index.size(); ++q) margin += cut.value[q] * wf[cut.index[q]];
    for (size_t c = 0; c < b.size(); ++c) dual_offset += alpha[c] * b[c];
    const double primal = 0.5 * wfnorm + C * std::max(0.0, loss - margin);
    const double gap = std::max(0.0, primal - (dual_offset - 0.5 * wnorm));
    r.iterations = round, r.gap = gap / (C * n);
    const bool stop = r.stop_requested(progress, [&](Progress& p) {
      p.epoch = round, p.objective = primal, p.training_error = error / n;
    });
    if (stop) break;
    if (gap <= target) {
      r.converged = true;
      break;
    }
    if (round >= config.max_iterations) break;

    // Drop long-idle constraints, then add the new one with its row of G.
    std::vector<size_t> kept;
    for (size_t c = 0; c < g.size(); ++c)
      if (idle[c] < kInactiveRounds) kept.push_back(c);
    const size_t before = g.size(), K = kept.size() + 1;
    std::vector<double> gram(K * K, 0.0);
    for (size_t q = 0; q < cut.index.size(); ++q) dense[cut.index[q]] = cut.value[q];
    for (size_t x = 0; x + 1 < K; ++x) {
      for (size_t y = 0; y + 1 < K; ++y) gram[x * K + y] = G[kept[x] * before + kept[y]];
      gram[x * K + K - 1] = gram[(K - 1) * K + x] = g[kept[x]].dot(dense.data());
    }
    for (size_t q = 0; q < cut.index.size(); ++q) dense[cut.index[q]] = 0;
    gram[K * K - 1] = cut.squared_norm();
    for (size_t x = 0; x + 1 < K; ++x)
      if (kept[x] != x) g[x] = std::move(g[kept[x]]), b[x] = b[kept[x]], alpha[x] = alpha[kept[x]], idle[x] = idle[kept[x]];
    g.resize(K - 1), b.resize(K - 1), alpha.resize(K - 1), idle.resize(K - 1);
    g.push_back(std::move(cut)), b.push_back(loss), alpha.push_back(0.0), idle.push_back(0);
    G.swap(gram);

    solve_simplex_qp(G, b, C, alpha);
    std::fill(w.begin(), w.end(), 0.0);
    for (size_t c = 0; c < K; ++c) {
      idle[c] = alpha[c] > 0 ? 0 : idle[c] + 1;
      if (alpha[c] > 0)
        for (size_t q = 0; q < g[c].index.size(); ++q) w[g[c].index[q]] += alpha[c] * g[c].value[q];
    }
    for (size_t j = 0; j < d; ++j) wf[j] = float(w[j]);
  }
  if (report) *report = r;
  return wf;
}

}  // namespace argmax
