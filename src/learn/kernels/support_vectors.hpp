// The support vectors x_s of a kernel machine with their coefficient rows a_s ∈ ℝ^k, and its scores
// f(x) = Σ_s a_s K(x_s, x) (the kernel multiclass SVM: one output per class). Scoring reads the rows in
// batches: the kernel block K(X_batch, SV) comes from one sparse–dense product X_batch·SVᵀ (the RBF kernel
// adds the squared norms: ‖x‖² + ‖s‖² − 2⟨x, s⟩), and the scores from the dense product K·A. X_batch holds
// only the columns some support vector uses, so its size is bounded by the model's, whatever cols() says.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"
#include "learn/kernels/kernel.hpp"

namespace argmax {

class ByteReader;
class ByteWriter;

class SupportVectors {
 public:
  SupportVectors() = default;
  SupportVectors(int32_t cols, int outputs) : cols_(cols), outputs_(outputs) {}

  // The rows of `rows` whose coefficient row a[i·outputs, (i+1)·outputs) is not all zero, with it.
  static SupportVectors of(const Rows& rows, const double* a, int outputs);

  int count() const { return int(offsets_.size()) - 1; }
  int outputs() const { return outputs_; }
  int32_t cols() const { return cols_; }
  const std::vector<float>& coefficients() const { return coef_; }  // count() × outputs(), row-major

  // rows × outputs() scores, row-major; columns at or beyond cols() add to ‖x‖² only. A row's scores do not
  // depend on the rows batched with it (up to rounding: every sum runs in the same order).
  std::vector<double> scores(const Kernel& kernel, const Rows& rows) const;
  // The kernel values behind scores(), a batch of rows at a time (for models that combine them otherwise than by
  // one coefficient row each): K becomes the column-major b × count() matrix of K(x_{first+i}, s) for the batch
  // that starts at row `first`; returns b (0 past the last row).
  int32_t kernel_block(const Kernel& kernel, const Rows& rows, int32_t first, std::vector<double>& K) const;

  void save(ByteWriter& out) const;
  // Throws InputError when the bytes do not describe count × outputs coefficients over cols columns.
  static SupportVectors load(ByteReader& in, int32_t cols, int outputs);

 private:
  void add(RowView x, const double* a);  // x's nonzero columns, all below cols(), and a[0..outputs)
  void prepare();  // the double copies, the squared norms and the used columns
  int32_t cols_ = 0;
  int outputs_ = 0;
  std::vector<int32_t> offsets_{0}, indices_;  // CSR rows
  std::vector<int32_t> columns_, compact_;     // the columns in use, ascending; indices_ as positions in it
  std::vector<float> values_, coef_;
  std::vector<double> values_d_, coef_d_, norms_;
};

}  // namespace argmax
