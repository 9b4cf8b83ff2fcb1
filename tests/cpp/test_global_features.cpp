// Global features of whole labellings: hand-computed feature vectors, reranking against enumeration of
// every labelling, and training on data no first-order chain can fit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "sequence/global_features.hpp"
#include "sequence/rerank.hpp"
#include "sequence/sequence_trainer.hpp"
#include "chains.hpp"

using namespace argmax;

namespace {

using Features = std::vector<std::pair<int32_t, float>>;

Features sorted(Features f) {
  std::sort(f.begin(), f.end());
  return f;
}

double total(const ChainScores& s, const GlobalFeatures& g, const std::vector<float>& v, const std::vector<int>& y) {
  Features f;
  g.extract(y.data(), int(y.size()), f);
  double t = s.score(y.data());
  for (const auto& [j, value] : f) t += double(v[j]) * value;
  return t;
}

// Sentences over {w, n} with at least one w; the first w is V, every other token N. A first-order chain
// cannot fit both "n w" → N V and "w n w" → V N N: the last position compares the same two endings
// (N→N, w as N, end N against N→V, w as V, end V) with the same preceding label N.
void first_w_is_verb(Sentences& tokens, Sentences& tags) {
  tokens = {{"n", "w"}, {"w", "n", "w"}};
  Rng rng(7);
  while (tokens.size() < 60) {
    std::vector<std::string> s(2 + rng.below(5));
    for (auto& t : s) t = rng.uniform() < 0.4 ? "w" : "n";
    if (std::find(s.begin(), s.end(), "w") != s.end()) tokens.push_back(s);
  }
  for (const auto& s : tokens) {
    std::vector<std::string> t(s.size(), "N");
    t[std::find(s.begin(), s.end(), "w") - s.begin()] = "V";
    tags.push_back(t);
  }
}

double training_accuracy(const SequenceModel& m, const Sentences& tokens, const Sentences& tags) {
  const Sentences predicted = m.tag(tokens);
  double right = 0, all = 0;
  for (size_t i = 0; i < tags.size(); ++i)
    for (size_t t = 0; t < tags[i].size(); ++t) right += predicted[i][t] == tags[i][t], ++all;
  return right / all;
}

}  // namespace

TEST_CASE("global feature templates give the hand-computed g(y)", "[sequence][global]") {
  const GlobalFeatures g("has count before lexicon", {"D", "N", "V"}, "DNV NV");
  REQUIRE(g.size() == 3 + 3 + 9 + 1);
  Features f;
  const std::vector<int> y = {0, 1, 2, 1};  // D N V N
  g.extract(y.data(), 4, f);
  const Features expected = {
      {0, 1}, {1, 1}, {2, 1},                                   // has D, N, V
      {3, 1}, {4, 2}, {5, 1},                                   // count D, N, V
      {6 + 0 * 3 + 1, 1}, {6 + 0 * 3 + 2, 1}, {6 + 1 * 3 + 2, 1},  // D<N, D<V, N<V
      {6 + 2 * 3 + 1, 1}, {6 + 1 * 3 + 1, 1},                   // V<N, N<N
  };
  CHECK(sorted(f) == sorted(expected));  // "DNVN" is not in the lexicon
  const std::vector<int> word = {1, 2};  // N V
  g.extract(word.data(), 2, f);
  CHECK(std::count(f.begin(), f.end(), std::pair<int32_t, float>{15, 1.f}) == 1);
  g.extract(nullptr, 0, f);
  CHECK(f.empty());

  REQUIRE_THROWS_WITH(GlobalFeatures("has verbs", {"N"}, ""), Catch::Contains("unknown global feature template 'verbs'"));
  REQUIRE_THROWS_WITH(GlobalFeatures("has has", {"N"}, ""), Catch::Contains("given twice"));
  REQUIRE_THROWS_WITH(GlobalFeatures("lexicon", {"N"}, " "), Catch::Contains("needs its word list"));
  REQUIRE_THROWS_WITH(GlobalFeatures("has", {"N"}, "word"), Catch::Contains("read only by"));
}

