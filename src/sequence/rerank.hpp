// Chain models with global features (sequence/global_features.hpp), decoded and trained by reranking the
// chain's n best labellings (Collins 2000; Collins & Koo 2005): the candidates come from list Viterbi
// (sequence/nbest.hpp) and are rescored with the whole score
//
//   S(x, y) = s(x, y) + ⟨v, g(y)⟩,    Ψ(x, y) = (chain features, g(y)),
//
// so one weight vector [chain weights | v] is learned jointly. When the list holds every labelling
// (count ≥ kⁿ) reranking is the exact argmax of S; otherwise it is the best S among the chain's top count.
#pragma once
#include "learn/online.hpp"
#include "sequence/chain_weights.hpp"
#include "sequence/global_features.hpp"
#include "sequence/viterbi.hpp"

namespace argmax {

// The best of the `count` best labellings of `from` by  s(y) + scale·⟨v, g(y)⟩ + loss·Σ_t [y_t ≠ gold_t],
// with its value as the score. `from` is `s`, or `s` loss-augmented for a loss-augmented search (gold, loss).
// Ties go to the earlier candidate. Throws InputError when no labelling scores above −∞.
LabelPath rerank(const ChainScores& from, const ChainScores& s, const GlobalFeatures& g, const float* v, float scale,
                 int count, const int* gold = nullptr, float loss = 0);

// The chain model with global features as a problem for the shared online trainers (learn/online.hpp);
// weights = [chain weights in `layout` | v]. Surrogates, with Δ the Hamming loss normalised by length:
//   Perceptron      ŷ = rerank(s);              ℓ = max(0, S(ŷ) − S(y)), update on a mistake
//   MarginRescaled  ŷ = the best by Δ(·, y) + S among the loss-augmented list and the prediction;
//                   ℓ = max(0, Δ(ŷ, y) + S(ŷ) − S(y))
// and ∂ℓ = Ψ(x, ŷ) − Ψ(x, y). A wrong prediction always updates: when y outscores every candidate without
// being one (a search error of the list, not of the weights), towards y from the prediction.
class RerankProblem {
 public:
  RerankProblem(const SequenceBatch& x, ChainLayout layout, const GlobalFeatures& g, int count);

  int size() const { return x_.sequences(); }
  size_t dim() const { return layout_.dim() + size_t(g_.size()); }
  StepResult step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const;

 private:
  const SequenceBatch& x_;
  ChainLayout layout_;
  const GlobalFeatures& g_;
  int count_;
  std::vector<float> delta_;
  mutable ChainScores scores_, augmented_;
  mutable std::vector<std::pair<int32_t, float>> features_;
};

}  // namespace argmax
