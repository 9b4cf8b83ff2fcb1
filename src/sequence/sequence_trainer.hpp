// Training chain taggers: one options table, one entry point per input kind.
//
// trainer = perceptron  averaged structured perceptron (Collins 2002) through learn/online.hpp
//           sgd, pegasos  online subgradient steps on the loss:
//                         hinge   structured SVM, margin rescaling (M3N; FML 9.22)
//                         slack   structured SVM, slack rescaling (SVM^struct; FML 9.23)
//                         log     CRF, −log-likelihood (Lafferty et al. 2001)
//                         softmax-margin  CRF with the Hamming cost inside the partition function (Gimpel & Smith 2010)
//           cutting-plane, bcfw   the exact solvers of learn/ for hinge and slack, objective ½‖w‖² + C Σ_i ℓ_i
//           lbfgs         L-BFGS for log and softmax-margin, objective Σ_i ℓ_i + c2‖w‖² (CRFsuite's c2), and
//                         OWL-QN with c1|w|₁ on the emission weights added (CRFsuite's c1)
// The online trainers read the objective as (λ/2)‖w‖² + (1/m) Σ_i ℓ_i.
#pragma once
#include <string>
#include <vector>

#include "core/options.hpp"
#include "learn/feature_scaling.hpp"
#include "learn/lbfgs.hpp"
#include "learn/online.hpp"
#include "learn/progress.hpp"
#include "sequence/sequence_model.hpp"

namespace argmax {

// The table (validation, --help and the JS schema come from it) of one trainer (learn/trainer_options.hpp; the
// empty name: the default trainer's), and the trainer the options choose. Custom templates are the text option
// `templates` (see token_features.hpp), which implies features=custom.
const std::vector<OptionSpec>& sequence_options(const std::string& trainer);
std::string sequence_trainer_of(const OptionList& options);
// The options a model of 0.1 saved (algo, solver, trainer) as 0.2 names them (trainer, loss).
OptionList upgrade_sequence_options(const OptionList& saved);
// Throws InputError unless `saved` are options a tagger can have been trained with (names, types, ranges,
// weightBits, templates given once): what a loader checks before it builds anything large.
void check_sequence_options(const OptionList& saved);

// For training only: listings that sequences' features read in place of the model's word lexicon, sequence i
// listings[of[i]] (a tokenizer's words of the other folds of its text: the listing a sequence's lexbegin and lexend
// read in training then misses words as it does on new text).
struct HeldOutWords {
  std::vector<WordLexicon> listings;
  std::vector<int32_t> of;
};

// Trains on token sequences. `warm`: continue from this model (its labels, features, lexicons and
// weights; new labels and new dictionary features are added). `words`: a word lexicon for the templates
// to read (lex, lex2; the pos preset does), kept in the model when they do; `held_out`: what training reads instead.
SequenceModel train_tagger(const Sentences& tokens, const Sentences& tags, const OptionList& options,
                           const ProgressFn& progress = {}, const SequenceModel* warm = nullptr,
                           WordLexicon words = {}, const HeldOutWords* held_out = nullptr);

// Trains on numeric features: rows = one row per position, sequence i = rows [starts[i], starts[i+1]).
SequenceModel train_numeric_tagger(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                   const OptionList& options, const ProgressFn& progress = {},
                                   const SequenceModel* warm = nullptr);

// The text options as training reads them: the token templates (a preset's when `templates` is not given), and
// the global feature templates with the word list their `lexicon` template reads (sequence/global_features.hpp).
struct TextOptions {
  std::string templates, global, global_words;
};

// A tagger ready to fit: the model's labels, features and lexicons (weights: the warm start's, resized, or
// none), the featurised training batch and the parsed options. train_tagger = prepare, fit_tagger, finish.
struct TaggerData {
  SequenceModel model;
  SequenceBatch batch;
  Options options;
  TextOptions text;       // recorded in the model
  FeatureScaling scaling;  // numeric input: what the batch's rows were scaled by, folded into the weights at the end
};
TaggerData prepare_tagger(const Sentences& tokens, const Sentences& tags, const OptionList& options,
                          const SequenceModel* warm = nullptr, WordLexicon words = {},
                          const HeldOutWords* held_out = nullptr);
TaggerData prepare_numeric_tagger(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                  const OptionList& options, const SequenceModel* warm = nullptr);

// prepare_tagger's work for one shard of parameter mixing (learn/parameter_mixing.hpp): options, labels and
// lexicons come from the whole training set, so every shard agrees on them, but only the shard's sequences are
// featurised, in increasing order. Keys the dictionary does not know stay candidates (row −(c + 1) in the
// batch) until admit_features has every shard's; the weights stay the warm start's until then too.
struct TaggerShard {
  TaggerData data;
  FeatureCandidates candidates;
  ChainLayout warm_layout;  // the warm start's layout (its weights are in data.model.weights)
  int sequences = 0;        // in the whole training set
};
TaggerShard prepare_tagger_shard(const Sentences& tokens, const Sentences& tags, const OptionList& options,
                                 const SequenceModel* warm, WordLexicon words, int shards, int shard,
                                 const HeldOutWords* held_out = nullptr);
TaggerShard prepare_numeric_shard(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                  const OptionList& options, const SequenceModel* warm, int shards, int shard);
// Admits the candidates seen min_count times over every shard (all, s's own being all[own]) into the
// dictionary, turns s's candidate rows into rows (dropping the rest) and sizes its warm-start weights. Every
// shard admitting the same lists gets the same dictionary; one shard gets prepare_tagger's.
void admit_features(TaggerShard& s, const std::vector<FeatureCandidates>& all, size_t own);
// Records the options and stores the weights at the model's weight_bits.
SequenceModel finish_tagger(TaggerData data);
// Fits the chain weights (fit_chain), or with global features the chain and global weights together by
// reranking (sequence/rerank.hpp).
void fit_tagger(TaggerData& data, const ProgressFn& progress);

// The online trainer the options choose (perceptron, sgd, pegasos).
OnlineConfig chain_online_config(const Options& options);
// softmax-margin's cost of one wrong position (0 for the other losses).
double chain_softmax_cost(const Options& options);

// L-BFGS's settings for a chain (maxIter, period, delta; c1 on the emission weights) and the L2 weight λ of its
// sum form Σ_i ℓ_i + (λ/2)‖w‖², λ = 2·c2 (CRFsuite's).
struct ChainLbfgs {
  LbfgsConfig config;
  double l2 = 0;
};
ChainLbfgs chain_lbfgs(const Options& options, const ChainLayout& layout, int sequences);

// Fits weights for a featurised, labelled batch in place (used by both entry points; exposed for tests).
// report (optional): how the solver ended (iterative solvers only; the online trainers count as converged).
void fit_chain(const SequenceBatch& x, const ChainLayout& layout, const Options& options, const ProgressFn& progress,
               std::vector<float>& weights, TrainingReport* report = nullptr);

}  // namespace argmax
