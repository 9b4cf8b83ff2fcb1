// Training a tokenizer (sequence/tokenizer.hpp) on a UD treebank's text and tokens, and its option table: a
// sequence tagger's, with the defaults that fit labelling the characters of a treebank's text.
#pragma once
#include <string>
#include <vector>

#include "core/options.hpp"
#include "io/conllu_text.hpp"
#include "learn/progress.hpp"
#include "sequence/chain_gradient_trainer.hpp"
#include "sequence/tokenizer.hpp"

namespace argmax {

// The token templates a tokenizer uses unless the options give `features` or `templates`: the default of its
// table's `templates`.
extern const char* const kTokenizerTemplates;

// A tokenizer's table for one trainer (the empty name: the default trainer's), and the trainer options name.
const std::vector<OptionSpec>& tokenizer_options(const std::string& trainer);
std::string tokenizer_trainer_of(const OptionList& options);

// Trains on paragraphs (as read_conllu_paragraphs gives them) and their clusters, one ClusterText per
// paragraph. Options: tokenizer_options' (the sequence tagger's, sequence_trainer.hpp, with a tokenizer's
// defaults).
TokenizerModel train_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                               const OptionList& options, const ProgressFn& progress = {});

// train_tokenizer = prepare_tokenizer, then a tagger trained on its symbols and labels with its options (a
// tagger's, the tokenizer's defaults written out) into model.chain.
struct TokenizerChain {
  TokenizerModel model;  // all but the chain
  Sentences symbols, labels;
  OptionList options;
  WordLexicon words;  // the training text's words, for templates that read the listing (else empty)
  HeldOutWords held_out;  // with them, the listings that each sequence reads in training
};
TokenizerChain prepare_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                                 const OptionList& options);

// One worker of a tokenizer's L-BFGS fit by exact parallel gradients (chain_gradient_trainer.hpp).
class TokenizerGradientTrainer : public ChainGradientTrainer {
 public:
  TokenizerGradientTrainer(TokenizerChain prepared, int workers, int worker);
  TokenizerModel finish();

 private:
  TokenizerModel model_;
};

}  // namespace argmax
