// A learned tokenizer and sentence splitter, labelling characters as UDPipe does (Straka, Hajič & Straková 2016,
// "UDPipe: trainable pipeline…", LREC), here with the library's chain taggers. Text is a sequence of grapheme
// clusters (UAX #29, NFC), and each cluster gets one label from a linear chain (sequence_model.hpp) over the
// clusters around it:
//   S  begins a token that begins a sentence      B  begins a token
//   I  continues the token                        W  begins the next word of a multiword token ("Google|'s")
//   D  continues a token the dictionary splits    H  a hyphen between two words of a token ("dá|-|se"), in neither
//   O  outside every token (spaces)
// Features read a symbol per cluster through the token templates of token_features.hpp (kTokenizerTemplates, tokenizer_trainer.hpp:
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
//
// One job per file: the clusters, their kinds and symbols and the paragraphs of a text (clusters.hpp); links
// (links.hpp); what the chain reads of a paragraph (tokenizer_symbols.hpp); labels from a treebank and tokens from
// labels (cluster_labels.hpp); the model, here; its table and training (tokenizer_trainer.hpp).
#pragma once
#include <cstdint>
#include <vector>

#include "sequence/cluster_labels.hpp"
#include "sequence/clusters.hpp"
#include "sequence/sequence_model.hpp"

namespace argmax {

class TokenizerModel {
 public:
  SequenceModel chain;  // over cluster symbols, labels S B I W D H O
  MultiwordDictionary multiword;
  // Training paragraphs learned from, and those skipped because their tokens did not spell their text (not saved).
  int32_t paragraphs = 0, skipped = 0;

  Tokenization tokenize(const ClusterText& text, bool forms = true) const;

  std::vector<uint8_t> to_bytes() const;
  static TokenizerModel from_bytes(const uint8_t* data, size_t size);
};

}  // namespace argmax
