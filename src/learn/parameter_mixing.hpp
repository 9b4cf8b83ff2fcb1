// Iterative parameter mixing (McDonald, Hall & Mann 2010, Fig. 3): the examples are split into shards; in
// every round each shard runs one epoch of an online trainer from the mixed weights, and the shards' weights
// are then mixed, w ← Σ_i μ_i w_i (Σ_i μ_i = 1). For the perceptron on separable data the number of mistakes
// stays bounded by R²/γ², as in the serial case (their Theorem 3). Here μ_i = m_i / m (shard size over the
// number of examples), so every example weighs alike whatever the split; the averaging state (Σ_t w_t and the
// step count) is mixed with the same μ, so the output average is the μ-weighted mean of the shards' averages.
//
// An epoch changes few weights (a perceptron mistake touches the features of a few tokens), so shards exchange
// only what they changed (TrainedWeights::changes) and every shard mixes for itself (TrainedWeights::mix),
// in the same order and so to the same numbers: the cost of a round grows with the changes, not with the model.
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

// Keys a featurisation pass met that a dictionary did not know, in first-seen order, with how often each occurred.
// Shards that build their feature index from the data exchange these before the first round, so all share one
// index; a fixed feature space (multiclass) has none.
struct FeatureCandidates {
  std::vector<uint64_t> keys;
  std::vector<int32_t> counts;
};

// The examples of shard `shard` of `shards`, in increasing order: the seed deals a shuffle of [0, m) out
// round-robin, so shards differ in size by at most one. One shard holds every example.
std::vector<int> shard_examples(int m, int shards, int shard, uint64_t seed);

// The seed of shard i's own shuffles; shard 0 keeps the trainer's seed, so one shard replays the serial trainer.
inline uint64_t shard_seed(uint64_t seed, int shard) { return seed + uint64_t(shard); }

}  // namespace argmax
