// Dual coordinate descent over examples, as the linear solver, with the scores F[i][y] = h(x_i, y) kept
// up to date instead of W: the gradient of example i's block is G_y = Δ(y, y_i) + F[i][y], its sub-problem
// has A_i = K(x_i, x_i), and a step d on α_i moves every F[j][y] by d_y K(x_j, x_i) (one kernel column).
// Examples whose KKT violation is already below eps are left alone, so their columns are never computed:
// after the first passes only the support vectors' columns are asked for, and the LRU cache holds them.
#include "multiclass/kernel_crammer_singer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/out_of_line.hpp"
#include "core/rng.hpp"
#include "learn/kernels/kernel_cache.hpp"
#include "learn/kernels/kernel_columns.hpp"
#include "multiclass/cs_sub_problem.hpp"

namespace argmax {
namespace {

std::vector<RowView> every_row(const Rows& rows) {
  std::vector<RowView> out;
  for (int32_t i = 0; i < rows.rows(); ++i) out.push_back(rows.row(i));
  return out;
}

class Solver {
 public:
  Solver(const Rows& rows, const std::vector<int32_t>& labels, const Kernel& kernel, const CostMatrix& cost,
         const KernelCrammerSingerConfig& config)
      : labels(labels), cost(cost), C(config.C), l(rows.rows()), k(cost.size()),
        QD(l), alpha(size_t(l) * k, 0.0), F(size_t(l) * k, 0.0), order(l), G(k), B(k), alpha_new(k), D(k),
        columns(every_row(rows), rows.cols(), kernel),
        cache(l, size_t(l), config.cache_mb, [this](int i, float* out) { columns.fill(i, out); }) {
    for (int i = 0; i < l; ++i) QD[i] = columns.diagonal(i), order[i] = i;
  }

  // One pass in random order; returns the largest KKT violation seen.
  double pass(Rng& rng, double eps) {
    double worst = 0;
    for (int s = 0; s < l; ++s) std::swap(order[s], order[s + rng.below(uint32_t(l - s))]);
    for (const int i : order) {
      const double violation = gradient(i);
      worst = std::max(worst, violation);
      if (violation <= eps || QD[i] <= 0) continue;
      double* alpha_i = &alpha[size_t(i) * k];
      for (int m = 0; m < k; ++m) B[m] = G[m] - QD[i] * alpha_i[m];
      solve_cs_sub_problem(QD[i], labels[i], C, k, B.data(), alpha_new.data(), D);
      const float* column = cache.column(i);
      for (int m = 0; m < k; ++m) {
        const double d = alpha_new[m] - alpha_i[m];
        alpha_i[m] = alpha_new[m];
        if (d == 0) continue;
        for (int j = 0; j < l; ++j) F[size_t(j) * k + m] += d * column[j];
      }
    }
    return worst;
  }

  // G = example i's gradient; returns its KKT violation max_y G_y − min over labels free to decrease.
  double gradient(int i) {
    const float* delta = cost.row(labels[i]);
    const double* alpha_i = &alpha[size_t(i) * k];
    double minG = std::numeric_limits<double>::infinity(), maxG = -minG;
    for (int m = 0; m < k; ++m) {
      G[m] = delta[m] + F[size_t(i) * k + m];
      maxG = std::max(maxG, G[m]);
      if (alpha_i[m] < (m == labels[i] ? C : 0.0)) minG = std::min(minG, G[m]);
    }
    return maxG - minG;
  }

  // Fills primal, dual, mean Δ of the training predictions.
  void objectives(KernelCrammerSinger& out, double& mean_cost) const {
    double half_norm = 0, linear = 0, slack = 0, total_cost = 0;
    for (int i = 0; i < l; ++i) {
      const double* f = &F[size_t(i) * k];
      const double* a = &alpha[size_t(i) * k];
      const float* delta = cost.row(labels[i]);
      double worst = 0;
      int predicted = 0;
      for (int m = 0; m < k; ++m) {
        half_norm += 0.5 * a[m] * f[m];
        linear += delta[m] * a[m];
        worst = std::max(worst, delta[m] + f[m] - f[labels[i]]);
        if (f[m] > f[predicted]) predicted = m;
      }
      slack += worst;
      total_cost += delta[predicted];
    }
    out.primal = half_norm + C * slack;
    out.dual = -(half_norm + linear);
    mean_cost = total_cost / l;
  }

  const std::vector<int32_t>& labels;
  const CostMatrix& cost;
  const double C;
  const int l, k;
  std::vector<double> QD, alpha, F;
  std::vector<int> order;
  std::vector<double> G, B, alpha_new, D;
  KernelColumns columns;
  KernelCache cache;
};

}  // namespace

KernelCrammerSinger train_kernel_crammer_singer(const Rows& rows, const std::vector<int32_t>& labels,
                                                const Kernel& kernel, const CostMatrix& cost,
                                                const KernelCrammerSingerConfig& config, const ProgressFn& progress,
                                                TrainingReport* report) {
  require(int64_t(labels.size()) == rows.rows(), "got ", labels.size(), " labels for ", rows.rows(), " rows");
  for (int32_t y : labels) require(y >= 0 && y < cost.size(), "label index ", y, " outside the cost matrix");
  Solver solver(rows, labels, kernel, cost, config);
  Rng rng(config.seed);
  TrainingReport r;
  r.measure = "KKT violation", r.cap = config.max_iterations, r.tolerance = config.eps, r.converged = false;
  r.hint = "scale the features, lower gamma or raise maxIter";
  KernelCrammerSinger out;
  auto one_pass = [&] { return solver.pass(rng, config.eps); };
  for (int pass = 1; pass <= config.max_iterations; ++pass) {
    r.iterations = pass, r.gap = out_of_line(one_pass);
    const bool stop = r.stop_requested(progress, [&](Progress& p) {
      p.epoch = pass;
      solver.objectives(out, p.training_error);
      p.objective = out.primal;
    });
    if (stop) break;
    if (r.gap <= config.eps) {
      r.converged = true;
      break;
    }
  }
  double mean_cost = 0;
  solver.objectives(out, mean_cost);
  out.alpha = std::move(solver.alpha);
  if (report) *report = r;
  return out;
}

}  // namespace argmax
