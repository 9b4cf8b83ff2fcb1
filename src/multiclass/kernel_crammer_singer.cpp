// Dual coordinate descent over examples (Crammer & Singer 2001, "On the algorithmic implementation of
// multiclass kernel-based vector machines", JMLR 2, §6: one example's k variables at a time, its sub-problem
// solved exactly; Keerthi, Sundararajan, Chang, Hsieh & Lin 2008, "A sequential dual method for large scale
// multi-class linear SVMs", KDD: examples in random order, those already optimal skipped, shrinking), with the
// scores F[i][y] = h(x_i, y) kept up to date instead of W. For example i,
//   G_y = Δ(y, y_i) + F[i][y],   violation v_i = max_y G_y − min_{y: α_i^y < C·1[y = y_i]} G_y,
// its sub-problem (multiclass/cs_sub_problem.hpp) has A_i = K(x_i, x_i), and a step d on α_i moves every
// F[j][y] by d_y K(x_j, x_i): one kernel column, held by the LRU cache (learn/kernels/kernel_cache.hpp).
// An example with v_i ≤ eps is left alone, so its column is never computed; the working set of each step is
// the whole block of the next violating example, and the sub-problem's exact solution is the largest decrease
// over that block (the second-order choice within it).
// Shrinking (as LIBSVM's, Chang & Lin 2011 §5.1): after each pass, an example with α_i = 0 whose margin
// exceeds what KKT asks by more than the pass's largest violation, G_{y_i} − max_{y≠y_i} G_y > v_max, leaves
// the active set [0, active) (positions are swapped so the active ones come first, and the cache keeps columns
// only as long as the active set). When a pass over the active set finds no violation above eps, the scores of
// the shrunk examples are rebuilt from the support vectors' columns and one more pass over all examples
// decides whether the solution stands.
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
      : cost(cost), C(config.C), l(rows.rows()), k(cost.size()), labels(labels), original(l),
        alpha(size_t(l) * k, 0.0), F(size_t(l) * k, 0.0), active(l), G(k), B(k), alpha_new(k), D(k), d(k),
        columns(every_row(rows), rows.cols(), kernel),
        cache(l, config.cache_mb, [this](int i, int from, int to, float* out) { columns.fill(i, from, to, out); }) {
    for (int i = 0; i < l; ++i) original[i] = i;
  }

  // One pass over the active examples in random order; returns the largest KKT violation seen.
  double pass(Rng& rng, double eps) {
    double worst = 0;
    order.resize(size_t(active));
    for (int s = 0; s < active; ++s) order[s] = s;
    for (int s = 0; s < active; ++s) std::swap(order[s], order[s + rng.below(uint32_t(active - s))]);
    for (const int i : order) {
      const double violation = gradient(i);
      worst = std::max(worst, violation);
      if (violation <= eps || !(columns.diagonal(i) > 0)) continue;
      const double A = columns.diagonal(i);
      double* alpha_i = &alpha[size_t(i) * k];
      for (int m = 0; m < k; ++m) B[m] = G[m] - A * alpha_i[m];
      solve_cs_sub_problem(A, labels[i], C, k, B.data(), alpha_new.data(), D);
      changed.clear();
      for (int m = 0; m < k; ++m) {
        d[m] = alpha_new[m] - alpha_i[m];
        alpha_i[m] = alpha_new[m];
        if (d[m] != 0) changed.push_back(m);
      }
      if (changed.empty()) continue;
      const float* column = cache.column(i, active);
      for (const int m : changed) add_column(d[m], column, &F[size_t(m) * l], active);
    }
    return worst;
  }

  // F of the shrunk examples from the support vectors' columns (extended to every position; mostly cached at
  // the active length already, where the shrunk examples' own columns would cost l evaluations each).
  void rebuild_shrunk() {
    for (int m = 0; m < k; ++m) std::fill(&F[size_t(m) * l + active], &F[size_t(m) * l] + l, 0.0);
    for (int p = 0; p < l; ++p) {
      if (!(alpha[size_t(p) * k + labels[p]] > 0)) continue;  // α_p = 0
      const float* column = cache.column(p, l);
      for (int m = 0; m < k; ++m)
        if (const double a = alpha[size_t(p) * k + m]; a != 0) add_column(a, column + active, &F[size_t(m) * l + active], l - active);
    }
  }
  void unshrink() {
    rebuild_shrunk();
    active = l;
  }
  bool shrunk() const { return active < l; }

  // G = example i's gradient; returns its KKT violation max_y G_y − min over labels free to decrease.
  double gradient(int i) {
    const float* delta = cost.row(labels[i]);
    const double* alpha_i = &alpha[size_t(i) * k];
    double minG = std::numeric_limits<double>::infinity(), maxG = -minG;
    for (int m = 0; m < k; ++m) {
      G[m] = delta[m] + F[size_t(m) * l + i];
      maxG = std::max(maxG, G[m]);
      if (alpha_i[m] < (m == labels[i] ? C : 0.0)) minG = std::min(minG, G[m]);
    }
    return maxG - minG;
  }

  // Fills primal, dual, mean Δ of the training predictions (F must be whole: no example shrunk, or rebuilt).
  void objectives(KernelCrammerSinger& out, double& mean_cost) const {
    double half_norm = 0, linear = 0, slack = 0, total_cost = 0;
    std::vector<double> f(static_cast<size_t>(k));
    for (int i = 0; i < l; ++i) {
      for (int m = 0; m < k; ++m) f[m] = F[size_t(m) * l + i];
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

  // α in the order of the rows.
  std::vector<double> alpha_by_row() const {
    std::vector<double> out(alpha.size());
    for (int p = 0; p < l; ++p)
      std::copy_n(&alpha[size_t(p) * k], k, &out[size_t(original[p]) * k]);
    return out;
  }

  // Shrinks the examples with α_i = 0 whose margin beyond KKT's exceeds threshold.
  void shrink(double threshold) {
    for (int i = 0; i < active; ++i) {
      if (!shrinkable(i, threshold)) continue;
      for (--active; active > i; --active)
        if (!shrinkable(active, threshold)) {
          swap(i, active);
          break;
        }
    }
  }

 private:
  bool shrinkable(int i, double threshold) {
    if (alpha[size_t(i) * k + labels[i]] != 0) return false;  // all of α_i is 0 when α_i^{y_i} is
    gradient(i);
    double rival = -std::numeric_limits<double>::infinity();
    for (int m = 0; m < k; ++m)
      if (m != labels[i]) rival = std::max(rival, G[m]);
    return G[labels[i]] - rival > threshold;
  }

  void swap(int i, int j) {
    cache.swap(i, j);
    columns.swap(i, j);
    std::swap_ranges(&alpha[size_t(i) * k], &alpha[size_t(i) * k] + k, &alpha[size_t(j) * k]);
    for (int m = 0; m < k; ++m) std::swap(F[size_t(m) * l + i], F[size_t(m) * l + j]);
    std::swap(labels[i], labels[j]), std::swap(original[i], original[j]);
  }

  const CostMatrix& cost;
  const double C;
  const int l, k;
  std::vector<int32_t> labels;  // by position
  std::vector<int> original;    // the row at each position
  std::vector<double> alpha;  // by position, k per example
  std::vector<double> F;      // k × l: F[m·l + j] = h(x_j, m), so that a step's update runs along j
  int active;
  std::vector<int> order, changed;
  std::vector<double> G, B, alpha_new, D, d;
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
    const bool solved = r.gap <= config.eps, checked = solved && !solver.shrunk();
    if (!solved) solver.shrink(r.gap);
    else if (!checked) solver.unshrink();  // the next pass checks every example
    const bool stop = r.stop_requested(progress, [&](Progress& p) {
      p.epoch = pass;
      if (solver.shrunk()) solver.rebuild_shrunk();
      solver.objectives(out, p.training_error);
      p.objective = out.primal;
    });
    if (stop) break;
    if (checked) {
      r.converged = true;
      break;
    }
  }
  if (solver.shrunk()) solver.rebuild_shrunk();
  double mean_cost = 0;
  solver.objectives(out, mean_cost);
  out.alpha = solver.alpha_by_row();
  if (report) *report = r;
  return out;
}

}  // namespace argmax
