// The kernel solvers with working-set selection, shrinking and the column cache, against references that
// share none of that machinery: the binary dual solved by brute force over every active set on tiny problems
// and by plain cyclic coordinate descent on larger ones; KKT conditions from kernel sums computed directly;
// the same optimum whatever the cache size (evictions, short columns and swaps);
// and the sparse-row path of the kernel columns against the dense one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "binary/kernel_svm.hpp"
#include "clusters.hpp"
#include "core/rng.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/kernel_crammer_singer.hpp"

using namespace argmax;

namespace {

using Binary = BinaryPoints;

// Two overlapping classes in `cols` dimensions: some α end at C, some strictly inside.
Binary overlapping(int m, int cols, uint64_t seed) {
  Rng rng(seed);
  Binary b{{}, {}, cols};
  for (int i = 0; i < m; ++i) {
    const int8_t y = rng.uniform() < 0.5 ? 1 : -1;
    for (int j = 0; j < cols; ++j) b.x.push_back(float(0.5 * y * (j < 2) + 2 * rng.uniform() - 1));
    b.y.push_back(y);
  }
  return b;
}

// Q_ij = y_i y_j (K(x_i, x_j) + b²), in double, summed directly.
std::vector<double> q_matrix(const Binary& d, const Kernel& kernel, double bias) {
  const int m = int(d.y.size());
  std::vector<double> Q(size_t(m) * m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      double dot = 0, ni = 0, nj = 0;
      for (int c = 0; c < d.cols; ++c) {
        const double a = d.x[size_t(i) * d.cols + c], b = d.x[size_t(j) * d.cols + c];
        dot += a * b, ni += a * a, nj += b * b;
      }
      Q[size_t(i) * m + j] = d.y[i] * d.y[j] * (kernel(dot, ni, nj) + bias * bias);
    }
  return Q;
}

double dual_objective(const std::vector<double>& Q, const std::vector<double>& alpha) {
  const size_t m = alpha.size();
  double value = 0;
  for (size_t i = 0; i < m; ++i) {
    double row = 0;
    for (size_t j = 0; j < m; ++j) row += Q[i * m + j] * alpha[j];
    value += 0.5 * alpha[i] * row - alpha[i];
  }
  return value;
}

// min ½αᵀQα − Σα over 0 ≤ α ≤ C by brute force: for every split of the variables into {0, C, free}, the free
// ones solve Q_FF α_F = 1 − Q_FC C (Gaussian elimination); the best feasible candidate is the optimum.
double brute_force_dual(const std::vector<double>& Q, int m, double C) {
  double best = std::numeric_limits<double>::infinity();
  int splits = 1;
  for (int i = 0; i < m; ++i) splits *= 3;
  for (int code = 0; code < splits; ++code) {
    std::vector<int> state(static_cast<size_t>(m)), free;
    for (int i = 0, c = code; i < m; ++i, c /= 3) {
      state[size_t(i)] = c % 3;  // 0: at 0, 1: at C, 2: free
      if (c % 3 == 2) free.push_back(i);
    }
    const int n = int(free.size());
    std::vector<double> A(size_t(n) * (n + 1));
    for (int r = 0; r < n; ++r) {
      double rhs = 1;
      for (int j = 0; j < m; ++j)
        if (state[size_t(j)] == 1) rhs -= Q[size_t(free[r]) * m + j] * C;
      for (int c = 0; c < n; ++c) A[size_t(r) * (n + 1) + c] = Q[size_t(free[r]) * m + free[c]];
      A[size_t(r) * (n + 1) + n] = rhs;
    }
    bool singular = false;
    for (int c = 0; c < n && !singular; ++c) {
      int pivot = c;
      for (int r = c + 1; r < n; ++r)
        if (std::fabs(A[size_t(r) * (n + 1) + c]) > std::fabs(A[size_t(pivot) * (n + 1) + c])) pivot = r;
      if (std::fabs(A[size_t(pivot) * (n + 1) + c]) < 1e-12) singular = true;
      for (int k = 0; k <= n && !singular; ++k) std::swap(A[size_t(c) * (n + 1) + k], A[size_t(pivot) * (n + 1) + k]);
      for (int r = 0; r < n && !singular; ++r) {
        if (r == c) continue;
        const double f = A[size_t(r) * (n + 1) + c] / A[size_t(c) * (n + 1) + c];
        for (int k = c; k <= n; ++k) A[size_t(r) * (n + 1) + k] -= f * A[size_t(c) * (n + 1) + k];
      }
    }
    if (singular) continue;
    std::vector<double> alpha(static_cast<size_t>(m), 0.0);
    bool feasible = true;
    for (int i = 0; i < m; ++i)
      if (state[size_t(i)] == 1) alpha[size_t(i)] = C;
    for (int r = 0; r < n; ++r) {
      const double a = A[size_t(r) * (n + 1) + n] / A[size_t(r) * (n + 1) + r];
      feasible = feasible && a >= -1e-12 && a <= C + 1e-12;
      alpha[size_t(free[r])] = a;
    }
    if (feasible) best = std::min(best, dual_objective(Q, alpha));
  }
  return best;
}

// The same dual by cyclic coordinate descent in example order, each step the exact minimiser over one α_i:
// the plain method, with no selection, no shrinking and no cache.
std::vector<double> cyclic_descent(const std::vector<double>& Q, int m, double C, int passes) {
  std::vector<double> alpha(static_cast<size_t>(m), 0.0), G(static_cast<size_t>(m), -1.0);
  for (int pass = 0; pass < passes; ++pass)
    for (int i = 0; i < m; ++i) {
      const double old = alpha[size_t(i)];
      alpha[size_t(i)] = std::min(std::max(old - G[size_t(i)] / Q[size_t(i) * m + i], 0.0), C);
      const double d = alpha[size_t(i)] - old;
      if (d != 0)
        for (int j = 0; j < m; ++j) G[size_t(j)] += d * Q[size_t(j) * m + i];
    }
  return alpha;
}

KernelSvmConfig tight(const Kernel& kernel, double C, double cache_mb) {
  KernelSvmConfig c;
  c.kernel = kernel, c.C = C, c.tol = 1e-6, c.max_iterations = 100000, c.cache_mb = cache_mb;
  return c;
}

}  // namespace

