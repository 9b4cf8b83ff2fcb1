#include "ranking/bipartite.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <limits>

#include "core/error.hpp"

namespace argmax {
namespace {

double ratio(double num, double den) { return den > 0 ? num / den : 1.0; }

}  // namespace

double bipartite_measure(const BipartiteSpec& spec, int32_t a, int32_t b, int32_t c, int32_t d) {
  switch (spec.measure) {
    case BipartiteMeasure::BalancedAccuracy: return 0.5 * (ratio(a, a + c) + ratio(d, d + b));
    case BipartiteMeasure::F1: return ratio(2.0 * a, 2.0 * a + b + c);
    case BipartiteMeasure::FBeta: {
      const double b2 = spec.beta * spec.beta;
      return ratio((1 + b2) * a, (1 + b2) * a + b + b2 * c);
    }
    case BipartiteMeasure::PrecisionAtK: return ratio(a, a + b);
    case BipartiteMeasure::RecallAtK: return ratio(a, a + c);
  }
  return 0;
}

bool bipartite_admissible(const BipartiteSpec& spec, int32_t a, int32_t b, int32_t) {
  if (spec.measure == BipartiteMeasure::PrecisionAtK) return a + b >= spec.k;
  if (spec.measure == BipartiteMeasure::RecallAtK) return a + b <= spec.k;
  return true;
}

BipartiteCut bipartite_best_cut(const BipartiteSpec& spec, const double* s, const int8_t* y, const int32_t* group,
                                int32_t groups, int32_t r) {
  require(spec.measure != BipartiteMeasure::PrecisionAtK && spec.measure != BipartiteMeasure::RecallAtK,
          "precision@k and recall@k rank the top k: they have no cut to fit");
  std::vector<int32_t> P(size_t(groups), 0), N(size_t(groups), 0), a(size_t(groups), 0), b(size_t(groups), 0);
  for (int32_t i = 0; i < r; ++i) ++(y[i] > 0 ? P : N)[size_t(group[i])];
  auto counts = [&](int32_t g) { return P[size_t(g)] > 0 && N[size_t(g)] > 0; };
  auto measure = [&](int32_t g) {  // of the group's current prediction: +1 above the cut
    const size_t u = size_t(g);
    return bipartite_measure(spec, a[u], b[u], P[u] - a[u], N[u] - b[u]);
  };
  std::vector<int32_t> order(static_cast<size_t>(r));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [s](int32_t u, int32_t v) { return s[u] > s[v]; });
  // Lower the cut from above every score past one distinct score at a time, updating only the groups it moves.
  double total = 0;
  int32_t counted = 0;
  for (int32_t g = 0; g < groups; ++g)
    if (counts(g)) total += measure(g), ++counted;
  double best = total, best_cut = r > 0 ? s[order[0]] + 1 : 0;
  for (int32_t q = 0; q < r;) {
    const double score = s[order[size_t(q)]];
    for (; q < r && s[order[size_t(q)]] == score; ++q) {
      const int32_t i = order[size_t(q)], g = group[i];
      if (!counts(g)) continue;
      total -= measure(g);
      ++(y[i] > 0 ? a : b)[size_t(g)];
      total += measure(g);
    }
    const double cut = q < r ? 0.5 * (score + s[order[size_t(q)]]) : score - 1;
    constexpr double kSame = 1e-9;  // total is updated in steps: treat sums this close as equal
    if (total > best + kSame || (total >= best - kSame && std::fabs(cut) < std::fabs(best_cut)))
      best = std::max(best, total), best_cut = cut;
  }
  return {best_cut, counted > 0 ? best / counted : 0.0};
}

BipartiteMeasure bipartite_measure_named(const std::string& name) {
  if (name == "f1") return BipartiteMeasure::F1;
  if (name == "fbeta") return BipartiteMeasure::FBeta;
  if (name == "precision@k") return BipartiteMeasure::PrecisionAtK;
  if (name == "recall@k") return BipartiteMeasure::RecallAtK;
  if (name == "balanced") return BipartiteMeasure::BalancedAccuracy;
  fail("unknown bipartite measure '", name, "' (f1, fbeta, precision@k, recall@k, balanced)");
}

BipartiteCut bipartite_threshold(const BipartiteSpec& spec, const double* s, const float* labels, int32_t r) {
  require(r >= 0, "negative number of scores");
  std::vector<int8_t> y(static_cast<size_t>(r));
  int32_t P = 0;
  for (int32_t i = 0; i < r; ++i) {
    require(std::isfinite(s[i]) && std::isfinite(labels[i]), "score or label ", i, " is not a finite number");
    y[size_t(i)] = labels[i] > 0 ? 1 : -1;
    P += labels[i] > 0;
  }
  require(P > 0 && P < r, "a cut needs a positive (label > 0) and a negative example; got ", P, " positive of ", r);
  const std::vector<int32_t> one_group(static_cast<size_t>(r), 0);
  return bipartite_best_cut(spec, s, y.data(), one_group.data(), 1, r);
}

double bipartite_loss(const BipartiteSpec& spec, const int8_t* v, const int8_t* y, int32_t r) {
  int32_t a = 0, b = 0, c = 0, d = 0;
  for (int32_t i = 0; i < r; ++i) {
    if (y[i] > 0) (v[i] > 0 ? a : c)++;
    else (v[i] > 0 ? b : d)++;
  }
  return 1.0 - bipartite_measure(spec, a, b, c, d);
}

