// AdaBoost.MH against plain AdaBoost on the mk expanded examples ((x_i, l), y_i[l]) with a brute-force
// weak learner over the same stumps, and the bound Π Z_t ≥ training Hamming loss.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "boosting/adaboost_mh.hpp"
#include "core/rng.hpp"

using namespace argmax;

namespace {

struct Expanded {  // the mk examples
  std::vector<float> x;  // m×d
  LabelMatrix y;
  int m, d, k;
};

struct PlainRound {
  double epsilon, alpha, normaliser;
  int feature;
  double threshold;
  std::vector<int> vote;
};

// Plain AdaBoost (FML fig. 7.1) over examples (i, l) with distribution D, base class
// H = {(x, l) ↦ v_l·(x_j > θ ? 1 : −1)}, the weak learner enumerating every (j, θ) and every v ∈ {±1}^k.
std::vector<PlainRound> plain_adaboost(const Expanded& e, int rounds, std::vector<double>& f) {
  const int m = e.m, k = e.k;
  std::vector<double> D(size_t(m) * k, 1.0 / (m * k));
  f.assign(size_t(m) * k, 0.0);
  std::vector<PlainRound> out;
  for (int t = 0; t < rounds; ++t) {
    // Candidates in the library's scan order: the constant φ ≡ +1, then each feature's midpoints ascending.
    std::vector<std::pair<int, double>> candidates = {{0, -std::numeric_limits<double>::infinity()}};
    for (int j = 0; j < e.d; ++j) {
      std::vector<float> v;
      for (int i = 0; i < m; ++i) v.push_back(e.x[i * e.d + j]);
      std::sort(v.begin(), v.end());
      for (int p = 0; p + 1 < m; ++p)
        if (v[p] < v[p + 1]) candidates.push_back({j, 0.5 * (double(v[p]) + v[p + 1])});
    }
    double best = 2;
    PlainRound r{};
    for (auto [j, theta] : candidates) {
      for (int bits = 0; bits < (1 << k); ++bits) {
        double eps = 0;
        for (int i = 0; i < m; ++i) {
          const int phi = e.x[i * e.d + j] > theta ? 1 : -1;
          for (int l = 0; l < k; ++l) {
            const int h = ((bits >> l) & 1 ? -1 : 1) * phi;
            if (h != e.y.at(i, l)) eps += D[size_t(i) * k + l];
          }
        }
        if (eps < best - 1e-12) {
          best = eps, r.feature = j, r.threshold = theta;
          r.vote.clear();
          for (int l = 0; l < k; ++l) r.vote.push_back((bits >> l) & 1 ? -1 : 1);
        }
      }
    }
    r.epsilon = best;
    r.alpha = 0.5 * std::log((1 - best) / best);
    double z = 0;
    for (int i = 0; i < m; ++i) {
      const int phi = e.x[i * e.d + r.feature] > r.threshold ? 1 : -1;
      for (int l = 0; l < k; ++l) {
        const size_t q = size_t(i) * k + l;
        D[q] *= std::exp(-r.alpha * e.y.at(i, l) * r.vote[l] * phi);
        z += D[q];
        f[q] += r.alpha * r.vote[l] * phi;
      }
    }
    for (double& v : D) v /= z;
    r.normaliser = z;
    out.push_back(r);
  }
  return out;
}

Expanded random_problem(int m, int d, int k, uint64_t seed) {
  Rng rng(seed);
  Expanded e{{}, LabelMatrix(m, k), m, d, k};
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < d; ++j) e.x.push_back(float(rng.uniform()));
    for (int l = 0; l < k; ++l) {
      // label l leans on feature l % d, with noise
      const bool on = (e.x[i * d + l % d] > 0.5) != (rng.uniform() < 0.2);
      e.y.at(i, l) = on ? 1 : -1;
    }
  }
  return e;
}

}  // namespace

TEST_CASE("AdaBoost.MH equals plain AdaBoost on the mk expanded examples") {
  // m odd, so no label's edge is exactly 0 in round 1 (its sign would be a coin toss for both).
  for (uint64_t seed : {1, 2, 3}) {
    const Expanded e = random_problem(15, 2, 3, seed);
    const int rounds = 12;
    std::vector<double> f_plain;
    const auto plain = plain_adaboost(e, rounds, f_plain);
    AdaBoostMHConfig config;
    config.rounds = rounds;
    const Rows rows = Rows::dense(e.x.data(), e.m, e.d);
    const AdaBoostMH mh = AdaBoostMH::train(rows, e.y, config);
    REQUIRE(mh.history().size() == size_t(rounds));
    double product = 1;
    for (int t = 0; t < rounds; ++t) {
      INFO("seed " << seed << " round " << t + 1);
      CHECK(mh.history()[t].epsilon == Approx(plain[t].epsilon).margin(1e-12));
      CHECK(mh.history()[t].alpha == Approx(plain[t].alpha).margin(1e-9));
      // Z_t = 2√(ε(1−ε)) is exactly the normaliser Σ D_t exp(−α y h) (FML eq. 7.2's derivation)
      CHECK(mh.history()[t].z == Approx(plain[t].normaliser).margin(1e-12));
      product *= plain[t].normaliser;
      CHECK(mh.history()[t].z_product == Approx(product).margin(1e-12));
    }
    for (int i = 0; i < e.m; ++i) {
      double f[3];
      mh.scores(rows.row(i), f);
      for (int l = 0; l < 3; ++l) CHECK(f[l] == Approx(f_plain[size_t(i) * 3 + l]).margin(1e-9));
    }
  }
}

