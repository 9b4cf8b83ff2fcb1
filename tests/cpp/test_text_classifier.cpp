// The text classifier: string labels and label sets, probabilities, the prior for a text without n-grams,
// explanations against the linear weights, and the model bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "textclass/text_classifier.hpp"

using namespace argmax;

namespace {

// Fruit, vehicles and weather, ten short texts each.
struct Corpus {
  std::vector<std::string> texts, labels;
  std::vector<std::string_view> views() const { return {texts.begin(), texts.end()}; }
};
Corpus corpus() {
  const std::vector<std::pair<const char*, std::vector<const char*>>> topics = {
      {"fruit", {"apple", "banana", "cherry", "ripe", "sweet", "juice"}},
      {"vehicle", {"car", "truck", "wheel", "engine", "drive", "road"}},
      {"weather", {"rain", "snow", "cloud", "storm", "sunny", "wind"}},
  };
  Corpus c;
  for (int i = 0; i < 10; ++i)
    for (const auto& [label, words] : topics) {
      c.texts.push_back(std::string(words[i % 6]) + " and " + words[(i + 2) % 6] + " today");
      c.labels.push_back(label);
    }
  return c;
}

}  // namespace

TEST_CASE("text classifier: string labels, probabilities, the prior, explanations, bytes") {
  const Corpus c = corpus();
  const TextClassifier m = TextClassifier::train(c.views(), c.labels, {{"hashBits", "0"}});
  CHECK(m.classes() == std::vector<std::string>{"fruit", "vehicle", "weather"});
  const std::vector<std::string_view> tests = {"a sweet cherry", "my truck on the road", "storm and wind", ""};
  const std::vector<int32_t> predicted = m.predict(tests);
  CHECK(predicted[0] == 0);
  CHECK(predicted[1] == 1);
  CHECK(predicted[2] == 2);

  std::vector<float> p(tests.size() * 3);
  m.probabilities(tests, p.data());
  for (size_t i = 0; i < tests.size(); ++i) {
    CHECK(std::accumulate(&p[i * 3], &p[i * 3] + 3, 0.f) == Approx(1));
    CHECK(std::max_element(&p[i * 3], &p[i * 3] + 3) - &p[i * 3] == predicted[i]);
  }
  CHECK(p[9] == Approx(1 / 3.f));  // the empty text: the training frequencies

  // A linear score is Σ_j x_j·w_jc + b_c: the shares of every feature and the score of no feature (b_c) add up to it.
  const auto contributions = m.explain("a sweet cherry", 0, 100);
  REQUIRE(contributions.size() == m.vectorizer().features_of("a sweet cherry").size());
  std::vector<float> full(3), bias(3);
  m.scores({"a sweet cherry"}, full.data());
  m.scores({""}, bias.data());
  float total = bias[0];
  for (const auto& x : contributions) total += x.weight;
  CHECK(total == Approx(full[0]).margin(1e-5));
  for (size_t i = 1; i < contributions.size(); ++i)
    CHECK(std::fabs(contributions[i - 1].weight) >= std::fabs(contributions[i].weight));
  const bool cherry_helps = std::any_of(contributions.begin(), contributions.end(), [](const auto& x) {
    return x.weight > 0 && std::any_of(x.ngrams.begin(), x.ngrams.end(), [](const Ngram& g) { return g.text == "cherry"; });
  });
  CHECK(cherry_helps);
  CHECK(m.explain("a sweet cherry", 0, 2).size() == 2);
  CHECK(m.explain("", 0, 5).empty());

  const std::vector<uint8_t> bytes = m.to_bytes();
  const TextClassifier back = TextClassifier::from_bytes(bytes.data(), bytes.size());
  std::vector<float> q(p.size());
  back.probabilities(tests, q.data());
  CHECK(q == p);
  CHECK(back.options() == m.options());
  std::vector<uint8_t> corrupt = bytes;
  corrupt[corrupt.size() / 2] ^= 0x40;
  CHECK_THROWS_AS(TextClassifier::from_bytes(corrupt.data(), corrupt.size()), InputError);
  CHECK_THROWS_AS(TextClassifier::from_bytes(bytes.data(), bytes.size() - 1), InputError);
}

TEST_CASE("text classifier: the log loss gives the model's own softmax; other losses a calibrated temperature") {
  const Corpus c = corpus();
  const TextClassifier logistic =
      TextClassifier::train(c.views(), c.labels, {{"trainer", "sgd"}, {"loss", "log"}, {"epochs", "20"}});
  std::vector<float> s(3), p(3);
  logistic.scores({"ripe banana"}, s.data());
  logistic.probabilities({"ripe banana"}, p.data());
  const float z = std::exp(s[0]) + std::exp(s[1]) + std::exp(s[2]);
  for (int k = 0; k < 3; ++k) CHECK(p[k] == Approx(std::exp(s[k]) / z));
}

TEST_CASE("text classifier: label sets by binary relevance") {
  Corpus c = corpus();
  std::vector<std::vector<std::string>> sets;
  for (size_t i = 0; i < c.texts.size(); ++i) {
    sets.push_back({c.labels[i]});
    if (i % 4 == 0) {
      c.texts[i] += " with rain";
      if (c.labels[i] != "weather") sets.back().push_back("weather");
    }
  }
  const TextClassifier m = TextClassifier::train_sets(c.views(), sets, {});
  CHECK(m.multilabel());
  const auto predicted = m.predict_sets({"cherry juice", "truck in the rain storm"});
  CHECK(predicted[0] == std::vector<int32_t>{0});
  CHECK(std::find(predicted[1].begin(), predicted[1].end(), 2) != predicted[1].end());
  CHECK_THROWS_WITH(m.predict({"x"}), Catch::Contains("label sets"));
  const auto bytes = m.to_bytes();
  const TextClassifier back = TextClassifier::from_bytes(bytes.data(), bytes.size());
  CHECK(back.predict_sets({"cherry juice", "truck in the rain storm"}) == predicted);
}

TEST_CASE("text classifier: bad input") {
  const Corpus c = corpus();
  CHECK_THROWS_WITH(TextClassifier::train({}, {}, {}), Catch::Contains("needs training texts"));
  CHECK_THROWS_WITH(TextClassifier::train(c.views(), {"a"}, {}), Catch::Contains("one per text"));
  CHECK_THROWS_WITH(TextClassifier::train({"x", "y"}, {"a", "a"}, {}), Catch::Contains("two classes"));
  CHECK_THROWS_WITH(TextClassifier::train(c.views(), c.labels, {{"colour", "red"}}), Catch::Contains("colour"));
  CHECK_THROWS_WITH(TextClassifier::train_sets({"x"}, {{}}, {}), Catch::Contains("every label set is empty"));
  const TextClassifier m = TextClassifier::train(c.views(), c.labels, {});
  CHECK_THROWS_WITH(m.explain("x", 3, 1), Catch::Contains("class 3"));
}
