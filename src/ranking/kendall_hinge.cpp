#include "ranking/kendall_hinge.hpp"

#include <algorithm>

#include "core/fenwick.hpp"

namespace argmax {

PairwiseHinge kendall_hinge_quadratic(const double* s, const float* y, int32_t r) {
  PairwiseHinge h;
  h.coef.assign(r, 0.0);
  if (r < 2) return h;
  const double scale = 2.0 / (double(r) * (r - 1));
  for (int32_t i = 0; i < r; ++i)
    for (int32_t j = 0; j < r; ++j) {
      if (!(y[i] > y[j])) continue;  // i more relevant than j
      const double margin = 1.0 - (s[i] - s[j]);
      if (margin > 0) {
        h.value += scale * margin;
        h.coef[i] -= scale;
        h.coef[j] += scale;
      }
    }
  return h;
}

PairwiseHinge kendall_hinge(const double* s, const float* y, int32_t r) {
  PairwiseHinge h;
  h.coef.assign(r, 0.0);
  if (r < 2) return h;
  const double scale = 2.0 / (double(r) * (r - 1));
  int levels = 0;
  const std::vector<int> grade = dense_ranks(y, r, &levels);
  std::vector<int32_t> by_score(r);
  for (int32_t i = 0; i < r; ++i) by_score[i] = i;
  std::sort(by_score.begin(), by_score.end(), [s](int32_t a, int32_t b) { return s[a] > s[b]; });

  // More relevant h (descending score): partners l with grade < grade(h) and s_l + 1 > s_h.
  {
    Fenwick<int64_t> count(levels);
    Fenwick<double> sum(levels);
    int32_t next = 0;
    for (int32_t q = 0; q < r; ++q) {
      const int32_t i = by_score[q];
      while (next < r && s[by_score[next]] + 1.0 > s[i]) {
        count.add(grade[by_score[next]], 1);
        sum.add(grade[by_score[next]], s[by_score[next]]);
        ++next;
      }
      const int64_t n = count.prefix(grade[i]);
      if (n == 0) continue;
      h.value += double(n) * (1.0 - s[i]) + sum.prefix(grade[i]);
      h.coef[i] -= double(n);
    }
  }
  // Less relevant l (ascending score): partners h with grade > grade(l) and s_h < s_l + 1.
  {
    Fenwick<int64_t> count(levels);
    int32_t next = r - 1, inserted = 0;
    for (int32_t q = r - 1; q >= 0; --q) {
      const int32_t i = by_score[q];
      while (next >= 0 && s[by_score[next]] < s[i] + 1.0) count.add(grade[by_score[next--]], 1), ++inserted;
      h.coef[i] += double(inserted - count.prefix(grade[i] + 1));
    }
  }
  h.value *= scale;
  for (double& c : h.coef) c *= scale;
  return h;
}

}  // namespace argmax
