// Chain inference against brute-force enumeration of all k^n labellings.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "sequence/forward_backward.hpp"
#include "sequence/nbest.hpp"
#include "sequence/slack_rescaling.hpp"
#include "sequence/viterbi.hpp"
#include "chains.hpp"

using namespace argmax;

namespace {

// Score computed straight from the definition (not ChainScores::score).
double definition_score(const ChainScores& s, const std::vector<int>& y) {
  double v = 0;
  for (int t = 0; t < s.n; ++t) {
    v += s.emit[t * s.k + y[t]];
    v += t == 0 ? s.start[y[t]] : s.trans[y[t - 1] * s.k + y[t]];
  }
  return v + s.end[y[s.n - 1]];
}

int mistakes(const std::vector<int>& a, const std::vector<int>& b) {
  int m = 0;
  for (size_t t = 0; t < a.size(); ++t) m += a[t] != b[t];
  return m;
}

constexpr float kNo = -std::numeric_limits<float>::infinity();

}  // namespace

TEST_CASE("viterbi finds the best labelling of small chains", "[sequence][viterbi]") {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 1 + int(rng.below(4));
    ChainScores s = random_scores(rng, n, k);
    double best = -1e300;
    for_each_labelling(n, k, [&](const std::vector<int>& y) { best = std::max(best, definition_score(s, y)); });
    LabelPath p = viterbi(s);
    REQUIRE(int(p.labels.size()) == n);
    REQUIRE(definition_score(s, p.labels) == Approx(best).epsilon(1e-5));
    REQUIRE(p.score == Approx(best).epsilon(1e-5));
  }
}

TEST_CASE("viterbi breaks ties towards the lowest label", "[sequence][viterbi]") {
  ChainScores s(3, 3);  // all zero: every labelling ties
  REQUIRE(viterbi(s).labels == std::vector<int>{0, 0, 0});
}

TEST_CASE("loss-augmented viterbi maximises Hamming loss plus score", "[sequence][viterbi]") {
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 2 + int(rng.below(3));
    ChainScores s = random_scores(rng, n, k);
    std::vector<int> gold(n);
    for (auto& g : gold) g = int(rng.below(k));
    // A random (asymmetric) δ as well as Hamming.
    std::vector<float> delta = hamming_delta(k);
    if (trial % 2)
      for (int a = 0; a < k; ++a)
        for (int b = 0; b < k; ++b) delta[a * k + b] = a == b ? 0.f : float(rng.uniform() * 3);
    const float weight = 1.0f / n;
    double best = -1e300;
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      double loss = 0;
      for (int t = 0; t < n; ++t) loss += weight * delta[y[t] * k + gold[t]];
      best = std::max(best, loss + definition_score(s, y));
    });
    ChainScores aug = s;
    add_node_loss(aug, gold.data(), delta, weight);
    LabelPath p = viterbi(aug);
    double loss = 0;
    for (int t = 0; t < n; ++t) loss += weight * delta[p.labels[t] * k + gold[t]];
    REQUIRE(loss + definition_score(s, p.labels) == Approx(best).epsilon(1e-5));
  }
}

TEST_CASE("decoding against a reference reports the chain's score and the Hamming loss", "[sequence][viterbi]") {
  Rng rng(19);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 1 + int(rng.below(4));
    const ChainScores s = random_scores(rng, n, k);
    std::vector<int> gold(n);
    for (auto& g : gold) g = rng.below(4) == 0 ? -1 : int(rng.below(k));  // −1: a label the model lacks
    const double weight = trial % 2 ? 1.0 : 1.0 / n;
    auto hamming = [&](const std::vector<int>& y) {
      int m = 0;
      for (int t = 0; t < n; ++t) m += y[t] != gold[t];
      return weight * m;
    };
    double best = -1e300, best_augmented = -1e300;
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      best = std::max(best, definition_score(s, y));
      best_augmented = std::max(best_augmented, hamming(y) + definition_score(s, y));
    });
    const ReferencedPath plain = decode_against(s, gold.data(), false, weight);
    REQUIRE(plain.path.labels == viterbi(s).labels);
    REQUIRE(plain.path.score == Approx(best).margin(1e-5));
    REQUIRE(plain.loss == hamming(plain.path.labels));
    const ReferencedPath augmented = decode_against(s, gold.data(), true, weight);
    REQUIRE(int(augmented.path.labels.size()) == n);
    // the score is the chain's own, without the loss; the loss is the path's, and together they are the max
    REQUIRE(augmented.path.score == Approx(definition_score(s, augmented.path.labels)).margin(1e-9));
    REQUIRE(augmented.loss == hamming(augmented.path.labels));
    REQUIRE(augmented.loss + augmented.path.score == Approx(best_augmented).margin(1e-5));
    REQUIRE(augmented.loss >= plain.loss - 1e-12);  // adding the loss can only raise it
  }
  REQUIRE(hamming_loss(std::vector<int>{0, 1, 2}.data(), std::vector<int>{0, -1, 1}.data(), 3) == 2);
}

