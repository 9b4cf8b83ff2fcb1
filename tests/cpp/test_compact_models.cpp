// Compact chain models: the cumulative L1 penalty, zero rows dropped from the dictionary, zero weights
// dropped from the bytes, and 8/16-bit quantised weights; the same storage for linear binary models.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "binary/binary_learners.hpp"
#include "binary/linear_model.hpp"
#include "core/rng.hpp"
#include "learn/l1_penalty.hpp"
#include "io/quantized_weights.hpp"
#include "model_bytes.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/word_lexicon.hpp"

using namespace argmax;

namespace {

// One example; each step adds η to w0 and −η/2 to w1.
struct Drift {
  int size() const { return 1; }
  size_t dim() const { return 2; }
  StepResult step(TrainedWeights& w, int, Surrogate, float eta) const {
    w.add(0, eta), w.add(1, -eta / 2);
    return {};
  }
};

// Tags follow the word; "x1".."x40" are noise words that appear with any tag.
void noisy_corpus(Sentences& tokens, Sentences& tags, int count, uint64_t seed) {
  const std::vector<std::string> det = {"the", "a"}, noun = {"dog", "cat", "car"}, verb = {"runs", "eats"};
  Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    std::vector<std::string> w, t;
    auto put = [&](const std::vector<std::string>& from, const char* tag) {
      w.push_back(from[rng.below(uint32_t(from.size()))]), t.push_back(tag);
    };
    put(det, "DET"), put(noun, "NOUN"), put(verb, "VERB");
    const int at = int(rng.below(3));
    w[at] += "/x" + std::to_string(rng.below(40));  // a noise feature beside the word
    tokens.push_back(w), tags.push_back(t);
  }
}

size_t nonzeros(const std::vector<float>& w) { return size_t(std::count_if(w.begin(), w.end(), [](float x) { return x != 0; })); }

// Sparse rows of 300 columns, each with 6 of the first 200 (the last 100 never occur); classes 0..2 by which of
// columns 0..2 a row has.
struct SparseClasses {
  OwnedRows rows;
  std::vector<int32_t> y;
};
SparseClasses sparse_classes(int m, uint64_t seed) {
  SparseClasses d;
  d.rows.cols = 300;
  Rng rng(seed);
  for (int i = 0; i < m; ++i) {
    const int32_t c = int32_t(rng.below(3));
    std::vector<int32_t> cols = {c};
    while (cols.size() < 6) cols.push_back(3 + int32_t(rng.below(197)));
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (int32_t j : cols) d.rows.indices.push_back(j), d.rows.values.push_back(float(0.5 + rng.uniform()));
    d.rows.offsets.push_back(int32_t(d.rows.indices.size()));
    d.y.push_back(c);
  }
  return d;
}

}  // namespace

TEST_CASE("the cumulative L1 penalty follows Tsuruoka et al.'s update", "[sequence][compact]") {
  OnlineConfig config;
  config.eta = 0.5, config.epochs = 4, config.average = false;
  auto both = [](int, auto&& f) { f(0), f(1); };
  // c = 0.2: every step pays η·c = 0.1 on each weight: w0 = 4·(0.5 − 0.1), w1 = −4·(0.25 − 0.1).
  std::vector<float> w = train_online_l1(Drift{}, config, 0.2, both, {});
  REQUIRE(w[0] == Approx(1.6));
  REQUIRE(w[1] == Approx(-0.6));
  // c = 0.6: the penalty (0.3 a step) outweighs w1's gradient (0.25): w1 is exactly 0.
  w = train_online_l1(Drift{}, config, 0.6, both, {});
  REQUIRE(w[0] == Approx(0.8));
  REQUIRE(w[1] == 0.f);
  // Averaged: the average keeps the last iterate's zeros.
  config.average = true;
  w = train_online_l1(Drift{}, config, 0.6, both, {});
  REQUIRE(w[0] == Approx((0.2 + 0.4 + 0.6 + 0.8) / 4));
  REQUIRE(w[1] == 0.f);
}

