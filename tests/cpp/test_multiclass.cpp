#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "multiclass/crammer_singer.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "multiclass/multiclass_problem.hpp"
#include "io/quantized_weights.hpp"
#include "clusters.hpp"
#include "options_helpers.hpp"

using namespace argmax;

namespace {

// SSBD Example 17.1: points on a line in three balls, masses 40% / 20% / 40%, class 1 in the middle.
Clusters three_balls(int m, uint64_t seed) {
  Rng rng(seed);
  Clusters d{{}, {}, 2};
  for (int i = 0; i < m; ++i) {
    const double u = rng.uniform();
    const int y = u < 0.4 ? 0 : (u < 0.6 ? 1 : 2);
    const double cx = (y - 1) * 1.0, r = 0.3 * std::sqrt(rng.uniform()), a = 6.283185307179586 * rng.uniform();
    d.x.push_back(float(cx + r * std::cos(a)));
    d.x.push_back(float(r * std::sin(a)));
    d.y.push_back(y);
  }
  return d;
}

double accuracy(const LinearMulticlass& model, const Clusters& d) {
  std::vector<int32_t> pred(d.y.size());
  model.predict(d.rows(), pred.data());
  size_t ok = 0;
  for (size_t i = 0; i < pred.size(); ++i) ok += pred[i] == d.y[i];
  return double(ok) / pred.size();
}

// Wraps a problem to count the perceptron's updates (SSBD Thm 17.5 bounds them).
struct CountingProblem {
  const MulticlassProblem& inner;
  mutable long updates = 0;
  int size() const { return inner.size(); }
  size_t dim() const { return inner.dim(); }
  StepResult step(TrainedWeights& w, int i, Surrogate s, float eta) const {
    StepResult r = inner.step(w, i, s, eta);
    updates += r.updated;
    return r;
  }
};

}  // namespace

TEST_CASE("generalized hinge upper-bounds the cost of the prediction and is tight at margin", "[multiclass]") {
  Rng rng(7);
  const int k = 5, cols = 4;
  std::vector<float> cost_rows(k * k);
  for (int t = 0; t < k; ++t)
    for (int p = 0; p < k; ++p) cost_rows[t * k + p] = t == p ? 0.f : float(0.2 + rng.uniform());
  const CostMatrix cost = CostMatrix::from_rows(cost_rows, k);
  const FeatureMap map = FeatureMap::multivector(cols, k, 1.f);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<float> x(cols), w(map.dim());
    for (auto& v : x) v = float(2 * rng.uniform() - 1);
    for (auto& v : w) v = float(2 * rng.uniform() - 1);
    std::vector<int32_t> y = {int32_t(rng.below(k))};
    const Rows rows = Rows::dense(x.data(), 1, cols);
    MulticlassProblem problem(rows, y, map, cost);
    const auto e = problem.evaluate(w.data(), Surrogate::MarginRescaled);
    REQUIRE(e.surrogate >= e.error - 1e-6);
    // Scale up the true class's block until it wins every rival by its cost: the hinge becomes exactly 0 = Δ.
    std::vector<float> s(k);
    map.scores(w.data(), 1.f, rows.row(0), s.data());
    double need = 0;
    for (int c = 0; c < k; ++c)
      if (c != y[0]) need = std::max(need, double(cost(c, y[0]) + s[c] - s[y[0]]));
    w[size_t(cols) * k + y[0]] += float(need);  // the bias weight of class y (bias feature = 1)
    const auto tight = problem.evaluate(w.data(), Surrogate::MarginRescaled);
    REQUIRE(tight.error == 0);
    REQUIRE(tight.surrogate == Approx(0).margin(1e-5));
  }
}