BipartiteArgmax bipartite_argmax(const BipartiteSpec& spec, const double* s, const int8_t* y, int32_t r) {
  std::vector<int32_t> pos, neg;
  double base = 0;  // −Σ s_i − Σ y_i s_i: with v = +1 on a chosen set S, Σ (v_i − y_i)s_i = 2 Σ_S s − Σ s − Σ y s
  for (int32_t i = 0; i < r; ++i) {
    (y[i] > 0 ? pos : neg).push_back(i);
    base -= s[i] + (y[i] > 0 ? 1.0 : -1.0) * s[i];
  }
  auto by_score = [s](int32_t u, int32_t v) { return s[u] != s[v] ? s[u] > s[v] : u < v; };
  std::sort(pos.begin(), pos.end(), by_score);
  std::sort(neg.begin(), neg.end(), by_score);
  const int32_t P = int32_t(pos.size()), N = int32_t(neg.size());
  std::vector<double> pos_sum(P + 1, 0.0), neg_sum(N + 1, 0.0);
  for (int32_t q = 0; q < P; ++q) pos_sum[q + 1] = pos_sum[q] + s[pos[q]];
  for (int32_t q = 0; q < N; ++q) neg_sum[q + 1] = neg_sum[q] + s[neg[q]];

  double best = -std::numeric_limits<double>::infinity();
  int32_t best_a = -1, best_b = -1;
  // For fixed a, b ↦ Δ(a, b) + 2·neg_sum[b] is concave on the admissible b (neg_sum has decreasing increments;
  // 1 − measure is concave in b for F_β and precision@k, linear for balanced accuracy, constant for recall@k),
  // so its smallest maximiser is the first b whose increment is ≤ 0: a binary search, O(P log N) in all.
  for (int32_t a = 0; a <= P; ++a) {
    int32_t lo = 0, hi = N;  // admissible b
    if (spec.measure == BipartiteMeasure::PrecisionAtK) lo = std::max(0, spec.k - a);
    if (spec.measure == BipartiteMeasure::RecallAtK) hi = std::min(N, spec.k - a);
    if (lo > hi) continue;
    auto value = [&](int32_t b) { return 1.0 - bipartite_measure(spec, a, b, P - a, N - b) + 2.0 * neg_sum[b]; };
    int32_t first = lo, last = hi;  // the answer lies in [first, last]
    while (first < last) {
      const int32_t mid = first + (last - first) / 2;
      if (value(mid + 1) - value(mid) > 0) first = mid + 1;
      else last = mid;
    }
    const double v = value(first) + 2.0 * pos_sum[a] + base;
    if (v > best) best = v, best_a = a, best_b = first;
  }
  require(best_a >= 0, "no admissible prediction: precision@k needs k ≤ the number of documents (k = ", spec.k,
          ", documents = ", r, ")");
  BipartiteArgmax out;
  out.v.assign(r, -1);
  for (int32_t q = 0; q < best_a; ++q) out.v[pos[q]] = 1;
  for (int32_t q = 0; q < best_b; ++q) out.v[neg[q]] = 1;
  out.value = best;
  return out;
}

std::vector<int8_t> bipartite_reference(const BipartiteSpec& spec, const double* s, const int8_t* y, int32_t r) {
  std::vector<int8_t> ref(y, y + r);
  int32_t positives = 0;
  for (int32_t i = 0; i < r; ++i) positives += y[i] > 0;
  if (bipartite_admissible(spec, positives, 0, r)) return ref;
  std::vector<int32_t> order(r);
  for (int32_t i = 0; i < r; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [s](int32_t u, int32_t v) { return s[u] != s[v] ? s[u] > s[v] : u < v; });
  if (spec.measure == BipartiteMeasure::RecallAtK) {  // keep the k best-scored positives
    int32_t kept = 0;
    for (int32_t i : order)
      if (ref[i] > 0 && ++kept > spec.k) ref[i] = -1;
  } else {  // precision@k: add the best-scored negatives up to k predictions
    int32_t extra = spec.k - positives;
    for (int32_t i : order)
      if (ref[i] < 0 && extra > 0) ref[i] = 1, --extra;
  }
  return ref;
}

std::vector<int8_t> bipartite_predict(const BipartiteSpec& spec, const double* s, int32_t r) {
  if (spec.measure != BipartiteMeasure::PrecisionAtK && spec.measure != BipartiteMeasure::RecallAtK) {
    std::vector<int8_t> v(r);  // every v is admissible: the signs, no order needed
    for (int32_t i = 0; i < r; ++i) v[i] = s[i] > 0 ? 1 : -1;
    return v;
  }
  std::vector<int32_t> order(r);
  for (int32_t i = 0; i < r; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [s](int32_t u, int32_t v) { return s[u] != s[v] ? s[u] > s[v] : u < v; });
  int32_t n = 0;
  while (n < r && s[order[n]] > 0) ++n;
  if (spec.measure == BipartiteMeasure::PrecisionAtK) n = std::max(n, std::min(spec.k, r));
  if (spec.measure == BipartiteMeasure::RecallAtK) n = std::min(n, spec.k);
  std::vector<int8_t> v(r, -1);
  for (int32_t q = 0; q < n; ++q) v[order[q]] = 1;
  return v;
}

}  // namespace argmax
