// Readers for tagged text: CoNLL-U (Universal Dependencies) and plain column files.
// Both take the file's text, which must be UTF-8, and throw InputError naming the line of the first problem.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace argmax {

struct TaggedText {
  std::vector<std::vector<std::string>> tokens;
  std::vector<std::vector<std::string>> tags;
};

// CoNLL-U: FORM (column 2) → UPOS (column 4), or XPOS (column 5) with tag_column = "xpos".
// Skips comment lines, multiword-token ranges ("3-4") and empty nodes ("8.1"); word IDs must run
// 1, 2, 3, … within a sentence; sentences end at blank lines.
TaggedText read_conllu(std::string_view text, const std::string& tag_column = "upos");

// Column files (CoNLL-2000/2003 style): whitespace-separated columns, token in the first, tag in
// the last; a blank line ends a sentence; "-DOCSTART-" lines are skipped.
TaggedText read_columns(std::string_view text);

// Guesses the format from the name: ".conllu" → CoNLL-U, anything else → columns.
TaggedText read_tagged(std::string_view text, const std::string& name, const std::string& tag_column = "upos");

}  // namespace argmax