TEST_CASE("Crammer–Singer, Pegasos and regularised SGD reach the same objective", "[multiclass]") {
  const Clusters d = clusters(120, 4, 3, 2.5, 3);  // overlapping clusters: the hinge is active
  const double C = 0.5, m = double(d.y.size()), lambda = 1.0 / (C * m);
  const auto cs = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"C", "0.5"}, {"eps", "1e-6"}, {"maxIter", "100000"}, {"bias", "1"}}, {});
  const auto pegasos = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "pegasos"}, {"lambda", std::to_string(lambda)}, {"epochs", "3000"}, {"bias", "1"}}, {});
  const auto sgd = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "sgd"}, {"lambda", std::to_string(lambda)}, {"eta", "0.01"}, {"epochs", "3000"}, {"bias", "1"}}, {});
  const CostMatrix cost = CostMatrix::zero_one(4);
  auto objective = [&](const LinearMulticlass& model) {  // λ/2‖w‖² + mean hinge = (½‖w‖² + C Σ ℓ)/(Cm)
    MulticlassProblem problem(d.rows(), d.y, model.feature_map(), cost);
    const auto e = problem.evaluate(model.weights().data(), Surrogate::MarginRescaled);
    double norm = 0;
    for (float v : model.weights()) norm += double(v) * v;
    return 0.5 * lambda * norm + e.surrogate;
  };
  const double best = objective(cs);
  CHECK(objective(pegasos) == Approx(best).epsilon(0.02));
  CHECK(objective(sgd) == Approx(best).epsilon(0.02));
  CHECK(objective(pegasos) >= best - 1e-4);  // CS solves the same convex problem to ε
}

TEST_CASE("batch perceptron stops within (R‖w*‖)² updates on separable data", "[multiclass]") {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    const int k = 4, cols = 5, m = 300;
    const FeatureMap map = FeatureMap::multivector(cols, k, 0.f);
    std::vector<float> wstar(map.dim());
    for (auto& v : wstar) v = float(2 * rng.uniform() - 1);
    Clusters d{{}, {}, cols};
    std::vector<float> s(k);
    while (int(d.y.size()) < m) {  // keep points whose best class wins by a clear margin
      std::vector<float> x(cols);
      for (auto& v : x) v = float(2 * rng.uniform() - 1);
      map.scores(wstar.data(), 1.f, RowView{nullptr, x.data(), cols}, s.data());
      const int y = argmax_index(s.data(), k);
      std::vector<float> sorted = s;
      std::sort(sorted.begin(), sorted.end());
      if (sorted[k - 1] - sorted[k - 2] < 0.1f) continue;
      d.x.insert(d.x.end(), x.begin(), x.end());
      d.y.push_back(y);
    }
    double gamma = INFINITY, R = 0, norm = 0;
    for (int i = 0; i < m; ++i) {
      const RowView x{nullptr, d.x.data() + size_t(i) * cols, cols};
      map.scores(wstar.data(), 1.f, x, s.data());
      for (int c = 0; c < k; ++c)
        if (c != d.y[i]) gamma = std::min(gamma, double(s[d.y[i]] - s[c]));
      R = std::max(R, std::sqrt(2.0 * x.squared_norm()));
    }
    for (float v : wstar) norm += double(v) * v;
    const double bound = R * R * norm / (gamma * gamma);  // w*/γ separates with margin 1

    const CostMatrix cost = CostMatrix::zero_one(k);
    const Rows rows = d.rows();
    MulticlassProblem problem(rows, d.y, map, cost);
    CountingProblem counting{problem};
    OnlineConfig c;
    c.eta = 1, c.average = false, c.surrogate = Surrogate::Perceptron, c.stop_when_no_update = true, c.epochs = 100000;
    const auto w = train_online(counting, c, nullptr);
    CHECK(counting.updates <= bound);
    CHECK(problem.evaluate(w.data(), Surrogate::Perceptron).surrogate == 0);
  }
}

TEST_CASE("SSBD Example 17.1: the multivector predictor learns the three balls perfectly", "[multiclass]") {
  const Clusters train = three_balls(400, 11), test = three_balls(400, 12);
  for (const char* algo : {"dcd", "perceptron", "pegasos"}) {
    INFO(algo);
    OptionList options = {{"bias", "1"}};
    if (std::string(algo) == "dcd") options.emplace_back("C", "100");
    if (std::string(algo) == "pegasos") options.emplace_back("epochs", "100");
    const auto model = LinearMulticlass::train(train.rows(), train.y, with_trainer(algo, options), {});
    CHECK(accuracy(model, train) == 1.0);
    CHECK(accuracy(model, test) == 1.0);
  }
}

