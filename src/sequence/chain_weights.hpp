// The weight vector of a chain model and the two things trainers do with it: score a sequence
// (fill ChainScores) and add ±Ψ(x, y). Layout, for d feature rows and k labels:
//   [ emission d×k, feature-major | transitions k×k [prev*k + cur] | start k | end k ]
// Feature-major emission makes a token's label scores a contiguous axpy per active feature.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/sizes.hpp"
#include "sequence/chain_scores.hpp"
#include "sequence/sequence_batch.hpp"

namespace argmax {

struct ChainLayout {
  int32_t features = 0;
  int32_t labels = 0;
  size_t emission(int32_t f, int y) const { return size_t(f) * labels + y; }
  size_t transition(int prev, int cur) const { return size_t(features) * labels + size_t(prev) * labels + cur; }
  size_t start(int y) const { return size_t(features) * labels + size_t(labels) * labels + y; }
  size_t end(int y) const { return start(y) + labels; }
  // features·k + k·k + 2k = k·(features + k + 2); throws InputError beyond the buffer limit, so every
  // offset above fits size_t once a layout's dim() has been taken.
  size_t dim() const {
    return checked_count<float>("chain model weights", {labels, int64_t(features) + labels + 2});
  }
};

// The emission scores of sequence i of `x` (s.n, s.k set) under weights v, each the sum of its features'
// weights (times their values when kWeighted) in the order of the features. The sums run in registers, four
// labels at a time: a running sum kept in s.emit would be stored and reloaded for every feature, since the
// compiler cannot tell s.emit from v.
template <bool kWeighted>
void sum_emissions(const float* v, int k, const SequenceBatch& x, int i, ChainScores& s) {
  const int64_t first = x.starts[i];
  const int32_t* ids = x.ids.data();
  const float* values = x.values.data();
  for (int t = 0; t < s.n; ++t) {
    float* e = s.row(t);
    const int64_t from = x.ends[first + t], to = x.ends[first + t + 1];
    int y = 0;
    for (; y + 4 <= k; y += 4) {
      float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
      for (int64_t p = from; p < to; ++p) {
        const float* wf = v + size_t(ids[p]) * k + y;
        if (kWeighted) {
          a0 += values[p] * wf[0], a1 += values[p] * wf[1], a2 += values[p] * wf[2], a3 += values[p] * wf[3];
        } else {
          a0 += wf[0], a1 += wf[1], a2 += wf[2], a3 += wf[3];
        }
      }
      e[y] = a0, e[y + 1] = a1, e[y + 2] = a2, e[y + 3] = a3;
    }
    for (; y < k; ++y) {
      float a0 = 0;
      for (int64_t p = from; p < to; ++p) a0 += kWeighted ? values[p] * v[size_t(ids[p]) * k + y] : v[size_t(ids[p]) * k + y];
      e[y] = a0;
    }
  }
}

// s = scores of sequence i of `x` under w = scale·v.
inline void fill_scores(const float* v, float scale, const ChainLayout& L, const SequenceBatch& x, int i,
                        ChainScores& s) {
  const int k = L.labels;
  s.n = x.length(i), s.k = k;
  s.emit.resize(size_t(s.n) * k);
  if (x.values.empty()) sum_emissions<false>(v, k, x, i, s);
  else sum_emissions<true>(v, k, x, i, s);
  if (scale != 1.f)
    for (float& e : s.emit) e *= scale;
  const float* tr = v + L.transition(0, 0);
  s.trans.resize(size_t(k) * k);
  s.start.resize(k);
  s.end.resize(k);
  for (size_t j = 0; j < size_t(k) * k; ++j) s.trans[j] = scale * tr[j];
  for (int y = 0; y < k; ++y) s.start[y] = scale * v[L.start(y)], s.end[y] = scale * v[L.end(y)];
}

// add(j, a) for every coordinate of a·(Ψ(x_i, good) − Ψ(x_i, bad)); positions and transitions
// where the two labellings agree cancel and are skipped. Add is any callable (j, float).
template <class Add>
void add_psi_difference(const ChainLayout& L, const SequenceBatch& x, int i, const int* good, const int* bad,
                        float a, Add&& add) {
  const int n = x.length(i);
  if (n == 0) return;
  const int64_t first = x.starts[i];
  for (int t = 0; t < n; ++t) {
    if (good[t] != bad[t]) {
      for (int64_t p = x.ends[first + t]; p < x.ends[first + t + 1]; ++p) {
        const float v = a * x.value(p);
        add(L.emission(x.ids[p], good[t]), v);
        add(L.emission(x.ids[p], bad[t]), -v);
      }
    }
    if (t > 0 && (good[t] != bad[t] || good[t - 1] != bad[t - 1])) {
      add(L.transition(good[t - 1], good[t]), a);
      add(L.transition(bad[t - 1], bad[t]), -a);
    }
  }
  if (good[0] != bad[0]) add(L.start(good[0]), a), add(L.start(bad[0]), -a);
  if (good[n - 1] != bad[n - 1]) add(L.end(good[n - 1]), a), add(L.end(bad[n - 1]), -a);
}

}  // namespace argmax
