// Binary relevance for multi-label data (Y = {−1,+1}^k; Tsoumakas & Katakis 2007): one binary scorer
// per label, trained on every example with label y_i[l], predicting sign f_l(x) (0 → −1). It is
// one-vs-all without the argmax: labels are decided independently.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "binary/binary_learners.hpp"
#include "io/multilabel.hpp"
#include "learn/progress.hpp"

namespace argmax {

// learner (choice of binary_learners()), seed and scale; the learner's own options are separate.
const std::vector<OptionSpec>& binary_relevance_options();

// The method inside "multilabel" model bytes: "br" (binary relevance) or "adaboost-mh".
std::string multilabel_method(const uint8_t* data, size_t size);

class BinaryRelevanceModel {
 public:
  // Progress: epoch = labels trained so far. scale: auto, none, minmax or standard (learn/feature_scaling.hpp).
  static BinaryRelevanceModel train(const Rows& rows, const LabelMatrix& y, const std::string& learner,
                                    const OptionList& learner_options, uint64_t seed = 1,
                                    const BinaryTrainer& custom = {}, const ProgressFn& progress = {},
                                    const std::string& scale = "auto");

  int labels() const { return int(models_.size()); }
  int32_t cols() const { return models_.empty() ? 0 : models_[0]->cols(); }  // feature columns trained on
  // How the binary problems' training ended, as one report (not saved).
  TrainingReport training_report() const { return combined_report(models_); }
  const std::string& learner() const { return learner_; }
  const BinaryModel& binary(int l) const { return *models_[l]; }
  void scores(const Rows& rows, float* f) const;  // rows × labels(), row-major
  LabelMatrix predict(const Rows& rows) const;

  std::vector<uint8_t> to_bytes() const;  // kind "multilabel"
  static BinaryRelevanceModel from_bytes(const uint8_t* data, size_t size);

 private:
  std::string learner_;
  std::vector<std::shared_ptr<const BinaryModel>> models_;
};

}  // namespace argmax
