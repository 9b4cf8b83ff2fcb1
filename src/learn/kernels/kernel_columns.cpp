#include "learn/kernels/kernel_columns.hpp"

#include <algorithm>

namespace argmax {

KernelColumns::KernelColumns(std::vector<RowView> rows, int32_t cols, const Kernel& kernel, double shift)
    : rows_(std::move(rows)), cols_(cols), kernel_(kernel), shift_(shift), squared_norm_(rows_.size()),
      diagonal_(rows_.size()), dense_(size_t(cols)) {
  for (size_t i = 0; i < rows_.size(); ++i) {
    squared_norm_[i] = rows_[i].squared_norm();
    diagonal_[i] = kernel_(squared_norm_[i], squared_norm_[i], squared_norm_[i]) + shift_;
  }
}

void KernelColumns::fill(int i, int from, int to, float* out) {
  std::fill(dense_.begin(), dense_.end(), 0.f);
  rows_[i].for_each([&](int32_t j, float v) { dense_[j] = v; });
  for (int j = from; j < to; ++j)
    out[j] = float(kernel_(dot_dense(rows_[j], dense_.data(), cols_), squared_norm_[j], squared_norm_[i]) + shift_);
}

void KernelColumns::swap(int i, int j) {
  std::swap(rows_[i], rows_[j]);
  std::swap(squared_norm_[i], squared_norm_[j]);
  std::swap(diagonal_[i], diagonal_[j]);
}

}  // namespace argmax
