// The kernel solvers with working-set selection, shrinking and the column cache, against references that
// share none of that machinery: the binary dual solved by brute force over every active set on tiny problems
// and by the plain SMO (maximally violating pairs, no shrinking, no cache) on larger ones; KKT conditions from kernel sums computed directly;
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

// Q_ij = y_i y_j K(x_i, x_j), in double, summed directly.
std::vector<double> q_matrix(const Binary& d, const Kernel& kernel) {
  const int m = int(d.y.size());
  std::vector<double> Q(size_t(m) * m);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      double dot = 0, ni = 0, nj = 0;
      for (int c = 0; c < d.cols; ++c) {
        const double a = d.x[size_t(i) * d.cols + c], b = d.x[size_t(j) * d.cols + c];
        dot += a * b, ni += a * a, nj += b * b;
      }
      Q[size_t(i) * m + j] = d.y[i] * d.y[j] * kernel(dot, ni, nj);
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

double signed_sum(const std::vector<double>& alpha, const std::vector<int8_t>& y) {  // Σ_i y_i α_i
  double s = 0;
  for (size_t i = 0; i < y.size(); ++i) s += y[i] * alpha[i];
  return s;
}

// min ½αᵀQα − Σα over 0 ≤ α ≤ C, yᵀα = 0 by brute force: for every split of the variables into {0, C, free}, the
// free ones F and a multiplier λ solve the stationarity and equality conditions
//   Q_FF α_F + λ y_F = 1 − Q_F,C C,   y_Fᵀ α_F = −y_Cᵀ C
// (Gaussian elimination); the best feasible candidate is the optimum.
double brute_force_dual(const std::vector<double>& Q, const std::vector<int8_t>& y, double C) {
  const int m = int(y.size());
  double best = std::numeric_limits<double>::infinity();
  int splits = 1;
  for (int i = 0; i < m; ++i) splits *= 3;
  for (int code = 0; code < splits; ++code) {
    std::vector<int> state(static_cast<size_t>(m)), free;
    for (int i = 0, c = code; i < m; ++i, c /= 3) {
      state[size_t(i)] = c % 3;  // 0: at 0, 1: at C, 2: free
      if (c % 3 == 2) free.push_back(i);
    }
    const int n = int(free.size()), w = n + 2;  // unknowns α_F and λ, then the right-hand side
    double bounded = 0;                         // y_Cᵀ C
    for (int j = 0; j < m; ++j)
      if (state[size_t(j)] == 1) bounded += y[j] * C;
    std::vector<double> alpha(static_cast<size_t>(m), 0.0);
    for (int i = 0; i < m; ++i)
      if (state[size_t(i)] == 1) alpha[size_t(i)] = C;
    if (n == 0) {
      if (std::fabs(bounded) < 1e-12) best = std::min(best, dual_objective(Q, alpha));
      continue;
    }
    std::vector<double> A(size_t(n + 1) * w, 0.0);
    for (int r = 0; r < n; ++r) {
      double rhs = 1;
      for (int j = 0; j < m; ++j)
        if (state[size_t(j)] == 1) rhs -= Q[size_t(free[r]) * m + j] * C;
      for (int c = 0; c < n; ++c) A[size_t(r) * w + c] = Q[size_t(free[r]) * m + free[c]];
      A[size_t(r) * w + n] = y[free[r]];
      A[size_t(r) * w + n + 1] = rhs;
    }
    for (int c = 0; c < n; ++c) A[size_t(n) * w + c] = y[free[c]];
    A[size_t(n) * w + n + 1] = -bounded;
    bool singular = false;
    for (int c = 0; c <= n && !singular; ++c) {
      int pivot = c;
      for (int r = c + 1; r <= n; ++r)
        if (std::fabs(A[size_t(r) * w + c]) > std::fabs(A[size_t(pivot) * w + c])) pivot = r;
      if (std::fabs(A[size_t(pivot) * w + c]) < 1e-12) singular = true;
      for (int k = 0; k < w && !singular; ++k) std::swap(A[size_t(c) * w + k], A[size_t(pivot) * w + k]);
      for (int r = 0; r <= n && !singular; ++r) {
        if (r == c) continue;
        const double f = A[size_t(r) * w + c] / A[size_t(c) * w + c];
        for (int k = c; k < w; ++k) A[size_t(r) * w + k] -= f * A[size_t(c) * w + k];
      }
    }
    if (singular) continue;
    bool feasible = true;
    for (int r = 0; r < n; ++r) {
      const double a = A[size_t(r) * w + n + 1] / A[size_t(r) * w + r];
      feasible = feasible && a >= -1e-12 && a <= C + 1e-12;
      alpha[size_t(free[r])] = a;
    }
    if (feasible) best = std::min(best, dual_objective(Q, alpha));
  }
  return best;
}

// The same dual by the plain SMO of Platt and Keerthi et al.: the maximally violating pair (first-order
// choice), the step along y_i e_i − y_j e_j clipped to the box, no shrinking and no cache; b the mean of
// v = −y G over the free α.
struct Plain {
  std::vector<double> alpha;
  double b = 0;
};
Plain plain_smo(const std::vector<double>& Q, const std::vector<int8_t>& y, double C, double tol) {
  const int m = int(y.size());
  std::vector<double> alpha(static_cast<size_t>(m), 0.0), G(static_cast<size_t>(m), -1.0);
  auto up = [&](int t) { return y[t] > 0 ? alpha[size_t(t)] < C : alpha[size_t(t)] > 0; };
  auto low = [&](int t) { return y[t] > 0 ? alpha[size_t(t)] > 0 : alpha[size_t(t)] < C; };
  for (;;) {
    int i = -1, j = -1;
    for (int t = 0; t < m; ++t) {
      const double v = -y[t] * G[size_t(t)];
      if (up(t) && (i < 0 || v > -y[i] * G[size_t(i)])) i = t;
      if (low(t) && (j < 0 || v < -y[j] * G[size_t(j)])) j = t;
    }
    const double violation = -y[i] * G[size_t(i)] + y[j] * G[size_t(j)];
    if (violation <= tol) break;
    const double curvature = Q[size_t(i) * m + i] + Q[size_t(j) * m + j] - 2 * y[i] * y[j] * Q[size_t(i) * m + j];
    const double room_i = y[i] > 0 ? C - alpha[size_t(i)] : alpha[size_t(i)];
    const double room_j = y[j] > 0 ? alpha[size_t(j)] : C - alpha[size_t(j)];
    const double t = std::min({violation / curvature, room_i, room_j});
    alpha[size_t(i)] += y[i] * t, alpha[size_t(j)] -= y[j] * t;
    for (int r = 0; r < m; ++r) G[size_t(r)] += t * (y[i] * Q[size_t(r) * m + i] - y[j] * Q[size_t(r) * m + j]);
  }
  Plain out{alpha, 0};
  int free = 0;
  for (int t = 0; t < m; ++t)
    if (alpha[size_t(t)] > 0 && alpha[size_t(t)] < C) out.b += -y[t] * G[size_t(t)], ++free;
  out.b /= free;
  return out;
}

KernelSvmConfig tight(const Kernel& kernel, double C, double cache_mb) {
  KernelSvmConfig c;
  c.kernel = kernel, c.C = C, c.tol = 1e-6, c.max_iterations = 100000, c.cache_mb = cache_mb;
  return c;
}

}  // namespace