TEST_CASE("the training Hamming loss stays below the product of the Z_t") {
  const Expanded e = random_problem(200, 4, 5, 9);
  const Rows rows = Rows::dense(e.x.data(), e.m, e.d);
  AdaBoostMHConfig config;
  config.rounds = 60;
  int reported = 0;
  const AdaBoostMH mh = AdaBoostMH::train(rows, e.y, config, [&](const Progress& p) {
    ++reported;
    CHECK(p.training_error <= p.objective + 1e-12);
    return true;
  });
  CHECK(reported == int(mh.history().size()));
  for (const BoostingRound& r : mh.history()) {
    CHECK(r.epsilon < 0.5);
    CHECK(r.hamming_loss <= r.z_product + 1e-12);
  }
  // the recorded loss is the model's own loss on the training set
  const LabelMatrix p = mh.predict_labels(rows);
  int wrong = 0;
  for (size_t q = 0; q < p.y.size(); ++q) wrong += p.y[q] != e.y.y[q];
  CHECK(double(wrong) / p.y.size() == Approx(mh.history().back().hamming_loss));
}

TEST_CASE("mono-label AdaBoost.MH predicts the argmax label; models round-trip through bytes") {
  // three classes on a line: class = which third x0 falls in
  Rng rng(4);
  std::vector<float> x;
  std::vector<int32_t> labels;
  for (int i = 0; i < 300; ++i) {
    const float a = float(rng.uniform()), b = float(rng.uniform());
    x.push_back(a), x.push_back(b);
    labels.push_back(a < 1.f / 3 ? 0 : (a < 2.f / 3 ? 1 : 2));
  }
  const Rows rows = Rows::dense(x.data(), 300, 2);
  AdaBoostMHConfig config;
  config.rounds = 30;
  AdaBoostMH mh = AdaBoostMH::train(rows, LabelMatrix::from_classes(labels, 3), config);
  mh.set_class_labels({1, 2, 3});
  const auto predicted = mh.predict_classes(rows);
  int right = 0;
  for (int i = 0; i < 300; ++i) right += predicted[i] == labels[i];
  CHECK(right >= 297);
  auto bytes = mh.to_bytes();
  const AdaBoostMH again = AdaBoostMH::from_bytes(bytes.data(), bytes.size());
  CHECK(again.predict_classes(rows) == predicted);
  CHECK(again.history().size() == mh.history().size());
  CHECK(again.class_labels() == std::vector<int32_t>{1, 2, 3});
  bytes[20] ^= 1;
  CHECK_THROWS_AS(AdaBoostMH::from_bytes(bytes.data(), bytes.size()), InputError);
}

TEST_CASE("mono-label AdaBoost.MH of one label: one constant stump, which predicts it, through bytes") {
  const std::vector<float> x = {0, 1, 2, 3};
  const std::vector<int32_t> labels = {7, 7, 7, 7};
  const Rows rows = Rows::dense(x.data(), 4, 1);
  const AdaBoostMH mh = AdaBoostMH::train_on_labels(rows, labels.data(), AdaBoostMHConfig{20});
  // the constant φ ≡ +1 voting +1 makes no mistake: ε = 0, clipped to 1e-10 for α, and training stops
  REQUIRE(mh.stumps().size() == 1);
  CHECK(mh.stumps()[0].threshold == -std::numeric_limits<float>::infinity());
  CHECK(mh.stumps()[0].vote == std::vector<int8_t>{1});
  CHECK(mh.stumps()[0].alpha == Approx(0.5 * std::log((1 - 1e-10) / 1e-10)));
  const auto bytes = mh.to_bytes();
  const AdaBoostMH again = AdaBoostMH::from_bytes(bytes.data(), bytes.size());
  CHECK(again.labels() == 1);
  CHECK(again.class_labels() == std::vector<int32_t>{7});
  const float elsewhere[] = {-5};
  CHECK(again.predict_label(Rows::dense(elsewhere, 1, 1).row(0)) == 7);
}
