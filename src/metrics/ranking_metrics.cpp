#include "metrics/ranking_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/sizes.hpp"
#include "core/permutation.hpp"
#include "metrics/pair_counts.hpp"

namespace argmax {
namespace {

const double kSkip = std::numeric_limits<double>::quiet_NaN();

double gain(float rel) { return rel > 0 ? std::exp2(double(rel)) - 1.0 : 0.0; }

double discount(int32_t p, EvalConvention c) {
  if (c == EvalConvention::Letor4) return p <= 2 ? 1.0 : 1.0 / std::log2(double(p));
  return 1.0 / std::log2(double(p) + 1.0);
}

bool any_relevant(const float* rel, int32_t r) {
  for (int32_t i = 0; i < r; ++i)
    if (rel[i] > 0) return true;
  return false;
}

double undefined(EvalConvention c) { return c == EvalConvention::Letor4 ? 0.0 : kSkip; }

}  // namespace

EvalConvention parse_eval_convention(const std::string& name) {
  if (name == "letor4") return EvalConvention::Letor4;
  if (name == "common") return EvalConvention::Common;
  fail("evaluation convention must be 'letor4' or 'common'; got '", name, "'");
}

double ndcg_at(const double* s, const float* rel, int32_t r, int32_t k, EvalConvention c) {
  require(k >= 1, "NDCG@k needs k ≥ 1");
  if (!any_relevant(rel, r)) return undefined(c);
  if (c == EvalConvention::Letor4 && k > r) return 0.0;
  const std::vector<int32_t> order = order_best_first(s, r);
  std::vector<double> ideal(r);
  for (int32_t i = 0; i < r; ++i) ideal[i] = gain(rel[i]);
  std::sort(ideal.rbegin(), ideal.rend());
  double dcg = 0, best = 0;
  for (int32_t p = 1; p <= std::min(k, r); ++p) {
    dcg += gain(rel[order[p - 1]]) * discount(p, c);
    best += ideal[p - 1] * discount(p, c);
  }
  return dcg / best;
}

double precision_at(const double* s, const float* rel, int32_t r, int32_t k, EvalConvention c) {
  require(k >= 1, "P@k needs k ≥ 1");
  if (!any_relevant(rel, r)) return undefined(c);
  const std::vector<int32_t> order = order_best_first(s, r);
  int32_t hits = 0;
  for (int32_t p = 0; p < std::min(k, r); ++p) hits += rel[order[p]] > 0;
  return double(hits) / (c == EvalConvention::Letor4 ? k : std::min(k, r));
}

double average_precision(const double* s, const float* rel, int32_t r, EvalConvention c) {
  if (!any_relevant(rel, r)) return undefined(c);
  const std::vector<int32_t> order = order_best_first(s, r);
  int32_t hits = 0;
  double sum = 0;
  for (int32_t p = 0; p < r; ++p)
    if (rel[order[p]] > 0) sum += double(++hits) / (p + 1);
  return sum / hits;
}

// τ_b = (C − D)/√((n0 − n1)(n0 − n2)), n1/n2 pairs tied in s/rel; the counts from count_pairs.
double kendall_tau_b(const double* s, const float* rel, int32_t r, EvalConvention c) {
  const PairCounts n = count_pairs(s, rel, r);
  const double denominator = std::sqrt(double(n.pairs - n.tied_a) * double(n.pairs - n.tied_b));
  if (denominator == 0) return undefined(c);
  return double(n.concordant - n.discordant) / denominator;
}

// Mann–Whitney: AUC = (Σ midranks of relevant − P(P+1)/2)/(P·N), ties in s count ½.
double auc(const double* s, const float* rel, int32_t r, EvalConvention c) {
  std::vector<int32_t> idx(r);
  for (int32_t i = 0; i < r; ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(), [s](int32_t a, int32_t b) { return s[a] < s[b]; });
  double rank_sum = 0;
  long long P = 0;
  for (int32_t g = 0; g < r;) {
    int32_t e = g;
    while (e < r && s[idx[e]] == s[idx[g]]) ++e;
    const double midrank = 0.5 * (g + 1 + e);
    for (int32_t p = g; p < e; ++p)
      if (rel[idx[p]] > 0) rank_sum += midrank, ++P;
    g = e;
  }
  const long long N = r - P;
  if (P == 0 || N == 0) return undefined(c);
  return (rank_sum - double(P) * (P + 1) / 2) / (double(P) * N);
}

RankingReport evaluate_ranking(const QuerySet& data, const double* scores, EvalConvention c, int32_t max_k) {
  require(max_k >= 1, "evaluation needs max_k ≥ 1");
  RankingReport report;
  report.ndcg.assign(checked_count<double>("ranking report (max k)", {max_k}), 0.0);
  report.precision.assign(max_k, 0.0);
  report.queries = data.queries();
  int tau_n = 0, auc_n = 0;
  for (int q = 0; q < data.queries(); ++q) {
    const double* s = scores + data.begin(q);
    const float* rel = data.relevance + data.begin(q);
    const int32_t r = data.size(q);
    const double ap = average_precision(s, rel, r, c);
    if (!std::isnan(ap)) {
      ++report.counted;
      report.map += ap;
      for (int32_t k = 1; k <= max_k; ++k) {
        report.ndcg[k - 1] += ndcg_at(s, rel, r, k, c);
        report.precision[k - 1] += precision_at(s, rel, r, k, c);
      }
    }
    const double tau = kendall_tau_b(s, rel, r, c), area = auc(s, rel, r, c);
    if (!std::isnan(tau)) report.kendall_tau += tau, ++tau_n;
    if (!std::isnan(area)) report.auc += area, ++auc_n;
  }
  const double n = std::max(report.counted, 1);
  for (double& x : report.ndcg) x /= n;
  for (double& x : report.precision) x /= n;
  report.map /= n;
  report.kendall_tau /= std::max(tau_n, 1);
  report.auc /= std::max(auc_n, 1);
  return report;
}

}  // namespace argmax
