// One shard of a linear multiclass model's training under iterative parameter mixing (learn/parameter_mixing.hpp),
// for the online trainers: sgd, pegasos and perceptron. Every worker prepares the whole training set, so the
// labels, Ψ, the scaling and sgd's step size are the same in all; each then runs its epochs on its shard of
// the examples. The feature space is fixed before training, so shards have no feature candidates to exchange
// and admit only checks the count. With one shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include <memory>

#include "learn/shard_rounds.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {

class MulticlassShardTrainer {
 public:
  // Arguments as LinearMulticlass::train takes them; the rows are copied.
  MulticlassShardTrainer(const Rows& rows, const std::vector<int32_t>& labels, const std::string& algo,
                         const OptionList& options, const std::vector<float>& cost, int shards, int shard);
  MulticlassShardTrainer(const MulticlassShardTrainer&) = delete;
  MulticlassShardTrainer& operator=(const MulticlassShardTrainer&) = delete;
  ~MulticlassShardTrainer();

  // None: Ψ's dimension is known up front.
  const FeatureCandidates& candidates() const { return none_; }
  // Checks that all shards' (empty) candidates came; the shard is ready to train before and after.
  void admit(const std::vector<FeatureCandidates>& all);

  int examples() const { return examples_; }
  int epochs() const { return config_.epochs; }
  ShardRounds<MulticlassProblem>& rounds();
  // The model holding the average (or the last iterate) of the current state; the trainer is spent afterwards.
  LinearMulticlass finish();

 private:
  OwnedRows rows_;  // the caller's rows, which Training views
  std::unique_ptr<LinearMulticlass::Training> training_;
  int shards_, examples_ = 0;
  OnlineConfig config_;
  std::unique_ptr<MulticlassProblem> problem_;
  std::unique_ptr<ShardRounds<MulticlassProblem>> rounds_;  // null once finished
  FeatureCandidates none_;
};

}  // namespace argmax
