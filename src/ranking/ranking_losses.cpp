#include "ranking/ranking_losses.hpp"

#include <cmath>

#include "core/fenwick.hpp"
#include "core/permutation.hpp"

namespace argmax {

double zero_one_ranking_loss(const double* predicted, const float* truth, int32_t r) {
  return ascending_positions(predicted, r) == ascending_positions(truth, r) ? 0.0 : 1.0;
}

namespace {
int sign(double x) { return (x > 0) - (x < 0); }
}  // namespace

double kendall_tau_loss_quadratic(const double* predicted, const float* truth, int32_t r) {
  if (r < 2) return 0;
  long long wrong = 0;
  for (int32_t i = 0; i < r; ++i)
    for (int32_t j = i + 1; j < r; ++j)
      wrong += sign(predicted[i] - predicted[j]) != sign(double(truth[i]) - double(truth[j]));
  return 2.0 * double(wrong) / (double(r) * (r - 1));
}

// Agreeing pairs = pairs ordered the same strict way in both vectors + pairs tied in both.
// Strict agreements: sort by (y, y'); a document j agrees with every earlier document of smaller y
// and smaller y', counted with a Fenwick tree over the ranks of y'. O(r log r).
double kendall_tau_loss(const double* predicted, const float* truth, int32_t r) {
  if (r < 2) return 0;
  int levels = 0;
  const std::vector<int> rank = dense_ranks(predicted, r, &levels);
  std::vector<int32_t> idx(r);
  for (int32_t i = 0; i < r; ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(), [&](int32_t a, int32_t b) {
    return truth[a] != truth[b] ? truth[a] < truth[b] : rank[a] < rank[b];
  });
  Fenwick<long long> seen(levels);
  long long agree = 0;
  for (int32_t g = 0; g < r;) {
    int32_t e = g;
    while (e < r && truth[idx[e]] == truth[idx[g]]) ++e;
    for (int32_t p = g; p < e; ++p) agree += seen.prefix(rank[idx[p]]);
    for (int32_t p = g; p < e;) {  // pairs tied in both
      int32_t q = p;
      while (q < e && rank[idx[q]] == rank[idx[p]]) ++q;
      agree += (long long)(q - p) * (q - p - 1) / 2;
      p = q;
    }
    for (int32_t p = g; p < e; ++p) seen.add(rank[idx[p]], 1);
    g = e;
  }
  const long long pairs = (long long)r * (r - 1) / 2;
  return double(pairs - agree) / double(pairs);
}

double top_k_discount(int32_t p, int32_t k) { return p >= 1 && p <= k ? 1.0 / std::log2(double(p) + 1.0) : 0.0; }

double ndcg_loss(const double* predicted, const float* truth, int32_t r, int32_t k) {
  const std::vector<int32_t> mine = order_best_first(predicted, r);
  const std::vector<int32_t> ideal = order_best_first(truth, r);
  double g = 0, best = 0;
  for (int32_t p = 1; p <= r && p <= k; ++p) {
    g += top_k_discount(p, k) * truth[mine[p - 1]];
    best += top_k_discount(p, k) * truth[ideal[p - 1]];
  }
  return best > 0 ? 1.0 - g / best : 0.0;
}

}  // namespace argmax
