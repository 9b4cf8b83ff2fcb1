// Multiclass by reduction to binary problems (SSBD 17.1; FML 9.4), all as one ECOC model: a code
// M ∈ {−1,0,+1}^{k×c}, one binary scorer f_j per column trained on the examples whose class has
// M_{y,j} ≠ 0 with label M_{y,j}, and a decoding rule (reductions/decoding.hpp).
//   ova       one-vs-all: the OvA code, decoded by argmax of the real-valued confidences (FML 9.16);
//             ties go to the lowest class index.
//   allpairs  all-pairs: the one-vs-one code, decoded by SSBD's signed vote (or FML's majority vote;
//             with ±1 outputs wins − losses = 2·wins − (k−1), so both pick the same class).
//   ecoc      any code: ova, ovo, dense random, sparse random, exhaustive (k ≤ 10) or user-supplied,
//             with Hamming or loss-based (hinge, logistic, exponential) decoding, or a code learned on the
//             binary confidences (reductions/learned_code.hpp).
// With rff = D > 0 every binary learner sees the random Fourier features z(x) instead of x
// (learn/random_fourier_features.hpp), an approximate Gaussian kernel.
// Any binary learner (binary/binary_learners.hpp) or a caller's own BinaryTrainer can be used.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "binary/binary_learners.hpp"
#include "core/options.hpp"
#include "core/rows.hpp"
#include "learn/progress.hpp"
#include "learn/random_fourier_features.hpp"
#include "reductions/code_matrix.hpp"
#include "reductions/decoding.hpp"
#include "reductions/learned_code.hpp"

namespace argmax {

struct ReductionConfig {
  std::string reduction = "ova";  // ova | allpairs | ecoc
  std::string learner = "linear";
  OptionList learner_options;
  std::string code = "dense";     // for ecoc: ova | ovo | dense | sparse | exhaustive | user
  int code_size = 0;              // columns of a random code (0: ⌈10 log₂ k⌉ dense, ⌈15 log₂ k⌉ sparse)
  std::string decoding = "auto";  // auto: argmax (ova), signed-vote (allpairs), hamming (ecoc)
  LearnedCodeConfig learned;      // for decoding = learned
  int rff = 0;                    // random features D (0: the features themselves)
  double rff_gamma = 0;          // 0: from the training rows (learn/kernels/kernel_width.hpp)
  uint64_t rff_seed = 1;
  uint64_t seed = 1;
  std::string scale = "auto";     // feature scaling folded into the binary models (learn/feature_scaling.hpp)
  std::vector<int8_t> user_code;  // k×c, row-major, when code = user
  int user_code_columns = 0;
};

// The options table of the reduction itself (the learner's own options are separate).
const std::vector<OptionSpec>& reduction_options();
// From parsed options; learner options and a user code are filled in by the caller.
ReductionConfig reduction_config_from(const Options& options);

class ReductionModel {
 public:
  // labels in 0..classes−1. `trainer` overrides config.learner (e.g. a caller's own binary learner).
  // Progress: epoch = binary problems trained so far (of columns()).
  static ReductionModel train(const Rows& rows, const std::vector<int32_t>& labels, int classes,
                              const ReductionConfig& config, const BinaryTrainer& trainer = {},
                              const ProgressFn& progress = {});
  // The same from any integer labels (n = rows.rows() of them): the model indexes them (core/labels.hpp),
  // trains on the positions and keeps the labels, which it saves and predict_labels answers in. A user code
  // has one row per distinct label, in sorted order.
  static ReductionModel train_on_labels(const Rows& rows, const int32_t* labels, const ReductionConfig& config,
                                        const ProgressFn& progress = {});

  int classes() const { return code_.classes(); }
  int columns() const { return code_.columns(); }
  // Feature columns trained on (of x, not of its random features).
  int32_t cols() const { return rff_.dim() ? rff_.cols() : models_.empty() ? 0 : models_[0]->cols(); }
  const CodeMatrix& code() const { return code_; }
  Decoding decoding() const { return decoding_; }
  // Any rule the code allows (argmax needs the OvA code, learned a model trained with decoding = learned;
  // a learned code is saved only while it is the decoding).
  void set_decoding(Decoding d);
  const std::string& reduction() const { return reduction_; }
  const std::string& learner() const { return learner_; }
  const BinaryModel& binary(int j) const { return *models_[j]; }
  // How the binary problems' training ended, as one report (not saved).
  TrainingReport training_report() const { return combined_report(models_); }

  // The label each class index stands for (0..k−1 unless set); saved with the model.
  const std::vector<int32_t>& class_labels() const { return class_labels_; }
  void set_class_labels(std::vector<int32_t> labels);

  void confidences(const RowView& x, float* f) const;  // f_j(x), j < columns()
  void confidences(const Rows& rows, float* f) const;  // rows × columns(), row-major
  int predict(const RowView& x) const;
  std::vector<int32_t> predict(const Rows& rows) const;
  // predict() as the labels class_labels() maps the class indices to.
  std::vector<int32_t> predict_labels(const Rows& rows) const;

  std::vector<uint8_t> to_bytes() const;  // kind "reduction"
  static ReductionModel from_bytes(const uint8_t* data, size_t size);

 private:
  int decode_confidences(const float* f) const;
  std::string reduction_, learner_;
  CodeMatrix code_;
  Decoding decoding_ = Decoding::Hamming;
  std::vector<std::shared_ptr<const BinaryModel>> models_;
  std::shared_ptr<const LearnedCode> learned_;
  RandomFourierFeatures rff_;
  std::vector<int32_t> class_labels_;
};

// The code a config asks for, for k classes.
CodeMatrix make_code(const ReductionConfig& config, int classes);

}  // namespace argmax
