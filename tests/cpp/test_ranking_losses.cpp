// SSBD ranking losses, the Kendall pairwise hinge and the bipartite argmax, against hand-computed
// values, O(r²) sums and enumeration of all 2^r sign vectors.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "ranking/bipartite.hpp"
#include "ranking/kendall_hinge.hpp"
#include "ranking/ranking_losses.hpp"

using namespace argmax;

TEST_CASE("ranking losses: hand-computed values", "[ranking]") {
  const float y[] = {1, 2, 3};
  const double reversed[] = {3, 2, 1}, one_swap[] = {1, 3, 2}, same[] = {10, 20, 30};
  CHECK(kendall_tau_loss(reversed, y, 3) == Approx(1.0));
  CHECK(kendall_tau_loss(one_swap, y, 3) == Approx(1.0 / 3));
  CHECK(kendall_tau_loss(same, y, 3) == 0);
  const double tie[] = {1, 1, 2};  // a tie in y' where y is strict counts as a disagreement
  CHECK(kendall_tau_loss(tie, y, 3) == Approx(1.0 / 3));
  CHECK(zero_one_ranking_loss(same, y, 3) == 0);
  CHECK(zero_one_ranking_loss(one_swap, y, 3) == 1);

  // gains (0, 1, 2), k = 2, predicted order 0, 1, 2: G = 0·1 + 1/log2 3, G* = 2·1 + 1/log2 3.
  const float gains[] = {0, 1, 2};
  const double worst_first[] = {3, 2, 1};
  const double expected = 1 - (1 / std::log2(3.0)) / (2 + 1 / std::log2(3.0));
  CHECK(ndcg_loss(worst_first, gains, 3, 2) == Approx(expected));
  CHECK(top_k_discount(1, 2) == 1);
  CHECK(top_k_discount(3, 2) == 0);
  const float nothing[] = {0, 0, 0};
  CHECK(ndcg_loss(worst_first, nothing, 3, 2) == 0);
}

TEST_CASE("ranking losses are 0 at the true ranking and within [0, 1]", "[ranking]") {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    const int r = 1 + int(rng.below(30));
    std::vector<float> y(r);
    std::vector<double> truth(r), guess(r);
    for (int i = 0; i < r; ++i) {
      y[i] = float(rng.below(4));
      truth[i] = y[i];
      guess[i] = rng.below(3) == 0 ? 1.0 : rng.uniform();
    }
    const int k = 1 + int(rng.below(10));
    CHECK(kendall_tau_loss(truth.data(), y.data(), r) == 0);
    CHECK(ndcg_loss(truth.data(), y.data(), r, k) == Approx(0).margin(1e-12));
    CHECK(zero_one_ranking_loss(truth.data(), y.data(), r) == 0);
    const double kt = kendall_tau_loss(guess.data(), y.data(), r);
    REQUIRE(kt == Approx(kendall_tau_loss_quadratic(guess.data(), y.data(), r)).margin(1e-12));
    CHECK(kt >= 0);
    CHECK(kt <= 1);
    const double nd = ndcg_loss(guess.data(), y.data(), r, k);
    CHECK(nd >= -1e-12);
    CHECK(nd <= 1 + 1e-12);
  }
}

TEST_CASE("Kendall hinge: hand-computed cases", "[ranking]") {
  const double s[] = {0, 0};
  const float y[] = {1, 0};
  PairwiseHinge h = kendall_hinge(s, y, 2);
  CHECK(h.value == Approx(1.0));  // one pair, margin 1, normalised by 2/(2·1)
  CHECK(h.coef[0] == Approx(-1.0));
  CHECK(h.coef[1] == Approx(1.0));
  const float grades[] = {0, 1, 2, 1};
  const double separated[] = {0, 1, 2, 1};  // every pair with different grades apart by ≥ 1
  h = kendall_hinge(separated, grades, 4);
  CHECK(h.value == 0);
  for (double c : h.coef) CHECK(c == 0);
}

