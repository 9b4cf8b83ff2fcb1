// The text classifier: string labels and label sets, probabilities, the prior for a text without n-grams,
// explanations against the linear weights, and the model bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "text_label_sets_before.hpp"
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

  // Label sets have their own vectorizer defaults (a vocabulary of character n-grams within words), in the
  // table and in the model; what the caller gives wins.
  const auto value_of = [](const OptionList& list, const std::string& name) {
    for (const auto& [k, v] : list)
      if (k == name) return v;
    return std::string("(absent)");
  };
  const auto default_of = [](const std::vector<OptionSpec>& specs, const std::string& name) {
    for (const auto& s : specs)
      if (s.name == name) return s.default_value;
    return std::string("(absent)");
  };
  for (const auto& [name, sets_default, one_label_default] :
       {std::tuple<std::string, std::string, std::string>{"charSpan", "word", "text"}, {"charNgrams", "2,3,4,5", "1,2,3,4,5"},
        {"hashBits", "0", "20"}}) {
    CHECK(default_of(TextClassifier::options_of(true, {}), name) == sets_default);
    CHECK(default_of(TextClassifier::options_of(false, {}), name) == one_label_default);
    CHECK(value_of(m.options(), name) == sets_default);
  }
  CHECK(!m.vectorizer().hashed());
  // The linear learner's weights in 8 bits by default (docs/text.md); a learner without weights has no such option.
  CHECK(default_of(TextClassifier::options_of(true, {}), "weightBits") == "8");
  CHECK(value_of(m.options(), "weightBits") == "8");
  CHECK(default_of(TextClassifier::options_of(true, {{"learner", "tree"}}), "weightBits") == "(absent)");
  const TextClassifier tree = TextClassifier::train_sets(c.views(), sets, {{"learner", "tree"}});
  CHECK(value_of(tree.options(), "weightBits") == "(absent)");
  const TextClassifier hashed = TextClassifier::train_sets(c.views(), sets, {{"hashBits", "18"}, {"charSpan", "text"}});
  CHECK(hashed.vectorizer().hashed());
  CHECK(value_of(hashed.options(), "charSpan") == "text");
  CHECK(value_of(hashed.options(), "charNgrams") == "2,3,4,5");
}

TEST_CASE("text classifier: label-set bytes saved before weightBits load, score and save as they did") {
  const auto& old = test::kOldLabelSetBytes;
  const TextClassifier m = TextClassifier::from_bytes(old.data(), old.size());
  std::vector<std::string_view> probes(test::kProbes.begin(), test::kProbes.end());
  std::vector<float> s(probes.size() * 3);
  m.scores(probes, s.data());
  CHECK(s == test::kOldLabelSetScores);
  CHECK(m.predict_sets(probes) == test::kOldLabelSetPredicted);
  CHECK(m.to_bytes() == old);
}

TEST_CASE("text classifier: bad input") {
  const Corpus c = corpus();
  CHECK_THROWS_WITH(TextClassifier::train({}, {}, {}), Catch::Contains("needs training texts"));
  CHECK_THROWS_WITH(TextClassifier::train(c.views(), {"a"}, {}), Catch::Contains("one per text"));
  CHECK_THROWS_WITH(TextClassifier::train({"x", "y"}, {"a", "a"}, {}), Catch::StartsWith("labels: every training label is 'a'; "));
  CHECK_THROWS_WITH(TextClassifier::train(c.views(), c.labels, {{"colour", "red"}}), Catch::Contains("colour"));
  CHECK_THROWS_WITH(TextClassifier::train_sets({"x"}, {{}}, {}), Catch::Contains("every label set is empty"));
  const TextClassifier m = TextClassifier::train(c.views(), c.labels, {});
  CHECK_THROWS_WITH(m.explain("x", 3, 1), Catch::Contains("class 3"));
}

