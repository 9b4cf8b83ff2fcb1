#include "learn/feature_scaling.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"

namespace argmax {

OptionSpec FeatureScaling::option() {
  return {"scale", OptionType::Choice, "auto", 0, -1, false,
          "feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns "
          "whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds "
          "10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, "
          "minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows "
          "are scaled only, never shifted",
          {"auto", "none", "minmax", "standard"}};
}

namespace {
// 1/spread, or 1 when the column is constant (or so narrow that its inverse is not a float).
float inverse_or_one(double spread) {
  const float s = float(1.0 / spread);
  return spread > 0 && std::isfinite(s) ? s : 1.f;
}
}  // namespace

FeatureScaling FeatureScaling::fit(const Rows& rows, const std::string& kind) {
  FeatureScaling f;
  if (kind == "none") return f;
  require(kind == "auto" || kind == "minmax" || kind == "standard", "unknown scaling '", kind,
          "' (known: auto, none, minmax, standard)");
  require(rows.rows() > 0, "feature scaling needs training rows");
  rows.validate("features", NanFeatures::missing);  // columns in range (NaN is for the learner to refuse)
  const int32_t n = rows.cols();
  if (kind == "auto") {
    if (!rows.is_sparse()) {
      std::vector<double> sum(n, 0.0), squares(n, 0.0);
      for (int32_t i = 0; i < rows.rows(); ++i)
        rows.row(i).for_each([&](int32_t j, float v) { sum[j] += v, squares[j] += double(v) * v; });
      const double m = rows.rows();
      std::vector<float> centre(n, 0.f);
      for (int32_t j = 0; j < n; ++j) {
        const double mean = sum[j] / m, sd = std::sqrt(std::max(0.0, squares[j] / m - mean * mean));
        if (std::fabs(mean) > kAutoOffset * sd) centre[j] = float(mean);
      }
      if (std::any_of(centre.begin(), centre.end(), [](float c) { return c != 0; })) f.centre_ = std::move(centre);
    }
    double largest = 0;
    for (int32_t i = 0; i < rows.rows(); ++i)
      rows.row(i).for_each([&](int32_t j, float v) {
        largest = std::max(largest, std::fabs(double(v) - (f.centre_.empty() ? 0.0 : f.centre_[j])));
      });
    const bool rescale = largest > kAutoAbove || (largest > 0 && largest < kAutoBelow);
    if (rescale || !f.centre_.empty()) f.scale_.assign(n, rescale ? float(1.0 / largest) : 1.f);
    return f;
  }
  const bool minmax = kind == "minmax";
  // minmax: lo, hi; standard: Σx, Σx². A sparse row's absent entries are zeros, so lo ≤ 0 ≤ hi there.
  const bool from_zero = !minmax || rows.is_sparse();
  std::vector<double> a(n, from_zero ? 0.0 : INFINITY), b(n, from_zero ? 0.0 : -INFINITY);
  for (int32_t i = 0; i < rows.rows(); ++i)
    rows.row(i).for_each([&](int32_t j, float v) {
      if (minmax) {
        a[j] = std::min(a[j], double(v)), b[j] = std::max(b[j], double(v));
      } else {
        a[j] += v, b[j] += double(v) * v;
      }
    });
  f.scale_.resize(n);
  if (!rows.is_sparse()) f.centre_.resize(n);
  const double m = rows.rows();
  for (int32_t j = 0; j < n; ++j) {
    const double centre = minmax ? a[j] : a[j] / m;
    const double spread = minmax ? b[j] - a[j] : std::sqrt(std::max(0.0, b[j] / m - centre * centre));
    f.scale_[j] = inverse_or_one(spread);
    if (!f.centre_.empty()) f.centre_[j] = float(centre);
  }
  return f;
}

OwnedRows FeatureScaling::apply(const Rows& rows) const {
  const int32_t n = int32_t(scale_.size());
  require(rows.cols() == n || (rows.is_sparse() && rows.cols() > n), "scaling fitted on ", n,
          " columns got rows of ", rows.cols());
  return OwnedRows::transformed(rows, [&](int32_t j, float v) {
    return j >= n ? v : scale_[j] * (centre_.empty() ? v : v - centre_[j]);
  });
}

void FeatureScaling::save(ByteWriter& out) const {
  out.put_vector(scale_);
  out.put_vector(centre_);
}

FeatureScaling FeatureScaling::load(ByteReader& in, int32_t cols) {
  FeatureScaling f;
  f.scale_ = in.get_vector<float>();
  f.centre_ = in.get_vector<float>();
  const char* corrupt = "model bytes are corrupt (feature scaling)";
  require(f.scale_.size() == size_t(cols) && (f.centre_.empty() || f.centre_.size() == f.scale_.size()), corrupt);
  for (float s : f.scale_) require(std::isfinite(s) && s > 0, corrupt);
  for (float c : f.centre_) require(std::isfinite(c), corrupt);
  return f;
}

std::vector<double> FeatureScaling::fold(std::vector<float>& w, int outputs) const {
  require(w.size() >= scale_.size() * outputs, "weights are shorter than the scaled columns");
  for (size_t j = 0; j < scale_.size(); ++j)
    for (int o = 0; o < outputs; ++o) w[j * outputs + o] *= scale_[j];
  std::vector<double> offset = centre_constants(w, outputs);
  for (double& c : offset) c = -c;
  return offset;
}

std::vector<double> FeatureScaling::unfold(std::vector<float>& w, int outputs) const {
  require(w.size() >= scale_.size() * outputs, "weights are shorter than the scaled columns");
  const std::vector<double> offset = centre_constants(w, outputs);
  for (size_t j = 0; j < scale_.size(); ++j)
    for (int o = 0; o < outputs; ++o) w[j * outputs + o] /= scale_[j];
  return offset;
}

std::vector<double> FeatureScaling::centre_constants(const std::vector<float>& w, int outputs) const {
  std::vector<double> constant(outputs, 0.0);
  for (size_t j = 0; j < centre_.size(); ++j)
    for (int o = 0; o < outputs; ++o) constant[o] += double(w[j * outputs + o]) * centre_[j];
  return constant;
}

ScaledRows::ScaledRows(const Rows& raw, const std::string& kind)
    : scaling(FeatureScaling::fit(raw, kind)),
      storage(scaling.identity() ? OwnedRows{} : scaling.apply(raw)),
      rows(scaling.identity() ? raw : storage.view()) {}

}  // namespace argmax
