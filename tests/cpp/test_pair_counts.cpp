// The Kendall pair counts shared by τ-b (metrics) and the Kendall-τ loss (ranking): the O(r log r) sweep
// against all pairs on random small cases with many ties, and both callers against the all-pairs formulas.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/rng.hpp"
#include "metrics/pair_counts.hpp"
#include "metrics/ranking_metrics.hpp"
#include "ranking/ranking_losses.hpp"

using namespace argmax;

TEST_CASE("count_pairs equals the all-pairs count, ties included", "[ranking][metrics]") {
  Rng rng(2025);
  for (int trial = 0; trial < 500; ++trial) {
    const int r = int(rng.below(13));  // 0..12, so r < 2 is covered too
    const int a_levels = 1 + int(rng.below(5)), b_levels = 1 + int(rng.below(5));
    std::vector<double> a(r);
    std::vector<float> b(r);
    for (int i = 0; i < r; ++i) {
      a[i] = double(rng.below(a_levels)) - 1.5;  // few levels: many ties, negative values too
      b[i] = float(rng.below(b_levels));
    }
    const PairCounts fast = count_pairs(a.data(), b.data(), r), slow = count_pairs_quadratic(a.data(), b.data(), r);
    INFO("trial " << trial << ", r = " << r);
    REQUIRE(fast.pairs == slow.pairs);
    REQUIRE(fast.concordant == slow.concordant);
    REQUIRE(fast.discordant == slow.discordant);
    REQUIRE(fast.tied_a == slow.tied_a);
    REQUIRE(fast.tied_b == slow.tied_b);
    REQUIRE(fast.tied_both == slow.tied_both);
    REQUIRE(slow.pairs == slow.concordant + slow.discordant + slow.tied_a + slow.tied_b - slow.tied_both);

    // τ-b and the Kendall-τ loss by their all-pairs definitions.
    const double n0 = double(r) * (r - 1) / 2;
    const double denominator = std::sqrt((n0 - double(slow.tied_a)) * (n0 - double(slow.tied_b)));
    const double tau = kendall_tau_b(a.data(), b.data(), r, EvalConvention::Common);
    if (denominator == 0) {
      CHECK(std::isnan(tau));
    } else {
      CHECK(tau == Approx(double(slow.concordant - slow.discordant) / denominator).margin(1e-12));
    }
    CHECK(kendall_tau_loss(a.data(), b.data(), r) ==
          Approx(kendall_tau_loss_quadratic(a.data(), b.data(), r)).margin(1e-12));
  }
}
