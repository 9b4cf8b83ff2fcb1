// The term each word of a document becomes, remembered: words repeat (Zipf), so a word is stemmed and its term
// looked up once, and every later occurrence costs one probe of an open-addressing table (linear probing, keys
// in one buffer). Indexing spends its time here and in the postings.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hash.hpp"

namespace argmax {

class WordTerms {
 public:
  static constexpr uint32_t kUnknown = UINT32_MAX;     // a word not seen yet
  static constexpr uint32_t kNoTerm = UINT32_MAX - 1;  // a stop word, or one that folds to nothing

  // The term remembered for word, or kUnknown.
  uint32_t find(std::string_view word) const {
    if (slots_.empty()) return kUnknown;
    const uint64_t h = fnv1a(word.data(), word.size());
    for (size_t i = h & mask();; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (s.length == kEmpty) return kUnknown;
      if (s.hash == uint32_t(h >> 32) && s.length == word.size() && same_bytes(keys_.data() + s.offset, word)) return s.term;
    }
  }
  // Remembers the term of a word that find does not know.
  void remember(std::string_view word, uint32_t term) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    const Slot s{uint32_t(keys_.size()), uint32_t(word.size()), term, uint32_t(fnv1a(word.data(), word.size()) >> 32)};
    keys_.append(word);
    place(s);
    ++used_;
  }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  struct Slot {
    uint32_t offset = 0, length = kEmpty, term = 0;
    uint32_t hash = 0;  // the key's hash, high half: most slots that are not the word's fail on it
  };
  // Words are short: a loop beats a call to memcmp (in wasm, a call into libc).
  static bool same_bytes(const char* key, std::string_view word) {
    for (size_t i = 0; i < word.size(); ++i)
      if (key[i] != word[i]) return false;
    return true;
  }
  size_t mask() const { return slots_.size() - 1; }
  std::string_view key(const Slot& s) const { return std::string_view(keys_).substr(s.offset, s.length); }
  void place(const Slot& s) {
    const std::string_view k = key(s);
    size_t i = fnv1a(k.data(), k.size()) & mask();
    while (slots_[i].length != kEmpty) i = (i + 1) & mask();
    slots_[i] = s;
  }
  void grow() {
    std::vector<Slot> old(std::max<size_t>(1024, 2 * slots_.size()));
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.length != kEmpty) place(s);
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::string keys_;
  size_t used_ = 0;
};

}  // namespace argmax
