// How the r(r−1)/2 pairs of two score vectors a and b (same length r) agree, the counts behind every
// Kendall measure: Kendall τ-b (metrics/ranking_metrics.hpp) and the Kendall-τ loss of SSBD 17.4
// (ranking/ranking_losses.hpp). For a pair i < j:
//   concordant  sign(a_i − a_j) = sign(b_i − b_j) ≠ 0
//   discordant  sign(a_i − a_j) = −sign(b_i − b_j) ≠ 0
//   tied_a      a_i = a_j (whatever b does);  tied_b  b_i = b_j;  tied_both  a_i = a_j and b_i = b_j
// so pairs = concordant + discordant + tied_a + tied_b − tied_both.
#pragma once
#include <cstdint>

namespace argmax {

struct PairCounts {
  long long pairs = 0, concordant = 0, discordant = 0, tied_a = 0, tied_b = 0, tied_both = 0;
};

// Sorts by (b, a) and sweeps the groups of equal b, counting with a Fenwick tree over the dense ranks of a
// how many earlier documents (smaller b) also have smaller a. O(r log r) (Knight 1966).
PairCounts count_pairs(const double* a, const float* b, int32_t r);

// The same by the O(r²) double loop (reference for tests).
PairCounts count_pairs_quadratic(const double* a, const float* b, int32_t r);

}  // namespace argmax
