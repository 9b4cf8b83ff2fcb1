// Text analysis: UTF-8 text to the terms an index keeps. Words are maximal runs of letters, digits and marks
// (Unicode classes; an ideograph is a word of its own); each is case-folded, dropped if it is a stop word of the
// language, stemmed by the language's Snowball stemmer, and folded (diacritics and letter forms).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/options.hpp"
#include "text/stemmer.hpp"

namespace argmax {

// The terms of a text, in order, in one buffer: term i is text[ends[i-1], ends[i]) at word position
// positions[i]. Positions count every word, stop words too, so a phrase with a stop word inside matches only
// with a word in that place.
struct Terms {
  std::string text;
  std::vector<uint32_t> ends, positions;

  size_t size() const { return ends.size(); }
  std::string_view operator[](size_t i) const {
    const uint32_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(text).substr(begin, ends[i] - begin);
  }
  void clear() {
    text.clear();
    ends.clear();
    positions.clear();
  }
};

class Analyzer {
 public:
  // language (none, auto or a Snowball language), stem, stopWords, fold.
  static const std::vector<OptionSpec>& option_specs();
  explicit Analyzer(const Options& options) : Analyzer(options, options.choice("language")) {}
  // The options' analysis in another language (a Snowball language, or none): what language 'auto' gives
  // each text.
  Analyzer(const Options& options, const std::string& language);

  // Appends the terms of text to out, numbering words from first_position; returns the number of words read
  // (stop words included). Ill-formed UTF-8 reads as U+FFFD, a separator (unicode.hpp).
  uint32_t analyze(std::string_view text, Terms& out, uint32_t first_position = 0);
  // The first half of analyze: appends every word of text case-folded (stop words too) with its position, and
  // returns how many. term_of(word) is the second half: the word's term, "" for a stop word.
  uint32_t words(std::string_view text, Terms& out, uint32_t first_position = 0);
  std::string term_of(const std::string& word);

 private:

  // Words repeat (Zipf), so analyze computes each word's term once: stemming is most of analysis otherwise.
  // The cache starts over when it holds this many words, which bounds its memory.
  static constexpr size_t kCachedWords = 1 << 16;
  std::unordered_map<std::string, std::string> term_of_word_;
  Terms words_;
  std::optional<Stemmer> stemmer_;
  std::unordered_set<std::string> stop_words_;
  bool fold_;
  std::string word_;
};

}  // namespace argmax
