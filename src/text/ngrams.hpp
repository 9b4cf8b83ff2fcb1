// Word and character n-grams of a text's words, as scikit-learn's analyzers make them:
//   word n-grams   the words i..i+n−1 joined by one space ('word')
//   within words   each word padded with a space on both sides, " word ", cut into n code points; a padded
//                  word no longer than the size n is one n-gram, whole, however many sizes reach it ('char_wb')
//   across words   the words joined by single spaces, cut into n code points, n up to its length ('char')
//   the start      the first 1, 2, …, s words again, after a mark of the text's start: "^ what", "^ what is";
//                  and the first word paired with each of the next p words: "^ what … city"
// Character n-grams of text across words carry the gaps between words, as letter sequences do in
// Cavnar & Trenkle's (1994) language profiles.
//
// Each n-gram comes with its hash, FNV-1a (core/hash.hpp) of its kind byte and its text, finished by
// MurmurHash3's fmix64 so that every bit of the text reaches the low bits and the top bit. FNV-1a reads bytes in
// order, so the n-grams that start at one place are hashed together, each extending the last: a character
// costs one step per size, not one per byte of every n-gram.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/hash.hpp"

namespace argmax {

enum class NgramKind : char { word = 'w', chars = 'c' };

struct NgramSizes {
  std::vector<int> word;  // the n of the word n-grams, ascending (1 = single words); empty: none
  std::vector<int> chars;  // the n of the character n-grams, ascending; empty: none
  bool chars_across_words = false;  // false: within each padded word; true: across the joined words
  int start = 0;  // the start's n-grams: the first 1..start words, marked
  int pairs = 0;  // the first word paired with each of the next words up to word `pairs`: "^ what … city"
};

inline uint64_t finish_ngram_hash(uint64_t h) {
  h ^= h >> 33, h *= 0xff51afd7ed558ccdull, h ^= h >> 33, h *= 0xc4ceb9fe1a85ec53ull, h ^= h >> 33;
  return h;
}
inline uint64_t ngram_hash_start(NgramKind kind) {
  const char k = char(kind);
  return fnv1a(&k, 1);
}
// The hash for_each_ngram gives the n-gram `gram` of `kind`.
inline uint64_t ngram_hash(NgramKind kind, std::string_view gram) {
  return finish_ngram_hash(fnv1a(gram.data(), gram.size(), ngram_hash_start(kind)));
}

// The start's n-gram k of `words` in gram, false when the text is too short for it: k < sizes.start, the first
// k + 1 words ("^ what is"); then the first word and word k − sizes.start + 1 ("^ what … city"). '^' separates
// words, so no word n-gram is one of these. (Out of line: a text has few, and for_each_ngram's callers inline it.)
bool start_ngram(const std::vector<std::string_view>& words, const NgramSizes& sizes, int k, std::string& gram);

namespace ngrams_detail {

inline bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The character n-grams of s (sizes ascending): every window of a size below s's length in code points, and s
// whole when its length is a size (or, whole_if_short, when some size reaches it).
template <class F>
void character_ngrams(std::string_view s, const std::vector<int>& sizes, bool whole_if_short, F& f) {
  size_t length = 0;
  for (char c : s) length += !continuation(c);
  const size_t largest = size_t(sizes.back());
  const bool whole = whole_if_short ? largest >= length : std::find(sizes.begin(), sizes.end(), int(length)) != sizes.end();
  for (size_t start = 0, i = 0; start < s.size(); ++i) {
    uint64_t h = ngram_hash_start(NgramKind::chars);
    size_t end = start, n = 0;
    for (auto size = sizes.begin(); n < largest && end < s.size();) {
      const size_t from = end;
      for (++end; end < s.size() && continuation(s[end]); ++end) {}
      h = fnv1a(s.data() + from, end - from, h);
      ++n;
      while (size != sizes.end() && size_t(*size) < n) ++size;
      const bool window = size != sizes.end() && size_t(*size) == n && n < length;
      if (window || (n == length && whole)) f(NgramKind::chars, s.substr(start, end - start), finish_ngram_hash(h));
    }
    for (++start; start < s.size() && continuation(s[start]); ++start) {}
  }
}

}  // namespace ngrams_detail

// f(kind, gram, hash) for every n-gram of `words`: the word n-grams, then the character n-grams, each group by
// where the n-grams start. The gram is a view valid during the call only.
template <class F>
void for_each_ngram(const std::vector<std::string_view>& words, const NgramSizes& sizes, F&& f) {
  if (!sizes.word.empty()) {
    std::string gram;
    const size_t largest = size_t(sizes.word.back());
    for (size_t i = 0; i < words.size(); ++i) {
      uint64_t h = ngram_hash_start(NgramKind::word);
      gram.clear();
      auto size = sizes.word.begin();
      for (size_t n = 1; n <= largest && i + n <= words.size(); ++n) {
        if (n > 1) gram += ' ', h = fnv1a(" ", 1, h);
        gram += words[i + n - 1];
        h = fnv1a(words[i + n - 1].data(), words[i + n - 1].size(), h);
        while (size != sizes.word.end() && size_t(*size) < n) ++size;
        if (size != sizes.word.end() && size_t(*size) == n) f(NgramKind::word, std::string_view(gram), finish_ngram_hash(h));
      }
    }
  }
  std::string gram;
  for (int k = 0; k < sizes.start + sizes.pairs; ++k)
    if (start_ngram(words, sizes, k, gram)) f(NgramKind::word, std::string_view(gram), ngram_hash(NgramKind::word, gram));
  if (sizes.chars.empty()) return;
  if (sizes.chars_across_words) {
    std::string joined;
    for (std::string_view w : words) (joined.empty() ? joined : joined += ' ') += w;
    ngrams_detail::character_ngrams(joined, sizes.chars, false, f);
  } else {
    std::string padded;
    for (std::string_view w : words) {
      ((padded = ' ') += w) += ' ';
      ngrams_detail::character_ngrams(padded, sizes.chars, true, f);
    }
  }
}

}  // namespace argmax
