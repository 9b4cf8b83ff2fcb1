// The n best labellings of a chain (list Viterbi).
#pragma once
#include "sequence/viterbi.hpp"

namespace argmax {

// The `count` highest-scoring distinct labellings, best first (fewer if fewer exist with a score
// above −∞). Generalises Viterbi by keeping, for every (position, label), the `count` best prefixes
// ending there (Schwartz & Chow 1990, "parallel list Viterbi"):
//   L_{τ,s} = top_count { L_{τ−1,s'}[r] + trans[s'][s] : s', r } + emit[τ][s]
// O(n k² c log(k c)) time, O(n k c) memory: throws InputError when that table would pass the buffer
// limit (core/sizes.hpp). Ties: lower previous label, then lower rank first. Paths are ranked by
// their scores summed in double, and those sums are the scores reported, so the list is sorted by them.
std::vector<LabelPath> nbest(const ChainScores& s, int count);

}  // namespace argmax
