// The task losses of SSBD 17.4 between a predicted score vector y' and the true relevance y (both
// length r). Predictions are compared through their orders (π, with the tie rule of permutation.hpp).
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

// 0-1 ranking loss: 1[π(y') ≠ π(y)]. Range {0, 1}.
double zero_one_ranking_loss(const double* predicted, const float* truth, int32_t r);

// Kendall-τ loss (SSBD 17.4): (2/(r(r−1))) Σ_{i<j} 1[sign(y'_i − y'_j) ≠ sign(y_i − y_j)].
// A pair tied in one vector and not the other counts as a disagreement. Range [0, 1]; O(r log r).
double kendall_tau_loss(const double* predicted, const float* truth, int32_t r);
// The same by the O(r²) double sum (reference for tests).
double kendall_tau_loss_quadratic(const double* predicted, const float* truth, int32_t r);

// The top-k discount of SSBD 17.4 by top-down position p (1 = best): D = 1/log2(p + 1) for p ≤ k, else 0.
// (In SSBD's ascending positions i this is D(i) = 1/log2(r − i + 2) for i > r − k.)
double top_k_discount(int32_t p, int32_t k);
// G = Σ_{p ≤ min(r, k)} D(p) gain[order[p − 1]]: the top-k gain of an order of r documents (best first).
template <typename Gain>
double top_k_gain(const std::vector<int32_t>& order, const Gain* gain, int32_t r, int32_t k);

// NDCG loss (SSBD 17.4): Δ = 1 − G(y', y)/G(y, y), G(y', y) = Σ_i D(π(y')_i) y_i, gains y_i ≥ 0 used
// as given (SSBD's definition; the LETOR measure with gain 2^rel − 1 is in metrics/ranking_metrics.hpp).
// When G(y, y) = 0 (no relevant document) every order is ideal and Δ = 0. Range [0, 1].
double ndcg_loss(const double* predicted, const float* truth, int32_t r, int32_t k);

}  // namespace argmax
