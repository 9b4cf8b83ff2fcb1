// Iterative parameter mixing: the shard split, the mix by hand, one shard replaying the serial trainer bit for
// bit (taggers, multiclass and rankers), and the mixed perceptron within McDonald, Hall & Mann's mistake bound on
// separable data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/rng.hpp"
#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"
#include "metrics/ranking_metrics.hpp"
#include "multiclass/multiclass_shard_trainer.hpp"
#include "options_helpers.hpp"
#include "ranking/ranker_shard_trainer.hpp"
#include "sequence/chain_shard_trainer.hpp"

using namespace argmax;

namespace {

// Rounds of mixing as the JS coordinator runs them: every shard admits every shard's candidates, then runs one
// epoch a round, followed by the mix by shard size, until the epochs run out or every shard's epoch would end
// serial training. Returns the finished model's bytes, which every shard must agree on.
template <class Trainer>
std::vector<uint8_t> run_rounds(const std::vector<std::unique_ptr<Trainer>>& trainers) {
  std::vector<FeatureCandidates> candidates;
  for (auto& t : trainers) candidates.push_back(t->candidates());
  for (auto& t : trainers) t->admit(candidates);
  std::vector<double> mu;
  int m = 0;
  for (auto& t : trainers) m += t->examples();
  for (auto& t : trainers) mu.push_back(double(t->examples()) / double(m));
  for (int epoch = 1; epoch <= trainers[0]->epochs(); ++epoch) {
    std::vector<WeightChanges> changes;
    bool last = true;
    for (auto& t : trainers) {
      t->rounds().run_epoch(epoch);
      changes.push_back(t->rounds().changes());
      last = last && t->rounds().last();
    }
    if (trainers.size() > 1)
      for (auto& t : trainers) t->rounds().mix(changes, mu);
    if (last) break;
  }
  std::vector<std::vector<uint8_t>> models;
  for (auto& t : trainers) models.push_back(t->finish().to_bytes());
  for (const auto& m : models) REQUIRE(m == models[0]);  // every shard holds the same mix
  return models[0];
}

SequenceModel train_mixed(const Sentences& tokens, const Sentences& tags, const OptionList& options, int shards) {
  std::vector<std::unique_ptr<ChainShardTrainer>> trainers;
  for (int i = 0; i < shards; ++i)
    trainers.push_back(std::make_unique<ChainShardTrainer>(prepare_tagger_shard(tokens, tags, options, nullptr, {}, shards, i),
                                                           shards, i));
  const std::vector<uint8_t> bytes = run_rounds(trainers);
  return SequenceModel::from_bytes(bytes.data(), bytes.size());
}

std::vector<uint8_t> train_mixed(const OwnedRows& x, const std::vector<int32_t>& y, const std::string& algo,
                                 const OptionList& options, int shards) {
  std::vector<std::unique_ptr<MulticlassShardTrainer>> trainers;
  for (int i = 0; i < shards; ++i)
    trainers.push_back(std::make_unique<MulticlassShardTrainer>(x.view(), y, with_trainer(algo, options), std::vector<float>{}, shards, i));
  return run_rounds(trainers);
}

std::vector<uint8_t> train_mixed(const OwnedQueries& data, const OptionList& options, int shards) {
  std::vector<std::unique_ptr<RankerShardTrainer>> trainers;
  for (int i = 0; i < shards; ++i) trainers.push_back(std::make_unique<RankerShardTrainer>(data.view(), options, shards, i));
  return run_rounds(trainers);
}

// `queries` queries of 2..9 documents in [-1, 1]^3 graded 0..3 by a hidden linear score ± noise; every query
// has a relevant document and two grades, so every one is learnable for ndcg, kendall and f1.
OwnedQueries graded_queries(Rng& rng, int queries) {
  OwnedQueries data;
  data.features = OwnedRows::dense(3);
  for (int q = 0; q < queries; ++q) {
    const int r = 2 + int(rng.below(8));
    for (int d = 0; d < r; ++d) {
      double t = 0;
      for (int j = 0; j < 3; ++j) {
        const float x = float(rng.uniform() * 2 - 1);
        data.features.values.push_back(x);
        t += (j == 0 ? 1.0 : j == 1 ? -0.5 : 0.25) * x;
      }
      data.relevance.push_back(float(d < 2 ? 1 - d : std::clamp(int(std::floor(t + 1.5 + 0.3 * rng.uniform())), 0, 3)));
    }
    data.offsets.push_back(data.offsets.back() + r);
  }
  return data;
}

// The queries of `data` whose indices are listed, in that order.
OwnedQueries subset(const OwnedQueries& data, const std::vector<int>& queries) {
  OwnedQueries out;
  out.features = OwnedRows::dense(data.features.cols);
  for (int q : queries)
    for (int32_t i = data.offsets[q]; i < data.offsets[q + 1]; ++i) {
      const auto row = data.features.values.begin() + i * data.features.cols;
      out.features.values.insert(out.features.values.end(), row, row + data.features.cols);
      out.relevance.push_back(data.relevance[size_t(i)]);
    }
  for (int q : queries) out.offsets.push_back(out.offsets.back() + data.offsets[q + 1] - data.offsets[q]);
  return out;
}

// Points in [-1, 1]^2 labelled by the nearest of three centres, those within `gap` of a tie dropped (so with
// gap > 0 the classes are linearly separable with a margin), plus `noise` of the labels drawn at random.
void labelled_points(Rng& rng, int m, double gap, double noise, OwnedRows& x, std::vector<int32_t>& y) {
  const double centres[3][2] = {{-0.6, -0.5}, {0.7, -0.4}, {0.0, 0.7}};
  x.sparse = false, x.cols = 2;
  while (int(y.size()) < m) {
    const double a = rng.uniform() * 2 - 1, b = rng.uniform() * 2 - 1;
    double d[3];
    for (int c = 0; c < 3; ++c) d[c] = std::hypot(a - centres[c][0], b - centres[c][1]);
    const int best = int(std::min_element(d, d + 3) - d);
    double second = 1e9;
    for (int c = 0; c < 3; ++c)
      if (c != best) second = std::min(second, d[c]);
    if (second - d[best] < gap) continue;
    x.values.push_back(float(a)), x.values.push_back(float(b));
    y.push_back(rng.uniform() < noise ? int32_t(rng.below(3)) : int32_t(10 * best));
  }
}

// Sentences over 12 words whose tag depends on the word and on the word before it.
void tagged_sentences(Rng& rng, int m, Sentences& tokens, Sentences& tags) {
  for (int i = 0; i < m; ++i) {
    const int n = 1 + int(rng.below(7));
    std::vector<std::string> s, t;
    for (int p = 0; p < n; ++p) {
      const int w = int(rng.below(12));
      s.push_back("w" + std::to_string(w));
      t.push_back(w < 4 ? "A" : w < 8 ? "B" : (p > 0 && t.back() == "A") ? "C" : "B");
    }
    tokens.push_back(s), tags.push_back(t);
  }
}

// Binary perceptron steps on points x with labels ±1: a mistake (y⟨w, x⟩ ≤ 0) adds y·x.
struct SeparablePoints {
  std::vector<std::vector<float>> x;
  std::vector<int> y;
  int size() const { return int(x.size()); }
  size_t dim() const { return x[0].size(); }
  StepResult step(TrainedWeights& w, int i, Surrogate, float eta) const {
    double score = 0;
    for (size_t j = 0; j < dim(); ++j) score += w.view()[j] * x[i][j];
    StepResult r;
    if (y[i] * score > 0) return r;
    for (size_t j = 0; j < dim(); ++j) w.add(j, eta * float(y[i]) * x[i][j]);
    r.error = 1, r.updated = true;
    return r;
  }
};

}  // namespace

