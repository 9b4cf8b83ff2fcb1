// The pointwise baseline: ridge regression of the relevance grade on the features, ignoring queries,
//   w = argmin_w (1/m) Σ_d (⟨w, x_d⟩ + b − rel_d)² + λ‖w‖²   (intercept b not penalised, then dropped:
// a constant does not change any order). Closed form (XᵀX/m + λI) w = Xᵀrel/m on centred data, solved by
// Cholesky in O(m·n² + n³). What the listwise surrogates should beat.
#pragma once
#include <vector>

#include <Eigen/Core>

#include "core/queries.hpp"

namespace argmax {

std::vector<float> fit_ridge_regression(const QuerySet& data, double lambda);

// x with a x = b, for a symmetric positive semidefinite a, by Cholesky; the unknown of a column that depends on
// the columns before it is 0 (for b in a's range, a solution: the one a least-squares user would expect there).
Eigen::VectorXd solve_positive_semidefinite(Eigen::MatrixXd a, const Eigen::VectorXd& b);

}  // namespace argmax
