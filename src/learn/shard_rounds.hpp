// The rounds of one shard under iterative parameter mixing (learn/parameter_mixing.hpp), for any problem the
// online trainers take: one epoch over the shard's examples from the mixed state, what it changed, and the mix
// of every shard's changes. With one shard nothing is tracked or mixed: the epochs are the serial trainer's.
#pragma once
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"

namespace argmax {

template <class Problem>
class ShardRounds {
 public:
  // examples: the shard's, in increasing order; config.seed: the shard's own (shard_seed).
  ShardRounds(const Problem& problem, const OnlineConfig& config, std::vector<int> examples, TrainedWeights start,
              int shards, int shard)
      : epochs_(problem, config, std::move(examples)), w_(std::move(start)), shards_(shards),
        shard_(shard) {
    if (shards > 1) w_.track_changes();
  }
  ShardRounds(const ShardRounds&) = delete;
  ShardRounds& operator=(const ShardRounds&) = delete;

  int examples() const { return epochs_.examples(); }

  // One epoch over the shard from the current state; reports the shard's mean surrogate and error.
  Progress run_epoch(int epoch) {
    own_ready_ = false;
    const EpochTotals e = epochs_.run(w_);
    last_ = epochs_.last(e);
    return epochs_.progress(epoch, e, w_);
  }
  // Whether this shard's last epoch would end serial training (the batch perceptron made no update); when every
  // shard's did, the mixed state is unchanged by another round.
  bool last() const { return last_; }

  // What this shard's last epoch changed.
  const WeightChanges& changes() {
    if (!own_ready_) own_ = w_.changes(), own_ready_ = true;
    return own_;
  }
  // The mix of every shard's changes; all[shard] is not read: this shard's own changes stand there.
  void mix(std::vector<WeightChanges> all, const std::vector<double>& mu) {
    require(int(all.size()) == shards_, "mixing needs the changes of all ", shards_, " shards, got ", all.size());
    changes();
    all[size_t(shard_)] = std::move(own_);
    w_.mix(all, mu);
    own_ready_ = false;
  }

  // The average (or, without averaging, the last iterate) of the current state; the rounds are spent afterwards.
  std::vector<float> release_average() { return w_.release_average(); }

 private:
  OnlineEpochs<Problem> epochs_;
  TrainedWeights w_;
  int shards_, shard_;
  WeightChanges own_;  // changes() since the last epoch
  bool own_ready_ = false;
  bool last_ = false;
};

}  // namespace argmax