TEST_CASE("shards partition the examples, deterministically and evenly", "[mixing]") {
  for (int shards : {1, 2, 3, 8}) {
    std::vector<int> seen;
    for (int s = 0; s < shards; ++s) {
      const std::vector<int> mine = shard_examples(100, shards, s, 7);
      REQUIRE(mine == shard_examples(100, shards, s, 7));
      REQUIRE(std::is_sorted(mine.begin(), mine.end()));
      REQUIRE(std::abs(int(mine.size()) - 100 / shards) <= 1);
      seen.insert(seen.end(), mine.begin(), mine.end());
    }
    std::sort(seen.begin(), seen.end());
    REQUIRE(seen == all_examples(100));
  }
  REQUIRE(shard_examples(100, 2, 0, 7) != shard_examples(100, 2, 0, 8));
}

TEST_CASE("mixing weighs the weights and the running sums alike", "[mixing]") {
  // Two shards from the same base w = [1, 2, 3] (one step taken, so Σ w_t = [1, 2, 3]); shard A adds
  // [0, 1, 0] in one step, shard B [0, 0, 2] in two steps, 1/4 and 3/4 of the data.
  TrainedWeights a(std::vector<float>{1, 2, 3}, true);
  a.end_step();
  a.track_changes();
  TrainedWeights b = a;
  a.add(1, 1), a.end_step();            // w = [1, 3, 3]; Σ w_t = [2, 5, 6] over 2 steps
  b.add(2, 2), b.end_step(), b.end_step();  // w = [1, 2, 5]; Σ w_t = [3, 6, 13] over 3 steps
  REQUIRE(a.changes().index == std::vector<uint32_t>{1});
  const std::vector<WeightChanges> all = {a.changes(), b.changes()};
  a.mix(all, {0.25, 0.75});
  b.mix(all, {0.25, 0.75});
  // w = ¼[1, 3, 3] + ¾[1, 2, 5] = [1, 2.25, 4.5]; Σ w_t = ¼[2, 5, 6] + ¾[3, 6, 13] = [2.75, 5.75, 11.25] over 2.75.
  REQUIRE(a.current() == std::vector<float>{1, 2.25f, 4.5f});
  REQUIRE(a.steps() == 2.75);
  const std::vector<float> average = a.average();
  REQUIRE(average[0] == Approx(1.0));
  REQUIRE(average[1] == Approx(5.75 / 2.75));
  REQUIRE(average[2] == Approx(11.25 / 2.75));
  REQUIRE((b.current() == a.current() && b.average() == a.average()));  // both shards hold the same mix
  REQUIRE(a.changes().index.empty());                                   // tracking starts again
  WeightChanges bad = all[0];
  bad.index = {7};
  REQUIRE_THROWS_WITH(a.mix({bad, all[1]}, {0.5, 0.5}), Catch::Contains("increasing order, below 3"));
}