TEST_CASE("text classifier: with hashing, the heaviest columns keep their most frequent n-gram") {
  // hashBits 1: every word falls in the one word bucket. b and y are in 2 texts each (a in one, however often),
  // c, x and z in one: the column is named by the first of the two in byte order; one more text with y names it y.
  const OptionList one_bucket = {{"hashBits", "1"}, {"wordNgrams", "1"}, {"startWords", "0"}, {"startPairs", "0"}, {"charNgrams", ""}, {"heaviestNgrams", "1"}};
  const TextClassifier tie = TextClassifier::train({"a a a b", "b b c", "x y z", "y y"}, {"p", "p", "n", "n"}, one_bucket);
  REQUIRE(tie.vectorizer().cols() == 1);
  const auto named = tie.heaviest(0, 1);
  REQUIRE(named.size() == 1);
  REQUIRE(named[0].ngrams.size() == 1);
  CHECK(named[0].ngrams[0].kind == NgramKind::word);
  CHECK(named[0].ngrams[0].text == "b");
  const TextClassifier more_y =
      TextClassifier::train({"a a a b", "b b c", "x y z", "y y", "y x x"}, {"p", "p", "n", "n", "n"}, one_bucket);
  CHECK(more_y.heaviest(1, 1)[0].ngrams[0].text == "y");

  // Against brute force: 2^3 buckets for many word n-grams. The texts in which each n-gram makes its column
  // non-zero (signed hashing can cancel a column out of a text), and each column's weight per class (an
  // explanation's share over the feature's value) give each class's heaviest columns and the n-gram that names them.
  const Corpus c = corpus();
  const int k = 4;
  const TextClassifier m = TextClassifier::train(
      c.views(), c.labels,
      {{"hashBits", "4"}, {"wordNgrams", "1,2"}, {"startWords", "0"}, {"startPairs", "0"}, {"charNgrams", ""}, {"heaviestNgrams", std::to_string(k)}});
  std::map<std::pair<int32_t, std::string>, int64_t> counts;  // (column, n-gram) → texts
  for (const std::string& text : c.texts)
    for (const auto& f : m.vectorizer().features_of(text))
      for (const Ngram& g : f.ngrams) ++counts[{f.col, g.text}];
  std::map<int32_t, std::pair<int64_t, std::string>> name_of;  // column → (texts, n-gram), the most frequent
  std::map<int32_t, std::vector<float>> weight_of;              // column → its weight per class
  for (const auto& [key, n] : counts) {
    const int32_t col = key.first;
    const std::string& gram = key.second;  // (a name, not a structured binding: the lambda below captures it)
    auto& best = name_of[col];
    if (n > best.first) best = {n, gram};  // counts is in byte order: the first of equal counts stays
    for (int cls = 0; cls < 3; ++cls)
      for (const auto& x : m.explain(gram, cls, 1000))
        if (std::any_of(x.ngrams.begin(), x.ngrams.end(), [&](const Ngram& g) { return g.text == gram; }))
          weight_of[col].resize(3), weight_of[col][size_t(cls)] = x.weight / x.value;
  }
  REQUIRE(int(name_of.size()) == m.vectorizer().cols());
  const std::vector<uint8_t> bytes = m.to_bytes();
  const TextClassifier back = TextClassifier::from_bytes(bytes.data(), bytes.size());
  for (int cls = 0; cls < 3; ++cls) {
    std::vector<std::pair<float, int32_t>> order;  // (−|weight|, column): heaviest first, the lower column first
    for (const auto& [col, w] : weight_of) order.emplace_back(-std::fabs(w[size_t(cls)]), col);
    std::sort(order.begin(), order.end());
    for (const TextClassifier* model : {&m, &back}) {
      const auto heaviest = model->heaviest(cls, k);
      REQUIRE(heaviest.size() == size_t(k));
      for (int i = 0; i < k; ++i) {
        const int32_t col = order[size_t(i)].second;
        REQUIRE(heaviest[size_t(i)].ngrams.size() == 1);
        CHECK(heaviest[size_t(i)].ngrams[0].text == name_of[col].second);
        // the n-gram's own weight: the column's times the sign it enters the column with, the sign of its value
        // in a text of it alone (a unigram is alone in its text)
        const std::string& gram = name_of[col].second;
        float sign = 1;
        if (gram.find(' ') == std::string::npos)
          for (const auto& f : model->vectorizer().features_of(gram)) sign = f.value < 0 ? -1.f : 1.f;
        else
          sign = heaviest[size_t(i)].value;  // a bigram's own text holds its words too: the sign as reported
        CHECK(std::fabs(heaviest[size_t(i)].value) == 1);
        CHECK(heaviest[size_t(i)].weight == Approx(sign * weight_of[col][size_t(cls)]).margin(1e-5));
      }
    }
    CHECK(m.heaviest(cls, 100).size() == size_t(m.vectorizer().cols()));  // every column, at most
  }

  // A vocabulary names every column itself; heaviestNgrams 0 keeps nothing.
  const TextClassifier vocabulary = TextClassifier::train(c.views(), c.labels, {{"hashBits", "0"}, {"heaviestNgrams", "0"}});
  for (const auto& x : vocabulary.heaviest(0, 5)) CHECK(x.ngrams.size() == 1);
  const TextClassifier none = TextClassifier::train(c.views(), c.labels, {{"hashBits", "4"}, {"heaviestNgrams", "0"}});
  for (const auto& x : none.heaviest(0, 5)) CHECK(x.ngrams.empty());
}