TEST_CASE("slack-rescaling argmax matches enumeration", "[sequence][slack]") {
  Rng rng(13);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 2 + int(rng.below(3));
    ChainScores s = random_scores(rng, n, k, trial % 3 == 0 ? 0.3 : 2.0);
    std::vector<int> gold(n);
    for (auto& g : gold) g = int(rng.below(k));
    const double c = 1.0 / n;
    const double gs = definition_score(s, gold);
    double best = 0;  // y' = y gives 0
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      best = std::max(best, c * mistakes(y, gold) * (1 + definition_score(s, y) - gs));
    });
    SlackArgmax r = slack_rescaled_argmax(s, gold.data(), c);
    REQUIRE(r.value == Approx(best).margin(1e-5));
    // The returned labelling attains the value it reports.
    REQUIRE(c * mistakes(r.path.labels, gold) * (1 + definition_score(s, r.path.labels) - gs) ==
            Approx(best).margin(1e-5));
    REQUIRE(r.mistakes == mistakes(r.path.labels, gold));
  }
}

TEST_CASE("n-best lists the top labellings in order", "[sequence][nbest]") {
  Rng rng(17);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 1 + int(rng.below(4)), k = 1 + int(rng.below(4));
    ChainScores s = random_scores(rng, n, k);
    std::vector<double> all;
    for_each_labelling(n, k, [&](const std::vector<int>& y) { all.push_back(definition_score(s, y)); });
    std::sort(all.rbegin(), all.rend());
    const int count = 1 + int(rng.below(12));
    std::vector<LabelPath> got = nbest(s, count);
    REQUIRE(got.size() == std::min<size_t>(count, all.size()));
    std::set<std::vector<int>> distinct;
    for (size_t i = 0; i < got.size(); ++i) {
      REQUIRE(definition_score(s, got[i].labels) == Approx(all[i]).epsilon(1e-5));
      distinct.insert(got[i].labels);
    }
    REQUIRE(distinct.size() == got.size());
  }
}

TEST_CASE("n-best scores are reported in the order they are ranked", "[sequence][nbest]") {
  // Scores drawn from a few decimals make many labellings tie in exact arithmetic while their float
  // sums differ by an ulp depending on the order of addition: a list ranked in one precision and
  // reported in another comes out of order.
  Rng rng(29);
  const float values[] = {0.1f, 0.2f, 0.3f, 0.7f, 1.1f, -0.3f};
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + int(rng.below(5)), k = 2 + int(rng.below(4));
    ChainScores s(n, k);
    for (auto* v : {&s.emit, &s.trans, &s.start, &s.end})
      for (auto& x : *v) x = values[rng.below(6)];
    const std::vector<LabelPath> got = nbest(s, 40);
    for (size_t i = 0; i < got.size(); ++i) {
      REQUIRE(got[i].score == Approx(definition_score(s, got[i].labels)).epsilon(1e-12));
      if (i > 0) REQUIRE(got[i - 1].score >= got[i].score);
    }
  }
}

TEST_CASE("forward-backward marginals and log Z match enumeration", "[sequence][marginals]") {
  Rng rng(19);
  for (int trial = 0; trial < 150; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 1 + int(rng.below(4));
    ChainScores s = random_scores(rng, n, k, trial % 5 == 0 ? 40.0 : 2.0);
    double z = 0;
    std::vector<double> node(n * k, 0), trans(k * k, 0), start(k, 0), end(k, 0);
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      const double p = std::exp(definition_score(s, y));
      z += p;
      for (int t = 0; t < n; ++t) node[t * k + y[t]] += p;
      for (int t = 1; t < n; ++t) trans[y[t - 1] * k + y[t]] += p;
      start[y[0]] += p, end[y[n - 1]] += p;
    });
    ChainMarginals m;
    forward_backward(s, m);
    REQUIRE(m.log_z == Approx(std::log(z)).epsilon(1e-9));
    REQUIRE(log_partition(s) == Approx(std::log(z)).epsilon(1e-9));
    for (int j = 0; j < n * k; ++j) REQUIRE(m.node[j] == Approx(node[j] / z).margin(1e-9));
    for (int j = 0; j < k * k; ++j) REQUIRE(m.trans[j] == Approx(trans[j] / z).margin(1e-9));
    for (int j = 0; j < k; ++j) {
      REQUIRE(m.start[j] == Approx(start[j] / z).margin(1e-9));
      REQUIRE(m.end[j] == Approx(end[j] / z).margin(1e-9));
    }
    double total = 0;
    for_each_labelling(n, k, [&](const std::vector<int>& y) { total += std::exp(log_probability(s, y.data())); });
    REQUIRE(total == Approx(1.0).epsilon(1e-9));
  }
}