TEST_CASE("labels may be any integers and come back unchanged", "[multiclass]") {
  Clusters d = clusters(90, 3, 2, 0.3, 5);
  const int32_t names[3] = {-7, 3, 1000};
  for (auto& y : d.y) y = names[y];
  const auto model = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"bias", "1"}}, {});
  CHECK(model.labels() == std::vector<int32_t>{-7, 3, 1000});
  CHECK(accuracy(model, d) > 0.95);
}

TEST_CASE("cost-sensitive training avoids the expensive mistake", "[multiclass]") {
  // Two overlapping classes; predicting 0 when the truth is 1 costs 10, the reverse costs 1.
  Clusters d = clusters(400, 2, 2, 3.0, 9);
  const auto plain = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "pegasos"}, {"bias", "1"}, {"lambda", "0.001"}}, {});
  const std::vector<float> cost = {0, 1, 10, 0};
  const auto aware = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "pegasos"}, {"bias", "1"}, {"lambda", "0.001"}}, cost);
  auto expensive = [&](const LinearMulticlass& model) {
    std::vector<int32_t> p(d.y.size());
    model.predict(d.rows(), p.data());
    int n = 0;
    for (size_t i = 0; i < p.size(); ++i) n += d.y[i] == 1 && p[i] == 0;
    return n;
  };
  CHECK(expensive(aware) < expensive(plain));
}

TEST_CASE("class-sensitive TF-IDF matches hand-computed scores", "[multiclass]") {
  // 3 documents over 2 words; labels 0, 0, 1.  DF(word, not-y):
  //   word0 in docs 0 and 2: DF(0, not 0) = 1 (doc 2), DF(0, not 1) = 1 (doc 0)
  //   word1 in doc 1 only:   DF(1, not 0) = 0,         DF(1, not 1) = 1
  const std::vector<float> x = {2, 0, 0, 3, 1, 0};
  const std::vector<int32_t> y = {0, 0, 1};
  const Rows rows = Rows::dense(x.data(), 3, 2);
  const FeatureMap map = FeatureMap::tfidf(rows, y, 2, 0);
  const std::vector<float> w = {0.5f, 2.0f};
  std::vector<float> s(2);
  map.scores(w.data(), 1.f, rows.row(1), s.data());  // TF = (0, 1)
  CHECK(s[0] == Approx(2.0 * std::log(3.0 / 1.0)));
  CHECK(s[1] == Approx(2.0 * std::log(3.0 / 2.0)));
  map.scores(w.data(), 1.f, rows.row(0), s.data());  // TF = (1, 0)
  CHECK(s[0] == Approx(0.5 * std::log(3.0 / 2.0)));
  CHECK(s[1] == Approx(0.5 * std::log(3.0 / 2.0)));

  // With a bias feature b = 0.5, each class adds b times its own bias weight (w[2 + y]), in the scores and in Ψ.
  const FeatureMap biased = FeatureMap::tfidf(rows, y, 2, 0.5f);
  CHECK(biased.dim() == 4);
  const std::vector<float> wb = {0.5f, 2.0f, -1.0f, 3.0f};
  biased.scores(wb.data(), 1.f, rows.row(0), s.data());
  CHECK(s[0] == Approx(0.5 * std::log(3.0 / 2.0) - 0.5));
  CHECK(s[1] == Approx(0.5 * std::log(3.0 / 2.0) + 1.5));
  std::vector<float> psi(4, 0.f);
  biased.add_psi(rows.row(0), 1, 1.f, [&](size_t j, float v) { psi[j] += v; });
  CHECK(psi[0] == Approx(std::log(3.0 / 2.0)));
  CHECK(psi[1] == 0.f);
  CHECK(psi[2] == 0.f);
  CHECK(psi[3] == 0.5f);
}

