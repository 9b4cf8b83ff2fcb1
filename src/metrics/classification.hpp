// Multiclass evaluation on raw integer labels (the union of true and predicted labels).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace argmax {

struct ClassScores {
  double precision = 0, recall = 0, f1 = 0;
  int64_t support = 0;  // true examples of the class
};

struct ClassificationReport {
  std::vector<int32_t> labels;      // sorted
  std::vector<int64_t> confusion;   // labels.size()², row = truth, column = prediction
  std::vector<ClassScores> per_class;
  double accuracy = 0;
  ClassScores macro, micro;         // macro: unweighted mean over classes; micro: pooled counts
};

// Throws InputError when n == 0.
ClassificationReport classification_report(const int32_t* truth, const int32_t* predicted, size_t n);

// Mean cost (1/m) Σ Δ(ŷ_i, y_i) for labels 0..k−1 and a row-major k×k matrix (row = truth).
double average_cost(const int32_t* truth, const int32_t* predicted, size_t n, const std::vector<float>& cost, int k);

// Empirical margin loss R̂_{S,ρ} = (1/m) Σ Φ_ρ(ρ_i), Φ_ρ(u) = min(1, max(0, 1 − u/ρ)) (FML 9.2); ρ > 0.
double margin_loss(const float* margins, size_t n, double rho);

}  // namespace argmax
