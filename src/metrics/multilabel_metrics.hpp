// Multi-label evaluation (FML 9.2; Tsoumakas & Katakis 2007), truth and prediction as ±1 matrices:
//   Hamming loss     (1/(mk)) Σ_i Σ_l 1[ŷ_il ≠ y_il]
//   subset accuracy  (1/m) Σ_i 1[ŷ_i = y_i]          (every label right)
//   micro F1         2 TP / (2 TP + FP + FN) over all (i, l) pairs
//   macro F1         mean over labels of 2 TP_l / (2 TP_l + FP_l + FN_l); a label with no positives
//                    in truth or prediction scores 0 (scikit-learn's zero_division default)
// Empty data (m = 0) gives 0 for every measure.
#pragma once
#include "io/multilabel.hpp"

namespace argmax {

struct MultilabelScores {
  double hamming_loss = 0, subset_accuracy = 0, micro_f1 = 0, macro_f1 = 0;
};

double hamming_loss(const LabelMatrix& truth, const LabelMatrix& predicted);
double subset_accuracy(const LabelMatrix& truth, const LabelMatrix& predicted);
double micro_f1(const LabelMatrix& truth, const LabelMatrix& predicted);
double macro_f1(const LabelMatrix& truth, const LabelMatrix& predicted);
MultilabelScores multilabel_scores(const LabelMatrix& truth, const LabelMatrix& predicted);

}  // namespace argmax