TEST_CASE("mixing one shard gives the serial trainer's model bit for bit", "[mixing]") {
  Rng rng(31);
  Sentences tokens, tags;
  tagged_sentences(rng, 80, tokens, tags);
  const std::vector<OptionList> runs = {
      {{"trainer", "perceptron"}, {"epochs", "4"}},
      {{"trainer", "pegasos"}, {"loss", "hinge"}, {"epochs", "3"}, {"lambda", "0.01"}},
      {{"trainer", "sgd"}, {"loss", "slack"}, {"epochs", "3"}},
      {{"trainer", "sgd"}, {"loss", "log"}, {"epochs", "3"}, {"lambda", "0.0025"}},  // 0.1's c2 = 0.1: λ = 2·c2/m
      {{"trainer", "sgd"}, {"loss", "softmax-margin"}, {"epochs", "2"}, {"average", "false"}},
  };
  for (const auto& options : runs) {
    INFO(options[0].second << " " << (options[1].first == "loss" ? options[1].second : ""));
    REQUIRE(train_mixed(tokens, tags, options, 1).to_bytes() == train_tagger(tokens, tags, options).to_bytes());
  }
}

TEST_CASE("shards admit every shard's new feature keys alike, counting them over all shards", "[mixing]") {
  // Shard 0 met keys 5 (once) and 7 (twice), shard 1 keys 9 (once) and 5 (once); with min_count 2, 5 and 7 are
  // admitted, in that order (shard 0's first), and 9 is not.
  const std::vector<FeatureCandidates> all = {{{5, 7}, {1, 2}}, {{9, 5}, {1, 1}}};
  FeatureIndex a = FeatureIndex::dictionary({}), b = FeatureIndex::dictionary({});
  REQUIRE(a.admit(all, 0, 2) == std::vector<int32_t>{0, 1});
  REQUIRE(b.admit(all, 1, 2) == std::vector<int32_t>{-1, 0});
  REQUIRE((a.keys() == std::vector<uint64_t>{5, 7} && b.keys() == a.keys()));
  FeatureIndex known = FeatureIndex::dictionary({3});  // a warm start's keys keep their rows
  REQUIRE(known.admit(all, 1, 1) == std::vector<int32_t>{3, 1});
  REQUIRE(known.keys() == std::vector<uint64_t>{3, 5, 7, 9});
  REQUIRE_THROWS_WITH(known.admit({{{1}, {}}}, 0, 1), Catch::Contains("1 keys but 0 counts"));
}

