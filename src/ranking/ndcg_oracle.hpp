// The loss-augmented argmax of the NDCG structured hinge (SSBD 17.8; Chapelle, Le & Smola 2007).
//
// With s_i = ⟨w, x_i⟩ and Ψ(x̄, v) = Σ_i v_i x_i (v a permutation in SSBD's ascending positions),
//   ℓ(w) = max_v [ Δ(v, y) + Σ_i (v_i − π(y)_i) s_i ],   Δ(v, y) = 1 − Σ_i D(v_i) β_i,  β_i = g_i / G(y, y).
// In top-down positions p_i = r + 1 − v_i (p = 1 is the best) and with d(p) = 1/log2(p+1) for p ≤ k,
// else 0, the maximiser is
//   p̂ = argmin_p  Σ_i  p_i s_i + d(p_i) β_i            (β_i ≥ 0)
// an assignment problem with cost A_ip = p s_i + d(p) β_i (SSBD's A_ij = j α_i + D(j) β_i up to a constant).
//
// Two exact solvers, both returning the order best first (order[p-1] = the document at position p):
//  * ndcg_argmax_hungarian: the r×r assignment by the Hungarian method, O(r³);
//  * ndcg_argmax_fast: only k positions carry a discount, which gives (proof in ndcg_oracle.cpp)
//    – the documents below position k are in score order;
//    – a document can be in the top k only if fewer than k documents "dominate" it (score higher, or equal
//      and earlier, with β no larger); so only those candidates C enter a |C|×|C| assignment.
//    O(r log r + |C|³); |C| ≤ k·(number of distinct relevance grades), e.g. 30 for LETOR's 0/1/2 and k = 10.
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

// Σ_p p·s[order[p-1]] + d(p)·β[order[p-1]] — the quantity both solvers minimise.
double ndcg_assignment_cost(const std::vector<int32_t>& order, const double* s, const double* beta, int32_t k);

std::vector<int32_t> ndcg_argmax_hungarian(const double* s, const double* beta, int32_t r, int32_t k);
std::vector<int32_t> ndcg_argmax_fast(const double* s, const double* beta, int32_t r, int32_t k);

}  // namespace argmax
