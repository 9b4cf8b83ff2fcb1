// Exact loss-augmented inference for slack rescaling (SVM^struct, Tsochantaridis et al. 2005;
// FML 9.23) with the Hamming loss.
#pragma once
#include "sequence/viterbi.hpp"

namespace argmax {

struct SlackArgmax {
  LabelPath path;     // ŷ (the gold labelling itself when no rival has a positive value)
  double value = 0;   // max_{y'} Δ(y', y)·(1 + s(y') − s(y)) ≥ 0
  int mistakes = 0;   // Hamming distance between ŷ and y
};

// Δ(y', y) = c·Σ_t [y'_t ≠ y_t] (c = 1/n gives SSBD's normalised Hamming loss). Because Δ takes
// only the values c·m, m = 0..n, the maximum splits as
//   max_m  c·m·(1 + S_m − s(y)),   S_m = max { s(y') : y' has exactly m mistakes },
// and S_m comes from a Viterbi over the product state (position, label, mistakes so far):
//   D_{1,s,[s≠y_1]} = start[s] + emit[1][s]
//   D_{τ,s,m}       = emit[τ][s] + max_{s'} D_{τ−1,s',m−[s≠y_τ]} + trans[s'][s]
//   S_m             = max_s D_{n,s,m} + end[s].           O(n² k²) time, O(n² k) memory.
// Ties: fewer mistakes first, then Viterbi's lowest-label rule.
SlackArgmax slack_rescaled_argmax(const ChainScores& s, const int* gold, double loss_per_mistake);

}  // namespace argmax
