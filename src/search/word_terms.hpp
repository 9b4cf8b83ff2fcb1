// The term each word of a document becomes, remembered: words repeat (Zipf), so a word is stemmed and its term
// looked up once, and every later occurrence costs one probe of an open-addressing table (linear probing).
// Indexing spends its time here and in the postings, most of it waiting for memory: a slot holds a word's first
// 8 bytes, so a probe of a word of 8 bytes or fewer (most words) reads one place in memory, and the hash is
// made from those bytes (a multiply for each 8) rather than byte by byte.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace argmax {

class WordTerms {
 public:
  static constexpr uint32_t kUnknown = UINT32_MAX;     // a word not seen yet
  static constexpr uint32_t kNoTerm = UINT32_MAX - 1;  // a stop word, or one that folds to nothing

  // The term remembered for word, or kUnknown. Always inlined: in wasm a string_view argument goes through
  // memory, and reading it back right after it is written stalls the load (a third of indexing's time).
  [[gnu::always_inline]] uint32_t find(std::string_view word) const {
    if (slots_.empty()) return kUnknown;
    const uint64_t head = bytes_at(word.data(), word.size() < 8 ? word.size() : 8);
    const uint32_t h = hash(word, head);
    for (size_t i = h & mask();; i = (i + 1) & mask()) {
      const Slot& s = slots_[i];
      if (s.length == kEmpty) return kUnknown;
      if (s.hash == h && s.head == head && s.length == word.size() &&
          (word.size() <= 8 || same_bytes(tails_.data() + s.tail, word.substr(8))))
        return s.term;
    }
  }
  // Remembers the term of a word that find does not know.
  void remember(std::string_view word, uint32_t term) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    const uint64_t head = bytes_at(word.data(), word.size() < 8 ? word.size() : 8);
    Slot s{head, uint32_t(tails_.size()), uint32_t(word.size()), term, hash(word, head)};
    if (word.size() > 8) tails_.append(word.substr(8));
    place(s);
    ++used_;
  }

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  struct Slot {
    uint64_t head = 0;  // the word's first 8 bytes (bytes_at)
    uint32_t tail = 0;  // where its bytes after the first 8 start in tails_
    uint32_t length = kEmpty, term = 0;
    uint32_t hash = 0;
  };
  // The n ≤ 8 bytes at p as a number, in the machine's byte order (a key in memory, never saved): a load of
  // each of 4, 2 and 1 bytes that n has (fixed-size copies compile to loads; a loop would be vectorised).
  static uint64_t bytes_at(const char* p, size_t n) {
    uint64_t x = 0;
    if (n == 8) {
      std::memcpy(&x, p, 8);
      return x;
    }
    int shift = 0;
    if (n & 4) {
      uint32_t v;
      std::memcpy(&v, p, 4);
      x = v, p += 4, shift = 32;
    }
    if (n & 2) {
      uint16_t v;
      std::memcpy(&v, p, 2);
      x |= uint64_t(v) << shift, p += 2, shift += 16;
    }
    if (n & 1) x |= uint64_t(static_cast<unsigned char>(*p)) << shift;
    return x;
  }
  // Multiplicative hashing of each 8 bytes (Knuth's golden-ratio multiplier), the length mixed in; the high
  // half of the product, which depends on every bit of the input.
  static uint32_t hash(std::string_view word, uint64_t head) {
    constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ull;
    uint64_t h = (head ^ word.size()) * kGolden;
    for (size_t i = 8; i < word.size(); i += 8)
      h = (h ^ bytes_at(word.data() + i, word.size() - i < 8 ? word.size() - i : 8)) * kGolden;
    return uint32_t(h >> 32);
  }
  // Words are short: a loop beats a call to memcmp (in wasm, a call into libc).
  static bool same_bytes(const char* key, std::string_view word) {
    for (size_t i = 0; i < word.size(); ++i)
      if (key[i] != word[i]) return false;
    return true;
  }
  size_t mask() const { return slots_.size() - 1; }
  void place(const Slot& s) {
    size_t i = s.hash & mask();
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
  std::string tails_;        // the bytes of words longer than 8 after their first 8
  size_t used_ = 0;
};

}  // namespace argmax
