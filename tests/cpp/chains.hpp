// Shared by the chain tests: random chain scores and enumeration of every labelling (the brute force
// that inference and reranking are checked against).
#pragma once
#include <functional>
#include <vector>

#include "core/rng.hpp"
#include "sequence/chain_scores.hpp"

namespace argmax {

inline ChainScores random_scores(Rng& rng, int n, int k, double spread = 2.0) {
  ChainScores s(n, k);
  auto draw = [&] { return float((rng.uniform() * 2 - 1) * spread); };
  for (auto& x : s.emit) x = draw();
  for (auto& x : s.trans) x = draw();
  for (auto& x : s.start) x = draw();
  for (auto& x : s.end) x = draw();
  return s;
}

// Calls f(y) for every labelling y of length n over k labels.
inline void for_each_labelling(int n, int k, const std::function<void(const std::vector<int>&)>& f) {
  std::vector<int> y(n, 0);
  while (true) {
    f(y);
    int t = 0;
    while (t < n && ++y[t] == k) y[t++] = 0;
    if (t == n) break;
  }
}

}  // namespace argmax
