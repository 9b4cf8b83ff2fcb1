#include "ranking/pointwise.hpp"

#include <Eigen/Core>

#include "core/error.hpp"

namespace argmax {

Eigen::VectorXd solve_positive_semidefinite(Eigen::MatrixXd a, const Eigen::VectorXd& b) {
  // (Written here, not Eigen's LDLT: inlined, that was 8 KB gzip of the full module for one cold solve.)
  // Cholesky, a = L Lᵀ, in the lower triangle of a. A pivot that rounding leaves at or below a relative 1e-12
  // marks a column that is a combination of those before it (a constant or repeated feature without a ridge):
  // its row of L is zero and its weight 0, which solves the system whenever b is in a's range.
  const Eigen::Index n = a.rows();
  Eigen::VectorXd pivot_of(n);
  const double scale = n ? a.diagonal().cwiseAbs().maxCoeff() : 0.0;
  for (Eigen::Index j = 0; j < n; ++j) {
    const double d = a(j, j) - a.row(j).head(j).squaredNorm();
    const bool dependent = !(d > 1e-12 * scale);
    pivot_of[j] = dependent ? 0.0 : std::sqrt(d);
    a(j, j) = pivot_of[j];
    for (Eigen::Index i = j + 1; i < n; ++i)
      a(i, j) = dependent ? 0.0 : (a(i, j) - a.row(i).head(j).dot(a.row(j).head(j))) / pivot_of[j];
  }
  Eigen::VectorXd x = b;  // forward: L y = b, then back: Lᵀ x = y; a dependent column's unknown is 0
  for (Eigen::Index j = 0; j < n; ++j)
    x[j] = pivot_of[j] > 0 ? (x[j] - a.row(j).head(j).dot(x.head(j))) / pivot_of[j] : 0.0;
  for (Eigen::Index j = n - 1; j >= 0; --j)
    x[j] = pivot_of[j] > 0 ? (x[j] - a.col(j).tail(n - 1 - j).dot(x.tail(n - 1 - j))) / pivot_of[j] : 0.0;
  return x;
}

std::vector<float> fit_ridge_regression(const QuerySet& data, double lambda) {
  const int32_t n = data.features.cols(), m = data.features.rows();
  require(m > 0, "pointwise regression needs at least one document");
  require(lambda >= 0, "option 'lambda' must be ≥ 0");
  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd xy = Eigen::VectorXd::Zero(n), mean = Eigen::VectorXd::Zero(n);
  double mean_y = 0;
  std::vector<std::pair<int32_t, double>> row;
  for (int32_t d = 0; d < m; ++d) {
    row.clear();
    data.features.row(d).for_each([&](int32_t j, float x) { row.emplace_back(j, double(x)); });
    const double y = data.relevance[d];
    for (const auto& [j, x] : row) {
      mean[j] += x;
      xy[j] += x * y;
      for (const auto& [l, z] : row) gram(j, l) += x * z;
    }
    mean_y += y;
  }
  mean /= m, mean_y /= m;
  // centred: Σ (x − x̄)(x − x̄)ᵀ = Σ x xᵀ − m x̄ x̄ᵀ, Σ (x − x̄)(y − ȳ) = Σ x y − m x̄ ȳ
  gram = gram / m - mean * mean.transpose();
  const Eigen::VectorXd rhs = xy / m - mean * mean_y;
  gram.diagonal().array() += lambda;
  const Eigen::VectorXd w = solve_positive_semidefinite(gram, rhs);
  std::vector<float> out(n);
  for (int32_t j = 0; j < n; ++j) out[j] = float(w[j]);
  return out;
}

}  // namespace argmax