TEST_CASE("sharded featurisation admits the serial dictionary's keys", "[mixing]") {
  Rng rng(34);
  Sentences tokens, tags;
  tagged_sentences(rng, 60, tokens, tags);
  for (const std::string min_count : {"1", "3"}) {
    const OptionList options = {{"minCount", min_count}};
    const TaggerData serial = prepare_tagger(tokens, tags, options);
    std::vector<uint64_t> expected = serial.model.index.keys();
    std::sort(expected.begin(), expected.end());
    std::vector<TaggerShard> shards;
    std::vector<FeatureCandidates> all;
    for (int i = 0; i < 3; ++i) {
      shards.push_back(prepare_tagger_shard(tokens, tags, options, nullptr, {}, 3, i));
      all.push_back(shards.back().candidates);
    }
    int64_t occurrences = 0;
    for (size_t i = 0; i < shards.size(); ++i) {
      admit_features(shards[i], all, i);
      std::vector<uint64_t> keys = shards[i].data.model.index.keys();
      REQUIRE(keys == shards[0].data.model.index.keys());
      std::sort(keys.begin(), keys.end());
      REQUIRE(keys == expected);
      occurrences += int64_t(shards[i].data.batch.ids.size());
    }
    REQUIRE(occurrences == int64_t(serial.batch.ids.size()));  // the rare keys are dropped in every shard alike
  }
}

TEST_CASE("several shards learn the task, the same model on every run", "[mixing]") {
  Rng rng(32);
  Sentences tokens, tags;
  tagged_sentences(rng, 200, tokens, tags);
  const OptionList options = {{"trainer", "perceptron"}, {"epochs", "8"}};
  const SequenceModel a = train_mixed(tokens, tags, options, 3);
  REQUIRE(a.to_bytes() == train_mixed(tokens, tags, options, 3).to_bytes());
  SequenceBatch x;
  a.featurize(tokens, x);
  const std::vector<int32_t> predicted = a.decode(x, nullptr, nullptr);
  long correct = 0, total = 0;
  for (const auto& s : tags)
    for (const auto& t : s) correct += a.labels[predicted[total++]] == t;
  REQUIRE(double(correct) / double(total) > 0.95);
}

