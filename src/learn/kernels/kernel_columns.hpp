// The kernel columns a dual coordinate method asks for: after a step on α_i every score moves by a multiple of
// K(x_j, x_i) over the training rows j. `shift` adds a constant to every entry (a bias b enters as K + b²,
// the kernel of x with a constant feature b appended). Filled on demand through learn/kernels/kernel_cache.hpp,
// over positions that a solver with shrinking permutes (swap), as the cache's columns.
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
  // out[j] = K(x_j, x_i) + shift for the positions j in [from, to).
  void fill(int i, int from, int to, float* out);
  void swap(int i, int j);  // positions i and j exchange their rows

 private:
  std::vector<RowView> rows_;
  int32_t cols_;
  Kernel kernel_;
  double shift_;
  std::vector<double> squared_norm_, diagonal_;
  std::vector<float> dense_;  // x_i spread out
};

}  // namespace argmax
