#include "multiclass/multiclass_problem.hpp"

#include <algorithm>
#include <cmath>

namespace argmax {

int argmax_index(const float* values, int n) {
  int best = 0;
  for (int y = 1; y < n; ++y)
    if (values[y] > values[best]) best = y;
  return best;
}

float margin_of(const float* scores, int n, int y) {
  float rival = -INFINITY;
  for (int c = 0; c < n; ++c)
    if (c != y) rival = std::max(rival, scores[c]);
  return n > 1 ? scores[y] - rival : INFINITY;
}

int label_position(const std::vector<int32_t>& labels, int32_t label, int32_t row) {
  auto it = std::lower_bound(labels.begin(), labels.end(), label);
  require(it != labels.end() && *it == label, "label ", label, " of row ", row, " is not one of the model's labels");
  return int(it - labels.begin());
}

double MulticlassProblem::surrogate_at(const float* s, int y, Surrogate surrogate, int& worst) const {
  const int k = map_.classes();
  worst = -1;
  double value = 0;
  switch (surrogate) {
    case Surrogate::MarginRescaled:  // the rival of the largest ℓ; ℓ = 0 at y' = y
    case Surrogate::SlackRescaled:
      for (int c = 0; c < k; ++c) {
        const double v = hinge_at(s, y, c, surrogate).loss;
        if (c != y && v > value) value = v, worst = c;
      }
      break;
    case Surrogate::SumOfHinges:
      for (int c = 0; c < k; ++c)
        if (c != y) value += std::max(0.0, double(cost_(c, y)) + s[c] - s[y]);
      break;
    case Surrogate::Perceptron: {  // best rival; a tie is a mistake (SSBD 17.2's batch perceptron)
      int rival = -1;
      for (int c = 0; c < k; ++c)
        if (c != y && (rival < 0 || s[c] > s[rival])) rival = c;
      if (rival >= 0 && s[rival] >= s[y]) worst = rival, value = hinge_at(s, y, rival, surrogate).loss;
      break;
    }
    case Surrogate::LogLoss:
    case Surrogate::SoftmaxMargin:
      value = log_loss(s, y, surrogate == Surrogate::SoftmaxMargin);
      break;
  }
  return value;
}

HingeStep<double> MulticlassProblem::hinge_at(const float* s, int y, int c, Surrogate surrogate) const {
  // in the arithmetic each surrogate has always been scored in here: Δ + s_c − s_y in float, Δ·(1 + s_c − s_y) in double
  if (surrogate == Surrogate::MarginRescaled) {
    const HingeStep<float> h = hinge_step(surrogate, cost_(c, y), s[c], s[y], true);
    return {h.loss, h.scale};
  }
  return hinge_step<double>(surrogate, cost_(c, y), s[c], s[y], c != y);
}

double MulticlassProblem::log_loss(const float* s, int y, bool margin) const {
  const int k = map_.classes();
  double top = 0;  // a_y = 0
  for (int c = 0; c < k; ++c) softmax_[c] = (margin ? cost_(c, y) : 0.0) + double(s[c]) - s[y], top = std::max(top, softmax_[c]);
  double z = 0;
  for (int c = 0; c < k; ++c) z += softmax_[c] = std::exp(softmax_[c] - top);
  for (int c = 0; c < k; ++c) softmax_[c] /= z;
  return top + std::log(z);
}

StepResult MulticlassProblem::step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const {
  const RowView x = rows_.row(i);
  const int y = labels_[i], k = map_.classes();
  const ScaledWeights view = w.view();
  map_.scores(view.v, view.scale, x, scores_.data());
  StepResult r;
  r.error = cost_(argmax_index(scores_.data(), k), y);
  int worst;
  r.surrogate = surrogate_at(scores_.data(), y, surrogate, worst);
  auto add = [&](size_t j, float a) { w.add(j, a); };
  if (surrogate == Surrogate::LogLoss || surrogate == Surrogate::SoftmaxMargin) {  // Σ_c p_c Ψ(x,c) − Ψ(x,y)
    for (int c = 0; c < k; ++c)
      if (softmax_[c] > 0) map_.add_psi(x, c, float(-eta * softmax_[c]), add);
    map_.add_psi(x, y, eta, add);
    r.updated = true;
  } else if (surrogate == Surrogate::SumOfHinges) {  // subgradient Σ_{violated y'} Ψ(x,y') − Ψ(x,y)
    int violated = 0;
    for (int c = 0; c < k; ++c)
      if (c != y && cost_(c, y) + scores_[c] - scores_[y] > 0) map_.add_psi(x, c, -eta, add), ++violated;
    if (violated) map_.add_psi(x, y, eta * violated, add);
    r.updated = violated > 0;
  } else if (worst >= 0) {  // subgradient scale·(Ψ(x,ŷ) − Ψ(x,y))
    const float scale = float(hinge_at(scores_.data(), y, worst, surrogate).scale);
    map_.add_psi(x, worst, -eta * scale, add);
    map_.add_psi(x, y, eta * scale, add);
    r.updated = true;
  }
  return r;
}

Violation MulticlassProblem::most_violated(const float* w, int i, Surrogate surrogate, SparseAccumulator& psi) const {
  const RowView x = rows_.row(i);
  const int y = labels_[i];
  map_.scores(w, 1.f, x, scores_.data());
  Violation v;
  v.error = cost_(argmax_index(scores_.data(), map_.classes()), y);
  int worst;
  surrogate_at(scores_.data(), y, surrogate, worst);
  if (worst < 0) return v;  // ŷ = y: Δ = 0, δψ = 0
  v.loss = cost_(worst, y);
  const float scale = float(hinge_at(scores_.data(), y, worst, surrogate).scale);
  auto add = [&psi](size_t j, float a) { psi.add(j, a); };
  map_.add_psi(x, y, scale, add);
  map_.add_psi(x, worst, -scale, add);
  return v;
}

MulticlassProblem::Evaluation MulticlassProblem::evaluate(const float* w, Surrogate surrogate) const {
  Evaluation e;
  const int k = map_.classes();
  for (int i = 0; i < size(); ++i) {
    map_.scores(w, 1.f, rows_.row(i), scores_.data());
    int worst;
    e.surrogate += surrogate_at(scores_.data(), labels_[i], surrogate, worst);
    e.error += cost_(argmax_index(scores_.data(), k), labels_[i]);
  }
  if (size() > 0) e.surrogate /= size(), e.error /= size();
  return e;
}

}  // namespace argmax