TEST_CASE("Kendall hinge in O(r log r) equals the O(r^2) sum", "[ranking]") {
  Rng rng(21);
  for (int trial = 0; trial < 300; ++trial) {
    const int r = 1 + int(rng.below(80));
    std::vector<float> y(r);
    std::vector<double> s(r);
    for (int i = 0; i < r; ++i) {
      y[i] = float(rng.below(1 + rng.below(5)));
      s[i] = rng.below(5) == 0 ? 0.25 : 3 * rng.uniform() - 1.5;  // ties in scores too
    }
    const PairwiseHinge fast = kendall_hinge(s.data(), y.data(), r);
    const PairwiseHinge slow = kendall_hinge_quadratic(s.data(), y.data(), r);
    REQUIRE(fast.value == Approx(slow.value).margin(1e-9));
    for (int i = 0; i < r; ++i) REQUIRE(fast.coef[i] == Approx(slow.coef[i]).margin(1e-12));
  }
}

TEST_CASE("Kendall hinge subgradient matches finite differences away from kinks", "[ranking]") {
  Rng rng(4);
  const int r = 12;
  std::vector<float> y(r);
  std::vector<double> s(r);
  for (int i = 0; i < r; ++i) y[i] = float(rng.below(3)), s[i] = 2 * rng.uniform();
  const PairwiseHinge h = kendall_hinge(s.data(), y.data(), r);
  for (int i = 0; i < r; ++i) {
    std::vector<double> plus = s, minus = s;
    plus[i] += 1e-6, minus[i] -= 1e-6;
    const double fd = (kendall_hinge(plus.data(), y.data(), r).value - kendall_hinge(minus.data(), y.data(), r).value) / 2e-6;
    CHECK(h.coef[i] == Approx(fd).margin(1e-6));
  }
}

TEST_CASE("bipartite measures: hand-computed values", "[ranking]") {
  // a = 2, b = 1, c = 3, d = 4
  BipartiteSpec f1{BipartiteMeasure::F1, 1, 1}, bal{BipartiteMeasure::BalancedAccuracy, 1, 1},
      f2{BipartiteMeasure::FBeta, 2, 1}, prec{BipartiteMeasure::PrecisionAtK, 1, 3},
      rec{BipartiteMeasure::RecallAtK, 1, 3};
  CHECK(bipartite_measure(f1, 2, 1, 3, 4) == Approx(0.5));
  CHECK(bipartite_measure(bal, 2, 1, 3, 4) == Approx(0.6));
  CHECK(bipartite_measure(f2, 2, 1, 3, 4) == Approx(10.0 / 23));
  CHECK(bipartite_measure(prec, 2, 1, 3, 4) == Approx(2.0 / 3));
  CHECK(bipartite_measure(rec, 2, 1, 3, 4) == Approx(0.4));
  CHECK(bipartite_admissible(prec, 2, 1, 10));
  CHECK(!bipartite_admissible(prec, 1, 1, 10));
  CHECK(bipartite_admissible(rec, 2, 1, 10));
  CHECK(!bipartite_admissible(rec, 3, 1, 10));
  const int8_t y[] = {1, 1, -1, -1};
  for (const BipartiteSpec& spec : {f1, bal, f2, BipartiteSpec{BipartiteMeasure::PrecisionAtK, 1, 2},
                                    BipartiteSpec{BipartiteMeasure::RecallAtK, 1, 2}}) {
    CHECK(bipartite_loss(spec, y, y, 4) == 0);  // 0 at the truth
    const int8_t wrong[] = {-1, -1, 1, 1};
    CHECK(bipartite_loss(spec, wrong, y, 4) == 1);  // 1 when every prediction is wrong
  }
}

