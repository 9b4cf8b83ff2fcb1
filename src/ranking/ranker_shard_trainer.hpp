// One shard of a ranker's training under iterative parameter mixing (learn/parameter_mixing.hpp), for the online
// trainers: sgd, pegasos and perceptron, one step per query. Every worker prepares the whole set of queries alike
// (random features, scaling, the problem, the pointwise start), so each shard is dealt its share of the learnable
// queries and runs one epoch over them a round (learn/fixed_space_shard.hpp). The number of rounds is the serial
// trainer's number of epochs, counted on the whole set (a round is one epoch over every query). finish() gives
// what Ranker::train gives for the mixed weights: the intercept, the fitted cut and the scaling folded in. With
// one shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include <memory>

#include "learn/fixed_space_shard.hpp"
#include "ranking/ranker.hpp"
#include "ranking/ranking_problem.hpp"

namespace argmax {

// The queries as a ranking shard reads them: a copy of the caller's, and the ranker in training on them.
class RankerShardInput {
 public:
  RankerShardInput(const QuerySet& data, const OptionList& options);

  const RankingProblem& problem() const { return training_->problem(); }
  OnlineConfig online_config() const { return training_->online_config(); }
  std::vector<float> start() const { return training_->start(); }
  Ranker finish(std::vector<float> w) { return training_->finish(std::move(w), TrainingReport{}); }

 private:
  OwnedQueries data_;  // the caller's queries, which Training views
  std::unique_ptr<Ranker::Training> training_;
};

class RankerShardTrainer : public FixedSpaceShard<RankerShardInput> {
 public:
  // Arguments as Ranker::train takes them; the queries are copied. Shard `shard` of `shards` of the learnable queries.
  RankerShardTrainer(const QuerySet& data, const OptionList& options, int shards, int shard);
};

}  // namespace argmax
