// The Kendall-τ pairwise hinge (SSBD 17.4, the RankSVM loss of Joachims 2002/Herbrich et al. 2000):
//
//   ℓ(s, y) = (2/(r(r−1))) Σ_{i<j, y_i ≠ y_j} max{0, 1 − sign(y_i − y_j)(s_i − s_j)},   s_i = ⟨w, x_i⟩,
//
// pairs with y_i = y_j are constant and skipped. Its subgradient in w is Σ_i coef_i x_i with
// coef_i = ∂ℓ/∂s_i = (2/(r(r−1))) (#active pairs where i is the less relevant − #where i is the more relevant).
//
// kendall_hinge computes value and coef in O(r log r): for each more-relevant document h the active
// partners are the less relevant l with s_l > s_h − 1; sweeping documents in score order and keeping the
// partners seen so far in a Fenwick tree over relevance grades gives their count and Σ s_l at once.
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

struct PairwiseHinge {
  double value = 0;
  std::vector<double> coef;  // ∂ℓ/∂s_i
};

PairwiseHinge kendall_hinge(const double* s, const float* y, int32_t r);
// The O(r²) double sum (reference for tests).
PairwiseHinge kendall_hinge_quadratic(const double* s, const float* y, int32_t r);

}  // namespace argmax