TEST_CASE("bipartite argmax equals enumeration of all 2^r sign vectors, every measure", "[ranking]") {
  Rng rng(13);
  const BipartiteMeasure measures[] = {BipartiteMeasure::BalancedAccuracy, BipartiteMeasure::F1,
                                       BipartiteMeasure::FBeta, BipartiteMeasure::PrecisionAtK,
                                       BipartiteMeasure::RecallAtK};
  for (BipartiteMeasure m : measures)
    for (int trial = 0; trial < 60; ++trial) {
      const int r = 1 + int(rng.below(12));
      BipartiteSpec spec{m, 0.5 + 2 * rng.uniform(), 1 + int32_t(rng.below(uint32_t(r)))};
      std::vector<int8_t> y(r);
      std::vector<double> s(r);
      for (int i = 0; i < r; ++i) {
        y[i] = rng.below(2) ? 1 : -1;
        s[i] = rng.below(6) == 0 ? 0.5 : 2 * rng.uniform() - 1;
      }
      double best = -1e300;
      std::vector<int8_t> v(r);
      for (uint32_t mask = 0; mask < (1u << r); ++mask) {
        int32_t count = 0, a = 0, b = 0;
        double margin = 0;
        for (int i = 0; i < r; ++i) {
          v[i] = (mask >> i) & 1 ? 1 : -1;
          count += v[i] > 0;
          a += v[i] > 0 && y[i] > 0;
          b += v[i] > 0 && y[i] < 0;
          margin += (v[i] - y[i]) * s[i];
        }
        if (!bipartite_admissible(spec, a, b, r)) continue;
        best = std::max(best, bipartite_loss(spec, v.data(), y.data(), r) + margin);
      }
      const BipartiteArgmax got = bipartite_argmax(spec, s.data(), y.data(), r);
      REQUIRE(got.value == Approx(best).margin(1e-9));
      double check = bipartite_loss(spec, got.v.data(), y.data(), r);
      for (int i = 0; i < r; ++i) check += (got.v[i] - y[i]) * s[i];
      REQUIRE(check == Approx(best).margin(1e-9));
    }
}

TEST_CASE("bipartite prediction maximises the score over admissible vectors", "[ranking]") {
  const double s[] = {0.5, -0.2, 0.9, -1.0, 0.1};
  BipartiteSpec f1{BipartiteMeasure::F1, 1, 1}, prec{BipartiteMeasure::PrecisionAtK, 1, 4},
      rec{BipartiteMeasure::RecallAtK, 1, 2};
  CHECK(bipartite_predict(f1, s, 5) == std::vector<int8_t>{1, -1, 1, -1, 1});
  CHECK(bipartite_predict(prec, s, 5) == std::vector<int8_t>{1, 1, 1, -1, 1});
  CHECK(bipartite_predict(rec, s, 5) == std::vector<int8_t>{1, -1, 1, -1, -1});
  BipartiteSpec too_many{BipartiteMeasure::PrecisionAtK, 1, 9};
  const int8_t y[] = {1, -1, 1, -1, 1};
  CHECK_THROWS_AS(bipartite_argmax(too_many, s, y, 5), std::invalid_argument);
}

TEST_CASE("the best cut of a bipartite measure equals trying every cut, over several groups", "[ranking]") {
  Rng rng(29);
  for (BipartiteMeasure m : {BipartiteMeasure::BalancedAccuracy, BipartiteMeasure::F1, BipartiteMeasure::FBeta})
    for (int trial = 0; trial < 200; ++trial) {
      const int r = 1 + int(rng.below(30)), groups = 1 + int(rng.below(3));
      const BipartiteSpec spec{m, 0.5 + 2 * rng.uniform(), 1};
      std::vector<int8_t> y(r);
      std::vector<double> s(r);
      std::vector<int32_t> group(r);
      for (int i = 0; i < r; ++i) {
        y[i] = rng.below(3) == 0 ? 1 : -1;
        s[i] = rng.below(4) == 0 ? 0.5 : 4 * rng.uniform() - 2;  // ties included
        group[i] = int32_t(rng.below(uint32_t(groups)));
      }
      // the mean measure of s > t over the groups with both classes, for any t
      auto value = [&](double t) {
        double total = 0;
        for (int g = 0; g < groups; ++g) {
          int32_t a = 0, b = 0, P = 0, N = 0;
          for (int i = 0; i < r; ++i) {
            if (group[i] != g) continue;
            (y[i] > 0 ? P : N)++;
            if (s[i] > t) (y[i] > 0 ? a : b)++;
          }
          if (P > 0 && N > 0) total += bipartite_measure(spec, a, b, P - a, N - b);
        }
        return total;
      };
      double best = value(1e9);  // every distinct score and one cut below them all: every prediction there is
      for (int i = 0; i < r; ++i) best = std::max({best, value(s[i]), value(s[i] - 1e-9)});
      const BipartiteCut cut = bipartite_best_cut(spec, s.data(), y.data(), group.data(), groups, r);
      REQUIRE(value(cut.cut) == Approx(best).margin(1e-12));
      int counted = 0;  // groups with both classes
      for (int g = 0; g < groups; ++g) {
        int P = 0, N = 0;
        for (int i = 0; i < r; ++i)
          if (group[i] == g) ++(y[i] > 0 ? P : N);
        counted += P > 0 && N > 0;
      }
      REQUIRE(cut.measure == Approx(counted > 0 ? best / counted : 0.0).margin(1e-12));
    }
  const BipartiteSpec precision{BipartiteMeasure::PrecisionAtK, 1, 2};
  const double s[] = {1, 0};
  const int8_t y[] = {1, -1};
  const int32_t group[] = {0, 0};
  CHECK_THROWS_WITH(bipartite_best_cut(precision, s, y, group, 1, 2), Catch::Contains("no cut to fit"));
}