TEST_CASE("the kernel learner reaches the brute-force optimum of tiny duals, with Σ y α = 0", "[kernel][binary]") {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const Binary d = overlapping(8, 2, seed);
    const Kernel rbf = Kernel::named("rbf", 1.5, 0, 1);
    for (double C : {0.3, 2.0}) {  // a small C leaves most α at C
      const KernelSvm s = solve_kernel_svm(BinarySample::all(d.rows(), d.y), tight(rbf, C, 1));
      const std::vector<double> Q = q_matrix(d, rbf);
      INFO("seed " << seed << " C " << C);
      CHECK(s.model->report.converged);
      CHECK(signed_sum(s.alpha, d.y) == Approx(0).margin(1e-12));
      CHECK(dual_objective(Q, s.alpha) == Approx(brute_force_dual(Q, d.y, C)).epsilon(1e-6));
    }
  }
}

TEST_CASE("the kernel learner with shrinking and a small cache: KKT from direct kernel sums, the plain SMO's objective, intercept and predictions, any cache size", "[kernel][binary]") {
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
  CHECK(small.model->intercept() == Approx(large.model->intercept()).margin(1e-4));
  CHECK(signed_sum(small.alpha, d.y) == Approx(0).margin(1e-9));

  const std::vector<double> Q = q_matrix(d, rbf);
  const double b = small.model->intercept();
  int bounded = 0, free = 0;
  for (int i = 0; i < 500; ++i) {
    double yf = d.y[i] * b;  // y_i f(x_i) = Σ_j Q_ij α_j + y_i b
    for (int j = 0; j < 500; ++j) yf += Q[size_t(i) * 500 + j] * small.alpha[size_t(j)];
    const double a = small.alpha[size_t(i)];
    INFO("example " << i << " alpha " << a << " margin " << yf);
    REQUIRE(a >= 0);
    REQUIRE(a <= C);
    // KKT: α = 0 → y f ≥ 1; 0 < α < C → y f = 1; α = C → y f ≤ 1 (to the tolerance, float columns and all).
    if (a == 0) {
      CHECK(yf >= 1 - 1e-4);
    } else if (a == C) {
      CHECK(yf <= 1 + 1e-4);
      ++bounded;
    } else {
      CHECK(yf == Approx(1).margin(1e-4));
      ++free;
    }
  }
  CHECK(bounded > 0);
  CHECK(free > 0);

  const Plain plain = plain_smo(Q, d.y, C, 1e-6);
  CHECK(dual_objective(Q, small.alpha) == Approx(dual_objective(Q, plain.alpha)).epsilon(1e-6));
  CHECK(b == Approx(plain.b).margin(1e-4));
  // The plain solution's scores on new rows: f(x) = Σ α_i y_i K(x_i, x) + b.
  std::vector<float> f(300);
  small.model->scores(test.rows(), f.data());
  int agree = 0;
  for (int t = 0; t < 300; ++t) {
    double g = plain.b;
    for (int i = 0; i < 500; ++i) {
      double dot = 0, ni = 0, nt = 0;
      for (int c = 0; c < 3; ++c) {
        const double a = d.x[size_t(i) * 3 + c], x = test.x[size_t(t) * 3 + c];
        dot += a * x, ni += a * a, nt += x * x;
      }
      g += plain.alpha[size_t(i)] * d.y[i] * rbf(dot, ni, nt);
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
