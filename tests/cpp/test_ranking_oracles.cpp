// Ranking oracles against brute force: every permutation (r ≤ 7) for the NDCG assignment,
// random cost matrices for the Hungarian method.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/rng.hpp"
#include "ranking/hungarian.hpp"
#include "ranking/ndcg_oracle.hpp"
#include "core/permutation.hpp"

using namespace argmax;

namespace {

double brute_force_assignment(const std::vector<double>& cost, int n, int m) {
  // all injective maps rows → columns, through permutations of the m columns
  std::vector<int> cols(m);
  std::iota(cols.begin(), cols.end(), 0);
  double best = 1e300;
  do {
    double c = 0;
    for (int i = 0; i < n; ++i) c += cost[size_t(i) * m + cols[i]];
    best = std::min(best, c);
  } while (std::next_permutation(cols.begin(), cols.end()));
  return best;
}

// Σ p s + d(p) β over every order, by enumeration.
double brute_force_ndcg(const std::vector<double>& s, const std::vector<double>& beta, int k) {
  std::vector<int32_t> order(s.size());
  std::iota(order.begin(), order.end(), 0);
  double best = 1e300;
  do best = std::min(best, ndcg_assignment_cost(order, s.data(), beta.data(), k));
  while (std::next_permutation(order.begin(), order.end()));
  return best;
}

bool is_permutation_of_r(const std::vector<int32_t>& order, size_t r) {
  std::vector<int32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != int32_t(i)) return false;
  return sorted.size() == r;
}

// Random NDCG instance: scores (some tied), graded relevance 0..2 with ties, β = (2^rel − 1)/G(y,y).
void random_instance(Rng& rng, int r, int k, std::vector<double>& s, std::vector<double>& beta) {
  s.assign(r, 0);
  beta.assign(r, 0);
  std::vector<double> gain(r);
  for (int i = 0; i < r; ++i) {
    s[i] = rng.below(4) == 0 ? 0.5 : 4 * rng.uniform() - 2;  // ties in a quarter of the scores
    gain[i] = std::pow(2.0, double(rng.below(3))) - 1;
  }
  std::vector<double> sorted = gain;
  std::sort(sorted.rbegin(), sorted.rend());
  double ideal = 0;
  for (int p = 1; p <= std::min(k, r); ++p) ideal += sorted[p - 1] / std::log2(p + 1.0);
  for (int i = 0; i < r; ++i) beta[i] = ideal > 0 ? gain[i] / ideal : 0;
}

}  // namespace

TEST_CASE("pi(y) follows SSBD's example and the stable tie rule", "[ranking]") {
  const float y[] = {2, 1, 6, -1, 0.5f};
  CHECK(ascending_positions(y, 5) == std::vector<int32_t>{4, 3, 5, 1, 2});
  CHECK(order_best_first(y, 5) == std::vector<int32_t>{2, 0, 1, 4, 3});
  const float tied[] = {1, 3, 1, 3};  // earlier document ranks higher among equals
  CHECK(order_best_first(tied, 4) == std::vector<int32_t>{1, 3, 0, 2});
  CHECK(ascending_positions(tied, 4) == std::vector<int32_t>{2, 4, 1, 3});
}

TEST_CASE("Hungarian method matches enumeration on random square and rectangular costs", "[ranking]") {
  Rng rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const int m = 1 + int(rng.below(7));
    const int n = 1 + int(rng.below(uint32_t(m)));
    std::vector<double> cost(size_t(n) * m);
    for (double& c : cost) c = rng.below(5) == 0 ? 1.0 : 10 * rng.uniform() - 5;
    const std::vector<int32_t> col = min_cost_assignment(cost, n, m);
    double got = 0;
    std::vector<char> used(m, 0);
    for (int i = 0; i < n; ++i) {
      REQUIRE(col[i] >= 0);
      REQUIRE(col[i] < m);
      REQUIRE(!used[col[i]]);
      used[col[i]] = 1;
      got += cost[size_t(i) * m + col[i]];
    }
    REQUIRE(got == Approx(brute_force_assignment(cost, n, m)).margin(1e-9));
  }
}

