// A dictionary from words to the classes they can take, supplied by the user: a morphological
// dictionary, a list of the tags a word may have, a gazetteer. Part-of-speech taggers gain most on
// words the training data never shows (MorphoDiTa's dictionaries, the "may be" features of SVMTool).
//
// Text format, one word per line:  word<TAB>class class …[<TAB>class class …]
// i.e. one or two columns of space-separated classes (e.g. Penn tags, then WordNet categories; one
// column may be empty);
// blank lines and lines starting with '#' are skipped. The template attributes `lex` and `lex2`
// read a token's class set in column 1 and 2: looked up as written, else lower-cased (a distinct
// value, so "Paris" → "l:noun" differs from "paris" → "noun"), else the value "none".
//
// Words are known by a 32-bit fingerprint of their text (the high half of FNV-1a), which model bytes
// store sorted and delta-coded (about 2 bytes a word): a word outside the lexicon matches one of n
// entries with probability n/2^32 (2·10⁻⁵ for the English lexicon's 83k words), and of two listed words
// that share a fingerprint the first is kept.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/bytes.hpp"
#include "sequence/feature_index.hpp"

namespace argmax {

class WordLexicon {
 public:
  static constexpr int kColumns = 2;

  WordLexicon() = default;
  // Throws InputError naming the line of the first problem (no word, no classes, a word twice,
  // more than two class columns).
  static WordLexicon parse(const std::string& text);
  // A listing: each distinct word of `words` (any text, spaces too) with the one class "listed", as a tokenizer
  // keeps the words of its training text (the attributes lexbegin and lexend of token_features.hpp).
  static WordLexicon listing(const std::vector<std::string>& words);

  bool empty() const { return classes_.empty(); }
  size_t words() const { return words_.keys().size(); }
  // A token's entry: the word as written, else its lower-cased form, else none (id −1).
  struct Match {
    int32_t id = -1;
    bool lowered = false;
  };
  Match find(std::string_view word, std::string_view lower) const;
  // Whether the word whose FNV-1a hash (core/hash.hpp) is `hash` is listed; the hash of a word read in pieces
  // is fnv1a of each piece in turn, seeded with the last.
  bool lists(uint64_t hash) const { return !classes_.empty() && words_.lookup(hash >> 32) >= 0; }
  // The value of class column `column` (0 or 1) for a match (never 0).
  uint64_t value(Match match, int column) const;

  void save(ByteWriter& out) const;
  static WordLexicon load(ByteReader& in);

 private:
  FeatureIndex words_ = FeatureIndex::dictionary({});  // fingerprint → id
  std::vector<uint32_t> classes_;     // kColumns per word: an id into sets_
  std::vector<uint64_t> sets_;        // the hash of each distinct sorted class set; sets_[0] = "none"
};

}  // namespace argmax
