// One shard of an online trainer under iterative parameter mixing (learn/parameter_mixing.hpp) when the feature
// space is fixed before training (multiclass, ranking): every worker prepares the whole training set alike, so
// the problem, Ψ and the starting weights are the same in all and the shards have no feature candidates to
// exchange (admit only checks their count). The seed deals the problem's examples; each shard then runs its
// rounds (learn/shard_rounds.hpp) on its own. With one shard nothing is tracked or mixed: it is the serial trainer.
//
// Prepared owns the training set as the shard reads it and provides
//   const Problem& problem() const;  OnlineConfig online_config() const;
//   std::vector<float> start() const;    (the starting weights; empty: zero)
//   Model finish(std::vector<float> w);  (the model with weights w; called once)
#pragma once
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "learn/shard_rounds.hpp"

namespace argmax {

template <class Prepared>
class FixedSpaceShard {
 public:
  using Problem = std::decay_t<decltype(std::declval<const Prepared&>().problem())>;

  // examples_name: what the problem's examples are, for the error when this shard gets none.
  FixedSpaceShard(std::unique_ptr<Prepared> prepared, int shards, int shard, const char* examples_name)
      : prepared_(std::move(prepared)), shards_(shards), config_(prepared_->online_config()) {
    const int m = prepared_->problem().size();
    config_ = fitted_to(config_, m);
    std::vector<int> in_shard = shard_examples(m, shards, shard, config_.seed);
    require(!in_shard.empty(), "worker ", shard + 1, " of ", shards, " has no ", examples_name, ": ", m, " ",
            examples_name, " feed at most ", m, " workers");
    config_.seed = shard_seed(config_.seed, shard);
    examples_ = int(in_shard.size());
    rounds_ = std::make_unique<ShardRounds<Problem>>(prepared_->problem(), config_, std::move(in_shard),
                                                     starting_state(prepared_->problem().dim(), config_.average, prepared_->start()),
                                                     shards, shard);
  }
  FixedSpaceShard(const FixedSpaceShard&) = delete;
  FixedSpaceShard& operator=(const FixedSpaceShard&) = delete;

  // None: the feature space is known up front.
  const FeatureCandidates& candidates() const { return none_; }
  // Checks that all shards' (empty) candidates came; the shard is ready to train before and after.
  void admit(const std::vector<FeatureCandidates>& all) {
    require(int(all.size()) == shards_, "admitting features needs the candidates of all ", shards_, " shards, got ",
            all.size());
  }

  int examples() const { return examples_; }
  int epochs() const { return config_.epochs; }
  ShardRounds<Problem>& rounds() {
    require(rounds_ != nullptr, "this shard has finished training");
    return *rounds_;
  }
  // The model holding the average (or the last iterate) of the current state; the shard is spent afterwards.
  auto finish() {
    std::vector<float> w = rounds().release_average();
    rounds_.reset();
    return prepared_->finish(std::move(w));
  }

 private:
  std::unique_ptr<Prepared> prepared_;
  int shards_, examples_ = 0;
  OnlineConfig config_;
  std::unique_ptr<ShardRounds<Problem>> rounds_;  // null once finished
  FeatureCandidates none_;
};

}  // namespace argmax
