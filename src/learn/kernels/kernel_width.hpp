// The default width γ of the Gaussian (RBF) kernel exp(−γ‖x − x'‖²), and of the polynomial kernel's γ⟨x, x'⟩,
// chosen from the training rows as scikit-learn's gamma='scale' (SVC's default since 0.22):
//   γ = 1 / (d · Var x),   Var x = (1/(md)) Σ_ij x_ij² − ((1/(md)) Σ_ij x_ij)²
// over all m·d entries of the m rows of d columns; a sparse row's absent entries count as zeros, and only its
// stored entries are read. For rows of similar columns E‖x − x'‖² ≈ 2 d Var x, so γ‖x − x'‖² is about 2 on a
// typical pair: the kernel neither vanishes off the diagonal nor flattens to 1, whatever the units. Scaling
// every feature by s scales γ by 1/s², so the RBF and polynomial kernels are the same function of raw and of
// uniformly scaled rows. Constant rows (Var x = 0, or too small for γ to be a finite number) give γ = 1.
// One rule for every learner that reads a γ from the data: the kernel machines and random Fourier features.
#pragma once
#include "core/rows.hpp"

namespace argmax {

double gamma_from_data(const Rows& rows);

}  // namespace argmax