TEST_CASE("the kernel learner reaches the brute-force optimum of tiny duals", "[kernel][binary]") {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Binary d = overlapping(7, 2, seed);
    const Kernel rbf = Kernel::named("rbf", 1.5, 0, 1);
    const double C = 2;
    const KernelSvm s = solve_kernel_svm(BinarySample::all(d.rows(), d.y), tight(rbf, C, 1));
    const std::vector<double> Q = q_matrix(d, rbf, 1);
    INFO("seed " << seed);
    CHECK(s.model->report.converged);
    CHECK(dual_objective(Q, s.alpha) == Approx(brute_force_dual(Q, 7, C)).epsilon(1e-6));
  }
}

TEST_CASE("the kernel learner with shrinking and a small cache: KKT from direct kernel sums, the plain method's objective and predictions, any cache size", "[kernel][binary]") {
  const Binary d = overlapping(500, 3, 11), test = overlapping(300, 3, 12);
  const Kernel rbf = Kernel::named("rbf", 2, 0, 1);
  const double C = 4;
  const BinarySample data = BinarySample::all(d.rows(), d.y);
  const double one_column = 500 * sizeof(float) / double(1 << 20);
  const KernelSvm small = solve_kernel_svm(data, tight(rbf, C, 3 * one_column));  // evicts all the time
  const KernelSvm large = solve_kernel_svm(data, tight(rbf, C, 200));
  REQUIRE(small.model->report.converged);
  // The optimum is unique (Q is positive definite); the cache changes only the rounding of a vectorised exp
  // at the edges of a computed stretch, so both runs end at it within the tolerance.
  for (int i = 0; i < 500; ++i) CHECK(small.alpha[size_t(i)] == Approx(large.alpha[size_t(i)]).margin(1e-3));

  const std::vector<double> Q = q_matrix(d, rbf, 1);
  int bounded = 0, free = 0;
  for (int i = 0; i < 500; ++i) {
    double G = -1;
    for (int j = 0; j < 500; ++j) G += Q[size_t(i) * 500 + j] * small.alpha[size_t(j)];
    const double a = small.alpha[size_t(i)];
    INFO("example " << i << " alpha " << a << " gradient " << G);
    REQUIRE(a >= 0);
    REQUIRE(a <= C);
    // KKT: α = 0 → G ≥ 0; 0 < α < C → G = 0; α = C → G ≤ 0 (to the tolerance, float columns and all).
    if (a == 0) {
      CHECK(G >= -1e-4);
    } else if (a == C) {
      CHECK(G <= 1e-4);
      ++bounded;
    } else {
      CHECK(G == Approx(0).margin(1e-4));
      ++free;
    }
  }
  CHECK(bounded > 0);
  CHECK(free > 0);

  const std::vector<double> plain = cyclic_descent(Q, 500, C, 3000);
  CHECK(dual_objective(Q, small.alpha) == Approx(dual_objective(Q, plain)).epsilon(1e-6));
  // The plain solution's scores on new rows: f(x) = Σ α_i y_i (K(x_i, x) + 1).
  std::vector<float> f(300);
  small.model->scores(test.rows(), f.data());
  int agree = 0;
  for (int t = 0; t < 300; ++t) {
    double g = 0;
    for (int i = 0; i < 500; ++i) {
      double dot = 0, ni = 0, nt = 0;
      for (int c = 0; c < 3; ++c) {
        const double a = d.x[size_t(i) * 3 + c], b = test.x[size_t(t) * 3 + c];
        dot += a * b, ni += a * a, nt += b * b;
      }
      g += plain[size_t(i)] * d.y[i] * (rbf(dot, ni, nt) + 1);
    }
    CHECK(f[size_t(t)] == Approx(g).margin(1e-3));
    agree += (f[size_t(t)] > 0) == (g > 0);
  }
  CHECK(agree == 300);
}

