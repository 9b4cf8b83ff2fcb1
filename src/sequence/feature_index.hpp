// Maps 64-bit feature keys to weight rows: hashed into 2^bits buckets (no dictionary to store,
// collisions share a row), or an exact dictionary of the keys seen in training at least
// min_count times (unknown keys are dropped). The dictionary is an open-addressing table, since
// lookups sit on the decoding path.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "learn/parameter_mixing.hpp"

namespace argmax {

class FeatureIndex {
 public:
  FeatureIndex() = default;
  static FeatureIndex hashed(int bits);
  // keys[i] gets id i.
  static FeatureIndex dictionary(std::vector<uint64_t> keys);

  // Adds the keys that occur at least min_count times in `keys` and are not yet known, in order
  // of first occurrence (so ids are deterministic). No-op for a hashed index.
  void grow(const std::vector<uint64_t>& keys, int min_count);
  // Adds the candidates of several passes (the shards of a training set) seen at least min_count times in all,
  // in order: all[0]'s keys, then all[1]'s not seen before, and so on; with one pass, the order of first
  // occurrence. Returns the row of each of all[own]'s candidates, or −1 for one left out.
  std::vector<int32_t> admit(const std::vector<FeatureCandidates>& all, size_t own, int min_count);
  // The id of a key in a dictionary, adding it when new.
  int32_t add(uint64_t key);

  // The row of a key, or −1 when a dictionary does not know it. Inlined even in the size-optimised build.
  [[gnu::always_inline]] int32_t lookup(uint64_t key) const {
    if (bits_) return int32_t(key & ((uint64_t(1) << bits_) - 1));
    if (slots_.empty()) return -1;
    for (size_t h = key & mask_;; h = (h + 1) & mask_) {
      const Slot& slot = slots_[h];
      if (slot.id < 0) return -1;
      if (slot.key == key) return slot.id;
    }
  }
  int32_t size() const { return bits_ ? int32_t(1) << bits_ : int32_t(keys_.size()); }
  int bits() const { return bits_; }
  const std::vector<uint64_t>& keys() const { return keys_; }

 private:
  void insert(uint64_t key);
  void rehash(size_t capacity);
  int bits_ = 0;
  std::vector<uint64_t> keys_;
  struct Slot {  // the key sits beside its id: one cache line per probe
    uint64_t key;
    int32_t id;
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
};

}  // namespace argmax
