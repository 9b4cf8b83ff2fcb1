// The per-example sub-problem of the Crammer–Singer dual (LIBLINEAR's solve_sub_problem), shared by the
// linear and the kernel solvers: for one example with A = K(x_i, x_i) and linear term B,
//   min_α ½ A ‖α‖² + B·α   s.t.  Σ_m α_m = 0,  α_m ≤ C·1[m = yi],
// over its `active` labels (yi = position of the true label among them, or ≥ active when it was shrunk).
#pragma once
#include <vector>

namespace argmax {

// Writes the exact minimiser to alpha_new[0..active); D is scratch space.
void solve_cs_sub_problem(double A, int yi, double C, int active, const double* B, double* alpha_new,
                          std::vector<double>& D);

}  // namespace argmax
