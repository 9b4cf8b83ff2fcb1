#include "multiclass/feature_map.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/sizes.hpp"
#include "io/bytes.hpp"

namespace argmax {

namespace {
void check_bias(float bias) {
  require(std::isfinite(bias) && bias >= 0, "bias must be a finite value ≥ 0 (0 = no bias feature); got ", bias);
}
}  // namespace

FeatureMap FeatureMap::multivector(int cols, int classes, float bias) {
  require(classes >= 1 && cols >= 0, "feature map needs at least one class");
  check_bias(bias);
  FeatureMap f;
  f.kind_ = Kind::Multivector, f.k_ = classes, f.cols_ = cols, f.bias_ = bias;
  return f;
}

FeatureMap FeatureMap::tfidf(const Rows& docs, const std::vector<int32_t>& labels, int classes, float bias) {
  require(docs.rows() > 0, "TF-IDF needs at least one training document");
  check_bias(bias);
  FeatureMap f;
  f.kind_ = Kind::TfIdf, f.k_ = classes, f.cols_ = docs.cols(), f.bias_ = bias;
  std::vector<double> df_all(docs.cols(), 0), df_in(checked_count<double>("TF-IDF table", {docs.cols(), classes}), 0);
  for (int32_t i = 0; i < docs.rows(); ++i) {
    bool any = false;
    docs.row(i).for_each([&](int32_t j, float v) {
      require(v >= 0, "TF-IDF needs non-negative word counts; row ", i, " has ", v, " at column ", j);
      any |= v > 0;
      if (v > 0) df_all[j] += 1, df_in[size_t(j) * classes + labels[i]] += 1;
    });
    require(any, "TF-IDF: document ", i, " has no words");
  }
  const double m = docs.rows();
  f.idf_.resize(df_in.size());
  for (size_t j = 0; j < df_all.size(); ++j)
    for (int y = 0; y < classes; ++y) {
      const double df_not_y = df_all[j] - df_in[j * classes + y];
      f.idf_[j * classes + y] = float(std::log(m / (df_not_y + 1.0)));
    }
  return f;
}

size_t FeatureMap::dim() const {
  return kind_ == Kind::Multivector
             ? checked_count<float>("multiclass weights", {int64_t(cols_) + (bias_ > 0 ? 1 : 0), k_})
             : checked_count<float>("multiclass weights", {int64_t(cols_) + (bias_ > 0 ? k_ : 0)});
}

float FeatureMap::total(RowView x) {
  float t = 0;
  x.for_each([&](int32_t, float v) { t += v; });
  return t > 0 ? t : 1.f;
}

void FeatureMap::scores(const float* w, float scale, RowView x, float* out) const {
  std::fill(out, out + k_, 0.f);
  const int k = k_;
  if (kind_ == Kind::Multivector) {
    x.for_each([&](int32_t j, float v) {
      if (j >= cols_) return;  // a feature never seen in training has no weight
      const float* wj = w + size_t(j) * k;
      for (int y = 0; y < k; ++y) out[y] += v * wj[y];
    });
    if (bias_ > 0) {
      const float* wb = w + size_t(cols_) * k;
      for (int y = 0; y < k; ++y) out[y] += bias_ * wb[y];
    }
  } else {
    const float inv_total = 1.f / total(x);
    x.for_each([&](int32_t j, float v) {
      if (j >= cols_) return;
      const float wtf = w[j] * v * inv_total;
      const float* idf = idf_.data() + size_t(j) * k;
      for (int y = 0; y < k; ++y) out[y] += wtf * idf[y];
    });
    if (bias_ > 0)
      for (int y = 0; y < k; ++y) out[y] += bias_ * w[size_t(cols_) + y];
  }
  if (scale != 1.f)
    for (int y = 0; y < k; ++y) out[y] *= scale;
}

double FeatureMap::max_psi_distance(const Rows& rows) const {
  double rho = 0;
  for (int32_t i = 0; i < rows.rows(); ++i) {
    const RowView x = rows.row(i);
    if (kind_ == Kind::Multivector) {
      // Ψ(x,y') − Ψ(x,y) holds x in two blocks: ‖·‖² = 2(‖x‖² + b²).
      rho = std::max(rho, std::sqrt(2.0 * (x.squared_norm() + double(bias_) * bias_)));
    } else {
      const double t = total(x);
      for (int a = 0; a < k_; ++a)
        for (int b = a + 1; b < k_; ++b) {
          double d2 = 2.0 * double(bias_) * bias_;  // the two classes' bias coordinates
          x.for_each([&](int32_t j, float v) {
            const double d = (v / t) * (idf_[size_t(j) * k_ + a] - idf_[size_t(j) * k_ + b]);
            d2 += d * d;
          });
          rho = std::max(rho, std::sqrt(d2));
        }
    }
  }
  return rho;
}

void FeatureMap::save(ByteWriter& out) const {
  out.put<uint8_t>(uint8_t(kind_));
  out.put<int32_t>(k_);
  out.put<int32_t>(cols_);
  out.put<float>(bias_);
  out.put_vector(idf_);
}

FeatureMap FeatureMap::load(ByteReader& in) {
  FeatureMap f;
  const uint8_t kind = in.get<uint8_t>();
  require(kind <= 1, "model bytes are corrupt (unknown feature map ", int(kind), ")");
  f.kind_ = Kind(kind);
  f.k_ = in.get<int32_t>();
  f.cols_ = in.get<int32_t>();
  f.bias_ = in.get_finite<float>("bias feature");
  f.idf_ = in.get_finite_vector<float>("TF-IDF weight");
  require(f.k_ >= 1 && f.cols_ >= 0 && f.bias_ >= 0,
          "model bytes are corrupt (feature map shape)");
  f.dim();  // throws beyond the limit
  require(f.kind_ == Kind::Multivector ? f.idf_.empty()
                                       : f.idf_.size() == checked_count<float>("TF-IDF table", {f.cols_, f.k_}),
          "model bytes are corrupt (TF-IDF table size)");
  return f;
}

}  // namespace argmax