TEST_CASE("the mixed perceptron makes at most R²/γ² mistakes on separable data", "[mixing]") {
  // McDonald, Hall & Mann (2010), Theorem 3: Σ_rounds Σ_i μ_i k_i ≤ R²/γ², k_i the mistakes of shard i in the
  // round; so the mixed weights separate the data after finitely many rounds.
  Rng rng(33);
  const std::vector<float> u = {0.6f, -0.8f, 0.0f};  // ‖u‖ = 1; the last coordinate is a constant 1 (bias)
  SeparablePoints data;
  double R = 0, gamma = 1e9;
  while (data.size() < 300) {
    std::vector<float> x = {float(rng.uniform() * 2 - 1), float(rng.uniform() * 2 - 1), 1.0f};
    const double margin = u[0] * x[0] + u[1] * x[1];
    if (std::abs(margin) < 0.1) continue;
    data.x.push_back(x), data.y.push_back(margin > 0 ? 1 : -1);
    R = std::max(R, std::sqrt(double(x[0]) * x[0] + double(x[1]) * x[1] + 1.0));
    gamma = std::min(gamma, std::abs(margin));
  }
  const int shards = 4;
  OnlineConfig config;
  config.surrogate = Surrogate::Perceptron, config.average = false;
  std::vector<OnlineConfig> configs(shards, config);
  std::vector<OnlineEpochs<SeparablePoints>> epochs;
  TrainedWeights start(data.dim(), false);
  start.track_changes();
  std::vector<TrainedWeights> weights(shards, start);
  std::vector<double> mu;
  for (int i = 0; i < shards; ++i) {
    configs[i].seed = shard_seed(5, i);
    epochs.emplace_back(data, configs[i], shard_examples(data.size(), shards, i, 5));
    mu.push_back(double(epochs[i].examples()) / data.size());
  }
  double mixed_mistakes = 0;
  int rounds = 0;
  for (bool clean = false; !clean; ++rounds) {
    REQUIRE(rounds < 1000);
    clean = true;
    std::vector<WeightChanges> changes;
    for (int i = 0; i < shards; ++i) {
      const EpochTotals e = epochs[i].run(weights[i]);
      mixed_mistakes += mu[i] * e.error, clean = clean && e.error == 0;
      changes.push_back(weights[i].changes());
    }
    for (auto& w : weights) w.mix(changes, mu);
  }
  REQUIRE(mixed_mistakes <= R * R / (gamma * gamma));
  const std::vector<float> w = weights[0].current();
  for (int i = 0; i < data.size(); ++i)
    REQUIRE(data.y[i] * (w[0] * data.x[i][0] + w[1] * data.x[i][1] + w[2]) > 0);
}

TEST_CASE("mixing one multiclass shard gives the serial trainer's model bit for bit", "[mixing]") {
  Rng rng(35);
  OwnedRows x;
  std::vector<int32_t> y;
  labelled_points(rng, 150, 0, 0.1, x, y);
  const std::vector<std::pair<std::string, OptionList>> runs = {
      {"sgd", {{"epochs", "3"}}},
      {"sgd", {{"epochs", "2"}, {"loss", "log"}, {"lambda", "0.01"}, {"bias", "1"}, {"scale", "standard"}}},
      {"pegasos", {{"epochs", "3"}, {"lambda", "0.01"}}},
      {"perceptron", {{"epochs", "5"}, {"average", "true"}, {"bias", "1"}}},
  };
  for (const auto& [algo, options] : runs) {
    INFO(algo);
    REQUIRE(train_mixed(x, y, algo, options, 1) == LinearMulticlass::train(x.view(), y, with_trainer(algo, options), {}).to_bytes());
  }
  // On separable data the perceptron stops after its first pass without a mistake; so must the rounds.
  OwnedRows separable;
  std::vector<int32_t> z;
  labelled_points(rng, 150, 0.2, 0, separable, z);
  const OptionList options = {{"average", "true"}, {"bias", "1"}, {"epochs", "1000"}};
  REQUIRE(train_mixed(separable, z, "perceptron", options, 1) ==
          LinearMulticlass::train(separable.view(), z, with_trainer("perceptron", options), {}).to_bytes());
}

TEST_CASE("the mixed multiclass perceptron separates separable data, the same model on every run", "[mixing]") {
  // McDonald, Hall & Mann (2010), Theorem 3 bounds the mixed perceptron's mistakes on separable data, so it
  // reaches a round without a mistake and stops there with every training row right.
  Rng rng(36);
  OwnedRows x;
  std::vector<int32_t> y;
  labelled_points(rng, 300, 0.2, 0, x, y);
  const OptionList options = {{"bias", "1"}, {"epochs", "1000"}};
  for (int shards : {2, 3}) {
    const std::vector<uint8_t> bytes = train_mixed(x, y, "perceptron", options, shards);
    REQUIRE(bytes == train_mixed(x, y, "perceptron", options, shards));
    const LinearMulticlass model = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
    std::vector<int32_t> predicted(y.size());
    model.predict(x.view(), predicted.data());
    REQUIRE(predicted == y);
  }
}

