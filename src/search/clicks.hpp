// Learning from clicks: click logs, the position-based click model (PBM) with its propensities estimated by
// EM, relevance estimated from clicks by inverse propensity scoring, and the semi-synthetic click simulator.
//
// The PBM (Craswell et al. 2008; Chuklin, Markov & de Rijke 2015, ch. 3): a user examines rank k with
// probability θ_k (the propensity) and clicks a document it examines with probability γ_{q,d} (its
// relevance to the query), so  P(click | q, d, k) = θ_k · γ_{q,d}.
// Only products θ_k·γ are observed, so θ is known up to a factor: estimates are reported with θ_1 = 1 and
// γ scaled to match (IPS weights need only the ratios θ_1/θ_k). θ is identifiable only when a document is
// shown at several ranks (result randomisation, or the lists of several rankers: "intervention harvesting");
// on logs where every query always shows one list, EM returns some factorisation of the click rates.
#pragma once
#include <cstdint>
#include <vector>

#include "learn/progress.hpp"

namespace argmax {

// Sessions, each a query index, the documents shown in order (rank 1 first) and which of them were clicked.
struct ClickLog {
  std::vector<int32_t> query;       // per session
  std::vector<int32_t> offsets{0};  // sessions()+1 boundaries into shown and clicked
  std::vector<int32_t> shown;       // document ids (≥ 0), rank 1 first
  std::vector<uint8_t> clicked;     // 1 where the user clicked, else 0

  int32_t sessions() const { return int32_t(offsets.size()) - 1; }
  int32_t length(int32_t s) const { return offsets[s + 1] - offsets[s]; }
  // Appends a session (not checked: validate() checks the whole log).
  void add(int32_t query, const std::vector<int32_t>& documents, const std::vector<uint8_t>& clicks);
  // Throws InputError naming the first problem: shapes, a negative query or document id, a document shown
  // twice in one session, a click flag other than 0 or 1.
  void validate() const;
};

struct PositionBiasOptions {
  int32_t ranks = 0;            // propensities estimated for ranks 1..ranks (0: the longest list shown);
                                // deeper entries are ignored
  // EM's steps shrink where few sessions show a document away from its usual rank: 300–600 steps with 10% of
  // the sessions randomised, 700–1,400 with 5% or 2% (100 lists of 10, 1,000–10,000 sessions a list). The cap
  // only guards against a log that never settles.
  int32_t max_iterations = 10000;
  double tolerance = 1e-7;      // stop when the log-likelihood gains less than this, relative
};

// The PBM fitted by EM. pairs lists each (query, document) shown at a rank ≤ ranks, in order of first
// appearance in the log; relevance[i] is γ of pairs[i].
struct PositionBias {
  std::vector<double> propensity;  // θ_k at index k−1, θ_1 = 1
  std::vector<int32_t> pair_query, pair_document;
  std::vector<double> relevance;
  double log_likelihood = 0;       // of the log under the fitted model (either scaling gives the same)
  TrainingReport training;         // EM's steps, and whether the gain fell within the tolerance before the cap
};

// Plain PBM EM (Chuklin et al. 2015, §4.2; the E-step of Wang et al. 2018 with a free γ per pair). For an
// entry (q, d, k, c), the posteriors of examination E and relevance R are
//   c = 1:  P(E=1 | c) = P(R=1 | c) = 1
//   c = 0:  P(E=1 | c) = θ_k(1−γ)/(1−θ_kγ),  P(R=1 | c) = (1−θ_k)γ/(1−θ_kγ)
// and the M-step sets θ_k to the mean P(E=1 | c) over the entries at rank k, γ_{q,d} to the mean P(R=1 | c)
// over the entries of (q, d). Each step raises the likelihood; it starts from θ = γ = 1/2.
PositionBias estimate_position_bias(const ClickLog& log, const PositionBiasOptions& options = {});

// Relevance of each (query, document) pair shown, estimated from its clicks: the mean over the sessions that
// showed it of w·click, with w = 1/max(θ_k, clip) for the rank k it was shown at (inverse propensity
// scoring, Joachims, Swaminathan & Schnabel 2017: E[click/θ_k] = γ under the PBM, so the estimate is unbiased
// without clipping), or w = 1 when propensity is empty (naive: clicks as relevance, biased towards the top).
// An entry deeper than the propensities given is an error.
struct ClickRelevance {
  std::vector<int32_t> query, document;  // each pair once, in order of first appearance
  std::vector<double> relevance;
};
ClickRelevance click_relevance(const ClickLog& log, const std::vector<double>& propensity, double clip = 0);

// Ranked lists with graded judgments: list l is documents and grades [offsets[l], offsets[l+1]).
struct JudgedLists {
  std::vector<int32_t> offsets{0};
  std::vector<int32_t> documents;
  std::vector<float> grades;  // ≥ 0; larger is more relevant
};

// The semi-synthetic protocol (Joachims et al. 2017; Ai et al. 2018; Wang et al. 2018): each list is shown
// `sessions` times; the user examines rank k with θ_k = k^(−eta) and clicks an examined document of grade g
// with γ = noise + (1 − noise)(2^g − 1)/(2^max_grade − 1), so irrelevant documents draw noise clicks. A
// fraction `shuffled` of the sessions shows the list in a uniformly random order (result randomisation, which
// makes the propensities identifiable). Seeded: the same seed gives the same log on every platform.
struct ClickSimulation {
  double eta = 1;
  double noise = 0.1;
  double max_grade = 0;  // 0: the largest grade in the lists
  int32_t sessions = 10;
  double shuffled = 0;
  uint64_t seed = 1;
};
// Session queries are the list indices.
ClickLog simulate_clicks(const JudgedLists& lists, const ClickSimulation& simulation);

}  // namespace argmax
