// AdaBoost.MH (Schapire & Singer 1999/2000; FML fig. 9.1) over X × Y with Y = {−1, +1}^k:
//   D_1(i, l) = 1/(mk)
//   for t = 1..T:  h_t = the base classifier of least error ε_t = Σ_{i,l} D_t(i,l) 1[h_t(x_i,l) ≠ y_i[l]]
//                  α_t = ½ log((1 − ε_t)/ε_t),   Z_t = 2√(ε_t(1 − ε_t))
//                  D_{t+1}(i,l) = D_t(i,l) exp(−α_t y_i[l] h_t(x_i,l)) / Z_t
//   f(x, l) = Σ_t α_t h_t(x, l);  multi-label: predict sign f(x, l) (0 → −1); mono-label (y_i[l] = +1
//   iff l = y_i): predict argmax_l f(x, l), ties to the lowest label.
// The training Hamming loss is at most Π_t Z_t (FML Thm 9.1), reported after every round.
// It is AdaBoost on the mk examples ((x_i, l), y_i[l]) with D over them.
//
// Base classifiers: stumps over X × Y, h(x, l) = v_l φ(x) with φ(x) = +1 if x_j > θ else −1 and one sign
// v_l per label (Schapire & Singer's discrete AdaBoost.MH with "abstaining-free" stumps). For a fixed φ
// the edge of label l is r_l = Σ_i D(i,l) y_i[l] φ(x_i), the best vote is v_l = sign r_l (+1 when
// r_l = 0) and ε = (1 − Σ_l |r_l|)/2. θ runs over −∞ (φ ≡ +1: per-label constants) and the midpoints
// between consecutive distinct values of each feature; one sweep over the sorted column updates every
// r_l, so a round costs O(d·m·k). Ties: the first (feature, θ) in scan order whose Σ|r_l| beats the
// best so far by more than 1e-12.
#pragma once
#include <cstdint>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "io/bytes.hpp"
#include "io/multilabel.hpp"
#include "learn/progress.hpp"

namespace argmax {

struct LabelStump {
  int32_t feature = 0;
  float threshold = 0;       // −∞: φ ≡ +1
  std::vector<int8_t> vote;  // v_l, one per label
  double alpha = 0;
  double phi(const RowView& x) const;  // ±1
};

struct BoostingRound {
  double epsilon = 0, alpha = 0, z = 0;
  double z_product = 0;       // Π_{s ≤ t} Z_s, the bound on the training Hamming loss
  double hamming_loss = 0;    // the actual training Hamming loss of f after round t
};

struct AdaBoostMHConfig {
  int rounds = 100;
};
const std::vector<OptionSpec>& adaboost_mh_options();
AdaBoostMHConfig adaboost_mh_config_from(const Options& options);

class AdaBoostMH {
 public:
  // rows: finite features; y: m×k signs. Stops early when ε_t reaches 0 (after adding h_t, with ε
  // clipped to 1e-10 for α_t) or when no stump has ε_t < ½.
  // Progress: epoch = round, objective = Π Z_t, training_error = training Hamming loss.
  static AdaBoostMH train(const Rows& rows, const LabelMatrix& y, const AdaBoostMHConfig& config,
                          const ProgressFn& progress = {});
  // Mono-label from any integer labels (n = rows.rows() of them), indexed by the model (core/labels.hpp) and
  // kept with it: class_labels() are the distinct labels, sorted, and predict_label answers in them. One label
  // alone trains one constant stump, which predicts it (the bindings ask for allowSingleClass first).
  static AdaBoostMH train_on_labels(const Rows& rows, const int32_t* labels, const AdaBoostMHConfig& config,
                                    const ProgressFn& progress = {});

  int labels() const { return labels_; }
  int32_t cols() const { return cols_; }
  const std::vector<LabelStump>& stumps() const { return stumps_; }
  const std::vector<BoostingRound>& history() const { return history_; }
  // The label each label index stands for (0..k−1 unless set); saved with the model.
  const std::vector<int32_t>& class_labels() const { return class_labels_; }
  void set_class_labels(std::vector<int32_t> labels);

  void scores(const RowView& x, double* f) const;  // f(x, l), l < labels()
  int predict_class(const RowView& x) const;
  int32_t predict_label(const RowView& x) const { return class_labels_[size_t(predict_class(x))]; }
  std::vector<int8_t> predict_labels(const RowView& x) const;
  LabelMatrix predict_labels(const Rows& rows) const;
  std::vector<int32_t> predict_classes(const Rows& rows) const;

  // Mono-label models save as kind "adaboost-mh"; multi-label ones as kind "multilabel" with method
  // "adaboost-mh" (beside binary relevance's "br"), so a reader knows which predictions they make.
  std::vector<uint8_t> to_bytes() const;             // kind "adaboost-mh"
  std::vector<uint8_t> to_multilabel_bytes() const;  // kind "multilabel", method "adaboost-mh"
  static AdaBoostMH from_bytes(const uint8_t* data, size_t size);  // either kind

 private:
  void save_payload(ByteWriter& out) const;
  static AdaBoostMH load_payload(ByteReader& in, size_t size);
  int labels_ = 0;
  int32_t cols_ = 0;
  std::vector<LabelStump> stumps_;
  std::vector<BoostingRound> history_;
  std::vector<int32_t> class_labels_;
};

}  // namespace argmax