TEST_CASE("quantised weights: hand-computed values, the error bound, idempotence", "[sequence][compact]") {
  // 8 bits, one block with max |w| = 1: scale 1/64 (the smallest power of two with 127·s ≥ 1).
  std::vector<float> w = {0, 1.f, -0.5f, 0, 0.3f, 0.004f};
  quantize_weights(w, 8);
  REQUIRE(w == std::vector<float>{0, 1.f, -0.5f, 0, 19.f / 64, 0});  // 0.3·64 = 19.2; 0.004·64 rounds to 0
  Rng rng(3);
  for (int bits : {8, 16}) {
    std::vector<float> v(3000);
    for (float& x : v) x = rng.uniform() < 0.3 ? 0.f : float(rng.uniform() * 8 - 4);
    std::vector<float> q = v;
    quantize_weights(q, bits);
    const double level = double((1 << (bits - 1)) - 1);
    for (size_t j = 0; j < v.size(); ++j) REQUIRE(std::fabs(q[j] - v[j]) <= 4 / level);  // s/2 < max|w|/level
    std::vector<float> again = q;
    quantize_weights(again, bits);
    REQUIRE(again == q);
    // Stored and read back exactly.
    ByteWriter out("test");
    put_weights(out, q, bits);
    const std::vector<uint8_t> bytes = out.finish();
    ByteReader in(bytes.data(), bytes.size(), "test");
    int stored_bits = 0;
    REQUIRE(get_weights(in, q.size(), stored_bits) == q);
    REQUIRE(stored_bits == bits);
  }
  REQUIRE_THROWS_WITH(quantize_weights(w, 12), Catch::Contains("8, 16 or 32"));
}

TEST_CASE("zero weights take no bytes", "[sequence][compact]") {
  // 20 weights with 12 nonzeros, then 4 of them set to 0: 4 float values and 4 one-byte gaps fewer.
  std::vector<float> w(20, 0.f);
  for (int j = 0; j < 12; ++j) w[j] = float(j + 1);
  auto size_of = [](const std::vector<float>& v) {
    ByteWriter out("test");
    put_weights(out, v, 32);
    return out.finish().size();
  };
  const size_t full = size_of(w);
  for (int j : {2, 5, 7, 9}) w[j] = 0;
  REQUIRE(size_of(w) == full - 4 * (4 + 1));
  std::vector<float> none(20, 0.f);
  REQUIRE(size_of(none) == full - 12 * (4 + 1));
}

TEST_CASE("L1 finds exact zeros, drops unused features and shrinks the bytes", "[sequence][compact]") {
  Sentences tokens, tags, test_tokens, test_tags;
  noisy_corpus(tokens, tags, 300, 1);
  noisy_corpus(test_tokens, test_tags, 50, 2);
  const OptionList base = {{"trainer", "sgd"}, {"loss", "hinge"}, {"epochs", "5"}, {"templates", "word[0] lower[0] suffix2[0] bias"}};
  const SequenceModel dense = train_tagger(tokens, tags, base);
  OptionList sparse_options = base;
  sparse_options.emplace_back("l1", "0.02");
  const SequenceModel sparse = train_tagger(tokens, tags, sparse_options);
  REQUIRE(sparse.tag(test_tokens) == test_tags);
  REQUIRE(nonzeros(sparse.weights) < nonzeros(dense.weights) / 2);
  REQUIRE(sparse.feature_rows() < dense.feature_rows());
  // Every kept row has a nonzero weight, and the bytes hold one value per nonzero weight.
  const int k = int(sparse.labels.size());
  for (int f = 0; f < sparse.feature_rows(); ++f) {
    const float* row = sparse.weights.data() + sparse.layout().emission(f, 0);
    REQUIRE(std::any_of(row, row + k, [](float x) { return x != 0; }));
  }
  // Each weight L1 zeroed saves its 4-byte value and 1-byte gap at least (dropped rows save their keys too);
  // the saved options are the same for both.
  REQUIRE(dense.to_bytes().size() - sparse.to_bytes().size() >= 5 * (nonzeros(dense.weights) - nonzeros(sparse.weights)));
  const std::vector<uint8_t> bytes = sparse.to_bytes();
  const SequenceModel loaded = SequenceModel::from_bytes(bytes.data(), bytes.size());
  REQUIRE(loaded.weights == sparse.weights);
  REQUIRE(loaded.tag(test_tokens) == sparse.tag(test_tokens));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"l1", "0.1"}}), Catch::Contains("unknown option 'l1'"));
}