TEST_CASE("kernel columns of sparse rows equal those of the same rows dense", "[kernel][binary]") {
  // 40 columns with 3 stored entries per row: below the share at which rows are copied out dense.
  Rng rng(5);
  const int m = 200, cols = 40;
  std::vector<float> dense(size_t(m) * cols, 0.f);
  OwnedRows sparse;
  sparse.cols = cols;
  std::vector<int8_t> y;
  for (int i = 0; i < m; ++i) {
    y.push_back(rng.uniform() < 0.5 ? 1 : -1);
    for (int j = int(rng.below(10)); j < cols; j += 13) {
      const float v = float(y.back() * 0.3 * (j % 2 ? 1 : -1) + rng.uniform() - 0.5);
      dense[size_t(i) * cols + j] = v;
      sparse.indices.push_back(j), sparse.values.push_back(v);
    }
    sparse.offsets.push_back(int32_t(sparse.indices.size()));
  }
  const Kernel rbf = Kernel::named("rbf", 0.5, 0, 1);
  const KernelSvm a = solve_kernel_svm(BinarySample::all(sparse.view(), y), tight(rbf, 1, 200));
  const KernelSvm b = solve_kernel_svm(BinarySample::all(Rows::dense(dense.data(), m, cols), y), tight(rbf, 1, 200));
  REQUIRE(a.model->report.converged);
  for (int i = 0; i < m; ++i) CHECK(a.alpha[size_t(i)] == Approx(b.alpha[size_t(i)]).margin(1e-4));
  std::vector<float> fa(static_cast<size_t>(m)), fb(static_cast<size_t>(m));
  a.model->scores(sparse.view(), fa.data());
  b.model->scores(sparse.view(), fb.data());
  for (int i = 0; i < m; ++i) CHECK(fa[size_t(i)] == Approx(fb[size_t(i)]).margin(1e-3));
}

TEST_CASE("kernel Crammer–Singer with shrinking and a small cache: the same optimum, KKT, a small duality gap", "[kernel]") {
  const Clusters d = clusters(400, 4, 3, 1.2, 21);
  const int k = 4;
  const double C = 5;
  const Kernel rbf = Kernel::named("rbf", 1, 0, 1);
  KernelCrammerSingerConfig config;
  config.C = C, config.eps = 1e-3, config.max_iterations = 100000;
  config.cache_mb = 3 * 400 * sizeof(float) / double(1 << 20);
  TrainingReport report;
  const auto small = train_kernel_crammer_singer(d.rows(), d.y, rbf, CostMatrix::zero_one(k), config, nullptr, &report);
  config.cache_mb = 200;
  const auto large = train_kernel_crammer_singer(d.rows(), d.y, rbf, CostMatrix::zero_one(k), config, nullptr);
  REQUIRE(report.converged);
  CHECK(small.primal == Approx(large.primal).epsilon(1e-4));  // as in the binary case: the same optimum
  // Scores by direct kernel sums, then each example's KKT violation and the objectives.
  std::vector<double> f(size_t(400) * k, 0.0);
  for (int i = 0; i < 400; ++i)
    for (int j = 0; j < 400; ++j) {
      double dot = 0, ni = 0, nj = 0;
      for (int c = 0; c < 3; ++c) {
        const double a = d.x[size_t(i) * 3 + c], b = d.x[size_t(j) * 3 + c];
        dot += a * b, ni += a * a, nj += b * b;
      }
      for (int y = 0; y < k; ++y) f[size_t(i) * k + y] += small.alpha[size_t(j) * k + y] * rbf(dot, ni, nj);
    }
  double half_norm = 0, slack = 0, linear = 0;
  for (int i = 0; i < 400; ++i) {
    double maxG = -1e300, minG = 1e300, worst = 0, sum = 0;
    for (int y = 0; y < k; ++y) {
      const double a = small.alpha[size_t(i) * k + y], bound = y == d.y[i] ? C : 0.0, G = (y != d.y[i]) + f[size_t(i) * k + y];
      CHECK(a <= bound + 1e-12);
      sum += a;
      maxG = std::max(maxG, G);
      if (a < bound) minG = std::min(minG, G);
      half_norm += 0.5 * a * f[size_t(i) * k + y];
      linear += (y != d.y[i]) * a;
      worst = std::max(worst, G - f[size_t(i) * k + d.y[i]]);
    }
    slack += worst;
    CHECK(sum == Approx(0).margin(1e-9));
    CHECK(maxG - minG <= 1e-3 + 1e-4);
  }
  const double primal = half_norm + C * slack, dual = -(half_norm + linear);
  CHECK(small.primal == Approx(primal).epsilon(1e-5));
  CHECK(primal >= dual - 1e-6);
  CHECK(primal - dual <= 1e-3 * primal);
}