TEST_CASE("multiclass shards take the online trainers only and check what they are given", "[mixing]") {
  Rng rng(37);
  OwnedRows x;
  std::vector<int32_t> y;
  labelled_points(rng, 20, 0, 0, x, y);
  REQUIRE_THROWS_WITH(MulticlassShardTrainer(x.view(), y, {{"trainer", "dcd"}}, {}, 2, 0),
                      Catch::Contains("needs an online trainer (sgd, pegasos or perceptron), not 'dcd'"));
  REQUIRE_THROWS_WITH(MulticlassShardTrainer(x.view(), y, {{"trainer", "sgd"}, {"l1", "0.1"}}, {}, 2, 0),
                      Catch::Contains("l1 cannot be used when training on several workers"));
  REQUIRE_THROWS_WITH(MulticlassShardTrainer(x.view(), std::vector<int32_t>(19, 0), {{"trainer", "sgd"}}, {}, 2, 0),
                      Catch::Contains("got 19 labels for 20 rows"));
  REQUIRE_THROWS_WITH(MulticlassShardTrainer(x.view(), y, {{"trainer", "sgd"}}, {}, 21, 20), Catch::Contains("has no training rows"));
  x.values[3] = std::nanf("");
  REQUIRE_THROWS_WITH(MulticlassShardTrainer(x.view(), y, {{"trainer", "sgd"}}, {}, 2, 0), Catch::Contains("non-finite value"));
  x.values[3] = 0;
  MulticlassShardTrainer t(x.view(), y, {{"trainer", "sgd"}, {"epochs", "1"}}, {}, 2, 0);
  REQUIRE(t.candidates().keys.empty());
  REQUIRE_THROWS_WITH(t.admit({{}}), Catch::Contains("candidates of all 2 shards, got 1"));
  t.finish();
  REQUIRE_THROWS_WITH(t.rounds(), Catch::Contains("finished training"));
}

TEST_CASE("mixing one ranking shard gives the serial trainer's model bit for bit", "[mixing][ranking]") {
  Rng rng(38);
  const OwnedQueries data = graded_queries(rng, 40);
  const std::vector<OptionList> runs = {
      {{"trainer", "sgd"}, {"epochs", "3"}},
      {{"trainer", "pegasos"}, {"lambda", "0.01"}, {"epochs", "3"}},
      {{"trainer", "perceptron"}, {"epochs", "4"}, {"scale", "standard"}},
      {{"measure", "kendall"}, {"trainer", "sgd"}, {"epochs", "2"}},
      {{"measure", "f1"}, {"trainer", "sgd"}, {"epochs", "2"}},                  // bias, intercept and the fitted cut
      {{"measure", "precision@k"}, {"k", "2"}, {"trainer", "perceptron"}, {"epochs", "2"}},
      {{"rff", "8"}, {"epochs", "2"}},                                        // random features, mapped by every shard
      {{"init", "pointwise"}, {"epochs", "2"}},
      {},  // 40 queries: the default epochs make 1000 steps, 25 rounds
  };
  for (const auto& options : runs) {
    INFO((options.empty() ? "defaults" : options[0].first + "=" + options[0].second));
    REQUIRE(train_mixed(data, options, 1) == Ranker::train(data.view(), options).to_bytes());
  }
}