TEST_CASE("a cut falls midway between distinct scores; of equally good cuts, the one nearest 0", "[ranking]") {
  const int8_t y[] = {1, -1, 1, -1};
  const int32_t group[] = {0, 0, 0, 0};
  // F1 of the cuts below 4, 3, -2, -4: 2/3, 1/2, 4/5, 2/3; the best lies midway between -2 and -4
  const double s[] = {4, 3, -2, -4};
  CHECK(bipartite_best_cut({BipartiteMeasure::F1, 1, 1}, s, y, group, 1, 4).cut == -3);
  // balanced accuracy: cuts at 3.5 (TPR 1/2, TNR 1) and -3 (TPR 1, TNR 1/2) both give 0.75; -3 is nearer 0
  const double t[] = {4, 3, -2, -4};
  CHECK(bipartite_best_cut({BipartiteMeasure::BalancedAccuracy, 1, 1}, t, y, group, 1, 4).cut == -3);
  const double u[] = {4, 2, -3, -4};  // the same, mirrored: now 3 is nearer 0 than -3.5
  CHECK(bipartite_best_cut({BipartiteMeasure::BalancedAccuracy, 1, 1}, u, y, group, 1, 4).cut == 3);
}

TEST_CASE("a plug-in threshold: the best cut of labelled scores and the measure it scores", "[ranking]") {
  // F1 of the cuts below 4, 3, -2, -4 (labels +, −, +, −): 2/3, 1/2, 4/5, 2/3 (as above); labels are > 0 or not
  const double s[] = {4, 3, -2, -4};
  const float labels[] = {1, 0, 2.5f, -1};
  const BipartiteCut f1 = bipartite_threshold({bipartite_measure_named("f1"), 1, 1}, s, labels, 4);
  CHECK(f1.cut == -3);
  CHECK(f1.measure == Approx(0.8));
  // F_2 = 5a / (5a + b + 4c) of the same cuts and of the cut below all: 5/9, 1/2, 10/11, 5/6: the best is at -3
  const BipartiteCut f2 = bipartite_threshold({bipartite_measure_named("fbeta"), 2, 1}, s, labels, 4);
  CHECK(f2.cut == -3);
  CHECK(f2.measure == Approx(10.0 / 11));
  const double nan[] = {1, std::nan("")};
  const float one_class[] = {1, 1}, two[] = {1, 0};
  CHECK_THROWS_WITH(bipartite_threshold({}, s, one_class, 2), Catch::Contains("got 2 positive of 2"));
  CHECK_THROWS_WITH(bipartite_threshold({}, nan, two, 2), Catch::Contains("score or label 1 is not a finite number"));
  CHECK_THROWS_WITH(bipartite_threshold({bipartite_measure_named("precision@k"), 1, 1}, s, labels, 4),
                    Catch::Contains("no cut to fit"));
  CHECK_THROWS_WITH(bipartite_measure_named("auc"), Catch::Contains("unknown bipartite measure 'auc'"));
}
