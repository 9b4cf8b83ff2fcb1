#include "metrics/multilabel_metrics.hpp"

#include "core/error.hpp"

namespace argmax {
namespace {

void check_shapes(const LabelMatrix& t, const LabelMatrix& p) {
  require(t.rows == p.rows && t.labels == p.labels, "multi-label metrics: truth is ", t.rows, "×", t.labels,
          " but prediction is ", p.rows, "×", p.labels);
}

}  // namespace

double hamming_loss(const LabelMatrix& t, const LabelMatrix& p) {
  check_shapes(t, p);
  if (t.y.empty()) return 0;
  size_t wrong = 0;
  for (size_t q = 0; q < t.y.size(); ++q) wrong += (t.y[q] > 0) != (p.y[q] > 0);
  return double(wrong) / double(t.y.size());
}

double subset_accuracy(const LabelMatrix& t, const LabelMatrix& p) {
  check_shapes(t, p);
  if (t.rows == 0) return 0;
  int right = 0;
  for (int i = 0; i < t.rows; ++i) {
    bool all = true;
    for (int l = 0; l < t.labels; ++l) all &= (t.at(i, l) > 0) == (p.at(i, l) > 0);
    right += all;
  }
  return double(right) / t.rows;
}

double micro_f1(const LabelMatrix& t, const LabelMatrix& p) {
  check_shapes(t, p);
  double tp = 0, fp = 0, fn = 0;
  for (size_t q = 0; q < t.y.size(); ++q) {
    const bool a = t.y[q] > 0, b = p.y[q] > 0;
    tp += a && b, fp += !a && b, fn += a && !b;
  }
  return tp + fp + fn > 0 ? 2 * tp / (2 * tp + fp + fn) : 0;
}

double macro_f1(const LabelMatrix& t, const LabelMatrix& p) {
  check_shapes(t, p);
  if (t.labels == 0) return 0;
  double sum = 0;
  for (int l = 0; l < t.labels; ++l) {
    double tp = 0, fp = 0, fn = 0;
    for (int i = 0; i < t.rows; ++i) {
      const bool a = t.at(i, l) > 0, b = p.at(i, l) > 0;
      tp += a && b, fp += !a && b, fn += a && !b;
    }
    sum += tp + fp + fn > 0 ? 2 * tp / (2 * tp + fp + fn) : 0;
  }
  return sum / t.labels;
}

MultilabelScores multilabel_scores(const LabelMatrix& t, const LabelMatrix& p) {
  return {hamming_loss(t, p), subset_accuracy(t, p), micro_f1(t, p), macro_f1(t, p)};
}

}  // namespace argmax
