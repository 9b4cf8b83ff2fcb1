// Ranking as a problem for the shared online trainers (learn/online.hpp): one example = one query.
// step() scores the query's documents with w, calls the surrogate's oracle and adds −η·∂ℓ to w, where
// every surrogate's subgradient has the form Σ_i coef_i x_i over the query's documents:
//
//  * NDCG structured hinge (SSBD 17.8): coef_i = v̂_i − π(y)_i (SSBD's ascending positions; v̂ the loss-
//    augmented argmax of ndcg_oracle.hpp), optionally divided by r ("normalized" Ψ = (1/r) Σ v_i x_i, which
//    keeps long queries from dominating the step). π(y) breaks ties in relevance by the current score (then
//    by index): among the orders consistent with y it is the one the hinge penalises least, so equally
//    relevant documents are never pushed apart. The bipartite Ψ can be normalised the same way.
//  * Kendall-τ pairwise hinge (kendall_hinge.hpp): coef_i = ∂ℓ/∂s_i.
//  * bipartite measures (SSBD 17.14, bipartite.hpp): coef_i = v̂_i − y*_i, y_i = +1 iff relevance > threshold
//    and y* = bipartite_reference (y itself unless precision@k / recall@k make y inadmissible).
// The choices of π(y) among tied grades and of y* depend on the scores (a latent choice, as for ties in
// Chapelle et al. 2007); without ties the surrogates are convex in w.
//
// Surrogate::MarginRescaled uses the loss-augmented argmax; Surrogate::Perceptron uses the plain argmax
// (the score order, resp. the thresholded prediction) and updates whenever ŷ ≠ y (a tie counts as a mistake).
// Queries that cannot teach anything are left out of size(): NDCG without a relevant document (Δ ≡ 0),
// Kendall with a single grade, bipartite without a positive or a negative (or with fewer than k documents
// for precision@k).
#pragma once
#include <cstddef>  // before learn/online.hpp: core/rng.hpp uses size_t
#include <cstdint>
#include <vector>

#include "learn/online.hpp"
#include "learn/structured_oracle.hpp"
#include "ranking/bipartite.hpp"
#include "core/queries.hpp"

namespace argmax {

enum class RankingObjective { Ndcg, Kendall, Bipartite };

struct RankingProblemConfig {
  RankingObjective objective = RankingObjective::Ndcg;
  int32_t k = 10;               // NDCG truncation
  bool exp_gain = false;        // NDCG gain 2^rel − 1 (LETOR); false: gain = rel (SSBD)
  bool normalized_psi = false;  // Ψ/r (NDCG and bipartite)
  bool hungarian = false;       // NDCG oracle: O(r³) Hungarian instead of the fast exact solver
  BipartiteSpec bipartite;
  float relevant_above = 0;     // bipartite: positive iff relevance > this
};

class RankingProblem {
 public:
  // Keeps a reference to data's memory (rows, relevance). Throws InputError for a surrogate it lacks.
  RankingProblem(const QuerySet& data, const RankingProblemConfig& config, Surrogate surrogate);

  int size() const { return int(usable_.size()); }
  // Bipartite problems append a bias coordinate (constant-1 feature, SSBD ex. 17.1) so the threshold θ of the
  // measures is learned; it shifts every score of a query alike, so rankers drop it (see Ranker::train).
  size_t dim() const { return size_t(data_.features.cols()) + (has_bias() ? 1 : 0); }
  bool has_bias() const { return config_.objective == RankingObjective::Bipartite; }
  StepResult step(TrainedWeights& w, int i, Surrogate s, float eta) const;

  // The separation oracle of the exact solvers (learn/structured_oracle.hpp; margin rescaling only). They
  // need a fixed target, so π(y) among tied grades and y* of precision@k / recall@k are the choices made at
  // the scores of the weights last given to fix_targets (at w = 0 until then: ties in index order). With the
  // target fixed the surrogate is convex in w, ≥ Δ(target) ≥ 0, and bounds Δ(prediction, y).
  Violation most_violated(const float* w, int i, Surrogate surrogate, SparseAccumulator& psi) const;
  // Makes the exact oracle's latent choices at the scores of w (dim() weights), as step() makes them at the
  // current w. Returns whether any target changed.
  bool fix_targets(const float* w);
  // Whether the targets depend on the scores at all: NDCG with tied grades, precision@k / recall@k whose y
  // is not admissible.
  bool has_latent_targets() const { return latent_; }

  // Query index (in the data set) of example i.
  int query(int i) const { return usable_[i]; }

 private:
  StepResult ndcg_step(const double* s, int q, Surrogate surrogate, std::vector<double>& coef) const;
  StepResult kendall_step(const double* s, int q, std::vector<double>& coef) const;
  StepResult bipartite_step(const double* s, int q, Surrogate surrogate, std::vector<double>& coef) const;
  // A query's scores times the Ψ scale (returned) and its ±1 labels.
  double bipartite_input(const double* raw, int q, std::vector<double>& s, std::vector<int8_t>& y) const;
  // Fixed-target versions for most_violated: Δ of the maximiser, coef of ∂H/∂s_d; error = Δ(prediction).
  Violation ndcg_violation(const double* s, int q, std::vector<double>& coef) const;
  Violation bipartite_violation(const double* s, int q, std::vector<double>& coef) const;

  QuerySet data_;
  RankingProblemConfig config_;
  std::vector<int> usable_;
  std::vector<double> beta_;  // NDCG: gain_i / ideal DCG@k of its query, per document
  std::vector<double> target_;  // per document, the exact oracle's target: NDCG top-down position, bipartite y*
  bool latent_ = false;
  mutable std::vector<double> scores_, coef_;
  mutable std::vector<float> grad_;
  mutable std::vector<int32_t> touched_;
  mutable std::vector<char> mark_;
};

}  // namespace argmax
