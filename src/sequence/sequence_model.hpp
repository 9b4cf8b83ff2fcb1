// A trained chain tagger: its labels, how it turns input into features (token templates with a
// hashed or exact feature index, or numeric columns), and the weights. Saved as model bytes of
// kind "sequence" (io/bytes.hpp).
#pragma once
#include "learn/progress.hpp"
#include <memory>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "learn/random_fourier_features.hpp"
#include "sequence/chain_weights.hpp"
#include "sequence/feature_index.hpp"
#include "sequence/global_features.hpp"
#include "sequence/token_features.hpp"
#include "sequence/viterbi.hpp"

namespace argmax {

enum class SequenceInput : uint8_t { Tokens = 0, Numeric = 1 };

using Sentences = std::vector<std::vector<std::string>>;

class SequenceModel {
 public:
  std::vector<std::string> labels;
  SequenceInput input = SequenceInput::Tokens;
  // Tokens: the template list and the feature index.
  std::string templates;
  FeatureIndex index;
  TagLexicon lexicon;  // ambiguity classes, when a template reads `tags`
  WordLexicon words;   // the user's word → classes dictionary, when given
  // Numeric: columns per position, plus one always-on bias column when numeric_bias. With random features
  // (rff) the chain reads z(x) of each position's columns instead of x, an approximate Gaussian kernel; the map
  // is recorded in `options` and regenerated from them on load.
  int32_t numeric_columns = 0;
  bool numeric_bias = true;
  RandomFourierFeatures rff;
  std::vector<float> weights;  // ChainLayout order
  // Global features of the whole labelling (global_features.hpp), when any: decoding then reranks the
  // chain's `candidates` best labellings by s(x, y) + ⟨global_weights, g(y)⟩ (rerank.hpp). Marginals,
  // n-best lists and probabilities stay those of the chain alone.
  GlobalFeatures global;
  std::vector<float> global_weights;
  int32_t candidates = 0;
  // Every tagging call builds an n-best table of (tokens × labels × candidates), so a model may not claim more.
  static constexpr int32_t kMaxCandidates = 100000;
  int weight_bits = 32;        // how to_bytes() stores them: 32 = float, 16 or 8 = quantised (quantized_weights.hpp)
  OptionList options;          // the training options, for the record
  TrainingReport report;       // how training ended (not saved: a loaded model reports converged)

  int32_t feature_rows() const {
    if (input == SequenceInput::Tokens) return index.size();
    return (rff.dim() ? rff.dim() : numeric_columns) + (numeric_bias ? 1 : 0);
  }
  ChainLayout layout() const { return {feature_rows(), int32_t(labels.size())}; }
  int label_id(const std::string& label) const;  // −1 if unknown

  // Feature extraction (unknown features are dropped). Appends to `out`.
  void featurize(const Sentences& sentences, SequenceBatch& out) const;
  void featurize(const std::string* tokens, int n, SequenceBatch& out) const;
  void featurize(const std::string_view* tokens, int n, SequenceBatch& out) const;
  // rows: one row per position of every sequence, sequence i = rows [starts[i], starts[i+1]).
  void featurize(const Rows& rows, const std::vector<int64_t>& starts, SequenceBatch& out) const;

  // Chain scores of sequence i of a featurised batch.
  void scores(const SequenceBatch& x, int i, ChainScores& out) const;
  // Viterbi labels (ids) of every sequence in the batch, concatenated. Optional: constraints for
  // every sequence, and forced labels per position of the batch (a label id, or −1 where free).
  std::vector<int> decode(const SequenceBatch& x, const ChainConstraints* constraints = nullptr,
                          const int32_t* forced = nullptr) const;
  // The chain's own scores, whatever a labelling's score is made of (chain_scores.hpp):
  //   s(x, y) = start[y_1] + Σ_t emit[t][y_t] + Σ_{t≥2} trans[y_{t−1}][y_t] + end[y_n].
  // emissions: emit[t][y] = ⟨w, φ(x, t, y)⟩ of every position (positions × labels, concatenated over the batch);
  // the transition, start and end scores are the weights themselves (ChainLayout).
  std::vector<float> emissions(const SequenceBatch& x) const;
  // The chain's Viterbi labelling of every sequence (global features, if any, play no part: tag() reranks with
  // them), optionally against reference labels (ids per position of the batch, −1 = a label the model lacks):
  // plain, or loss-augmented, argmax_{y'} Δ(y', y) + s(x, y') with Δ the Hamming loss (normalised by the
  // sequence's length when `normalized`). See decode_against (viterbi.hpp).
  struct ChainPaths {
    std::vector<int> labels;    // concatenated, one per position
    std::vector<double> score;  // per sequence: s(x, y'), without the loss
    std::vector<double> loss;   // per sequence: Δ(y', y) (empty without a reference)
  };
  ChainPaths chain_paths(const SequenceBatch& x, const int32_t* reference = nullptr, bool loss_augmented = false,
                         bool normalized = false) const;
  // Per-position label probabilities p(y_t | x) (positions × labels, concatenated) and log Z per sequence.
  struct Marginals {
    std::vector<float> probabilities;
    std::vector<double> log_z;
  };
  Marginals marginals(const SequenceBatch& x) const;
  // log p(y | x) per sequence, the model read as a CRF; labels: ids per position of the batch,
  // concatenated (a sequence with an id outside 0..k−1, e.g. −1 for an unknown label, gets −∞).
  std::vector<double> log_probability(const SequenceBatch& x, const int32_t* labels) const;
  Sentences tag(const Sentences& sentences, const ChainConstraints* constraints = nullptr) const;

  // Drops the feature rows whose weights are all 0 from an exact dictionary (they never change a
  // score), then rounds the weights to what weight_bits stores, so a saved model decodes as this one.
  void compact();

  std::vector<uint8_t> to_bytes() const;
  // Refuses corrupt bytes, options a tagger cannot have been trained with, and non-finite weights.
  static SequenceModel from_bytes(const uint8_t* data, size_t size);

 private:
  const TokenFeaturizer& featurizer() const;
  mutable std::shared_ptr<TokenFeaturizer> featurizer_;
  mutable std::vector<uint64_t> keys_;
  mutable std::vector<int64_t> key_ends_;
};

}  // namespace argmax