TEST_CASE("the default bias feature lets every trainer fit classes that the origin does not separate", "[multiclass]") {
  // Class 0 sits around the origin: without a bias, every score is 0 at x = 0 and (0, 1) goes to class 2.
  const std::vector<float> x = {0, 0, 0, 1, 1, 0, 5, 5, 5, 6, 6, 5, 0, 6, 1, 6, 0, 5};
  const std::vector<int32_t> y = {0, 0, 0, 1, 1, 1, 2, 2, 2};
  const Rows rows = Rows::dense(x.data(), 9, 2);
  for (const char* trainer : {"dcd", "sgd", "pegasos", "perceptron", "cutting-plane", "bcfw"}) {
    const auto model = LinearMulticlass::train(rows, y, {{"trainer", trainer}}, {});
    std::vector<int32_t> p(y.size());
    model.predict(rows, p.data());
    INFO(trainer);
    CHECK(p == y);
  }
  const auto unbiased = LinearMulticlass::train(rows, y, {{"bias", "0"}}, {});
  std::vector<int32_t> p(y.size());
  unbiased.predict(rows, p.data());
  CHECK(p != y);
}

TEST_CASE("margins are h(x,y) minus the best rival", "[multiclass]") {
  Clusters d = clusters(60, 3, 2, 0.5, 21);
  const auto model = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"bias", "1"}}, {});
  std::vector<float> margins(d.y.size()), scores(d.y.size() * 3);
  model.margins(d.rows(), d.y.data(), margins.data());
  model.scores(d.rows(), scores.data());
  for (size_t i = 0; i < d.y.size(); ++i) {
    const float* s = &scores[i * 3];
    float rival = -INFINITY;
    for (int c = 0; c < 3; ++c)
      if (c != d.y[i]) rival = std::max(rival, s[c]);
    CHECK(margins[i] == Approx(s[d.y[i]] - rival));
  }
  const int32_t unknown = 42;
  CHECK_THROWS_WITH(model.margins(Rows::dense(d.x.data(), 1, 2), &unknown, margins.data()),
                    Catch::Contains("not one of the model's labels"));
}

TEST_CASE("models survive a save/load round trip and reject corrupt bytes", "[multiclass][io]") {
  Clusters d = clusters(100, 3, 4, 0.8, 2);
  for (const char* algo : {"dcd", "sgd"}) {
    const auto model = LinearMulticlass::train(d.rows(), d.y, {{"trainer", algo}, {"bias", "1"}}, {});
    const auto bytes = model.to_bytes();
    const auto again = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
    std::vector<int32_t> a(d.y.size()), b(d.y.size());
    model.predict(d.rows(), a.data());
    again.predict(d.rows(), b.data());
    CHECK(a == b);
    CHECK(again.weights() == model.weights());
    CHECK(again.trainer() == algo);

    auto corrupt = bytes;
    corrupt[corrupt.size() / 2] ^= 0x40;
    CHECK_THROWS_WITH(LinearMulticlass::from_bytes(corrupt.data(), corrupt.size()), Catch::Contains("checksum"));
    CHECK_THROWS_AS(LinearMulticlass::from_bytes(bytes.data(), bytes.size() - 3), InputError);
    CHECK_THROWS_WITH(LinearMulticlass::from_bytes(bytes.data(), 5), Catch::Contains("not an argmax model"));
  }
}

TEST_CASE("bad input is an InputError with a message", "[multiclass]") {
  Clusters d = clusters(20, 2, 2, 0.5, 4);
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"Cee", "1"}}, {}), Catch::Contains("unknown option 'Cee'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"C", "abc"}}, {}), Catch::Contains("must be a number"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"C", "-1"}}, {}), Catch::Contains("must be > 0"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "sgd"}, {"epochs", "2.5"}}, {}), Catch::Contains("integer"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "svm"}}, {}), Catch::Contains("unknown trainer 'svm'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(Rows::dense(d.x.data(), 0, 2), {}, {{"trainer", "dcd"}}, {}), Catch::Contains("empty"));
  std::vector<int32_t> y = d.y;
  y[3] = 5;
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), y, {{"trainer", "dcd"}}, {0, 1, 1, 0}), Catch::Contains("outside the 2×2 cost matrix"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}}, {0, 1, 1, 1}), Catch::Contains("diagonal"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}}, {0, 1, 1}), Catch::Contains("2×2"));
  d.x[5] = NAN;
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}}, {}), Catch::Contains("non-finite"));
}