TEST_CASE("reranking every labelling is the exact argmax of chain score plus global score", "[sequence][global]") {
  Rng rng(11);
  const int n = 4, k = 3, all = 81;
  const GlobalFeatures g("has count before", {"a", "b", "c"}, "");
  for (int trial = 0; trial < 20; ++trial) {
    const ChainScores s = random_scores(rng, n, k);
    std::vector<float> v(size_t(g.size()));
    for (float& x : v) x = float(rng.uniform() * 4 - 2);
    std::vector<int> gold(n);
    for (int& y : gold) y = int(rng.below(k));
    const float loss = 0.75f;
    double best = -std::numeric_limits<double>::infinity(), best_augmented = best;
    std::vector<int> argmax_y, argmax_augmented;
    for_each_labelling(n, k, [&](const std::vector<int>& y) {
      const double t = total(s, g, v, y);
      int m = 0;
      for (int i = 0; i < n; ++i) m += y[i] != gold[i];
      if (t > best) best = t, argmax_y = y;
      if (t + loss * m > best_augmented) best_augmented = t + loss * m, argmax_augmented = y;
    });
    const LabelPath p = rerank(s, s, g, v.data(), 1.f, all);
    CHECK(p.labels == argmax_y);
    CHECK(p.score == Approx(best).epsilon(1e-6));
    ChainScores augmented = s;
    add_node_loss(augmented, gold.data(), hamming_delta(k), loss);
    const LabelPath q = rerank(augmented, s, g, v.data(), 1.f, all, gold.data(), loss);
    CHECK(q.labels == argmax_augmented);
    CHECK(q.score == Approx(best_augmented).epsilon(1e-6));
  }
}

