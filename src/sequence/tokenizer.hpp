// A learned tokenizer and sentence splitter, labelling characters as UDPipe does (Straka, Hajič & Straková 2016,
// "UDPipe: trainable pipeline…", LREC), here with the library's chain taggers. Text is a sequence of grapheme
// clusters (UAX #29, NFC), and each cluster gets one label from a linear chain (sequence_model.hpp) over the
// clusters around it:
//   S  begins a token that begins a sentence      B  begins a token
//   I  continues the token                        W  begins the next word of a multiword token ("Google|'s")
//   D  continues a token the dictionary splits    H  a hyphen between two words of a token ("dá|-|se"), in neither
//   O  outside every token (spaces)
// Features read a symbol per cluster through the token templates of token_features.hpp (kTokenizerTemplates:
// cluster n-grams to ±3, 4-grams, and their shapes X, x, d, u, the punctuation itself; and the chunk, the run
// between spaces that holds the cluster, with the cluster's place in it, which learns the treebank's
// segmentation of whole strings such as "wanna", "etc." or "PayPal", and the chunk's shape, which learns that
// of "01-Feb-02" or "(281)651-7106"). The symbol is
// cluster_symbol's (quotes folded, spaces one symbol), a Latin, Greek or Cyrillic letter beyond ASCII read as its
// case class, and every symbol of a link-like chunk (URL, e-mail address) marked. The labels come from a UD
// treebank (conllu_text.hpp): its `# text` and its tokens.
// Multiword tokens whose words spell the surface ("Google's" = "Google" + "'s"), or spell it with a hyphen between
// each two (Portuguese "dá-se" = "dá" + "se"), are learned through W (and H); the others ("du" = "de" + "le") go
// to a dictionary of surface forms seen in training, and the chain labels D what it splits, so that a form that
// is sometimes one word and sometimes two (French "des": "de les" or the article) is split by its context; a
// dictionary form of one cluster (Portuguese "à" = "a" + "a") always is.
//
// Clusters come from the caller (JS segments with Intl.Segmenter and normalises each cluster to NFC), so the
// core needs no Unicode tables beyond what cluster_kind reads.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "io/conllu_text.hpp"
#include "learn/progress.hpp"
#include "sequence/sequence_model.hpp"

namespace argmax {

// A text cut into clusters: the UTF-8 text and the byte offset where each cluster ends.
struct ClusterText {
  std::string text;
  std::vector<int32_t> ends;

  size_t size() const { return ends.size(); }
  std::string_view cluster(size_t i) const {
    const size_t b = i ? size_t(ends[i - 1]) : 0;
    return std::string_view(text).substr(b, size_t(ends[i]) - b);
  }
};
// From cluster ends counted in UTF-16 code units (as JS counts) to byte ends. Throws InputError unless the ends
// rise, the last is the text's length, each falls on a code point, and the text is well-formed UTF-8 without NUL.
ClusterText clusters_from_utf16(std::string text, const int32_t* ends, size_t n);

// Spaces (White_Space, and U+200B ZERO WIDTH SPACE) separate tokens. Ignorable clusters (controls other than
// spaces, format characters such as U+00AD, U+200D, U+FEFF, bidi marks) are never a token and never split
// one: the labelling skips them, and a token keeps those that sit inside it.
enum class ClusterKind : uint8_t { Visible, Space, Ignorable };
ClusterKind cluster_kind(std::string_view cluster);
// What the features see of a cluster: spaces are " "; ‘ ’ ‚ ‛ ′ ʼ ＇ read as ', “ ” „ ‟ ″ ＂ as ", ‐ ‑ as -.
std::string cluster_symbol(std::string_view cluster);
// The same for a cluster of the given kind (cluster_kind's, which callers that label text have found already),
// written to out, which has room for cluster.size() bytes (a symbol is never longer than its cluster); returns
// the symbol's length.
size_t write_cluster_symbol(std::string_view cluster, ClusterKind kind, char* out);

// Paragraphs of a text: a blank line (a line of spaces) ends one; a text with no blank line has a paragraph
// per line. Sentences never cross a paragraph. Returns [begin, end) cluster ranges.
std::vector<std::pair<int32_t, int32_t>> paragraphs_of(const ClusterText& text);

// The labels of a paragraph's clusters against its treebank tokens, or an empty vector when the tokens do not
// spell the text (a treebank's own inconsistency; training skips the paragraph). `multiword` collects the
// multiword tokens whose words do not spell them (lower-cased surface → words).
std::vector<std::string> cluster_labels(const ClusterText& text, const TextParagraph& paragraph,
                                        std::map<std::string, std::vector<std::string>>& multiword);

// Tokens, words and sentences of a text, in clusters.
struct Tokenization {
  std::vector<int32_t> tokens;      // [begin, end) clusters of each token, flat
  std::vector<int32_t> sentences;   // the first token of each sentence, then the number of tokens
  std::vector<int32_t> words;       // the first word of each token, then the number of words
  std::vector<int32_t> word_spans;  // [begin, end) clusters of each word; −1, −1 for a dictionary word
  // each word as a tagger reads it (cluster_symbol of its clusters; dictionary words), or when tokenize was asked
  // for no forms, only the dictionary words (those whose spans are −1)
  std::vector<std::string> forms;
};

class TokenizerModel {
 public:
  SequenceModel chain;  // over cluster symbols, labels S B I W D H O
  std::map<std::string, std::vector<std::string>> multiword;
  // Training paragraphs learned from, and those skipped because their tokens did not spell their text (not saved).
  int32_t paragraphs = 0, skipped = 0;

  // A run of this many clusters is labelled as one chain sequence; longer paragraphs are cut at a space near
  // the end of each run (or, in a run with no space, at the limit), so memory and time stay linear.
  static constexpr int32_t kRun = 4096;

  Tokenization tokenize(const ClusterText& text, bool forms = true) const;

  std::vector<uint8_t> to_bytes() const;
  static TokenizerModel from_bytes(const uint8_t* data, size_t size);
};

// The token templates a tokenizer uses unless the options give `features` or `templates`.
extern const char* const kTokenizerTemplates;

// Trains on paragraphs (as read_conllu_paragraphs gives them) and their clusters, one ClusterText per
// paragraph. Options: the sequence tagger's (sequence_trainer.hpp).
TokenizerModel train_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                               const OptionList& options, const ProgressFn& progress = {});

}  // namespace argmax
