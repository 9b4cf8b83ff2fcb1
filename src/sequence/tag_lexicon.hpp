// The ambiguity class of a word: the set of tags it had in the training data (as in SVMTool's
// "ambiguity class" and "may be" features). A word seen fewer than min_count times gets the class
// "rare", which is also what unseen words get, so training sees the class that test-time
// unknown words will have. Keys are the hashes of the lower-cased words.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sequence/feature_index.hpp"

namespace argmax {

class TagLexicon {
 public:
  static constexpr uint64_t kRare = 0x5241524521ull;  // the class of rare and unseen words

  TagLexicon() = default;
  // Builds from lower-cased-word keys and tag ids (one per token). Tag sets are bitmasks of
  // (tag mod 64), so with more than 64 tags some classes merge. The tokens [skip_begin, skip_end) are left out.
  static TagLexicon build(const std::vector<uint64_t>& word_keys, const std::vector<int32_t>& tags, int min_count,
                          size_t skip_begin = 0, size_t skip_end = 0);
  static TagLexicon from(std::vector<uint64_t> keys, std::vector<uint64_t> classes);

  // The class of a word key (never 0).
  uint64_t class_of(uint64_t word_key) const {
    const int32_t id = words_.lookup(word_key);
    return id < 0 ? kRare : classes_[id];
  }
  bool empty() const { return classes_.empty(); }
  const std::vector<uint64_t>& keys() const { return words_.keys(); }
  const std::vector<uint64_t>& classes() const { return classes_; }

 private:
  FeatureIndex words_ = FeatureIndex::dictionary({});
  std::vector<uint64_t> classes_;
};

}  // namespace argmax
