#include "learn/kernels/support_vectors.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"

namespace argmax {

SupportVectors SupportVectors::of(const Rows& rows, const double* a, int outputs) {
  SupportVectors sv(rows.cols(), outputs);
  for (int32_t i = 0; i < rows.rows(); ++i) {
    const double* ai = a + size_t(i) * outputs;
    if (std::any_of(ai, ai + outputs, [](double v) { return v != 0; })) sv.add(rows.row(i), ai);
  }
  sv.prepare();
  return sv;
}

void SupportVectors::add(RowView x, const double* a) {
  x.for_each([&](int32_t j, float v) {
    if (v != 0) indices_.push_back(j), values_.push_back(v);
  });
  offsets_.push_back(int32_t(indices_.size()));
  for (int y = 0; y < outputs_; ++y) coef_.push_back(float(a[y]));
}

void SupportVectors::prepare() {
  values_d_.assign(values_.begin(), values_.end());
  coef_d_.assign(coef_.begin(), coef_.end());
  norms_.assign(size_t(count()), 0.0);
  for (int s = 0; s < count(); ++s)
    for (int32_t p = offsets_[s]; p < offsets_[s + 1]; ++p) norms_[s] += values_d_[p] * values_d_[p];
  columns_ = indices_;
  std::sort(columns_.begin(), columns_.end());
  columns_.erase(std::unique(columns_.begin(), columns_.end()), columns_.end());
  compact_.resize(indices_.size());
  for (size_t p = 0; p < indices_.size(); ++p)
    compact_[p] = int32_t(std::lower_bound(columns_.begin(), columns_.end(), indices_[p]) - columns_.begin());
}

int32_t SupportVectors::kernel_block(const Kernel& kernel, const Rows& rows, int32_t first, std::vector<double>& K) const {
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;
  const int n = count();
  const int32_t u = int32_t(columns_.size());
  // Batches of up to 256 rows, fewer when rows or support vectors are many (each block stays near 16 MB).
  const int32_t batch = int32_t(std::clamp<int64_t>((int64_t(1) << 21) / std::max({u, n, 1}), 1, 256));
  const int32_t b = std::max(0, std::min(batch, rows.rows() - first));
  // SVᵀ over the used columns: u × n, the CSR rows read as compressed columns.
  const Eigen::Map<const Eigen::SparseMatrix<double, Eigen::ColMajor, int32_t>> svt(
      u, n, int32_t(values_d_.size()), offsets_.data(), compact_.data(), values_d_.data());
  Matrix x = Matrix::Zero(b, u);
  std::vector<double> x_norms(size_t(b), 0.0);
  for (int32_t i = 0; i < b; ++i)
    rows.row(first + i).for_each([&](int32_t j, float v) {
      const auto at = std::lower_bound(columns_.begin(), columns_.end(), j);
      if (at != columns_.end() && *at == j) x(i, at - columns_.begin()) = v;
      x_norms[i] += double(v) * v;
    });
  K.resize(size_t(b) * size_t(n));
  Eigen::Map<Matrix> block(K.data(), b, n);
  block.noalias() = x * svt;  // ⟨x_i, s⟩
  kernel.apply(K.data(), b, n, x_norms.data(), norms_.data());
  return b;
}

std::vector<double> SupportVectors::scores(const Kernel& kernel, const Rows& rows) const {
  const int n = count(), k = outputs_;
  std::vector<double> out(size_t(rows.rows()) * k, 0.0), K;
  // f(x_i) += K(x_i, s)·a_s, support vector by support vector: plain loops rather than Eigen's matrix product,
  // whose blocked kernels took 7 KB of the module (each row's sums run in one order, whatever its batch)
  for (int32_t first = 0, b; (b = kernel_block(kernel, rows, first, K)) > 0; first += b)
    for (int s = 0; s < n; ++s) {
      const double* a = &coef_d_[size_t(s) * k];
      for (int32_t i = 0; i < b; ++i) {
        const double value = K[size_t(s) * b + i];
        double* f = &out[size_t(first + i) * k];
        for (int y = 0; y < k; ++y) f[y] += value * a[y];
      }
    }
  return out;
}

void SupportVectors::save(ByteWriter& out) const {
  out.put_vector(offsets_);
  out.put_vector(indices_);
  out.put_vector(values_);
  out.put_vector(coef_);
}

SupportVectors SupportVectors::load(ByteReader& in, int32_t cols, int outputs) {
  SupportVectors m(cols, outputs);
  m.offsets_ = in.get_vector<int32_t>();
  m.indices_ = in.get_vector<int32_t>();
  m.values_ = in.get_finite_vector<float>("support vector value");
  m.coef_ = in.get_finite_vector<float>("support vector coefficient");
  const char* corrupt = "model bytes are corrupt (shapes do not match)";
  require(cols >= 0 && outputs >= 1 && !m.offsets_.empty() && m.offsets_[0] == 0, corrupt);
  require(m.indices_.size() == m.values_.size() && size_t(m.offsets_.back()) == m.indices_.size(), corrupt);
  require(m.coef_.size() == size_t(m.count()) * size_t(outputs), corrupt);
  for (size_t s = 1; s < m.offsets_.size(); ++s) require(m.offsets_[s] >= m.offsets_[s - 1], corrupt);
  for (int32_t j : m.indices_) require(j >= 0 && j < cols, corrupt);
  m.prepare();
  return m;
}

}  // namespace argmax
