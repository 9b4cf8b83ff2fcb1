// A kernel SVM for two classes by LIBSVM's C-SVC solver (SMO on pairs of variables, chosen with second-order
// information, with shrinking; kernel_svm.cpp): the hinge-loss problem with an intercept b that is not
// regularised,
//   dual   min_α ½ αᵀQα − Σ α_i,  0 ≤ α_i ≤ C c_i,  Σ_i y_i α_i = 0,  Q_ij = y_i y_j K(x_i, x_j),
//   model  f(x) = Σ_i α_i y_i K(x_i, x) + b,
// for a PDS kernel K (learn/kernels/kernel.hpp) and example weights c_i. A step on two α moves every gradient
// by two kernel columns, held by an LRU cache (learn/kernels/kernel_cache.hpp). Stops when the largest
// violation of the KKT conditions, max_{I_up} −y G − min_{I_low} −y G, is at most tol. The model keeps the
// support vectors and b.
// γ = 0 in the config's kernel is chosen from all the rows the sample draws from (learn/kernels/kernel_width.hpp), so
// the binary problems of one reduction share one γ; the model records the value used. A reduction's `scale`
// reaches the model through set_scaling: the rows it trained on were scaled, and it scales the rows it scores.
#pragma once
#include <memory>
#include <vector>

#include "binary/binary_model.hpp"
#include "binary/binary_sample.hpp"
#include "learn/feature_scaling.hpp"
#include "learn/kernels/kernel.hpp"
#include "learn/kernels/support_vectors.hpp"

namespace argmax {

struct KernelSvmConfig {
  Kernel kernel;
  double C = 1.0;
  double tol = 0.1;
  int max_iterations = 1000;
  double cache_mb = 200;
};

class KernelBinaryModel : public BinaryModel {
 public:
  KernelBinaryModel(const Kernel& kernel, double intercept, SupportVectors support_vectors);
  std::string learner() const override { return "kernel"; }
  float score(const RowView& x) const override;
  void scores(const Rows& rows, float* out) const override;  // batched kernel blocks
  int32_t cols() const override { return sv_.cols(); }
  void save(ByteWriter& out) const override;
  static std::unique_ptr<KernelBinaryModel> load(ByteReader& in);

  const SupportVectors& support_vectors() const { return sv_; }
  const Kernel& kernel() const { return kernel_; }
  double intercept() const { return intercept_; }  // b
  // The scaling the training rows had (learn/feature_scaling.hpp), applied to the rows scored from now on.
  void set_scaling(const FeatureScaling& scaling);
  const FeatureScaling& scaling() const { return scaling_; }

 private:
  Kernel kernel_;
  FeatureScaling scaling_;
  double intercept_;
  SupportVectors sv_;  // coefficients α_i y_i
};

struct KernelSvm {
  std::vector<double> alpha;  // one per example of the sample
  std::unique_ptr<KernelBinaryModel> model;
};
// The model's report: whether that violation reached tol within max_iterations passes (of m steps each).
// Progress: epoch = pass, objective = that violation.
KernelSvm solve_kernel_svm(const BinarySample& data, const KernelSvmConfig& config, const ProgressFn& progress = {});
std::unique_ptr<KernelBinaryModel> train_kernel_svm(const BinarySample& data, const KernelSvmConfig& config,
                                                    const ProgressFn& progress = {});

}  // namespace argmax