TEST_CASE("with fewer candidates, reranking picks the best total among the chain's top count", "[sequence][global]") {
  Rng rng(12);
  const int n = 4, k = 3, count = 5;
  const GlobalFeatures g("count before", {"a", "b", "c"}, "");
  const ChainScores s = random_scores(rng, n, k);
  std::vector<float> v(size_t(g.size()));
  for (float& x : v) x = float(rng.uniform() * 6 - 3);
  std::vector<std::pair<double, std::vector<int>>> labellings;
  for_each_labelling(n, k, [&](const std::vector<int>& y) { labellings.emplace_back(s.score(y.data()), y); });
  std::sort(labellings.begin(), labellings.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  double best = -std::numeric_limits<double>::infinity();
  std::vector<int> expected;
  for (int c = 0; c < count; ++c) {
    const double t = total(s, g, v, labellings[c].second);
    if (t > best) best = t, expected = labellings[c].second;
  }
  CHECK(rerank(s, s, g, v.data(), 1.f, count).labels == expected);
}

TEST_CASE("a margin-rescaled step always updates on a wrong prediction, whatever the global weights", "[sequence][global]") {
  // One sentence of n tokens (token t has feature t), k letters. The lexicon holds the gold word and a word
  // one letter away, which the chain prefers (emissions favour its letters by 0.05–0.15 a position;
  // transitions move a score by < 0.02). With the lexicon weight lifting both, the prediction is that word
  // and wrong. Each mistake adds 1/6, more than any emission gap, to the loss-augmented scores, so that
  // list holds words wrong at every position and outside the lexicon: none of them violates the margin by
  // itself once the lexicon weight passes 1.
  Rng rng(13);
  const int n = 6, k = 4;
  const std::vector<std::string> labels = {"a", "b", "c", "d"};
  for (int trial = 0; trial < 100; ++trial) {
    SequenceBatch x;
    for (int t = 0; t < n; ++t) x.ids.push_back(t), x.ends.push_back(t + 1), x.labels.push_back(int32_t(rng.below(k)));
    x.starts.push_back(n);
    std::vector<int32_t> preferred(x.labels);
    preferred[0] = (preferred[0] + 1 + int32_t(rng.below(k - 1))) % k;
    std::string gold_word, preferred_word;
    for (int t = 0; t < n; ++t) gold_word += labels[x.labels[t]], preferred_word += labels[preferred[t]];
    const GlobalFeatures g("lexicon", labels, gold_word + " " + preferred_word);
    const ChainLayout layout{n, k};
    const RerankProblem problem(x, layout, g, 3);
    std::vector<float> start(problem.dim());
    for (float& w : start) w = float(rng.uniform() * 0.01 - 0.005);
    for (int t = 0; t < n; ++t)
      for (int y = 0; y < k; ++y) start[layout.emission(t, y)] = float(rng.uniform() * 0.05) + (y == preferred[t] ? 0.1f : 0.f);
    start[layout.dim()] = float(1.5 + rng.uniform() * 20);
    TrainedWeights w(start, false);
    const StepResult r = problem.step(w, 0, Surrogate::MarginRescaled, 0.1f);
    REQUIRE(r.error == Approx(1.0 / n));
    CHECK(r.updated);
    CHECK(r.surrogate >= r.error);  // ℓ ≥ Δ(ŷ, y) + S(ŷ) − S(y) with ŷ the prediction, and S(ŷ) > S(y)
  }
}

TEST_CASE("global features fit what no first-order chain can, and survive save and load", "[sequence][global]") {
  Sentences tokens, tags;
  first_w_is_verb(tokens, tags);
  // Node features of the current word only (so no token context tells the first w apart): without
  // global features at least one of the two sentences above is wrong (see first_w_is_verb).
  const OptionList word = {{"average", "false"}, {"epochs", "50"}, {"features", "custom"}, {"templates", "word[0] bias"}};
  const SequenceModel chain = train_tagger(tokens, tags, word);
  const Sentences pair = chain.tag({{"n", "w"}, {"w", "n", "w"}});
  CHECK_FALSE((pair[0] == std::vector<std::string>{"N", "V"} && pair[1] == std::vector<std::string>{"V", "N", "N"}));
  CHECK(training_accuracy(chain, tokens, tags) < 1.0);
  // With `has count` and every labelling as a candidate (2⁶ = 64), the perceptron separates the data.
  OptionList options = word;
  options.insert(options.end(), {{"global", "has count"}, {"candidates", "64"}});
  const SequenceModel reranked = train_tagger(tokens, tags, options);
  CHECK(training_accuracy(reranked, tokens, tags) == 1.0);
  REQUIRE(reranked.global_weights.size() == 4);
  const std::vector<uint8_t> bytes = reranked.to_bytes();
  const SequenceModel loaded = SequenceModel::from_bytes(bytes.data(), bytes.size());
  CHECK(loaded.global.templates() == "has count");
  CHECK(loaded.candidates == 64);
  CHECK(loaded.tag(tokens) == reranked.tag(tokens));
  CHECK(loaded.to_bytes() == bytes);
  // Bytes may claim no more candidates than training allows: each claimed one costs every tagging call memory.
  SequenceModel greedy = loaded;
  greedy.candidates = SequenceModel::kMaxCandidates;
  const std::vector<uint8_t> most = greedy.to_bytes();
  CHECK(SequenceModel::from_bytes(most.data(), most.size()).candidates == SequenceModel::kMaxCandidates);
  greedy.candidates = SequenceModel::kMaxCandidates + 1;
  const std::vector<uint8_t> too_many = greedy.to_bytes();
  CHECK_THROWS_WITH(SequenceModel::from_bytes(too_many.data(), too_many.size()),
                    Catch::Contains("sequence model has 100001 reranking candidates (1 to 100000)"));
  // The margin-rescaled structured SVM trains them too.
  const SequenceModel svm = train_tagger(tokens, tags, {{"trainer", "sgd"}, {"loss", "hinge"}, {"epochs", "50"}, {"features", "custom"},
      {"templates", "word[0] bias"}, {"global", "has count"}, {"candidates", "64"}});
  CHECK(training_accuracy(svm, tokens, tags) > training_accuracy(chain, tokens, tags));
}

TEST_CASE("global feature options are checked", "[sequence][global]") {
  const Sentences tokens = {{"a", "b"}}, tags = {{"X", "Y"}};
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"global", "has"}, {"candidates", "0"}}), Catch::Contains("candidates"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"global", "has"}, {"trainer", "lbfgs"}}),
                      Catch::Contains("global features are trained by the perceptron or by sgd or pegasos on the hinge loss"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"global", "has"}, {"trainer", "sgd"}, {"loss", "log"}}),
                      Catch::Contains("on the hinge loss"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"global", "lexicon"}}), Catch::Contains("needs its word list"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"globalWords", "ab"}}), Catch::Contains("read only by"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"global", " "}}), Catch::Contains("lists no template"));
  const SequenceModel m = train_tagger(tokens, tags, {{"global", "has"}});
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {}, {}, &m), Catch::Contains("warm-start from a model with global features"));
}
