// Class-sensitive feature maps Ψ(x, y) of the linear multiclass predictor h(x) = argmax_y ⟨w, Ψ(x, y)⟩.
//
// Multivector (SSBD 17.2.1): Ψ(x, y) puts x (and a constant bias feature b, when b > 0) in block y, so
//   ⟨w, Ψ(x, y)⟩ = ⟨w_y, x⟩ + b·w_y,bias. Weights are stored feature-major, w[j·k + y], so scoring a
//   sparse row is one contiguous k-wide axpy per non-zero (the layout LIBLINEAR uses).
// TF-IDF (SSBD 17.2.1): for bag-of-words counts x, Ψ_j(x, y) = TF(j, x) · log(m / (DF(j, y) + 1)),
//   TF(j, x) = x_j / Σ_i x_i, DF(j, y) = number of training documents not about y that contain word j
//   (+1 smooths words found in every other document). w has one weight per word, shared by all classes,
//   and, when b > 0, one per class for the bias: Ψ_{cols+y}(x, y) = b, as in block y of the multivector map.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"

namespace argmax {

class ByteReader;
class ByteWriter;

class FeatureMap {
 public:
  enum class Kind : uint8_t { Multivector = 0, TfIdf = 1 };

  FeatureMap() = default;
  static FeatureMap multivector(int cols, int classes, float bias);
  // Learns DF(j, y) from training documents (non-negative counts) with labels in [0, classes).
  static FeatureMap tfidf(const Rows& docs, const std::vector<int32_t>& labels, int classes, float bias);

  Kind kind() const { return kind_; }
  int classes() const { return k_; }
  int cols() const { return cols_; }
  float bias() const { return bias_; }
  size_t dim() const;

  // out[y] = scale·⟨w, Ψ(x, y)⟩ for y = 0..k−1.
  void scores(const float* w, float scale, RowView x, float* out) const;

  // Calls add(j, a·Ψ_j(x, y)) for every non-zero coordinate j of Ψ(x, y).
  template <class Add>
  void add_psi(RowView x, int y, float a, Add&& add) const {
    if (kind_ == Kind::Multivector) {
      x.for_each([&](int32_t j, float v) { add(size_t(j) * k_ + y, a * v); });
      if (bias_ > 0) add(size_t(cols_) * k_ + y, a * bias_);
    } else {
      const float tf = a / total(x);
      x.for_each([&](int32_t j, float v) { add(size_t(j), tf * v * idf_[size_t(j) * k_ + y]); });
      if (bias_ > 0) add(size_t(cols_) + y, a * bias_);
    }
  }

  // ρ = max over examples and label pairs of ‖Ψ(x, y') − Ψ(x, y)‖ (SSBD Cor. 17.2's Lipschitz constant).
  double max_psi_distance(const Rows& rows) const;

  void save(ByteWriter& out) const;
  static FeatureMap load(ByteReader& in);

 private:
  static float total(RowView x);
  Kind kind_ = Kind::Multivector;
  int k_ = 0, cols_ = 0;
  float bias_ = 0;
  std::vector<float> idf_;  // TF-IDF: log(m / (DF(j, y) + 1)), feature-major
};

}  // namespace argmax
