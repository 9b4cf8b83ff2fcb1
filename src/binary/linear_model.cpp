#include "binary/linear_model.hpp"

#include <algorithm>
#include <cmath>

#include "binary/binary_learners.hpp"
#include "binary/kernel_svm.hpp"
#include "learn/feature_scaling.hpp"

namespace argmax {

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
  auto raw = std::make_unique<LinearBinaryModel>(std::move(w), float(linear->bias() + shift));
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

void LinearBinaryModel::save(ByteWriter& out) const {
  out.put_vector(w_);
  out.put<float>(bias_);
}

std::unique_ptr<LinearBinaryModel> LinearBinaryModel::load(ByteReader& in) {
  auto w = in.get_finite_vector<float>("weight");
  const float b = in.get_finite<float>("bias");
  return std::make_unique<LinearBinaryModel>(std::move(w), b);
}

}  // namespace argmax
