// Feature scaling as part of a linear model (option scale=auto|none|minmax|standard). It is fitted on the
// training rows, the learner trains on the scaled rows x' = s⊙(x − c), and the result is folded back into
// the weights: ⟨w, s⊙(x − c)⟩ + b = ⟨w⊙s, x⟩ + (b − ⟨w⊙s, c⟩). So a saved model predicts from raw features,
// dense or sparse, with no extra work. (The kernel machines cannot fold it: they keep it, save it with save(),
// and apply() it to the rows they score.) Per column j over the training rows:
//   minmax    s_j = 1 / (max_j − min_j), c_j = min_j   (dense rows land in [0, 1])
//   standard  s_j = 1 / std_j,           c_j = mean_j  (population std; zeros of sparse rows count)
//   auto      c_j = mean_j for a dense column with |mean_j| > 10·std_j, else 0; then s_j = 1 / max|x − c| over
//             all entries when that exceeds 10 or is below 0.1, else 1 (the identity when nothing changes)
// auto, the default, leaves values within [-10, 10] as they are (data scaled to [-1, 1] or [0, 1], small
// integers) and brings larger ones into [-1, 1] by one common factor. Beyond 10, C = 1 on the raw values is
// C > 100 on the unit scale: the dual solvers need thousands of passes and the online trainers' steps are
// sized for unit-scale rows. Below 0.1 the same holds the other way: the margin needs weights so large that
// C = 1 prefers the constant classifier, and the perceptron's bound (R/γ)² is dominated by the bias feature.
// One factor keeps the geometry (it is the same problem as C / max|x|² on the raw rows) and a text set's row
// normalisation, which a per-column rule would destroy; minmax and standard are for columns of very different
// scales. A column far from 0 next to its spread (years, kelvins, an offset) is centred: with one factor alone
// its values would all sit near 1, where the bias cannot tell them apart. A shift moves every score by a
// constant, which the fold gives back to the bias, so it changes the problem only through the regulariser.
// A constant column keeps s_j = 1. Sparse rows are scaled only (c = 0), so their zeros stay zeros and nothing
// is densified; a shift would only move every score by a constant, which is what the bias learns.
#pragma once
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"

namespace argmax {

class ByteReader;
class ByteWriter;

class FeatureScaling {
 public:
  // The "scale" entry of the option tables that offer it.
  static OptionSpec option();
  // kind: auto, none (the identity), minmax or standard.
  static constexpr double kAutoAbove = 10;   // auto scales data whose largest |value| exceeds this,
  static constexpr double kAutoBelow = 0.1;  // or is below this,
  static constexpr double kAutoOffset = 10;  // and centres dense columns whose |mean| exceeds this many std
  static FeatureScaling fit(const Rows& rows, const std::string& kind);
  // The kind to fit on what a learner reads, given the option `scale`. `as_given` (null when there is none) is
  // why the learner must read its rows as they are: random features, whose values lie in [-1, 1] and whose map a
  // per-column scaling before it cannot be folded through (auto needs nothing there: γ chosen from the raw rows
  // absorbs any common factor); TF-IDF's word counts; a token tagger's lack of numeric rows. Then scale must be
  // auto or none, and none is fitted.
  static std::string kind_over(const std::string& scale, const char* as_given);

  bool identity() const { return scale_.empty(); }
  const std::vector<float>& scale() const { return scale_; }
  const std::vector<float>& centre() const { return centre_; }  // empty for sparse rows

  // The rows as the learner sees them: s⊙(x − c) (dense), s⊙x on the stored entries (sparse). Sparse rows may
  // have more columns than were fitted (a test set's later features): those are kept as they are.
  OwnedRows apply(const Rows& rows) const;

  // For models that keep the scaling and apply it to the rows they score (the kernel machines, which cannot
  // fold it). load checks the vectors against the model's `cols` columns.
  void save(ByteWriter& out) const;
  static FeatureScaling load(ByteReader& in, int32_t cols);

  // Rewrites weights trained on scaled rows to weights on raw rows. w is feature-major with `outputs`
  // interleaved scorers (w[j·outputs + o], as the multiclass layout); entries past the scaled columns (a bias
  // feature) are kept. Returns each scorer's constant −⟨w_o⊙s, c⟩, to add to its intercept.
  std::vector<double> fold(std::vector<float>& w, int outputs) const;
  // The inverse: weights on raw rows rewritten for the scaled rows (w_j / s_j), for a warm start that continues
  // in the scaled space. Returns each scorer's constant ⟨w_o, c⟩, to add to its intercept; fold gives it back.
  std::vector<double> unfold(std::vector<float>& w, int outputs) const;

 private:
  // ⟨w_o, c⟩ for each output o of raw-row weights w
  std::vector<double> centre_constants(const std::vector<float>& w, int outputs) const;
  std::vector<float> scale_, centre_;
};

// Training rows as a learner sees them: the scaling fitted on the raw rows, and the rows scaled by it (a view of
// the raw rows themselves when kind is none). Not copyable: `rows` may view `storage`.
struct ScaledRows {
  ScaledRows(const Rows& raw, const std::string& kind);
  ScaledRows(const ScaledRows&) = delete;
  ScaledRows& operator=(const ScaledRows&) = delete;

  const FeatureScaling scaling;
  const OwnedRows storage;
  const Rows rows;
};

}  // namespace argmax