TEST_CASE("log loss and softmax-margin: values, gradients by finite differences, logistic regression by SGD",
          "[multiclass]") {
  Rng rng(21);
  const int k = 4, cols = 3;
  std::vector<float> cost_rows(k * k);
  for (int t = 0; t < k; ++t)
    for (int p = 0; p < k; ++p) cost_rows[t * k + p] = t == p ? 0.f : float(0.5 + rng.uniform());
  const CostMatrix cost = CostMatrix::from_rows(cost_rows, k);
  const FeatureMap map = FeatureMap::multivector(cols, k, 1.f);
  for (const Surrogate s : {Surrogate::LogLoss, Surrogate::SoftmaxMargin}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<float> x(cols), w(map.dim());
      for (auto& v : x) v = float(2 * rng.uniform() - 1);
      for (auto& v : w) v = float(2 * rng.uniform() - 1);
      const std::vector<int32_t> y = {int32_t(rng.below(k))};
      const Rows rows = Rows::dense(x.data(), 1, cols);
      MulticlassProblem problem(rows, y, map, cost);
      // The value, written out: log Σ_c exp(δ·Δ(c, y) + s_c − s_y), s_c = ⟨w_c, (x, 1)⟩ (multivector
      // blocks, feature-major, with the bias feature 1 last).
      auto value = [&](const std::vector<float>& v) {
        std::vector<double> score(k, 0.0);
        for (int c = 0; c < k; ++c) {
          for (int j = 0; j < cols; ++j) score[c] += double(v[size_t(j) * k + c]) * x[j];
          score[c] += v[size_t(cols) * k + c];
        }
        double z = 0;
        for (int c = 0; c < k; ++c)
          z += std::exp((s == Surrogate::SoftmaxMargin ? cost(c, y[0]) : 0.0) + score[c] - score[y[0]]);
        return std::log(z);
      };
      REQUIRE(problem.evaluate(w.data(), s).surrogate == Approx(value(w)).epsilon(1e-5));
      // One step with η = 1 subtracts the gradient; compare with central differences.
      TrainedWeights tw(w, false);
      problem.step(tw, 0, s, 1.f);
      tw.end_step();
      const std::vector<float> after = tw.current();
      for (size_t j = 0; j < w.size(); ++j) {
        std::vector<float> up = w, down = w;
        up[j] += 1e-2f, down[j] -= 1e-2f;
        const double numeric = (value(up) - value(down)) / 2e-2;
        REQUIRE(double(w[j] - after[j]) == Approx(numeric).margin(1e-3));
      }
    }
  }
  // SGD on the log loss learns well-separated clusters.
  const Clusters d = clusters(200, 3, 2, 0.3, 5);
  const auto model = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "sgd"}, {"loss", "log"}, {"epochs", "50"}, {"bias", "1"}}, {});
  std::vector<int32_t> predicted(d.y.size());
  model.predict(d.rows(), predicted.data());
  int right = 0;
  for (size_t i = 0; i < d.y.size(); ++i) right += predicted[i] == d.y[i];
  REQUIRE(right >= 0.97 * d.y.size());
}

