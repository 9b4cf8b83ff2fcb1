// The scores of one sequence under a first-order chain model. Every inference routine reads only
// this, so it can be tested against brute force without any features:
//
//   s(x, y) = start[y_1] + Σ_{t=1..n} emit[t][y_t] + Σ_{t=2..n} trans[y_{t−1}][y_t] + end[y_n]
//
// i.e. ⟨w, Ψ(x, y)⟩ with Ψ(x, y) = Σ_t φ(x, y_t, y_{t−1}) (SSBD 17.3), y_0 a start state and an
// extra end state. A score of −∞ marks a label or transition that is not allowed.
#pragma once
#include <cstddef>
#include <vector>

#include "core/sizes.hpp"

namespace argmax {

struct ChainScores {
  int n = 0;                 // positions
  int k = 0;                 // labels
  std::vector<float> emit;   // n×k, row-major: emit[t*k + y]
  std::vector<float> trans;  // k×k: trans[prev*k + cur]
  std::vector<float> start;  // k
  std::vector<float> end;    // k

  ChainScores() = default;
  ChainScores(int n_, int k_) { resize(n_, k_); }
  void resize(int n_, int k_) {
    n = n_, k = k_;
    emit.assign(checked_count<float>("chain scores (positions × labels)", {n, k}), 0.f);
    trans.assign(size_t(k) * k, 0.f);
    start.assign(k, 0.f);
    end.assign(k, 0.f);
  }
  float* row(int t) { return emit.data() + size_t(t) * k; }
  const float* row(int t) const { return emit.data() + size_t(t) * k; }

  // s(x, y) for a full labelling y[0..n).
  double score(const int* y) const {
    if (n == 0) return 0;
    double s = double(start[y[0]]) + double(end[y[n - 1]]);
    for (int t = 0; t < n; ++t) s += double(row(t)[y[t]]);
    for (int t = 1; t < n; ++t) s += double(trans[size_t(y[t - 1]) * k + y[t]]);
    return s;
  }
};

}  // namespace argmax
