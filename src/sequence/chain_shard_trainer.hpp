// One shard of a chain tagger's training under iterative parameter mixing (learn/parameter_mixing.hpp).
// Every worker prepares the whole training set (so all agree on labels, features and lexicons), keeps its
// shard's sequences and, each round, runs one epoch of the online trainer from the mixed state. With one
// shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"
#include "sequence/sequence_problem.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

class ChainShardTrainer {
 public:
  ChainShardTrainer(TaggerData data, int shards, int shard);
  ChainShardTrainer(const ChainShardTrainer&) = delete;
  ChainShardTrainer& operator=(const ChainShardTrainer&) = delete;

  int examples() const { return epochs_.examples(); }
  int epochs() const { return config_.epochs; }
  // One epoch over the shard from the current state; reports the shard's mean surrogate and error.
  Progress run_epoch(int epoch);
  // What this shard's last epoch changed, and the mix of every shard's changes (this one's among them).
  WeightChanges changes() const { return w_.changes(); }
  void mix(const std::vector<WeightChanges>& all, const std::vector<double>& mu);
  // The model holding the average (or, without averaging, the last iterate) of the current state; the
  // trainer is spent afterwards.
  SequenceModel finish();

 private:
  TaggerData data_;
  OnlineConfig config_;
  SequenceProblem problem_;
  OnlineEpochs<SequenceProblem> epochs_;
  TrainedWeights w_;
  bool finished_ = false;
};

}  // namespace argmax
