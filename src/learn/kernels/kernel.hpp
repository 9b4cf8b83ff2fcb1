// Positive definite symmetric kernels K(x, x') (FML 6.2), evaluated from ⟨x, x'⟩ and the squared norms:
//   linear      ⟨x, x'⟩
//   polynomial  (γ⟨x, x'⟩ + c)^d              (PDS for c ≥ 0)
//   rbf         exp(−γ‖x − x'‖²) = exp(−γ(‖x‖² + ‖x'‖² − 2⟨x, x'⟩))
#pragma once
#include <cstdint>
#include <string>

#include "core/options.hpp"
#include "core/rows.hpp"

namespace argmax {

struct Kernel {
  enum class Type : uint8_t { Linear, Polynomial, Rbf };
  Type type = Type::Linear;
  double gamma = 1, coef0 = 0;
  int degree = 3;

  // Throws InputError for an unknown name or a parameter outside its range (γ ≥ 0, c ≥ 0, d ≥ 1);
  // γ = 0 stands for "from the data", which fitted() resolves.
  static Kernel named(const std::string& name, double gamma, double coef0, int degree);
  // The options of the kernel machines' tables: kernel, gamma, coef0, degree, and cache (the kernel column
  // cache in MB); from_options reads the kernel they choose.
  static std::vector<OptionSpec> option_specs();
  static Kernel from_options(const Options& options);
  // This kernel with γ = 0 replaced by learn/kernels/kernel_width.hpp's γ over the training rows (as the learner sees
  // them, after any scaling); a given γ is kept.
  Kernel fitted(const Rows& training_rows) const;

  double operator()(double dot, double squared_norm_a, double squared_norm_b) const;
  // The same for a block, in place: dots (column-major rows × cols, ⟨a_i, b_j⟩) becomes K(a_i, b_j).
  // Scalar: float or double.
  template <class Scalar>
  void apply(Scalar* dots, int rows, int cols, const Scalar* squared_norms_a, const Scalar* squared_norms_b) const;
};

// ⟨x, dense⟩ over the columns the dense vector has (a sparse row's later columns meet zeros).
double dot_dense(RowView x, const float* dense, int32_t cols);

}  // namespace argmax
