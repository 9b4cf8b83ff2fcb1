#include "binary/linear_model.hpp"

#include <algorithm>
#include <cmath>

#include "binary/binary_learners.hpp"
#include "binary/kernel_svm.hpp"
#include "io/quantized_weights.hpp"
#include "learn/feature_scaling.hpp"

namespace argmax {
namespace {
constexpr uint32_t kCompactWeightsVersion = 4;  // format version 4: nonzero weights only, in their bits
}  // namespace

LinearBinaryModel::LinearBinaryModel(std::vector<float> w, float bias, int weight_bits)
    : w_(std::move(w)), bias_(bias), weight_bits_(weight_bits) {
  quantize_weights(w_, weight_bits_);
}

float dot_clipped(const RowView& x, const float* w, int32_t dim) {
  float s = 0.f;
  if (x.index) {
    for (int32_t p = 0; p < x.size; ++p)
      if (x.index[p] < dim) s += w[x.index[p]] * x.value[p];
  } else {
    const int32_t n = x.size < dim ? x.size : dim;
    for (int32_t j = 0; j < n; ++j) s += w[j] * x.value[j];
  }
  return s;
}

std::unique_ptr<BinaryModel> unscaled(std::unique_ptr<BinaryModel> model, const FeatureScaling& scaling) {
  if (scaling.identity()) return model;
  if (auto* kernel = dynamic_cast<KernelBinaryModel*>(model.get())) {  // keeps the scaling, applies it to rows
    kernel->set_scaling(scaling);
    return model;
  }
  const auto* linear = dynamic_cast<const LinearBinaryModel*>(model.get());
  require(linear != nullptr, "scale needs a linear or kernel learner; '", model->learner(),
          "' splits on thresholds, which scaling does not change: leave scale at none");
  std::vector<float> w = linear->weights();
  w.resize(std::max(w.size(), scaling.scale().size()), 0.f);
  const double shift = scaling.fold(w, 1)[0];
  auto raw = std::make_unique<LinearBinaryModel>(std::move(w), float(linear->bias() + shift), linear->weight_bits());
  raw->report = model->report, raw->trainer = model->trainer, raw->loss = model->loss;
  return raw;
}

std::string scaling_for_learner(const std::string& learner, const std::string& scale) {
  if (scale != "auto") return scale;
  return learner != "custom" && binary_learner(learner).scalable ? scale : "none";
}

float LinearBinaryModel::score(const RowView& x) const {
  return dot_clipped(x, w_.data(), int32_t(w_.size())) + bias_;
}

uint32_t LinearBinaryModel::format_version() const {
  return weight_bits_ == 32 ? kFormatVersion : kCompactWeightsVersion;
}

void LinearBinaryModel::save(ByteWriter& out) const {
  if (out.version() < kCompactWeightsVersion) {
    out.put_vector(w_);
  } else {
    out.put<int32_t>(cols());
    put_weights(out, w_, weight_bits_);
  }
  out.put<float>(bias_);
}

std::unique_ptr<LinearBinaryModel> LinearBinaryModel::load(ByteReader& in) {
  std::vector<float> w;
  int bits = 32;
  if (in.version() < kCompactWeightsVersion) {
    w = in.get_finite_vector<float>("weight");
  } else {
    const int32_t cols = in.get<int32_t>();
    require(cols >= 0, "model bytes are corrupt (a negative number of weights)");
    w = get_weights(in, size_t(cols), bits);
  }
  const float b = in.get_finite<float>("bias");
  return std::make_unique<LinearBinaryModel>(std::move(w), b, bits);
}

}  // namespace argmax
