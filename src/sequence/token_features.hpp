// Symbolic features of tokens, defined by templates that are data (as in CRFsuite and Wapiti):
//
//   "lower[0] lower[-1] lower[1] suffix3[0] shape[0] lower[-1]|lower[0] bias"
//
// An item is one template; parts joined by '|' form a conjunction; name[offset] reads an
// attribute of the token at t + offset (the offset defaults to 0). Attributes:
//   word, lower (ASCII lower-casing), prefix1..prefix4 and suffix1..suffix4 (of the lower-cased
//   word, in UTF-8 code points), shape (X/x/d per character, runs cut at 4: "Xxxx", "dd-dd"),
//   shortshape (runs collapsed: "Xx", "d-d"), length (1..9, longer counts as 10),
//   hasdigit, hashyphen, hasupper, initcap, allcaps, first, last (the token's position), titlecase
//   (most words of the sentence start with a capital, as in headlines) — flags: the feature exists
//   only when true — and bias (always on: a per-label bias); tags: the word's ambiguity class, the
//   set of tags it had in training (tag_lexicon.hpp; "rare" for rare and unseen words); lex, lex2:
//   the word's classes in a user-supplied dictionary (word_lexicon.hpp; "none" without one).
// For sequences of characters, as a tokenizer reads them, where a token " " is a space: chunk (the run of tokens
// between spaces that holds the token, lower-cased, with the token's place in it: "its" at the "s" reads
// "its"#3), prevchunk and nextchunk (the runs before and after it, lower-cased), chunkshape (the run's short
// shape, by the first byte of each token, with the token's step in it and whether it begins the step: the
// second "-" of "01-Feb-02" begins step 5 of "d-Xx-d"). A space's chunk and chunkshape are the space; its
// prevchunk and nextchunk, the runs on either side. class: the shortshape with code points beyond ASCII read by
// their Unicode class (text/unicode.hpp) instead of all as 'u': X or x (a Latin, Greek or Cyrillic letter), L
// (another letter: Hangul, Thai, ...), M (mark), D (digit), I (ideograph), P (punctuation, symbol), so that a
// bracket or a unit sign such as 《 or ㎞ reads apart from the letters beside it. lexbegin and lexend, for a
// word lexicon that lists words (a tokenizer's training words, WordLexicon::listing; in training, those of the
// other folds of its text, tokenizer_trainer.cpp): the length, in tokens up to kLexiconSpan, of the longest
// listed word that begins at the token, and of the longest that ends at it ("none" for no word): the dictionary
// features of word segmenters, for text without spaces between words.
// Before the first and after the last token, string attributes read boundary symbols that depend
// on the offset; flags are off. A feature is a 64-bit key mixing the template's text with the
// attribute values, so keys do not depend on the order of the templates.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sequence/tag_lexicon.hpp"
#include "sequence/word_lexicon.hpp"

