// Readers for tagged text: CoNLL-U (Universal Dependencies) and plain column files.
// Both take the file's text, which must be UTF-8, and throw InputError naming the line of the first problem.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/lines.hpp"

namespace argmax {

// What separates the words (and the tags) of TaggedText; a word containing it is refused.
constexpr char kWordSeparator = '\x1f';

// Sentences of words and their tags, kept flat: every word of the text in one string, joined by
// kWordSeparator, the tags likewise, and the number of words of each sentence. One string per text, not one
// per word, is what makes reading fast (and it is the form the JS API receives).
struct TaggedText {
  std::string tokens, tags;
  std::vector<int32_t> lengths;

  std::vector<std::vector<std::string>> token_sentences() const;
  std::vector<std::vector<std::string>> tag_sentences() const;
};

// "a␟b␟c" with lengths {2, 1} → {{a, b}, {c}}. Throws InputError when the words do not add up to the lengths.
std::vector<std::vector<std::string>> split_joined(std::string_view joined, const int32_t* lengths, size_t count);

// Gathers word/tag pairs into TaggedText; a blank line (or the end) closes a sentence.
class SentenceCollector {
 public:
  void add(int64_t line, std::string_view token, std::string_view tag);
  void close();
  size_t open_words() const { return words_; }
  TaggedText finish();

 private:
  TaggedText out_;
  int32_t words_ = 0;  // in the sentence being read
};

// CoNLL-U: FORM (column 2) → UPOS (column 4), or XPOS (column 5) with tag_column = "xpos".
// Skips comment lines, multiword-token ranges ("3-4") and empty nodes ("8.1"); word IDs must run
// 1, 2, 3, … within a sentence; sentences end at blank lines. A parser for ChunkedReader.
class ConlluParser {
 public:
  explicit ConlluParser(const std::string& tag_column = "upos");
  void reserve(std::string_view) {}
  void line(const Line& line);
  TaggedText finish() { return sentences_.finish(); }

 private:
  SentenceCollector sentences_;
  size_t tag_field_;
  const char* tag_name_;
};

// Column files (CoNLL-2000/2003 style): whitespace-separated columns, token in the first, tag in
// the last; a blank line ends a sentence; "-DOCSTART-" lines are skipped. A parser for ChunkedReader.
class ColumnsParser {
 public:
  void reserve(std::string_view) {}
  void line(const Line& line);
  TaggedText finish() { return sentences_.finish(); }

 private:
  SentenceCollector sentences_;
};

TaggedText read_conllu(std::string_view text, const std::string& tag_column = "upos");
TaggedText read_columns(std::string_view text);

// Guesses the format from the name: ".conllu" → CoNLL-U, anything else → columns.
TaggedText read_tagged(std::string_view text, const std::string& name, const std::string& tag_column = "upos");

}  // namespace argmax
