// The kernel columns a dual coordinate method asks for: after a step on α_i every score moves by a multiple of
// K(x_j, x_i) over the training rows j. Filled on demand through learn/kernels/kernel_cache.hpp,
// over positions that a solver with shrinking permutes (swap), as the cache's columns. Rows dense enough are
// copied out dense, so that a column's dots are one matrix–vector product.
#pragma once
#include <vector>

#include "core/rows.hpp"
#include "learn/kernels/kernel.hpp"

namespace argmax {

class KernelColumns {
 public:
  // rows: the training rows (views into the caller's memory); cols: the columns they have.
  KernelColumns(std::vector<RowView> rows, int32_t cols, const Kernel& kernel);

  int size() const { return int(rows_.size()); }
  double diagonal(int i) const { return diagonal_[i]; }  // K(x_i, x_i)
  // out[j] = K(x_j, x_i) for the positions j in [from, to).
  void fill(int i, int from, int to, float* out);
  void swap(int i, int j);  // positions i and j exchange their rows

 private:
  std::vector<RowView> rows_;
  int32_t cols_;
  Kernel kernel_;
  std::vector<float> squared_norm_;  // as RowView::squared_norm gives them
  std::vector<double> diagonal_;
  std::vector<float> spread_;      // x_i spread out (sparse rows)
  std::vector<float> dense_rows_;  // the rows by position, row-major, when they are dense enough
};

// to[j] += a·column[j], j < n: how a step on one dual variable moves the gradients (in double, from a cached
// float column). Four at a time, so that even -O2's basic-block vectoriser widens and adds in SIMD lanes.
inline void add_column(double a, const float* __restrict column, double* __restrict to, int n) {
  int j = 0;
  for (; j + 4 <= n; j += 4) {
    to[j] += a * double(column[j]);
    to[j + 1] += a * double(column[j + 1]);
    to[j + 2] += a * double(column[j + 2]);
    to[j + 3] += a * double(column[j + 3]);
  }
  for (; j < n; ++j) to[j] += a * double(column[j]);
}

}  // namespace argmax
