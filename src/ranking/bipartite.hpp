// Bipartite ranking with multivariate performance measures (SSBD 17.5; Joachims 2005).
//
// Truth y ∈ {±1}^r, prediction v ∈ {±1}^r. With a = TP, b = FP, c = FN, d = TN:
//   balanced accuracy ½(a/(a+c) + d/(d+b));  F1 = 2a/(2a+b+c);  F_β = (1+β²)a/((1+β²)a + b + β²c);
//   precision@k = a/(a+b) over predictions with a + b ≥ k;  recall@k = a/(a+c) over a + b ≤ k.
// The loss is Δ(v, y) = 1 − measure ∈ [0, 1]; a 0/0 ratio (nothing to find, nothing predicted) counts 1.
//
// Surrogate (SSBD 17.14): ℓ = max_{v∈V} [Δ(v, y) + Σ_i (v_i − y_i) s_i], s_i = ⟨w, x_i⟩, V the admissible v.
// Argmax (SSBD 17.5): Δ depends on v only through (a, b), and for fixed (a, b) Σ v_i s_i is largest with
// v = +1 on the a best-scored positives and the b best-scored negatives. Sorting each class by score and
// taking prefix sums makes each (a, b) O(1); for fixed a the value is concave in b, so a binary search finds
// the best b: O(r log r + P log N) in all.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace argmax {

enum class BipartiteMeasure { BalancedAccuracy, F1, FBeta, PrecisionAtK, RecallAtK };

struct BipartiteSpec {
  BipartiteMeasure measure = BipartiteMeasure::F1;
  double beta = 1.0;  // F_β
  int32_t k = 1;      // precision@k, recall@k
};

// The measure from counts (P = a + c positives, N = b + d negatives).
double bipartite_measure(const BipartiteSpec& spec, int32_t a, int32_t b, int32_t c, int32_t d);
// Whether a prediction with a + b positives is in V.
bool bipartite_admissible(const BipartiteSpec& spec, int32_t a, int32_t b, int32_t r);
// Δ(v, y) = 1 − measure(counts of v against y).
double bipartite_loss(const BipartiteSpec& spec, const int8_t* v, const int8_t* y, int32_t r);

struct BipartiteArgmax {
  std::vector<int8_t> v;  // the maximiser, ±1
  double value = 0;       // Δ(v, y) + Σ (v_i − y_i) s_i at the maximiser
};

// Loss-augmented argmax over V. Throws InputError if V is empty (precision@k with k > r).
BipartiteArgmax bipartite_argmax(const BipartiteSpec& spec, const double* s, const int8_t* y, int32_t r);

// The reference labelling the surrogate compares against: y itself when y ∈ V; otherwise the admissible v
// closest to y (smallest Δ), preferring high scores among equals — recall@k with P > k: the k best-scored
// positives; precision@k with P < k: every positive and the k − P best-scored negatives. With it the surrogate
// max_{v∈V} [Δ(v, y) + Σ_i (v_i − y*_i) s_i] is ≥ Δ(y*, y) ≥ 0 and bounds Δ(prediction, y) as SSBD 17.3 states.
std::vector<int8_t> bipartite_reference(const BipartiteSpec& spec, const double* s, const int8_t* y, int32_t r);

// A cut t of the rule s_i > t, and the measure it scores.
struct BipartiteCut {
  double cut = 0;
  double measure = 0;
};

// The cut t for which the rule s_i > t scores best: the mean measure over the groups (group[i] in [0, groups);
// a group without a positive or a negative does not count; 0 when none counts), over every cut between
// distinct scores; of equal cuts, the one nearest 0. For the measures of a thresholded prediction: balanced
// accuracy, F1, F_β.
BipartiteCut bipartite_best_cut(const BipartiteSpec& spec, const double* s, const int8_t* y, const int32_t* group,
                                int32_t groups, int32_t r);

// The measure a name stands for: f1, fbeta, precision@k, recall@k, balanced; InputError otherwise.
BipartiteMeasure bipartite_measure_named(const std::string& name);

// The best cut of one labelled group (labels_i > 0 positive) for the rule s_i > cut, and the measure it scores:
// a plug-in threshold for any scorer. InputError without a positive and a negative, or for a top-k measure.
BipartiteCut bipartite_threshold(const BipartiteSpec& spec, const double* s, const float* labels, int32_t r);

// Prediction argmax_{v∈V} Σ v_i s_i: +1 where s_i > 0, then the fewest changes (by score) that reach V.
std::vector<int8_t> bipartite_predict(const BipartiteSpec& spec, const double* s, int32_t r);

}  // namespace argmax
