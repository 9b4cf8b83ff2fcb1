// Compact chain models: the cumulative L1 penalty, zero rows dropped from the dictionary, zero weights
// dropped from the bytes, and 8/16-bit quantised weights.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/rng.hpp"
#include "learn/l1_penalty.hpp"
#include "io/quantized_weights.hpp"
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
