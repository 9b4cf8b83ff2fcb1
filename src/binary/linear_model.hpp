// A linear binary scorer f(x) = ⟨w, x⟩ + b, the model of every linear learner here (Pegasos and
// dual coordinate descent SVMs, logistic regression, perceptron).
// Its weights are stored in weight_bits() bits (option weightBits): 32, dense floats as ever (format version 3),
// or 16 or 8, quantised as Multiclass's (io/quantized_weights.hpp), which the model does in memory, so that it
// scores as it will load. In format version 4 (a model with 16- or 8-bit weights, or a reduction or binary
// relevance holding one) each model stores only its nonzero weights, as io/quantized_weights.hpp writes them.
#pragma once
#include <string>
#include <vector>

#include "binary/binary_model.hpp"

namespace argmax {

class FeatureScaling;

class LinearBinaryModel : public BinaryModel {
 public:
  LinearBinaryModel(std::vector<float> w, float bias, int weight_bits = 32);

  std::string learner() const override { return "linear"; }
  // Columns past the trained dimension count as 0 (a test set may have more features).
  float score(const RowView& x) const override;
  int32_t cols() const override { return int32_t(w_.size()); }
  void save(ByteWriter& out) const override;
  uint32_t format_version() const override;
  static std::unique_ptr<LinearBinaryModel> load(ByteReader& in);

  const std::vector<float>& weights() const { return w_; }
  float bias() const { return bias_; }
  int weight_bits() const { return weight_bits_; }

 private:
  std::vector<float> w_;
  float bias_;
  int weight_bits_;
};

// The model on raw rows of one trained on rows scaled by `scaling` (learn/feature_scaling.hpp): the model itself
// when scaling is the identity, else its weights and bias folded, or for a kernel model (which cannot fold it)
// the model keeping the scaling to apply to the rows it scores; InputError for other models.
std::unique_ptr<BinaryModel> unscaled(std::unique_ptr<BinaryModel> model, const FeatureScaling& scaling);

// The scaling to fit for binary models of `learner` ("custom": a caller's own trainer): scale=auto applies only
// where unscaled can carry it, into a linear model's weights or a kernel model; other kinds are passed on,
// for unscaled to refuse.
std::string scaling_for_learner(const std::string& learner, const std::string& scale);

// Dot product of a row with a dense vector of dim entries; columns ≥ dim count as 0.
float dot_clipped(const RowView& x, const float* w, int32_t dim);

}  // namespace argmax
