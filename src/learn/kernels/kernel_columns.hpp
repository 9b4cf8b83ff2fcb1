// The kernel columns a dual coordinate method asks for: after a step on α_i every score moves by a multiple of
// K(x_j, x_i) over the training rows j. `shift` adds a constant to every entry (a bias b enters as K + b²,
// the kernel of x with a constant feature b appended). Filled on demand through learn/kernels/kernel_cache.hpp.
#pragma once
#include <vector>

#include "core/rows.hpp"
#include "learn/kernels/kernel.hpp"

namespace argmax {

class KernelColumns {
 public:
  // rows: the training rows (views into the caller's memory); cols: the columns they have.
  KernelColumns(std::vector<RowView> rows, int32_t cols, const Kernel& kernel, double shift = 0);

  int size() const { return int(rows_.size()); }
  double diagonal(int i) const { return diagonal_[i]; }  // K(x_i, x_i) + shift
  void fill(int i, float* out);                          // out[j] = K(x_j, x_i) + shift, j < size()

 private:
  std::vector<RowView> rows_;
  int32_t cols_;
  Kernel kernel_;
  double shift_;
  std::vector<double> squared_norm_, diagonal_;
  std::vector<float> dense_;  // x_i spread out
};

}  // namespace argmax
