#include "sequence/tag_lexicon.hpp"

#include "core/error.hpp"

namespace argmax {

TagLexicon TagLexicon::build(const std::vector<uint64_t>& word_keys, const std::vector<int32_t>& tags, int min_count,
                             size_t skip_begin, size_t skip_end) {
  require(word_keys.size() == tags.size(), "tag lexicon: one tag per word is needed");
  FeatureIndex seen = FeatureIndex::dictionary({});
  std::vector<uint64_t> masks;
  std::vector<int32_t> counts;
  for (size_t i = 0; i < word_keys.size(); ++i) {
    if (i >= skip_begin && i < skip_end) continue;
    const int32_t id = seen.add(word_keys[i]);
    if (id == int32_t(masks.size())) masks.push_back(0), counts.push_back(0);
    masks[id] |= uint64_t(1) << (tags[i] & 63);
    ++counts[id];
  }
  std::vector<uint64_t> keys, classes;
  for (size_t id = 0; id < masks.size(); ++id)
    if (counts[id] >= min_count) keys.push_back(seen.keys()[id]), classes.push_back(masks[id]);
  return from(std::move(keys), std::move(classes));
}

TagLexicon TagLexicon::from(std::vector<uint64_t> keys, std::vector<uint64_t> classes) {
  require(keys.size() == classes.size(), "tag lexicon: ", keys.size(), " words but ", classes.size(), " classes");
  TagLexicon t;
  for (uint64_t& c : classes) require(c != 0, "tag lexicon: a word has an empty tag set");
  t.words_ = FeatureIndex::dictionary(std::move(keys));
  t.classes_ = std::move(classes);
  return t;
}

}  // namespace argmax
