#include "sequence/feature_index.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace argmax {

FeatureIndex FeatureIndex::hashed(int bits) {
  require(bits >= 1 && bits <= 26, "hash bits must be in [1, 26], got ", bits);
  FeatureIndex f;
  f.bits_ = bits;
  return f;
}

FeatureIndex FeatureIndex::dictionary(std::vector<uint64_t> keys) {
  FeatureIndex f;
  f.rehash(std::max<size_t>(16, keys.size() * 2));
  for (uint64_t k : keys) {
    require(f.lookup(k) < 0, "feature dictionary has a duplicate key");
    f.insert(k);
  }
  return f;
}

void FeatureIndex::rehash(size_t capacity) {
  size_t c = 16;
  while (c < capacity) c *= 2;
  slots_.assign(c, Slot{0, -1});
  mask_ = c - 1;
  for (int32_t id = 0; id < int32_t(keys_.size()); ++id) {
    size_t h = keys_[id] & mask_;
    while (slots_[h].id >= 0) h = (h + 1) & mask_;
    slots_[h] = {keys_[id], id};
  }
}

void FeatureIndex::insert(uint64_t key) {
  if ((keys_.size() + 1) * 2 > slots_.size()) rehash(slots_.size() * 2 + 16);
  keys_.push_back(key);
  size_t h = key & mask_;
  while (slots_[h].id >= 0) h = (h + 1) & mask_;
  slots_[h] = {key, int32_t(keys_.size() - 1)};
}

int32_t FeatureIndex::add(uint64_t key) {
  require(!bits_, "a hashed feature index has no dictionary to add to");
  if (slots_.empty()) rehash(16);
  const int32_t id = lookup(key);
  if (id >= 0) return id;
  insert(key);
  return int32_t(keys_.size() - 1);
}

void FeatureIndex::grow(const std::vector<uint64_t>& keys, int min_count) {
  if (bits_) return;
  if (slots_.empty()) rehash(16);
  if (min_count <= 1) {
    for (uint64_t k : keys)
      if (lookup(k) < 0) insert(k);
    return;
  }
  // Count unknown keys in a temporary dictionary, then admit the frequent ones in first-seen order.
  FeatureIndex seen = dictionary({});
  std::vector<int32_t> counts;
  for (uint64_t k : keys) {
    if (lookup(k) >= 0) continue;
    int32_t id = seen.lookup(k);
    if (id < 0) seen.insert(k), counts.push_back(0), id = int32_t(counts.size() - 1);
    ++counts[id];
  }
  for (size_t id = 0; id < counts.size(); ++id)
    if (counts[id] >= min_count) insert(seen.keys_[id]);
}

std::vector<int32_t> FeatureIndex::admit(const std::vector<FeatureCandidates>& all, size_t own, int min_count) {
  require(!bits_, "a hashed feature index admits no candidates");
  require(own < all.size(), "candidate list ", own, " does not exist");
  size_t total = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    const FeatureCandidates& c = all[i];
    require(c.counts.size() == c.keys.size(), "candidate list ", i, " has ", c.keys.size(), " keys but ",
            c.counts.size(), " counts");
    total += c.keys.size();
  }
  // The tables are sized once for every key (no rehash on the way, so no old table beside the new one).
  if (min_count <= 1) {  // every candidate is admitted: straight in, in order
    rehash(2 * (keys_.size() + total));
    std::vector<int32_t> rows;
    for (size_t i = 0; i < all.size(); ++i)
      for (uint64_t key : all[i].keys) {
        const int32_t row = add(key);
        if (i == own) rows.push_back(row);
      }
    return rows;
  }
  FeatureIndex merged;
  merged.rehash(2 * total);
  std::vector<int64_t> counts;
  std::vector<int32_t> own_merged;  // all[own]'s candidate → its place in merged
  for (size_t i = 0; i < all.size(); ++i) {
    const FeatureCandidates& c = all[i];
    for (size_t k = 0; k < c.keys.size(); ++k) {
      const int32_t id = merged.add(c.keys[k]);
      if (size_t(id) == counts.size()) counts.push_back(0);
      counts[size_t(id)] += c.counts[k];
      if (i == own) own_merged.push_back(id);
    }
  }
  rehash(2 * (keys_.size() + counts.size()));
  std::vector<int32_t> row(counts.size(), -1);
  for (size_t id = 0; id < counts.size(); ++id)
    if (counts[id] >= min_count) row[id] = add(merged.keys_[id]);
  for (int32_t& id : own_merged) id = row[size_t(id)];
  return own_merged;
}

}  // namespace argmax
