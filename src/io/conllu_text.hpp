// The raw text of a CoNLL-U treebank with its tokenisation: what a tokenizer learns from. Each sentence
// keeps its `# text` line and its surface tokens; a multiword token (UD's "3-4 can't" range line) is one
// surface token holding its syntactic words. Paragraphs start at `# newpar` and `# newdoc`.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace argmax {

struct SurfaceToken {
  std::string form;                // as it appears in the text
  std::vector<std::string> words;  // its syntactic words: {form} unless a multiword token
};

struct TextSentence {
  std::string text;  // `# text`, or the forms joined as SpaceAfter says when the line is missing
  std::vector<SurfaceToken> tokens;
  bool space_after = true;  // SpaceAfter of the last token: whether a space follows in the paragraph
};

struct TextParagraph {
  std::vector<TextSentence> sentences;
  // The paragraph as running text: its sentences joined by a space, or by nothing after SpaceAfter=No.
  std::string text() const;
};

// A treebank that never marks a paragraph is read as paragraphs of this many sentences, so that sentence
// boundaries are still seen inside running text.
constexpr size_t kSentencesPerUnmarkedParagraph = 20;

// Throws InputError naming the line of the first malformed token line.
std::vector<TextParagraph> read_conllu_paragraphs(std::string_view conllu);

}  // namespace argmax
