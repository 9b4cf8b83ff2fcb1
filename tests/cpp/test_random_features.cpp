#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/random_fourier_features.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;

namespace {

double rbf(const float* a, const float* b, int n, double gamma) {
  double d = 0;
  for (int j = 0; j < n; ++j) d += double(a[j] - b[j]) * (a[j] - b[j]);
  return std::exp(-gamma * d);
}

double dot(const float* a, const float* b, int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += double(a[j]) * b[j];
  return s;
}

}  // namespace

TEST_CASE("z(x)·z(x') approaches the RBF kernel within Hoeffding's bound", "[rff]") {
  const int n = 20, cols = 5;
  const double gamma = 0.5;
  Rng rng(3);
  std::vector<float> x(n * cols);
  for (float& v : x) v = float(2 * rng.uniform() - 1);
  const Rows rows = Rows::dense(x.data(), n, cols);
  // z(x)·z(x') is the mean of D terms 2cos(w·x + b)cos(w·x' + b) ∈ [−2, 2] with mean K(x, x'), so
  // P(|error| ≥ t) ≤ 2 exp(−D t² / 8); over the 190 pairs, failure probability 1e-6 needs t = √(8 ln(380e6) / D).
  double mean_error_small_d = 0;
  for (int D : {100, 4000}) {
    const RandomFourierFeatures rff(cols, D, gamma, 17);
    const std::vector<float> z = rff.map_rows(rows);
    const double t = std::sqrt(8 * std::log(2 * 190 / 1e-6) / D);
    double worst = 0, mean_error = 0;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const double error = std::fabs(dot(&z[i * D], &z[j * D], D) - rbf(&x[i * cols], &x[j * cols], cols, gamma));
        worst = std::max(worst, error);
        mean_error += error / 190;
      }
    CHECK(worst <= t);
    if (D == 100) mean_error_small_d = mean_error;
    else CHECK(mean_error < mean_error_small_d / 2);  // the error falls like 1/√D: 40× more features, ≈ 6× less
  }
}

TEST_CASE("random features: the same seed gives the same map, another seed another one; bad parameters are errors", "[rff]") {
  const float x[3] = {0.5f, -1.f, 2.f};
  const RowView row{nullptr, x, 3};
  std::vector<float> a(50), b(50), c(50);
  RandomFourierFeatures(3, 50, 1, 9).map(row, a.data());
  RandomFourierFeatures(3, 50, 1, 9).map(row, b.data());
  RandomFourierFeatures(3, 50, 1, 10).map(row, c.data());
  CHECK(a == b);
  CHECK(a != c);
  double norm = dot(a.data(), a.data(), 50);  // z(x)·z(x) = 1 + mean cos(2(w·x + b)) ≈ K(x, x) = 1
  CHECK(norm == Approx(1).margin(0.6));
  CHECK_THROWS_WITH(RandomFourierFeatures(3, 0, 1, 1), Catch::Contains("D must be ≥ 1"));
  CHECK_THROWS_WITH(RandomFourierFeatures(3, 10, 0, 1), Catch::Contains("gamma must be > 0"));
}

TEST_CASE("every linear multiclass trainer learns the rings on random features; the model saves and loads", "[rff][multiclass]") {
  Rng rng(5);
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < 300; ++i) {  // a disc and two rings: not linearly separable in x
    const int label = i % 3;
    const double r = label + 0.3 * rng.uniform(), a = 6.283185307179586 * rng.uniform();
    x.push_back(float(r * std::cos(a))), x.push_back(float(r * std::sin(a))), y.push_back(label);
  }
  const Rows rows = Rows::dense(x.data(), 300, 2);
  for (const char* algo : {"dcd", "pegasos", "sgd", "bcfw"}) {
    const auto model = LinearMulticlass::train(rows, y, {{"trainer", algo}, {"rff", "300"}, {"gamma", "1"}}, {});
    CHECK(model.cols() == 2);
    std::vector<int32_t> predicted(300);
    model.predict(rows, predicted.data());
    int correct = 0;
    for (int i = 0; i < 300; ++i) correct += predicted[i] == y[i];
    INFO(algo);
    CHECK(correct >= 280);
    const auto bytes = model.to_bytes();
    const auto again = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
    std::vector<float> s1(900), s2(900);
    model.scores(rows, s1.data());
    again.scores(rows, s2.data());
    CHECK(s1 == s2);
  }
  CHECK_THROWS_WITH(LinearMulticlass::train(rows, y, {{"trainer", "dcd"}, {"rff", "10"}, {"gamma", "-1"}}, {}), Catch::Contains("'gamma' must be ≥ 0"));
  CHECK_THROWS_WITH(LinearMulticlass::train(rows, y, {{"trainer", "sgd"}, {"rff", "10"}, {"features", "tfidf"}}, {}), Catch::Contains("leave rff at 0"));
}

TEST_CASE("the reductions' binary learners learn the rings on random features; the map is saved with the model", "[rff][reductions]") {
  Rng rng(6);
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < 300; ++i) {
    const int label = i % 3;
    const double r = label + 0.3 * rng.uniform(), a = 6.283185307179586 * rng.uniform();
    x.push_back(float(r * std::cos(a))), x.push_back(float(r * std::sin(a))), y.push_back(label);
  }
  const Rows rows = Rows::dense(x.data(), 300, 2);
  for (const char* decoding : {"auto", "learned"}) {
    ReductionConfig c;
    c.reduction = "ova", c.decoding = decoding, c.rff = 300, c.rff_gamma = 1;
    const auto model = ReductionModel::train(rows, y, 3, c);
    CHECK(model.cols() == 2);
    const auto predicted = model.predict(rows);
    int correct = 0;
    for (int i = 0; i < 300; ++i) correct += predicted[i] == y[i];
    INFO(decoding);
    CHECK(correct >= 285);
    const auto bytes = model.to_bytes();
    CHECK(ReductionModel::from_bytes(bytes.data(), bytes.size()).predict(rows) == predicted);
  }
  ReductionConfig linear;
  linear.reduction = "ova";
  const auto plain = ReductionModel::train(rows, y, 3, linear).predict(rows);
  int correct = 0;
  for (int i = 0; i < 300; ++i) correct += plain[i] == y[i];
  CHECK(correct < 240);  // what the random features buy
}

TEST_CASE("a map too large to regenerate is refused; a map of no input columns maps to its phases (fuzz findings)", "[rff]") {
  // A model of a few bytes may claim D × columns up to the buffer limit: the map has a bound of its own.
  REQUIRE_THROWS_WITH(RandomFourierFeatures(1 << 20, 1000, 1.0, 1), Catch::Contains("exceeds 67108864"));
  // ... and so does a map of no input columns, whose phases alone were allocated for any D a model claimed
  // (4 GiB from a 295-byte reduction model; loading goes through this constructor)
  REQUIRE_THROWS_WITH(RandomFourierFeatures(0, 1 << 30, 1.0, 1), Catch::Contains("exceeds 67108864"));
  // No input columns: z(x) = sqrt(2/D) cos(b), read without touching the (empty) map.
  const RandomFourierFeatures none(0, 3, 1.0, 1);
  float z[3];
  const float x = 0;
  none.map(RowView{nullptr, &x, 0}, z);
  for (float v : z) CHECK(std::abs(v) <= std::sqrt(2.0 / 3) + 1e-6);
}
