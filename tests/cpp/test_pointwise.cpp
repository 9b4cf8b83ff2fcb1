// The pointwise ranker's closed form: the positive semidefinite solve against hand-worked systems and residuals,
// and the ridge regression recovering an exactly linear relevance.
#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "ranking/pointwise.hpp"

using namespace argmax;

TEST_CASE("the positive semidefinite solve: hand-worked systems, a dependent column, residuals", "[ranking]") {
  // [[4, 2], [2, 3]] x = [1, 2]: the inverse is [[3, −2], [−2, 4]] / 8, so x = [−1/8, 3/4].
  Eigen::MatrixXd a(2, 2);
  a << 4, 2, 2, 3;
  Eigen::VectorXd b(2);
  b << 1, 2;
  Eigen::VectorXd x = solve_positive_semidefinite(a, b);
  CHECK(x[0] == Approx(-0.125));
  CHECK(x[1] == Approx(0.75));

  // A repeated column: [[1, 1], [1, 1]] x = [2, 2] is solved with the second unknown 0.
  a << 1, 1, 1, 1;
  b << 2, 2;
  x = solve_positive_semidefinite(a, b);
  CHECK(x[0] == Approx(2));
  CHECK(x[1] == 0);

  // Random systems MᵀM + I of 7 unknowns (positive definite), and MᵀM of a 7 × 4 M (rank 4, b in its range).
  Rng rng(5);
  for (const int rank : {7, 4}) {
    Eigen::MatrixXd m(rank, 7);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = rng.uniform() - 0.5;
    Eigen::MatrixXd g = m.transpose() * m;
    if (rank == 7) g += Eigen::MatrixXd::Identity(7, 7);
    Eigen::VectorXd y(rank);
    for (Eigen::Index i = 0; i < rank; ++i) y[i] = rng.uniform();
    const Eigen::VectorXd rhs = m.transpose() * y;
    const Eigen::VectorXd solved = solve_positive_semidefinite(g, rhs);
    INFO("rank " << rank);
    CHECK((g * solved - rhs).norm() < 1e-9 * rhs.norm());
  }
}

TEST_CASE("ridge regression without a ridge recovers an exactly linear relevance; a constant feature gets 0", "[ranking]") {
  // relevance = 1·x0 − 0.5·x1 + 0.25·x2 + 3; x3 is the constant 1 (the intercept, which centring takes out).
  Rng rng(11);
  OwnedQueries data;
  data.features = OwnedRows::dense(4);
  for (int q = 0; q < 6; ++q) {
    for (int d = 0; d < 5; ++d) {
      double t = 3;
      const double truth[3] = {1.0, -0.5, 0.25};
      for (int j = 0; j < 3; ++j) {
        const float x = float(rng.uniform());
        data.features.values.push_back(x);
        t += truth[j] * x;
      }
      data.features.values.push_back(1.f);
      data.relevance.push_back(float(t));
    }
    data.offsets.push_back(data.offsets.back() + 5);
  }
  const std::vector<float> w = fit_ridge_regression(data.view(), 0.0);
  CHECK(w[0] == Approx(1.0).margin(1e-4));
  CHECK(w[1] == Approx(-0.5).margin(1e-4));
  CHECK(w[2] == Approx(0.25).margin(1e-4));
  CHECK(w[3] == 0);
  // A ridge shrinks the weights.
  const std::vector<float> shrunk = fit_ridge_regression(data.view(), 1.0);
  CHECK(std::abs(shrunk[0]) < std::abs(w[0]));
}
