// Word and character n-grams of a text's words, as scikit-learn's analyzers make them:
//   word n-grams   the words i..i+n−1 joined by one space ('word')
//   within words   each word padded with a space on both sides, " word ", cut into n code points; a padded
//                  word no longer than n is one n-gram, and the larger sizes add nothing more ('char_wb')
//   across words   the words joined by single spaces, cut into n code points, n up to its length ('char')
// Character n-grams of text across words carry the gaps between words, as letter sequences do in
// Cavnar & Trenkle's (1994) language profiles.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace argmax {

enum class NgramKind : char { word = 'w', chars = 'c' };

struct NgramSizes {
  std::vector<int> word;  // the n of the word n-grams, ascending (1 = single words); empty: none
  std::vector<int> chars;  // the n of the character n-grams, ascending; empty: none
  bool chars_across_words = false;  // false: within each padded word; true: across the joined words
};

// f(kind, gram) for every n-gram of `words`: the word n-grams by size, then the character n-grams. The gram
// is a view valid during the call only.
template <class F>
void for_each_ngram(const std::vector<std::string>& words, const NgramSizes& sizes, F&& f) {
  std::string gram;
  for (int n : sizes.word) {
    for (size_t i = 0; i + size_t(n) <= words.size(); ++i) {
      gram = words[i];
      for (int j = 1; j < n; ++j) (gram += ' ') += words[i + j];
      f(NgramKind::word, std::string_view(gram));
    }
  }
  if (sizes.chars.empty()) return;
  std::vector<size_t> starts;  // the byte offset of each code point of the padded text, and its end
  auto cut = [&](const std::string& s, bool whole_if_short) {
    starts.clear();
    for (size_t b = 0; b < s.size(); ++b)
      if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80) starts.push_back(b);
    const size_t length = starts.size();
    starts.push_back(s.size());
    for (int n : sizes.chars) {
      if (length <= size_t(n)) {
        if (whole_if_short ? length > 0 : length == size_t(n)) f(NgramKind::chars, std::string_view(s));
        return;
      }
      for (size_t i = 0; i + n <= length; ++i)
        f(NgramKind::chars, std::string_view(s).substr(starts[i], starts[i + n] - starts[i]));
    }
  };
  if (sizes.chars_across_words) {
    std::string joined;
    for (const std::string& w : words) (joined.empty() ? joined : joined += ' ') += w;
    cut(joined, false);
  } else {
    std::string padded;
    for (const std::string& w : words) {
      ((padded = ' ') += w) += ' ';
      cut(padded, true);
    }
  }
}

}  // namespace argmax
