// Ranking evaluation measures for a query whose documents have scores s (higher = ranked higher; ties keep
// the input order, as LETOR's evaluation script does) and graded relevances rel (relevant iff rel > 0;
// NDCG gain 2^rel − 1, negative grades count as 0).
//
// Two conventions, chosen by EvalConvention:
//  * Letor4 — exactly the official LETOR 4.0 script (Eval-Score-4.0.pl): discount 1 at ranks 1 and 2 and
//    1/log2(rank) from rank 3; NDCG@k = 0 when the query has fewer than k documents (the script computes
//    NDCG only up to the document count and averages the missing entries as 0); a query with no relevant
//    document counts 0 in NDCG, P@k and MAP; P@k divides by k (missing documents are irrelevant). Every
//    query is averaged.
//  * Common — DCG@k = Σ_{p ≤ min(k, r)} (2^rel − 1)/log2(p + 1), NDCG@k = DCG@k / ideal DCG@k; P@k divides
//    by min(k, r); queries with no relevant document are skipped (their measures are undefined).
// Kendall τ (τ-b, between scores and relevance) and AUC (relevant vs the rest) are undefined for a query
// with all scores or all grades equal, resp. without a relevant or an irrelevant document: Letor4 counts
// such a query 0, Common skips it. Per-query functions return NaN for "skip". A query with no documents has
// no relevant document, so every measure treats it as such (0 under Letor4, skipped under Common), in the
// per-query functions and in evaluate_ranking alike.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/queries.hpp"

namespace argmax {

enum class EvalConvention { Letor4, Common };

// "letor4" or "common" (throws InputError otherwise).
EvalConvention parse_eval_convention(const std::string& name);

double ndcg_at(const double* s, const float* rel, int32_t r, int32_t k, EvalConvention c);
double precision_at(const double* s, const float* rel, int32_t r, int32_t k, EvalConvention c);
double average_precision(const double* s, const float* rel, int32_t r, EvalConvention c);
double kendall_tau_b(const double* s, const float* rel, int32_t r, EvalConvention c);
double auc(const double* s, const float* rel, int32_t r, EvalConvention c);

// Means over the queries of a set (scores: one per document, in the set's row order).
struct RankingReport {
  std::vector<double> ndcg;       // ndcg[k-1] = mean NDCG@k, k = 1..max_k
  std::vector<double> precision;  // precision[k-1] = mean P@k
  double map = 0, kendall_tau = 0, auc = 0;
  int queries = 0;                // in the set
  int counted = 0;                // averaged in NDCG/P@k/MAP (all under Letor4; those with a relevant document under Common)
};

RankingReport evaluate_ranking(const QuerySet& data, const double* scores, EvalConvention c, int32_t max_k = 10);

}  // namespace argmax