namespace argmax {

enum class Attribute : uint8_t {
  Word, Lower, Prefix1, Prefix2, Prefix3, Prefix4, Suffix1, Suffix2, Suffix3, Suffix4,
  Shape, ShortShape, Length, HasDigit, HasHyphen, HasUpper, InitCap, AllCaps, First, Last, TitleCase, Bias,
  Tags,  // ambiguity class from a TagLexicon (see tag_lexicon.hpp)
  Lex, Lex2,  // class columns of a WordLexicon (see word_lexicon.hpp)
  Chunk, PrevChunk, NextChunk, ChunkShape,  // runs of tokens between " " tokens
  Class,
  LexBegin, LexEnd,  // listed words of a WordLexicon that begin and end at a token
  Count
};

struct TemplatePart {
  Attribute attribute;
  int offset;
};

struct FeatureTemplate {
  std::string text;
  std::vector<TemplatePart> parts;
  uint64_t seed;  // hash of text
};

// Named template sets. "crfsuite": the feature set of CRFsuite's reference POS runs (lower-cased
// word, previous and next word, prefixes and suffixes 1–3, initial capital, all caps, digit,
// hyphen, bias). "pos": the library's default for part-of-speech tagging, which with a word lexicon
// also reads its classes (lex and lex2 at −1..1, and conjoined with the suffix). Anything else is
// parsed as a template list.
std::string template_preset(const std::string& name_or_templates, bool with_lexicon = false);

// Parses a template list; throws InputError naming the bad item.
std::vector<FeatureTemplate> parse_templates(const std::string& text);

class TokenFeaturizer {
 public:
  explicit TokenFeaturizer(const std::string& templates_or_preset);
  const std::string& spec() const { return spec_; }
  const std::vector<FeatureTemplate>& templates() const { return templates_; }
  // Whether a template reads the ambiguity class, which needs a lexicon.
  bool uses_tags() const { return slot_[int(Attribute::Tags)] >= 0; }
  // Whether a template reads a word lexicon (lex, lex2).
  bool uses_word_lexicon() const {
    return slot_[int(Attribute::Lex)] >= 0 || slot_[int(Attribute::Lex2)] >= 0 || reads_listing();
  }
  // Whether a template reads lexbegin or lexend, which need a listing of words.
  bool reads_listing() const { return slot_[int(Attribute::LexBegin)] >= 0 || slot_[int(Attribute::LexEnd)] >= 0; }
  // The longest word, in tokens, that lexbegin and lexend look for.
  static constexpr int kLexiconSpan = 16;
  void set_lexicon(const TagLexicon* lexicon) { lexicon_ = lexicon; }
  void set_word_lexicon(const WordLexicon* words) { words_ = words; }
  // The key the lexicon is indexed by: the hash of the lower-cased word.
  static uint64_t word_key(const std::string& token);

  // Appends the feature keys of every position of tokens[0..n) to `keys`, and after each
  // position the running size of `keys` to `ends` (so position t owns keys[ends[t−1], ends[t])).
  void extract(const std::string* tokens, int n, std::vector<uint64_t>& keys, std::vector<int64_t>& ends) const;
  void extract(const std::string_view* tokens, int n, std::vector<uint64_t>& keys, std::vector<int64_t>& ends) const;
  // Frees the scratch of the last extract.
  void release_scratch() const {
    std::vector<uint64_t>().swap(table_);
    std::vector<uint64_t>().swap(hashes_);
    std::vector<uint8_t>().swap(live_);
  }

 private:
  std::string spec_;
  std::vector<FeatureTemplate> templates_;
  std::vector<Attribute> used_;  // attributes any template reads
  int slot_[int(Attribute::Count)];  // attribute → column in the per-token table, −1 if unused
  bool affixes_ = false;             // whether a template reads a prefix or suffix
  bool chunks_ = false;              // whether a template reads chunk, prevchunk, nextchunk or chunkshape
  // The templates' parts, flat (template j owns parts_[part_ends_[j−1], part_ends_[j])), resolved to columns.
  struct Part {
    int32_t offset;
    int32_t column;
    bool flag;  // a flag other than bias: 0 (the template off) when false, and before the first or after the last token
  };
  std::vector<Part> parts_;
  void chunk_values(const std::string_view* tokens, int n, int attributes) const;
  void listed_word_values(const std::string_view* tokens, int n, int attributes) const;
  std::vector<uint32_t> part_ends_;
  const TagLexicon* lexicon_ = nullptr;
  const WordLexicon* words_ = nullptr;
  mutable std::vector<uint64_t> table_;  // scratch: per token, one value per used attribute
  // Scratch: per template, its running hash at each position of a block of kHashBlock positions, and whether
  // it is still on (a block's hashes stay in the L1 cache).
  static constexpr int kHashBlock = 64;
  mutable std::vector<uint64_t> hashes_;
  mutable std::vector<uint8_t> live_;
};

}  // namespace argmax
