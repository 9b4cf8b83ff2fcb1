#include "learn/kernels/kernel_columns.hpp"

#include <Eigen/Dense>
#include <algorithm>

namespace argmax {

namespace {
// Rows denser than this (stored entries over rows × cols) are copied out dense, up to kDenseLimit floats: a
// dense dot costs cols multiply-adds in SIMD lanes, a sparse one a gather per stored entry.
constexpr double kDenseShare = 0.125;
constexpr size_t kDenseLimit = size_t(1) << 24;  // 64 MB
}  // namespace

KernelColumns::KernelColumns(std::vector<RowView> rows, int32_t cols, const Kernel& kernel)
    : rows_(std::move(rows)), cols_(cols), kernel_(kernel), squared_norm_(rows_.size()),
      diagonal_(rows_.size()), spread_(size_t(cols)) {
  size_t stored = 0;
  for (size_t i = 0; i < rows_.size(); ++i) {
    squared_norm_[i] = rows_[i].squared_norm();
    diagonal_[i] = kernel_(squared_norm_[i], squared_norm_[i], squared_norm_[i]);
    stored += size_t(rows_[i].size);
  }
  const size_t entries = rows_.size() * size_t(cols);
  if (entries > 0 && entries <= kDenseLimit && double(stored) >= kDenseShare * double(entries)) {
    dense_rows_.assign(entries, 0.f);
    for (size_t i = 0; i < rows_.size(); ++i)
      rows_[i].for_each([&](int32_t j, float v) { dense_rows_[i * size_t(cols) + size_t(j)] = v; });
  }
}

void KernelColumns::fill(int i, int from, int to, float* out) {
  if (to <= from) return;
  const int n = to - from;
  float* dots = out + from;
  if (!dense_rows_.empty()) {
    using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    const Eigen::Map<const RowMajor> block(&dense_rows_[size_t(from) * cols_], n, cols_);
    const Eigen::Map<const Eigen::VectorXf> x(&dense_rows_[size_t(i) * cols_], cols_);
    Eigen::Map<Eigen::VectorXf>(dots, n).noalias() = block.lazyProduct(x);  // row by row: no zeroing pass
  } else {
    std::fill(spread_.begin(), spread_.end(), 0.f);
    rows_[i].for_each([&](int32_t j, float v) { spread_[j] = v; });
    for (int j = from; j < to; ++j) dots[j - from] = float(dot_dense(rows_[j], spread_.data(), cols_));
  }
  // In float, as the cache holds it: the squared distance of the RBF kernel loses ~1e-7 of ‖x‖² + ‖x'‖².
  kernel_.apply(dots, n, 1, &squared_norm_[size_t(from)], &squared_norm_[size_t(i)]);
}

void KernelColumns::swap(int i, int j) {
  std::swap(rows_[i], rows_[j]);
  std::swap(squared_norm_[i], squared_norm_[j]);
  std::swap(diagonal_[i], diagonal_[j]);
  if (!dense_rows_.empty())
    std::swap_ranges(&dense_rows_[size_t(i) * cols_], &dense_rows_[size_t(i) * cols_] + cols_, &dense_rows_[size_t(j) * cols_]);
}

}  // namespace argmax
