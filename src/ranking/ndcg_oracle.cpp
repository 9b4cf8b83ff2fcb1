#include "ranking/ndcg_oracle.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/sizes.hpp"
#include "core/fenwick.hpp"
#include "ranking/hungarian.hpp"
#include "ranking/ranking_losses.hpp"

namespace argmax {

double ndcg_assignment_cost(const std::vector<int32_t>& order, const double* s, const double* beta, int32_t k) {
  double c = 0;
  for (size_t p = 1; p <= order.size(); ++p)
    c += double(p) * s[order[p - 1]] + top_k_discount(int32_t(p), k) * beta[order[p - 1]];
  return c;
}

std::vector<int32_t> ndcg_argmax_hungarian(const double* s, const double* beta, int32_t r, int32_t k) {
  std::vector<double> cost(checked_count<double>("NDCG assignment costs (documents × positions)", {r, r}));
  for (int32_t i = 0; i < r; ++i)
    for (int32_t p = 1; p <= r; ++p) cost[size_t(i) * r + (p - 1)] = p * s[i] + top_k_discount(p, k) * beta[i];
  const std::vector<int32_t> col = min_cost_assignment(cost, r, r);
  std::vector<int32_t> order(r);
  for (int32_t i = 0; i < r; ++i) order[col[i]] = i;
  return order;
}

// Why the fast solver is exact. Let t be the documents sorted by (s descending, index ascending), k' = min(k, r).
//
// 1. Below position k' the cost p·s_i is "Monge": for a fixed set there, score order is optimal
//    (rearrangement inequality).
// 2. Swapping a document a at top position p ≤ k' with a document b below (position q > p) changes the cost
//    by −(q − p)(s_b − s_a) + d(p)(β_b − β_a) ≤ 0 when b precedes a in t and β_b ≤ β_a ("b dominates a").
//    Starting from any optimum, such swaps (then re-sorting the bottom) keep it optimal and move the top set
//    earlier in t, so they stop: some optimum has in its top only documents dominated by fewer than k'
//    others (if a had k' dominators, one of them would be below). Call them the candidates C; the others, N,
//    are below k' in every such optimum.
// 3. Given the top set T ⊆ C, a document below sits at k' + 1 + (#bottom documents before it in t). For
//    i ∈ C∖T that is k' + a_i + q_i with a_i = #N before i and q_i its rank within C∖T; for n ∈ N the number
//    of T-documents before it lowers its position, which costs −Σ_{i∈T} SN_i in all, SN_i = Σ_{n∈N after i} s_n.
//    Since Σ q_i s_i over C∖T is smallest in score order (step 1), the optimum equals a |C|×|C| assignment:
//    k' top slots with cost p·s_i + d(p)β_i − SN_i and |C| − k' bottom slots q with cost (k' + a_i + q)·s_i.
std::vector<int32_t> ndcg_argmax_fast(const double* s, const double* beta, int32_t r, int32_t k) {
  require(k >= 1, "NDCG oracle needs k ≥ 1");
  std::vector<int32_t> t(r);
  for (int32_t i = 0; i < r; ++i) t[i] = i;
  std::sort(t.begin(), t.end(), [s](int32_t a, int32_t b) { return s[a] != s[b] ? s[a] > s[b] : a < b; });
  const int32_t kk = std::min(k, r);

  // Candidates: fewer than kk dominators (earlier in t with β no larger), counted over ranks of β.
  int levels = 0;
  const std::vector<int> level = dense_ranks(beta, r, &levels);
  Fenwick<int32_t> seen(levels);
  std::vector<char> candidate(r, 0);
  std::vector<int32_t> cand;  // in t order
  for (int32_t p = 0; p < r; ++p) {
    const int32_t i = t[p];
    if (seen.prefix(level[i] + 1) < kk) candidate[i] = 1, cand.push_back(i);
    seen.add(level[i], 1);
  }
  const int32_t c = int32_t(cand.size());

  // a_i = #N before i in t, SN_i = Σ s over N after i.
  double total_n = 0;
  for (int32_t i = 0; i < r; ++i)
    if (!candidate[i]) total_n += s[i];
  std::vector<double> a(c), sn(c);
  {
    int32_t n_before = 0, ci = 0;
    double n_sum_before = 0;
    for (int32_t p = 0; p < r; ++p) {
      const int32_t i = t[p];
      if (candidate[i]) {
        a[ci] = n_before, sn[ci] = total_n - n_sum_before, ++ci;
      } else {
        ++n_before, n_sum_before += s[i];
      }
    }
  }
  std::vector<double> cost(checked_count<double>("NDCG assignment costs (candidates × slots)", {c, c}));
  for (int32_t ci = 0; ci < c; ++ci) {
    const int32_t i = cand[ci];
    double* row = cost.data() + size_t(ci) * c;
    for (int32_t p = 1; p <= kk; ++p) row[p - 1] = p * s[i] + top_k_discount(p, k) * beta[i] - sn[ci];
    for (int32_t q = 1; q <= c - kk; ++q) row[kk + q - 1] = (kk + a[ci] + q) * s[i];
  }
  const std::vector<int32_t> slot = min_cost_assignment(cost, c, c);

  std::vector<int32_t> order(r, -1);
  std::vector<char> in_top(r, 0);
  for (int32_t ci = 0; ci < c; ++ci)
    if (slot[ci] < kk) order[slot[ci]] = cand[ci], in_top[cand[ci]] = 1;
  int32_t p = kk;
  for (int32_t q = 0; q < r; ++q)
    if (!in_top[t[q]]) order[p++] = t[q];
  return order;
}

}  // namespace argmax
