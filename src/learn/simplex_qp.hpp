// The dual of the 1-slack cutting-plane working set (Joachims, Finley & Yu 2009, eq. 10):
//   min_α f(α) = ½ αᵀ G α − bᵀ α   s.t.  α ≥ 0,  Σ_c α_c ≤ C,
// G the K×K Gram matrix of the constraint vectors (positive semi-definite, possibly singular).
// With a slack coordinate α_0 = C − Σ α (G_0· = 0, b_0 = 0) the feasible set is the simplex of mass C, and
// the KKT conditions read: ∇f_c ≥ μ for all c, with equality wherever α_c > 0. Solved by SMO (Platt 1998)
// with the second-order pair choice of Fan, Chen & Lin (2005): move mass from the positive coordinate with
// the largest gradient to the coordinate that gains most, by the exact minimiser along that pair, until the
// largest KKT violation max_{α_c>0} ∇f_c − min_c ∇f_c is at most tol. Each step is O(K); the pair rule
// converges on singular G (Chen, Fan & Lin 2006), and a step along a flat pair takes all the mass.
#pragma once
#include <vector>

namespace argmax {

struct SimplexQpResult {
  int iterations = 0;
  double violation = 0;  // the final KKT violation
  bool converged = false;
};

// G: row-major K×K, b: K, alpha: a feasible start of size K (warm start), overwritten by the solution.
// Throws InputError for mismatched sizes, C ≤ 0, an infeasible start or non-finite input.
SimplexQpResult solve_simplex_qp(const std::vector<double>& G, const std::vector<double>& b, double C,
                                 std::vector<double>& alpha, double tol = 1e-12, int max_iterations = 1000000);

}  // namespace argmax