TEST_CASE("two ranking shards mix the weights each learns on its queries", "[mixing][ranking]") {
  // One round from zero: shard i runs one epoch over its queries, in the order its seed (seed + i) shuffles them,
  // as the serial trainer does on those queries alone; the mix is Σ μ_i w_i, μ_i the shard's share of the queries.
  Rng rng(39);
  const OwnedQueries data = graded_queries(rng, 31);
  for (const std::string trainer : {"sgd", "perceptron"}) {
    INFO(trainer);
    const OptionList options = {{"trainer", trainer}, {"epochs", "1"}, {"average", "false"}, {"scale", "none"},
                                {"seed", "7"}};
    const std::vector<uint8_t> bytes = train_mixed(data, options, 2);
    const std::vector<float> mixed = Ranker::from_bytes(bytes.data(), bytes.size()).weights();
    std::vector<double> expected(3, 0.0);
    for (int i = 0; i < 2; ++i) {
      const std::vector<int> mine = shard_examples(31, 2, i, 7);
      OptionList own = options;
      own.back().second = std::to_string(7 + i);
      const std::vector<float> w = Ranker::train(subset(data, mine).view(), own).weights();
      for (int j = 0; j < 3; ++j) expected[j] += double(mine.size()) / 31 * w[j];
    }
    for (int j = 0; j < 3; ++j) REQUIRE(mixed[j] == Approx(expected[j]).margin(1e-6));
    REQUIRE(std::abs(mixed[0]) > 0);
  }
}

TEST_CASE("several ranking shards learn the ranking, the same model on every run", "[mixing][ranking]") {
  Rng rng(40);
  const OwnedQueries data = graded_queries(rng, 120);
  const QuerySet set = data.view();
  const OptionList options = {{"trainer", "sgd"}, {"epochs", "10"}};
  const Ranker serial = Ranker::train(set, options);
  const double serial_ndcg = evaluate_ranking(set, serial.score(set.features).data(), EvalConvention::Common, 10).ndcg[9];
  for (int shards : {2, 3}) {
    const std::vector<uint8_t> bytes = train_mixed(data, options, shards);
    REQUIRE(bytes == train_mixed(data, options, shards));
    REQUIRE(bytes != serial.to_bytes());
    const Ranker mixed = Ranker::from_bytes(bytes.data(), bytes.size());
    const double ndcg = evaluate_ranking(set, mixed.score(set.features).data(), EvalConvention::Common, 10).ndcg[9];
    REQUIRE(ndcg > serial_ndcg - 0.02);
  }
}

TEST_CASE("ranking shards take the online trainers only and check what they are given", "[mixing][ranking]") {
  Rng rng(41);
  OwnedQueries data = graded_queries(rng, 5);
  const QuerySet set = data.view();
  REQUIRE_THROWS_WITH(RankerShardTrainer(set, {{"trainer", "cutting-plane"}}, 2, 0),
                      Catch::Contains("needs an online trainer (trainer sgd, pegasos or perceptron), not trainer 'cutting-plane'"));
  REQUIRE_THROWS_WITH(RankerShardTrainer(set, {{"measure", "kendall"}}, 2, 0),
                      Catch::Contains("not trainer auto (cutting-plane for measure 'kendall')"));
  REQUIRE_THROWS_WITH(RankerShardTrainer(set, {{"loss", "squared"}}, 2, 0), Catch::Contains("not loss 'squared'"));
  REQUIRE_THROWS_WITH(RankerShardTrainer(set, {}, 6, 5),
                      Catch::Contains("worker 6 of 6 has no learnable queries: 5 learnable queries feed at most 5 workers"));
  QuerySet short_offsets = set;
  short_offsets.offsets.back() -= 1;
  REQUIRE_THROWS_WITH(RankerShardTrainer(short_offsets, {}, 2, 0), Catch::Contains("query offsets end at"));
  data.features.values[4] = std::nanf("");
  REQUIRE_THROWS_WITH(RankerShardTrainer(data.view(), {}, 2, 0), Catch::Contains("non-finite value"));
  data.features.values[4] = 0;
  // Few queries: the default epochs make 1000 steps over the whole set (5 queries, 200 epochs), and every shard
  // runs that many rounds, one epoch over its share each.
  REQUIRE(RankerShardTrainer(data.view(), {}, 2, 1).epochs() == 200);
  RankerShardTrainer t(data.view(), {{"epochs", "1"}}, 2, 1);
  REQUIRE(t.candidates().keys.empty());
  REQUIRE(t.epochs() == 1);
  REQUIRE_THROWS_WITH(t.admit({{}}), Catch::Contains("candidates of all 2 shards, got 1"));
  t.finish();
  REQUIRE_THROWS_WITH(t.rounds(), Catch::Contains("finished training"));
}
