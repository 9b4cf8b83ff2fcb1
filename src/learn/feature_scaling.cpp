#include "learn/feature_scaling.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"

namespace argmax {

OptionSpec FeatureScaling::option() {
  return choice_option("scale", "auto", {"auto", "none", "minmax", "standard"},
          "feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns "
          "whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds "
          "10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, "
          "minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows "
          "are scaled only, never shifted");
}

namespace {
// 1/spread, or 1 when the column is constant (or so narrow that its inverse is not a float).
float inverse_or_one(double spread) {
  const float s = float(1.0 / spread);
  return spread > 0 && std::isfinite(s) ? s : 1.f;
}

// Each column's mean and population standard deviation over the rows (a sparse row's absent entries are zeros).
struct ColumnMoments {
  std::vector<double> mean, sd;
};
ColumnMoments column_moments(const Rows& rows) {
  const int32_t n = rows.cols();
  ColumnMoments c{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0)};
  for (int32_t i = 0; i < rows.rows(); ++i)
    rows.row(i).for_each([&](int32_t j, float v) { c.mean[j] += v, c.sd[j] += double(v) * v; });  // Σx, Σx²
  const double m = rows.rows();
  for (int32_t j = 0; j < n; ++j) {
    c.mean[j] /= m;
    c.sd[j] = std::sqrt(std::max(0.0, c.sd[j] / m - c.mean[j] * c.mean[j]));
  }
  return c;
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
      const ColumnMoments c = column_moments(rows);
      std::vector<float> centre(n, 0.f);
      for (int32_t j = 0; j < n; ++j)
        if (std::fabs(c.mean[j]) > kAutoOffset * c.sd[j]) centre[j] = float(c.mean[j]);
      if (std::any_of(centre.begin(), centre.end(), [](float x) { return x != 0; })) f.centre_ = std::move(centre);
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
  f.scale_.resize(n);
  if (!rows.is_sparse()) f.centre_.resize(n);
  if (kind == "standard") {
    const ColumnMoments c = column_moments(rows);
    for (int32_t j = 0; j < n; ++j) {
      f.scale_[j] = inverse_or_one(c.sd[j]);
      if (!f.centre_.empty()) f.centre_[j] = float(c.mean[j]);
    }
    return f;
  }
  // minmax: lo and hi. A sparse row's absent entries are zeros, so lo ≤ 0 ≤ hi there.
  const double start = rows.is_sparse() ? 0.0 : INFINITY;
  std::vector<double> lo(n, start), hi(n, -start);
  for (int32_t i = 0; i < rows.rows(); ++i)
    rows.row(i).for_each([&](int32_t j, float v) { lo[j] = std::min(lo[j], double(v)), hi[j] = std::max(hi[j], double(v)); });
  for (int32_t j = 0; j < n; ++j) {
    f.scale_[j] = inverse_or_one(hi[j] - lo[j]);
    if (!f.centre_.empty()) f.centre_[j] = float(lo[j]);
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

std::string FeatureScaling::kind_over(const std::string& scale, const char* as_given) {
  require(!as_given || scale == "auto" || scale == "none", as_given, "; leave scale at auto or none");
  return as_given ? "none" : scale;
}

ScaledRows::ScaledRows(const Rows& raw, const std::string& kind)
    : scaling(FeatureScaling::fit(raw, kind)),
      storage(scaling.identity() ? OwnedRows{} : scaling.apply(raw)),
      rows(scaling.identity() ? raw : storage.view()) {}

}  // namespace argmax
