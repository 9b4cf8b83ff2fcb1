// One shard of a chain tagger's training under iterative parameter mixing (learn/parameter_mixing.hpp).
// Every worker reads the whole training set for the labels and lexicons but featurises only its shard
// (prepare_tagger_shard); the shards then exchange the feature keys their dictionaries lacked, and every one
// admits all of them in the same order (admit), so all share one index space. Each round it runs one epoch of
// the online trainer from the mixed state. With one shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include <memory>

#include "learn/shard_rounds.hpp"
#include "sequence/sequence_problem.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

class ChainShardTrainer {
 public:
  ChainShardTrainer(TaggerShard prepared, int shards, int shard);
  ChainShardTrainer(const ChainShardTrainer&) = delete;
  ChainShardTrainer& operator=(const ChainShardTrainer&) = delete;
  ~ChainShardTrainer();

  // The feature keys this shard met that the dictionary did not know.
  const FeatureCandidates& candidates() const { return prepared_.candidates; }
  // Every shard's candidates (this one's among them, in its place): the shard is ready to train afterwards.
  void admit(const std::vector<FeatureCandidates>& all);

  int examples() const { return prepared_.data.batch.sequences(); }
  int epochs() const { return config_.epochs; }
  // The rounds (learn/shard_rounds.hpp), after admit.
  ShardRounds<SequenceProblem>& rounds();
  // The model holding the average (or, without averaging, the last iterate) of the current state; the
  // trainer is spent afterwards.
  SequenceModel finish();

 private:
  struct Training;
  TaggerShard prepared_;
  int shards_, shard_;
  OnlineConfig config_;
  std::unique_ptr<Training> training_;  // after admit
  bool finished_ = false;
};

}  // namespace argmax
