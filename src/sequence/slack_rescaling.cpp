#include "sequence/slack_rescaling.hpp"

#include <limits>

#include "core/sizes.hpp"

namespace argmax {

SlackArgmax slack_rescaled_argmax(const ChainScores& s, const int* gold, double loss_per_mistake) {
  const int n = s.n, k = s.k, w = n + 1;  // w: mistakes 0..n
  SlackArgmax out;
  out.path.labels.assign(gold, gold + n);
  if (n == 0) return out;
  constexpr float kNo = -std::numeric_limits<float>::infinity();
  std::vector<float> d(size_t(k) * w, kNo), next(size_t(k) * w);
  std::vector<int> back(checked_count<int>("slack-rescaled Viterbi table (positions × labels × mistakes)", {n, k, w}), 0);
  for (int y = 0; y < k; ++y) d[size_t(y) * w + (y != gold[0])] = s.start[y] + s.row(0)[y];
  for (int t = 1; t < n; ++t) {
    std::fill(next.begin(), next.end(), kNo);
    int* bp = back.data() + size_t(t) * k * w;
    const float* e = s.row(t);
    for (int y = 0; y < k; ++y) {
      const int miss = y != gold[t];
      float* to = next.data() + size_t(y) * w;
      int* b = bp + size_t(y) * w;
      for (int p = 0; p < k; ++p) {
        const float tr = s.trans[size_t(p) * k + y];
        const float* from = d.data() + size_t(p) * w;
        for (int m = 0; m + miss <= t + 1 && m < w - miss; ++m) {
          const float c = from[m] + tr;
          if (c > to[m + miss]) to[m + miss] = c, b[m + miss] = p;
        }
      }
      for (int m = 0; m < w; ++m) to[m] += e[y];
    }
    d.swap(next);
  }
  const double gold_score = s.score(gold);
  double best_value = 0;
  int best_m = 0, best_y = -1;
  for (int m = 1; m <= n; ++m) {
    float sm = kNo;
    int ym = -1;
    for (int y = 0; y < k; ++y) {
      const float c = d[size_t(y) * w + m] + s.end[y];
      if (c > sm) sm = c, ym = y;
    }
    if (ym < 0) continue;
    const double value = loss_per_mistake * m * (1.0 + double(sm) - gold_score);
    if (value > best_value) best_value = value, best_m = m, best_y = ym;
  }
  if (best_y < 0) return out;  // the gold labelling (value 0) is the maximiser
  int y = best_y, m = best_m;
  for (int t = n - 1; t >= 0; --t) {
    out.path.labels[t] = y;
    const int prev = t > 0 ? back[(size_t(t) * k + y) * w + m] : 0;
    m -= y != gold[t];
    y = prev;
  }
  out.mistakes = best_m;
  out.path.score = s.score(out.path.labels.data());
  out.value = loss_per_mistake * best_m * (1.0 + out.path.score - gold_score);
  return out;
}

}  // namespace argmax
