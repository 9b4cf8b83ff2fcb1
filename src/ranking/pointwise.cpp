#include "ranking/pointwise.hpp"

#include <Eigen/Dense>

#include "core/error.hpp"

namespace argmax {

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
  gram.diagonal().array() += lambda + 1e-12;
  const Eigen::VectorXd w = gram.ldlt().solve(rhs);
  std::vector<float> out(n);
  for (int32_t j = 0; j < n; ++j) out[j] = std::isfinite(w[j]) ? float(w[j]) : 0.f;
  return out;
}

}  // namespace argmax