TEST_CASE("forward-backward survives extreme transition spreads", "[sequence][marginals]") {
  ChainScores s(3, 2);
  s.trans = {0.f, -2000.f, 1500.f, 0.f};  // exp(trans − max) underflows for some entries
  s.emit = {0, 1, 2, 0, 0, 3};
  ChainMarginals m;
  forward_backward(s, m);
  REQUIRE(std::isfinite(m.log_z));
  double z_max = -1e300;
  for_each_labelling(3, 2, [&](const std::vector<int>& y) { z_max = std::max(z_max, definition_score(s, y)); });
  double shifted = 0;  // log Z = max + log Σ exp(score − max)
  for_each_labelling(3, 2, [&](const std::vector<int>& y) { shifted += std::exp(definition_score(s, y) - z_max); });
  REQUIRE(m.log_z == Approx(z_max + std::log(shifted)).epsilon(1e-12));
  for (int t = 0; t < 3; ++t) REQUIRE(m.node[t * 2] + m.node[t * 2 + 1] == Approx(1.0));
}

TEST_CASE("constrained decoding never emits a forbidden transition", "[sequence][constraints]") {
  Rng rng(23);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 1 + int(rng.below(5)), k = 2 + int(rng.below(3));
    ChainScores s = random_scores(rng, n, k, 5.0);
    ChainConstraints c;
    c.k = k;
    c.forbidden_transition.resize(k * k);
    for (auto& f : c.forbidden_transition) f = rng.uniform() < 0.4;
    c.forbidden_start.resize(k);
    for (auto& f : c.forbidden_start) f = rng.uniform() < 0.3;
    c.forced.assign(n, -1);
    if (rng.uniform() < 0.5) c.forced[rng.below(n)] = int(rng.below(k));
    auto allowed = [&](const std::vector<int>& y) {
      if (c.forbidden_start[y[0]]) return false;
      for (int t = 0; t < n; ++t)
        if (c.forced[t] >= 0 && c.forced[t] != y[t]) return false;
      for (int t = 1; t < n; ++t)
        if (c.forbidden_transition[y[t - 1] * k + y[t]]) return false;
      return true;
    };
    double best = -1e300;
    bool feasible = false;
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      if (allowed(y)) feasible = true, best = std::max(best, definition_score(s, y));
    });
    ChainScores cs = s;
    apply_constraints(cs, c);
    if (!feasible) {
      REQUIRE_THROWS_AS(viterbi(cs), InputError);
      continue;
    }
    LabelPath p = viterbi(cs);
    REQUIRE(allowed(p.labels));
    REQUIRE(definition_score(s, p.labels) == Approx(best).epsilon(1e-5));
    for (const auto& q : nbest(cs, 5)) REQUIRE(allowed(q.labels));
    ChainMarginals m;
    forward_backward(cs, m);
    for (int t = 0; t < n; ++t)
      if (c.forced[t] >= 0) REQUIRE(m.node[t * k + c.forced[t]] == Approx(1.0));
    for (int j = 0; j < k * k; ++j)
      if (c.forbidden_transition[j]) REQUIRE(m.trans[j] == 0.0);
  }
}

TEST_CASE("BIO constraints follow the chunk rules", "[sequence][constraints]") {
  const std::vector<std::string> labels = {"O", "B-PER", "I-PER", "B-LOC", "I-LOC"};
  ChainConstraints c = ChainConstraints::bio(labels);
  auto forbidden = [&](int a, int b) { return c.forbidden_transition[a * 5 + b] != 0; };
  REQUIRE(forbidden(0, 2));   // O → I-PER
  REQUIRE(forbidden(3, 2));   // B-LOC → I-PER
  REQUIRE(!forbidden(1, 2));  // B-PER → I-PER
  REQUIRE(!forbidden(2, 2));  // I-PER → I-PER
  REQUIRE(!forbidden(2, 0));
  REQUIRE(c.forbidden_start[2]);
  REQUIRE(!c.forbidden_start[1]);
  // Scores that push hard towards I-PER right after O: the decoder must still obey.
  ChainScores s(4, 5);
  for (int t = 0; t < 4; ++t) s.emit[t * 5 + 2] = 10;
  apply_constraints(s, c);
  LabelPath p = viterbi(s);
  REQUIRE(p.labels[0] != 2);
  for (int t = 1; t < 4; ++t) REQUIRE(!forbidden(p.labels[t - 1], p.labels[t]));
}