TEST_CASE("weightBits: the weights are the float model's, quantised, and load back exactly", "[multiclass][compact]") {
  const Clusters d = clusters(300, 4, 400, 0.5, 11);
  const OptionList options = {{"trainer", "sgd"}, {"loss", "log"}, {"epochs", "5"}, {"eta", "0.1"}};
  const auto full = LinearMulticlass::train(d.rows(), d.y, options, {});
  std::vector<float> expected = full.weights();
  quantize_weights(expected, 8);
  OptionList eight = options;
  eight.push_back({"weightBits", "8"});
  const auto small = LinearMulticlass::train(d.rows(), d.y, eight, {});
  CHECK(small.weights() == expected);  // training is the same; only the stored weights are rounded
  CHECK(small.weights() != full.weights());
  const std::vector<uint8_t> bytes = small.to_bytes(), float_bytes = full.to_bytes();
  CHECK(bytes.size() * 5 < float_bytes.size() * 3);  // a byte and a position gap for each weight, not 4 bytes
  const auto loaded = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
  CHECK(loaded.weights() == small.weights());
  CHECK(loaded.weight_bits() == 8);
  CHECK(LinearMulticlass::from_bytes(float_bytes.data(), float_bytes.size()).weights() == full.weights());
  CHECK(accuracy(small, d) >= accuracy(full, d) - 0.02);
  OptionList twelve = options;
  twelve.push_back({"weightBits", "12"});
  REQUIRE_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, twelve, {}), Catch::Contains("8, 16 or 32"));
}

TEST_CASE("l1: the cumulative L1 penalty on the feature weights, by hand", "[multiclass][compact]") {
  // Two examples with a feature each: x0 = e0, label 0; x1 = e1, label 1; hinge, η = 0.1, 4 epochs (8 steps), no
  // bias. Each example's step adds ±η to its own feature's two weights (the margin 2·w stays below 1), so without
  // L1 w = ±0.4. The cumulative penalty has given η·c·t by step t; a weight keeps what its last step left:
  // 0.4 − 0.01·t at c = 0.1, t its example's last step, which is step 8 for one example and in [4, 7] for the
  // other. At c = 1.5 the penalty (0.15 a step) outweighs the step (0.1): exact zeros. Layout: w[j·k + y].
  const std::vector<int32_t> offsets = {0, 1, 2}, columns = {0, 1};
  const std::vector<float> ones = {1.f, 1.f};
  const Rows rows = Rows::sparse(offsets.data(), columns.data(), ones.data(), 2, 2);
  const std::vector<int32_t> y = {0, 1};
  auto weights = [&](const std::string& l1) {
    return LinearMulticlass::train(rows, y, {{"trainer", "sgd"}, {"loss", "hinge"}, {"eta", "0.1"}, {"epochs", "4"},
                                              {"average", "false"}, {"bias", "0"}, {"l1", l1}}, {}).weights();
  };
  CHECK(weights("0") == std::vector<float>{0.4f, -0.4f, -0.4f, 0.4f});
  const std::vector<float> w = weights("0.1");
  CHECK(w[1] == -w[0]);
  CHECK(w[2] == -w[3]);
  CHECK(std::min(w[0], w[3]) == Approx(0.32));
  CHECK(std::max(w[0], w[3]) >= 0.33f - 1e-6f);
  CHECK(std::max(w[0], w[3]) <= 0.36f + 1e-6f);
  CHECK(weights("1.5") == std::vector<float>(4, 0.f));
  // The bias weights are left free: with every feature weight zeroed, the bias still learns the prior (3 : 1).
  const std::vector<int32_t> offsets4 = {0, 1, 2, 3, 4}, column0 = {0, 0, 0, 0}, y4 = {0, 0, 0, 1};
  const std::vector<float> ones4 = {1.f, 1.f, 1.f, 1.f};
  const auto prior = LinearMulticlass::train(Rows::sparse(offsets4.data(), column0.data(), ones4.data(), 4, 1), y4,
                                             {{"trainer", "sgd"}, {"loss", "log"}, {"eta", "0.1"}, {"epochs", "20"},
                                              {"l1", "1000"}}, {}).weights();
  CHECK(prior[0] == 0.f);
  CHECK(prior[1] == 0.f);
  CHECK(prior[2] > prior[3]);
  CHECK_THROWS_WITH(LinearMulticlass::train(rows, y, {{"trainer", "dcd"}, {"l1", "0.1"}}, {}),
                    Catch::Contains("unknown option 'l1'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(rows, y, {{"trainer", "sgd"}, {"features", "tfidf"}, {"l1", "0.1"}}, {}),
                    Catch::Contains("l1 applies to the multivector feature map"));
}
