// One shard of a chain tagger's training under iterative parameter mixing (learn/parameter_mixing.hpp).
// Every worker reads the whole training set for the labels and lexicons but featurises only its shard
// (prepare_tagger_shard); the shards then exchange the feature keys their dictionaries lacked, and every one
// admits all of them in the same order (admit), so all share one index space. Each round it runs one epoch of
// the online trainer from the mixed state. With one shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include <memory>

#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"
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
  // One epoch over the shard from the current state; reports the shard's mean surrogate and error.
  Progress run_epoch(int epoch);
  // What this shard's last epoch changed.
  const WeightChanges& changes();
  // The mix of every shard's changes; all[shard] is not read: this shard's own changes stand there.
  void mix(std::vector<WeightChanges> all, const std::vector<double>& mu);
  // The model holding the average (or, without averaging, the last iterate) of the current state; the
  // trainer is spent afterwards.
  SequenceModel finish();

 private:
  struct Training;
  Training& training() const;
  TaggerShard prepared_;
  int shards_, shard_;
  OnlineConfig config_;
  std::unique_ptr<Training> training_;  // after admit
  WeightChanges own_;                   // changes() since the last epoch
  bool own_ready_ = false;
  bool finished_ = false;
};

}  // namespace argmax
