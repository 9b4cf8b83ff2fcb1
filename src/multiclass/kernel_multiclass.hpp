// The kernel multiclass SVM, by one of two decompositions (option `decomposition`):
//   all-pairs       LIBSVM's one-vs-one: a binary kernel SVM (binary/kernel_svm.hpp) for each pair of
//                   classes a < b on their rows, f_ab(x) = Σ_i α_i y_i K(s(x_i), s(x)) + b_ab; each votes for a when
//                   f_ab(x) > 0, else for b, and h(x) is the label of most votes. The machines take the classes in
//                   LIBSVM's order, as first seen in the training rows (class_order()), so that a tie goes to the
//                   class seen first and the model predicts as svm-train's; labels() are ascending, as every
//                   model's. The model keeps each support vector once, with its k − 1 coefficients α y (its
//                   machines against the other classes, in class order), as LIBSVM does; its scores are the votes.
//   crammer-singer  h(x) = argmax_y Σ_i α_i^y K(s(x_i), s(x)), by the dual Crammer–Singer solver
//                   (multiclass/kernel_crammer_singer.hpp); its scores are those sums. The cost matrix is its own.
// s is the feature scaling of option `scale`, fitted on the training
// rows before the kernel sees them (learn/feature_scaling.hpp); unlike a linear model's it cannot fold into
// weights, so the model keeps it and applies it to the rows it scores. γ = 0 (the default) is chosen from the
// scaled training rows (learn/kernels/kernel_width.hpp) and recorded in the model's options. The model keeps only the
// support vectors (scaled rows with α_i ≠ 0) and their coefficients. Labels and the optional cost matrix work
// as in LinearMulticlass.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "learn/feature_scaling.hpp"
#include "learn/progress.hpp"
#include "learn/kernels/kernel.hpp"
#include "learn/kernels/support_vectors.hpp"

namespace argmax {

class KernelMulticlass {
 public:
  static const std::vector<OptionSpec>& options_table();

  // cost: row-major k×k (row = truth), or empty for 0-1. Throws InputError on any bad input.
  static KernelMulticlass train(const Rows& rows, const std::vector<int32_t>& labels, const OptionList& options,
                                const std::vector<float>& cost, const ProgressFn& progress = nullptr);

  int classes() const { return int(labels_.size()); }
  int cols() const { return sv_.cols(); }
  int support_vectors() const { return sv_.count(); }
  const std::vector<int32_t>& labels() const { return labels_; }  // ascending
  // The classes (positions in labels()) in the order a tie goes: all-pairs LIBSVM's, as first seen in the training
  // rows; crammer-singer ascending.
  const std::vector<int32_t>& class_order() const { return order_; }
  const OptionList& options() const { return options_; }
  const Kernel& kernel() const { return kernel_; }  // γ as used (from the data when the options said 0)
  const FeatureScaling& scaling() const { return scaling_; }
  bool all_pairs() const { return all_pairs_; }
  // Support-vector coefficients, row-major: crammer-singer α_i^y, support_vectors() × classes(); all-pairs α y,
  // support_vectors() × (classes() − 1), see above (a model of one class has no support vector).
  const std::vector<float>& coefficients() const { return sv_.coefficients(); }
  // How training ended (not saved: a loaded model reports the default, converged).
  const TrainingReport& training_report() const { return report_; }

  // out: m×k scores h(x, y), columns in labels() order.
  void scores(const Rows& rows, float* out) const;
  // out: m predicted labels (ties → the first class in class_order()).
  void predict(const Rows& rows, int32_t* out) const;
  // out: m margins ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') (FML 9.2); labels must be known to the model.
  void margins(const Rows& rows, const int32_t* labels, float* out) const;

  std::vector<uint8_t> to_bytes() const;
  static KernelMulticlass from_bytes(const uint8_t* data, size_t size);

 private:
  std::vector<float> score_matrix(const Rows& rows) const;
  void train_all_pairs(const Rows& rows, const std::vector<int32_t>& index, const Options& options,
                       const ProgressFn& progress);
  std::vector<float> votes(const Rows& rows) const;
  Kernel kernel_;
  bool all_pairs_ = false;
  std::vector<int32_t> sv_class_;     // all-pairs: each support vector's class (its place in order_)
  std::vector<float> pair_constant_;  // all-pairs: the intercept b of each machine (a, b), a < b, places in order_
  FeatureScaling scaling_;  // applied to every row before the kernel; saved only when not the identity
  OptionList options_;
  std::vector<int32_t> labels_;
  std::vector<int32_t> order_;  // see class_order()
  SupportVectors sv_;
  TrainingReport report_;
};

}  // namespace argmax
