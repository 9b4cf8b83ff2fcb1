// A text classifier: a fitted text vectorizer (text/vectorizer.hpp) and a classifier of its rows, saved as one
// model. String labels; one per text (Multiclass, any of its trainers and losses) or a set per text (binary
// relevance over any binary learner). Its option table is the vectorizer's with the classifier's.
//
// Probabilities. With the log loss the scores are the model's own: softmax(s) (one label) or σ(s) (label sets).
// Any other loss gives scores on no probability scale, so they are calibrated on held-out texts: a model of the
// same options trained on four fifths of the training texts scores the last fifth, and the scale that fits
// those scores best (least log loss) is kept: softmax(s / T) with one temperature T (Guo et al. 2017), or
// σ(a·s + b) with one (a, b) for every label (Platt 1999). The model itself is then trained on every text.
// A text without any n-gram of the training texts (an empty text) gets the prior: the training frequencies.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "learn/progress.hpp"
#include "text/vectorizer.hpp"

namespace argmax {

class LinearMulticlass;
class BinaryRelevanceModel;

class TextClassifier {
 public:
  // The option table: the vectorizer's, then Multiclass's for the trainer in `given` (one label per text), or
  // binary relevance's and the learner's (label sets).
  static std::vector<OptionSpec> options_of(bool multilabel, const OptionList& given);

  // Labels of one class are refused unless allow_single_class (core/labels.hpp): the model always predicts it.
  static TextClassifier train(const std::vector<std::string_view>& texts, const std::vector<std::string>& labels,
                              const OptionList& options, const ProgressFn& progress = {},
                              bool allow_single_class = false);
  static TextClassifier train_sets(const std::vector<std::string_view>& texts,
                                   const std::vector<std::vector<std::string>>& label_sets, const OptionList& options,
                                   const ProgressFn& progress = {});

  bool multilabel() const { return multilabel_ != nullptr; }
  const std::vector<std::string>& classes() const { return classes_; }
  int classes_count() const { return int(classes_.size()); }
  const TextVectorizer& vectorizer() const { return vectorizer_; }
  const OptionList& options() const { return options_; }  // the vectorizer's then the classifier's
  const TrainingReport& training_report() const { return report_; }

  // out: texts × classes, row-major, columns in classes() order.
  void scores(const std::vector<std::string_view>& texts, float* out) const;
  // out: texts × classes: a distribution per text (one label), or each label's probability (label sets).
  void probabilities(const std::vector<std::string_view>& texts, float* out) const;
  // One label: the class index per text (ties → the lowest index). Label sets: 1 for each label predicted.
  std::vector<int32_t> predict(const std::vector<std::string_view>& texts) const;
  std::vector<std::vector<int32_t>> predict_sets(const std::vector<std::string_view>& texts) const;

  // The n-grams that pushed class c's score most: each feature's share of the score, the score of the feature
  // alone minus the score of no feature (x_j·w_jc for a linear model; any model explains the same way),
  // largest magnitude first, at most k.
  struct Contribution {
    std::vector<Ngram> ngrams;  // the text's n-grams in that column (several only when hashed together)
    float value;                // the feature x_j
    float weight;               // its share of the score
  };
  std::vector<Contribution> explain(std::string_view text, int c, int k) const;
  // The model's k heaviest columns for class c (largest |weight|, the weight being the score of the column alone
  // at value 1 minus that of no feature), heaviest first, each with its n-gram: a vocabulary's, or with hashing
  // the one kept for it (heaviestNgrams), or none. value is the n-gram's sign in its column (the sign of its
  // hash; 1 for a vocabulary or no n-gram), weight the column's weight times it: the n-gram's own weight.
  std::vector<Contribution> heaviest(int c, int k) const;

  std::vector<uint8_t> to_bytes() const;  // kind "text-classifier"
  static TextClassifier from_bytes(const uint8_t* data, size_t size);

 private:
  void classifier_scores(const Rows& rows, float* out) const;
  // Applies the calibrated scale and the prior (rows without features) to scores, in place.
  void to_probabilities(const Rows& rows, float* scores) const;
  int32_t cols() const;
  // options_: the vectorizer's, then the classifier's as its table reads them.
  void set_options(const OptionList& own, const OptionList& classifier);
  void require_explainable(int c, int k) const;  // class c exists, k ≥ 0
  // out: features × classes, each feature's share of every class's score: the score of a row of that feature alone
  // (column, value) less the score of no feature, whatever the model's kind (explain, and heaviest at value 1).
  void shares(const std::vector<std::pair<int32_t, float>>& features, float* out) const;
  // Per class, its k heaviest columns as (|weight|, −column), heaviest first (the lowest column among equals).
  std::vector<std::vector<std::pair<float, int32_t>>> heaviest_columns(int k) const;
  // With hashing: names the heaviestNgrams heaviest columns of every class by the training texts' n-grams.
  void name_heaviest(const std::vector<std::string_view>& texts);

  TextVectorizer vectorizer_;
  OptionList options_;
  std::vector<std::string> classes_;
  std::vector<float> prior_;  // training frequency of each class
  std::shared_ptr<const LinearMulticlass> multiclass_;
  std::shared_ptr<const BinaryRelevanceModel> multilabel_;
  float scale_ = 1, shift_ = 0;
  int heaviest_ngrams_ = 0;
  std::vector<int32_t> named_cols_;  // ascending: the hashed columns with an n-gram kept for them …
  std::vector<Ngram> named_;         // … and those n-grams  // probabilities: softmax(scale·s) or σ(scale·s + shift)
  TrainingReport report_;
};

}  // namespace argmax
