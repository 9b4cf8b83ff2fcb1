#include "metrics/classification.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "metrics/cost_matrix.hpp"

namespace argmax {
namespace {

// P, R, F1 from true positives, predicted positives and actual positives (0 when undefined).
ClassScores scores_from(double tp, double predicted, double actual) {
  ClassScores s;
  s.precision = predicted > 0 ? tp / predicted : 0;
  s.recall = actual > 0 ? tp / actual : 0;
  s.f1 = s.precision + s.recall > 0 ? 2 * s.precision * s.recall / (s.precision + s.recall) : 0;
  s.support = int64_t(actual);
  return s;
}

}  // namespace

ClassificationReport classification_report(const int32_t* truth, const int32_t* predicted, size_t n) {
  require(n > 0, "cannot evaluate on zero examples");
  ClassificationReport r;
  r.labels.assign(truth, truth + n);
  r.labels.insert(r.labels.end(), predicted, predicted + n);
  std::sort(r.labels.begin(), r.labels.end());
  r.labels.erase(std::unique(r.labels.begin(), r.labels.end()), r.labels.end());
  const size_t k = r.labels.size();
  auto index = [&](int32_t label) { return size_t(std::lower_bound(r.labels.begin(), r.labels.end(), label) - r.labels.begin()); };
  r.confusion.assign(k * k, 0);
  size_t correct = 0;
  for (size_t i = 0; i < n; ++i) {
    ++r.confusion[index(truth[i]) * k + index(predicted[i])];
    correct += truth[i] == predicted[i];
  }
  r.accuracy = double(correct) / n;
  double tp_sum = 0, predicted_sum = 0, actual_sum = 0;
  for (size_t c = 0; c < k; ++c) {
    double predicted_c = 0, actual_c = 0;
    for (size_t o = 0; o < k; ++o) predicted_c += r.confusion[o * k + c], actual_c += r.confusion[c * k + o];
    const double tp = r.confusion[c * k + c];
    r.per_class.push_back(scores_from(tp, predicted_c, actual_c));
    tp_sum += tp, predicted_sum += predicted_c, actual_sum += actual_c;
    r.macro.precision += r.per_class.back().precision / k;
    r.macro.recall += r.per_class.back().recall / k;
    r.macro.f1 += r.per_class.back().f1 / k;
  }
  r.macro.support = int64_t(n);
  r.micro = scores_from(tp_sum, predicted_sum, actual_sum);
  return r;
}

double average_cost(const int32_t* truth, const int32_t* predicted, size_t n, const std::vector<float>& cost, int k) {
  require(n > 0, "cannot evaluate on zero examples");
  const CostMatrix delta = CostMatrix::from_rows(cost, k);  // the same rules as a training cost matrix
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    require(truth[i] >= 0 && truth[i] < k && predicted[i] >= 0 && predicted[i] < k, "label of example ", i,
            " is outside the ", k, "×", k, " cost matrix");
    sum += delta(predicted[i], truth[i]);
  }
  return sum / n;
}

double margin_loss(const float* margins, size_t n, double rho) {
  require(std::isfinite(rho) && rho > 0, "margin ρ must be finite and > 0; got ", rho);
  require(n > 0, "cannot evaluate on zero examples");
  double sum = 0;
  for (size_t i = 0; i < n; ++i) {
    require(std::isfinite(margins[i]), "margin ", i, " is ", margins[i], ", expected a finite number");
    sum += std::min(1.0, std::max(0.0, 1.0 - margins[i] / rho));
  }
  return sum / n;
}

}  // namespace argmax
