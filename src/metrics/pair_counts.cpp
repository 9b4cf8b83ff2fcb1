#include "metrics/pair_counts.hpp"

#include <algorithm>
#include <vector>

#include "core/fenwick.hpp"

namespace argmax {

PairCounts count_pairs(const double* a, const float* b, int32_t r) {
  PairCounts n;
  if (r < 2) return n;
  n.pairs = (long long)r * (r - 1) / 2;
  int levels = 0;
  const std::vector<int> rank = dense_ranks(a, r, &levels);
  std::vector<int32_t> idx(r);
  for (int32_t i = 0; i < r; ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(),
            [&](int32_t x, int32_t y) { return b[x] != b[y] ? b[x] < b[y] : rank[x] < rank[y]; });
  Fenwick<long long> seen(levels);
  for (int32_t g = 0; g < r;) {  // a group of equal b
    int32_t e = g;
    while (e < r && b[idx[e]] == b[idx[g]]) ++e;
    n.tied_b += (long long)(e - g) * (e - g - 1) / 2;
    for (int32_t p = g; p < e; ++p) n.concordant += seen.prefix(rank[idx[p]]);
    for (int32_t p = g; p < e;) {  // runs of equal a inside the group: tied in both
      int32_t q = p;
      while (q < e && rank[idx[q]] == rank[idx[p]]) ++q;
      n.tied_both += (long long)(q - p) * (q - p - 1) / 2;
      p = q;
    }
    for (int32_t p = g; p < e; ++p) seen.add(rank[idx[p]], 1);
    g = e;
  }
  std::vector<long long> per_level(levels, 0);
  for (int32_t i = 0; i < r; ++i) ++per_level[rank[i]];
  for (long long k : per_level) n.tied_a += k * (k - 1) / 2;
  n.discordant = n.pairs - n.tied_a - n.tied_b + n.tied_both - n.concordant;
  return n;
}

PairCounts count_pairs_quadratic(const double* a, const float* b, int32_t r) {
  PairCounts n;
  for (int32_t i = 0; i < r; ++i)
    for (int32_t j = i + 1; j < r; ++j) {
      const int sa = (a[i] > a[j]) - (a[i] < a[j]), sb = (b[i] > b[j]) - (b[i] < b[j]);
      ++n.pairs;
      n.tied_a += sa == 0;
      n.tied_b += sb == 0;
      n.tied_both += sa == 0 && sb == 0;
      n.concordant += sa != 0 && sa == sb;
      n.discordant += sa != 0 && sa == -sb;
    }
  return n;
}

}  // namespace argmax