TEST_CASE("text classifier: bytes without the named columns (the first release) load; corrupt names are refused") {
  const Corpus c = corpus();
  // Re-sealed with a fresh checksum, so only the loader's own checks stand in the way.
  const auto sealed = [](std::vector<uint8_t> payload) {
    const uint64_t sum = fnv1a(payload.data(), payload.size());
    const auto* p = reinterpret_cast<const uint8_t*>(&sum);
    payload.insert(payload.end(), p, p + 8);
    return payload;
  };
  const TextClassifier unnamed = TextClassifier::train(c.views(), c.labels, {{"hashBits", "4"}, {"heaviestNgrams", "0"}});
  std::vector<uint8_t> bytes = unnamed.to_bytes();
  // an empty section is two zero counts (columns, n-grams) before the checksum: without them, the old layout
  const std::vector<uint8_t> old = sealed({bytes.begin(), bytes.end() - 8 - 16});
  const TextClassifier back = TextClassifier::from_bytes(old.data(), old.size());
  CHECK(back.predict({"cherry juice", "rain and snow"}) == unnamed.predict({"cherry juice", "rain and snow"}));
  CHECK(back.heaviest(0, 3).size() == 3);

  const TextClassifier named = TextClassifier::train(c.views(), c.labels, {{"hashBits", "4"}, {"heaviestNgrams", "1"}});
  bytes = named.to_bytes();
  const std::vector<uint8_t> payload(bytes.begin(), bytes.end() - 8);
  // The section: a u64 count n, n int32 columns, the u64 count n again and n strings (u32 length, bytes). It
  // is found as the one place where that layout reads to the end.
  uint64_t columns = 0;
  size_t section = 0;
  for (size_t start = 0; start + 8 <= payload.size(); ++start) {
    uint64_t n;
    std::memcpy(&n, &payload[start], 8);
    if (n == 0 || n > 64 || start + 8 + 4 * n + 8 > payload.size()) continue;
    uint64_t strings;
    std::memcpy(&strings, &payload[start + 8 + 4 * n], 8);
    if (strings != n) continue;
    size_t p = start + 8 + 4 * n + 8;
    bool fits = true;
    for (uint64_t s = 0; s < strings && fits; ++s) {
      uint32_t len = 0;
      if (p + 4 <= payload.size()) std::memcpy(&len, &payload[p], 4);
      p += 4 + size_t(len);
      fits = p <= payload.size();
    }
    if (fits && p == payload.size()) columns = n, section = start;
  }
  REQUIRE(columns > 0);
  std::vector<uint8_t> out_of_range = payload;
  const int32_t too_far = named.vectorizer().cols();
  std::memcpy(&out_of_range[section + 8], &too_far, 4);
  out_of_range = sealed(out_of_range);
  CHECK_THROWS_WITH(TextClassifier::from_bytes(out_of_range.data(), out_of_range.size()), Catch::Contains("named column 0"));
  std::vector<uint8_t> bad_kind = payload;
  bad_kind[section + 8 + 4 * columns + 8 + 4] = 'q';  // the first n-gram's kind byte
  bad_kind = sealed(bad_kind);
  CHECK_THROWS_WITH(TextClassifier::from_bytes(bad_kind.data(), bad_kind.size()), Catch::Contains("named column 0"));
  const std::vector<uint8_t> cut = sealed({payload.begin(), payload.end() - 1});
  CHECK_THROWS_AS(TextClassifier::from_bytes(cut.data(), cut.size()), InputError);
}
