// The mapping between a text's clusters and a tokenizer's labels (sequence/tokenizer.hpp), both ways: from a
// treebank's tokens to the labels its chain learns, and from labels to tokens, words and sentences.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "io/conllu_text.hpp"
#include "sequence/clusters.hpp"

namespace argmax {

//   S  begins a token that begins a sentence      B  begins a token
//   I  continues the token                        W  begins the next word of a multiword token ("Google|'s")
//   D  continues a token the dictionary splits    H  a hyphen between two words of a token ("dá|-|se"), in neither
//   O  outside every token (spaces)
enum TokenLabel : int { kS, kB, kI, kW, kD, kH, kO, kTokenLabels };
extern const char* const kTokenLabelNames[kTokenLabels];

// Multiword tokens that a dictionary splits: lower-cased surface → words.
using MultiwordDictionary = std::map<std::string, std::vector<std::string>>;

// The labels of a paragraph's clusters against its treebank tokens, or an empty vector when the tokens do not
// spell the text (a treebank's own inconsistency; training skips the paragraph). `multiword` collects the
// multiword tokens whose words do not spell them (lower-cased surface → words).
std::vector<std::string> cluster_labels(const ClusterText& text, const TextParagraph& paragraph,
                                        MultiwordDictionary& multiword);

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

// The dictionary a tokenizer splits tokens by, and whether its chain chooses which to split ("des" is "de les" or
// a word, by its context): a chain that never saw D leaves the dictionary to split every token it holds, and a
// dictionary form of one cluster is always split.
struct Multiwords {
  const MultiwordDictionary& forms;
  bool chosen_by_chain;
};

// The tokens, words and sentences of the paragraphs of a text from its clusters' labels: labels[i] is cluster i's
// TokenLabel, or −1 for a cluster the chain does not label (labelled_clusters). A visible cluster labelled O
// begins a token (every visible character is in one); a space labelled I or D inside a token stays in it. forms:
// whether Tokenization::forms gets every word's form, or only the dictionary words.
Tokenization tokens_from_labels(const ClusterText& text, const std::vector<ClusterKind>& kinds,
                                const std::vector<std::pair<int32_t, int32_t>>& paragraphs, const std::vector<int>& labels,
                                const Multiwords& dictionary, bool forms);

}  // namespace argmax
