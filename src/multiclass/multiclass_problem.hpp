// The multiclass problem on the shared trainer interface (learn/online.hpp): scores are the k values
// ⟨w, Ψ(x, y')⟩, so every argmax and loss-augmented argmax is a scan over k labels.
#pragma once
#include <vector>

#include "core/rows.hpp"
#include "learn/online.hpp"
#include "learn/structured_oracle.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/feature_map.hpp"

namespace argmax {

// Index of the largest value; ties go to the lowest index.
int argmax_index(const float* values, int n);
// ρ_h(x, y) = scores[y] − max_{y'≠y} scores[y'] (FML 9.2); +∞ with a single class.
float margin_of(const float* scores, int n, int y);
// Position of `label` among a model's sorted labels; an InputError naming the row when it is not one of them.
int label_position(const std::vector<int32_t>& labels, int32_t label, int32_t row);

class MulticlassProblem {
 public:
  MulticlassProblem(const Rows& rows, const std::vector<int32_t>& labels, const FeatureMap& map, const CostMatrix& cost)
      : rows_(rows), labels_(labels), map_(map), cost_(cost), scores_(map.classes()), softmax_(map.classes()) {}

  int size() const { return rows_.rows(); }
  size_t dim() const { return map_.dim(); }

  // One step of the online trainers: the surrogate's value and subgradient at w for example i.
  StepResult step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const;

  // The separation oracle of the exact solvers (learn/structured_oracle.hpp): a scan of the k labels.
  Violation most_violated(const float* w, int i, Surrogate surrogate, SparseAccumulator& psi) const;

  // Mean surrogate and mean task loss of a fixed w over the data (the ½‖w‖² term is the trainer's).
  struct Evaluation {
    double surrogate = 0, error = 0;
  };
  Evaluation evaluate(const float* w, Surrogate surrogate) const;

 private:
  // ℓ(w, (x_i, y_i)) from the scores, with the label ŷ that attains it (−1 when none is needed).
  double surrogate_at(const float* scores, int y, Surrogate surrogate, int& worst) const;
  // The log losses: log Σ_c exp(a_c), a_c = δ·Δ(c, y) + s_c − s_y (δ = 1 for softmax-margin, else 0);
  // fills softmax_ with the probabilities exp(a_c) / Σ exp(a_c), the gradient's weights.
  double log_loss(const float* scores, int y, bool margin) const;
  // The hinge step (learn/online.hpp) of rival c of y, for a hinge-type surrogate.
  HingeStep<double> hinge_at(const float* scores, int y, int c, Surrogate surrogate) const;
  const Rows rows_;  // a view: cheap to copy, and safe when built from a temporary
  const std::vector<int32_t>& labels_;
  const FeatureMap& map_;
  const CostMatrix& cost_;
  mutable std::vector<float> scores_;
  mutable std::vector<double> softmax_;
};

}  // namespace argmax