TEST_CASE("Hungarian method rejects non-finite costs and bad shapes", "[ranking]") {
  std::vector<double> cost = {1, 2, 3, std::nan("")};
  CHECK_THROWS_AS(min_cost_assignment(cost, 2, 2), std::invalid_argument);
  CHECK_THROWS_AS(min_cost_assignment({1, 2}, 2, 1), std::invalid_argument);
}

TEST_CASE("NDCG loss-augmented argmax: Hungarian and fast solver match all r! orders", "[ranking]") {
  Rng rng(11);
  for (int trial = 0; trial < 400; ++trial) {
    const int r = 1 + int(rng.below(7));
    const int k = 1 + int(rng.below(uint32_t(r + 1)));  // includes k > r
    std::vector<double> s, beta;
    random_instance(rng, r, k, s, beta);
    const double best = brute_force_ndcg(s, beta, k);
    const auto hungarian = ndcg_argmax_hungarian(s.data(), beta.data(), r, k);
    const auto fast = ndcg_argmax_fast(s.data(), beta.data(), r, k);
    REQUIRE(is_permutation_of_r(hungarian, r));
    REQUIRE(is_permutation_of_r(fast, r));
    REQUIRE(ndcg_assignment_cost(hungarian, s.data(), beta.data(), k) == Approx(best).margin(1e-9));
    REQUIRE(ndcg_assignment_cost(fast, s.data(), beta.data(), k) == Approx(best).margin(1e-9));
  }
}

TEST_CASE("fast NDCG oracle agrees with the Hungarian method on larger queries", "[ranking]") {
  Rng rng(5);
  for (int trial = 0; trial < 40; ++trial) {
    const int r = 8 + int(rng.below(120));
    const int k = 1 + int(rng.below(12));
    std::vector<double> s, beta;
    random_instance(rng, r, k, s, beta);
    const auto hungarian = ndcg_argmax_hungarian(s.data(), beta.data(), r, k);
    const auto fast = ndcg_argmax_fast(s.data(), beta.data(), r, k);
    REQUIRE(is_permutation_of_r(fast, r));
    REQUIRE(ndcg_assignment_cost(fast, s.data(), beta.data(), k) ==
            Approx(ndcg_assignment_cost(hungarian, s.data(), beta.data(), k)).epsilon(1e-12).margin(1e-9));
  }
}

TEST_CASE("fast NDCG oracle with continuous relevance (many candidates) is still exact", "[ranking]") {
  Rng rng(9);
  for (int trial = 0; trial < 30; ++trial) {
    const int r = 5 + int(rng.below(40));
    const int k = 1 + int(rng.below(6));
    std::vector<double> s(r), beta(r);
    for (int i = 0; i < r; ++i) s[i] = rng.uniform(), beta[i] = 1 - s[i] + 0.1 * rng.uniform();  // anti-correlated
    const auto hungarian = ndcg_argmax_hungarian(s.data(), beta.data(), r, k);
    const auto fast = ndcg_argmax_fast(s.data(), beta.data(), r, k);
    REQUIRE(ndcg_assignment_cost(fast, s.data(), beta.data(), k) ==
            Approx(ndcg_assignment_cost(hungarian, s.data(), beta.data(), k)).margin(1e-9));
  }
}

TEST_CASE("with zero relevance the NDCG argmax is the score order", "[ranking]") {
  const double s[] = {0.3, -1, 2, 0.7};
  const double beta[] = {0, 0, 0, 0};
  CHECK(ndcg_argmax_fast(s, beta, 4, 2) == std::vector<int32_t>{2, 3, 0, 1});
  CHECK(ndcg_argmax_hungarian(s, beta, 4, 2) == std::vector<int32_t>{2, 3, 0, 1});
}