TEST_CASE("quantised and pruned models load and tag as the model they were saved from", "[sequence][compact]") {
  Sentences tokens, tags, test_tokens, test_tags;
  noisy_corpus(tokens, tags, 300, 3);
  noisy_corpus(test_tokens, test_tags, 200, 4);
  for (const char* bits : {"8", "16"})
    for (const char* hash : {"0", "10"}) {
      const SequenceModel m = train_tagger(tokens, tags, {{"weightBits", bits}, {"hashBits", hash}, {"minCount", "2"}});
      REQUIRE(m.weight_bits == std::stoi(bits));
      const std::vector<uint8_t> bytes = m.to_bytes();
      const SequenceModel loaded = SequenceModel::from_bytes(bytes.data(), bytes.size());
      REQUIRE(loaded.weights == m.weights);
      REQUIRE(loaded.weight_bits == m.weight_bits);
      SequenceBatch x;
      m.featurize(test_tokens, x);
      REQUIRE(loaded.decode(x) == m.decode(x));
      REQUIRE(loaded.to_bytes() == bytes);
      // Against the same model in float: the tags agree on this easy corpus.
      const SequenceModel exact = train_tagger(tokens, tags, {{"hashBits", hash}, {"minCount", "2"}});
      REQUIRE(exact.tag(test_tokens) == m.tag(test_tokens));
    }
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"weightBits", "12"}}), Catch::Contains("8, 16 or 32"));
}

TEST_CASE("a word lexicon round-trips through model bytes as fingerprint gaps and class ids", "[sequence][compact]") {
  // 2,000 words with classes from a few sets.
  std::string text;
  std::vector<std::string> words;
  for (int i = 0; i < 2000; ++i) {
    std::string w = "w" + std::to_string(i);
    words.push_back(w);
    text += w + "\t" + (i % 3 ? "NN" : "VB NN") + "\t" + (i % 5 ? "noun" : "verb") + "\n";
  }
  const WordLexicon lex = WordLexicon::parse(text);
  ByteWriter out("test");
  lex.save(out);
  const std::vector<uint8_t> bytes = out.finish();
  REQUIRE(bytes.size() < 2000 * (4 + 2) + 200);  // fingerprint gaps of ≤ 4 bytes, two one-byte class ids
  ByteReader in(bytes.data(), bytes.size(), "test");
  const WordLexicon again = WordLexicon::load(in);
  REQUIRE(again.words() == 2000);
  for (const std::string& w : words)
    for (int c = 0; c < 2; ++c) REQUIRE(again.value(again.find(w, w), c) == lex.value(lex.find(w, w), c));
  REQUIRE(again.find("zebra", "zebra").id < 0);
  REQUIRE(again.find("W7", "w7").lowered);
}

TEST_CASE("linear binary models in weightBits 16 or 8: the quantised weights, nonzeros only, in format version 4",
          "[binary][compact]") {
  const SparseClasses d = sparse_classes(120, 5);
  std::vector<int8_t> signs;
  for (int32_t c : d.y) signs.push_back(c == 0 ? 1 : -1);
  const BinarySample sample = BinarySample::all(d.rows.view(), signs);
  const auto full = make_binary_trainer("linear", {})(sample, 1);
  const auto& w32 = dynamic_cast<const LinearBinaryModel&>(*full).weights();
  REQUIRE(nonzeros(w32) <= 200);  // the columns no row has stay 0
  const auto bytes32 = full->to_bytes();
  CHECK(bytes32[8] == 3);  // 32 bits: the layout of every earlier model
  CHECK(make_binary_trainer("linear", {{"weightBits", "32"}})(sample, 1)->to_bytes() == bytes32);
  for (int bits : {16, 8}) {
    INFO(bits);
    const auto model = make_binary_trainer("linear", {{"weightBits", std::to_string(bits)}})(sample, 1);
    const auto& linear = dynamic_cast<const LinearBinaryModel&>(*model);
    std::vector<float> expected = w32;
    quantize_weights(expected, bits);
    CHECK(linear.weights() == expected);  // the same training, then Multiclass's rounding
    CHECK(linear.bias() == dynamic_cast<const LinearBinaryModel&>(*full).bias());
    CHECK(linear.weight_bits() == bits);
    CHECK(model->trainer == "dcd");
    CHECK(model->loss == "squared-hinge");
    const auto bytes = model->to_bytes();
    CHECK(bytes[8] == 4);
    CHECK(bytes.size() < bytes32.size() / 2);
    const auto again = BinaryModel::from_bytes(bytes.data(), bytes.size());
    const auto& loaded = dynamic_cast<const LinearBinaryModel&>(*again);
    CHECK(loaded.weights() == linear.weights());
    CHECK(loaded.weight_bits() == bits);
    CHECK(loaded.bias() == linear.bias());
    CHECK(again->trainer == "dcd");

    // Reductions and binary relevance hold them in version 4 too, and score as before saving.
    ReductionConfig config;
    config.learner_options = {{"weightBits", std::to_string(bits)}};
    const ReductionModel reduction = ReductionModel::train_on_labels(d.rows.view(), d.y.data(), config);
    const auto reduction_bytes = reduction.to_bytes();
    CHECK(reduction_bytes[8] == 4);
    const ReductionModel reloaded = ReductionModel::from_bytes(reduction_bytes.data(), reduction_bytes.size());
    std::vector<float> f(size_t(120) * 3), g(f.size());
    reduction.confidences(d.rows.view(), f.data());
    reloaded.confidences(d.rows.view(), g.data());
    CHECK(f == g);
    const BinaryRelevanceModel relevance = BinaryRelevanceModel::train(
        d.rows.view(), LabelMatrix::from_classes(d.y, 3), "linear", {{"weightBits", std::to_string(bits)}});
    const auto relevance_bytes = relevance.to_bytes();
    CHECK(relevance_bytes[8] == 4);
    const BinaryRelevanceModel relevance_again = BinaryRelevanceModel::from_bytes(relevance_bytes.data(), relevance_bytes.size());
    relevance.scores(d.rows.view(), f.data());
    relevance_again.scores(d.rows.view(), g.data());
    CHECK(f == g);
  }
}

TEST_CASE("linear binary weights: bad bits and corrupt compact bytes are clear errors", "[binary][compact]") {
  const SparseClasses d = sparse_classes(60, 6);
  std::vector<int8_t> signs;
  for (int32_t c : d.y) signs.push_back(c == 1 ? 1 : -1);
  const BinarySample sample = BinarySample::all(d.rows.view(), signs);
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"weightBits", "12"}}), Catch::Contains("weight bits must be 8, 16 or 32"));
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"weightBits", "8"}}), Catch::Contains("weightBits"));
  const auto bytes = make_binary_trainer("linear", {{"weightBits", "8"}})(sample, 1)->to_bytes();
  // The payload after the learner, trainer and loss: the weights' columns (int32), then put_weights' bits and columns.
  uint8_t head[13] = {44, 1, 0, 0, 8, 44, 1};  // 300, 8, 300 (little-endian)
  const auto at = std::search(bytes.begin() + 12, bytes.end() - 8, head, head + 13);
  REQUIRE(at != bytes.end() - 8);
  const size_t p = size_t(at - bytes.begin());
  auto negative = bytes;
  const int32_t minus_one = -1, fewer = 299;
  std::memcpy(&negative[p], &minus_one, 4);
  negative = test::with_checksum(negative);
  CHECK_THROWS_WITH(BinaryModel::from_bytes(negative.data(), negative.size()), Catch::Contains("model bytes are corrupt (a negative number of weights)"));
  auto mismatched = bytes;
  std::memcpy(&mismatched[p], &fewer, 4);
  mismatched = test::with_checksum(mismatched);
  CHECK_THROWS_WITH(BinaryModel::from_bytes(mismatched.data(), mismatched.size()), Catch::Contains("model has 300 weights, expected 299"));
  auto truncated = std::vector<uint8_t>(bytes.begin(), bytes.end() - 12);
  truncated.resize(truncated.size() + 8);
  truncated = test::with_checksum(truncated);
  CHECK_THROWS_AS(BinaryModel::from_bytes(truncated.data(), truncated.size()), InputError);
}
