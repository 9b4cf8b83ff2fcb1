#include "ranking/ranking_problem.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "ranking/kendall_hinge.hpp"
#include "ranking/ndcg_oracle.hpp"
#include "core/permutation.hpp"
#include "ranking/ranking_losses.hpp"

namespace argmax {
namespace {

double ndcg_gain(float rel, bool exp_gain) {
  if (exp_gain) return rel > 0 ? std::exp2(double(rel)) - 1.0 : 0.0;
  return std::max(0.0, double(rel));
}

// π(y) as top-down order: relevance descending, ties by score s, then by index.
std::vector<int32_t> ndcg_target_order(const float* rel, const double* s, int32_t r) {
  std::vector<int32_t> order(r);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t u, int32_t v) {
    if (rel[u] != rel[v]) return rel[u] > rel[v];
    if (s[u] != s[v]) return s[u] > s[v];
    return u < v;
  });
  return order;
}

// The order that maximises NDCG@k's loss-augmented objective, by the assignment (hungarian) or the top-k sort.
std::vector<int32_t> ndcg_argmax(bool hungarian, const double* s, const double* beta, int32_t r, int32_t k) {
  return hungarian ? ndcg_argmax_hungarian(s, beta, r, k) : ndcg_argmax_fast(s, beta, r, k);
}

}  // namespace

RankingProblem::RankingProblem(const QuerySet& data, const RankingProblemConfig& config, Surrogate surrogate)
    : data_(data), config_(config) {
  require(surrogate == Surrogate::MarginRescaled || surrogate == Surrogate::Perceptron,
          "ranking supports the margin-rescaled hinge and the perceptron only");
  require(!(surrogate == Surrogate::Perceptron && config.objective == RankingObjective::Kendall),
          "the Kendall pairwise hinge has no perceptron variant; use sgd or pegasos");
  require(config.k >= 1, "option 'k' must be ≥ 1");
  const int32_t n = data.features.rows();
  beta_.assign(n, 0.0);
  for (int q = 0; q < data.queries(); ++q) {
    const int32_t b = data.begin(q), r = data.size(q);
    const float* rel = data.relevance + b;
    bool usable = false;
    if (config.objective == RankingObjective::Ndcg) {
      std::vector<double> gains(r);
      for (int32_t i = 0; i < r; ++i) gains[i] = ndcg_gain(rel[i], config.exp_gain);
      std::vector<double> sorted = gains;
      std::sort(sorted.rbegin(), sorted.rend());
      double ideal = 0;
      for (int32_t p = 1; p <= std::min(config.k, r); ++p) ideal += sorted[p - 1] * top_k_discount(p, config.k);
      for (int32_t i = 0; i < r && ideal > 0; ++i) beta_[b + i] = gains[i] / ideal;
      usable = ideal > 0 && r >= 2;
      if (usable && !latent_) {  // equal grades leave their order in π(y) to the scores (ndcg_target_order)
        std::vector<float> grades(rel, rel + r);
        std::sort(grades.begin(), grades.end());
        latent_ = std::adjacent_find(grades.begin(), grades.end()) != grades.end();
      }
    } else if (config.objective == RankingObjective::Kendall) {
      for (int32_t i = 1; i < r; ++i) usable |= rel[i] != rel[0];
    } else {
      int32_t positives = 0;
      for (int32_t i = 0; i < r; ++i) positives += rel[i] > config.relevant_above;
      usable = positives > 0 && positives < r &&
               !(config.bipartite.measure == BipartiteMeasure::PrecisionAtK && r < config.bipartite.k);
    }
    if (usable) usable_.push_back(q);
  }
  grad_.assign(dim(), 0.f);
  mark_.assign(dim(), 0);
  target_.assign(size_t(n), 0.0);
  fix_targets(nullptr);
  if (config.objective == RankingObjective::Bipartite)  // y* ≠ y somewhere: precision@k / recall@k
    for (int q : usable_)
      for (int32_t d = data.begin(q); d < data.begin(q) + data.size(q); ++d)
        latent_ |= (target_[d] > 0) != (data.relevance[d] > config.relevant_above);
}

bool RankingProblem::fix_targets(const float* w) {
  bool changed = false;
  std::vector<double> s;
  std::vector<int8_t> y;
  auto set = [&](int32_t d, double t) { changed |= target_[d] != t, target_[d] = t; };
  for (int q : usable_) {
    const int32_t b = data_.begin(q), r = data_.size(q);
    s.assign(r, 0.0);  // the bias coordinate shifts every score alike: left out
    if (w)
      for (int32_t d = 0; d < r; ++d) s[d] = double(data_.features.row(b + d).dot(w));
    if (config_.objective == RankingObjective::Ndcg) {
      const std::vector<int32_t> order = ndcg_target_order(data_.relevance + b, s.data(), r);
      for (int32_t p = 1; p <= r; ++p) set(b + order[p - 1], p);
    } else if (config_.objective == RankingObjective::Bipartite) {
      std::vector<double> scaled;
      bipartite_input(s.data(), q, scaled, y);
      const std::vector<int8_t> ref = bipartite_reference(config_.bipartite, scaled.data(), y.data(), r);
      for (int32_t d = 0; d < r; ++d) set(b + d, ref[d]);
    }
  }
  return changed;
}

StepResult RankingProblem::step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const {
  const int q = usable_[i];
  const int32_t b = data_.begin(q), r = data_.size(q);
  const ScaledWeights view = w.view();
  scores_.resize(r);
  const double bias = has_bias() ? double(view[size_t(data_.features.cols())]) : 0.0;
  for (int32_t d = 0; d < r; ++d) scores_[d] = double(view.scale) * data_.features.row(b + d).dot(view.v) + bias;
  coef_.assign(r, 0.0);
  StepResult result;
  switch (config_.objective) {
    case RankingObjective::Ndcg: result = ndcg_step(scores_.data(), q, surrogate, coef_); break;
    case RankingObjective::Kendall: result = kendall_step(scores_.data(), q, coef_); break;
    case RankingObjective::Bipartite: result = bipartite_step(scores_.data(), q, surrogate, coef_); break;
  }
  if (!result.updated) return result;
  // g = Σ coef_d x_d, then w ← w − η g on the touched coordinates only.
  if (has_bias()) {
    const int32_t j = data_.features.cols();
    for (int32_t d = 0; d < r; ++d) grad_[j] += float(coef_[d]);
    mark_[j] = 1, touched_.push_back(j);
  }
  for (int32_t d = 0; d < r; ++d) {
    if (coef_[d] == 0) continue;
    const float c = float(coef_[d]);
    data_.features.row(b + d).for_each([&](int32_t j, float x) {
      if (!mark_[j]) mark_[j] = 1, touched_.push_back(j);
      grad_[j] += c * x;
    });
  }
  for (int32_t j : touched_) {
    if (grad_[j] != 0) w.add(j, -eta * grad_[j]);
    grad_[j] = 0, mark_[j] = 0;
  }
  touched_.clear();
  return result;
}

Violation RankingProblem::most_violated(const float* w, int i, Surrogate surrogate, SparseAccumulator& psi) const {
  require(surrogate == Surrogate::MarginRescaled, "ranking: the exact solvers take margin rescaling only");
  const int q = usable_[i];
  const int32_t b = data_.begin(q), r = data_.size(q), cols = data_.features.cols();
  const double bias = has_bias() ? double(w[cols]) : 0.0;
  scores_.resize(r);
  for (int32_t d = 0; d < r; ++d) scores_[d] = double(data_.features.row(b + d).dot(w)) + bias;
  coef_.assign(r, 0.0);
  Violation v;
  switch (config_.objective) {
    case RankingObjective::Ndcg: v = ndcg_violation(scores_.data(), q, coef_); break;
    case RankingObjective::Bipartite: v = bipartite_violation(scores_.data(), q, coef_); break;
    case RankingObjective::Kendall: {
      PairwiseHinge h = kendall_hinge(scores_.data(), data_.relevance + b, r);
      double margin = 0;
      for (int32_t d = 0; d < r; ++d) margin += h.coef[d] * scores_[d];
      v.loss = h.value - margin;  // H = Δ + Σ coef_d s_d
      v.error = kendall_tau_loss(scores_.data(), data_.relevance + b, r);
      coef_ = std::move(h.coef);
      break;
    }
  }
  // δψ = −∂H/∂w = −Σ_d coef_d x_d (and −Σ_d coef_d on the bias coordinate).
  double total = 0;
  for (int32_t d = 0; d < r; ++d) {
    if (coef_[d] == 0) continue;
    total += coef_[d];
    const double c = coef_[d];
    data_.features.row(b + d).for_each([&](int32_t j, float x) { psi.add(size_t(j), -c * x); });
  }
  if (has_bias() && total != 0) psi.add(size_t(cols), -total);
  return v;
}

Violation RankingProblem::ndcg_violation(const double* s, int q, std::vector<double>& coef) const {
  const int32_t b = data_.begin(q), r = data_.size(q), k = config_.k;
  const double* beta = beta_.data() + b;
  const double scale = config_.normalized_psi ? 1.0 / r : 1.0;
  for (int32_t d = 0; d < r; ++d) coef[d] = target_[b + d] * scale;
  std::vector<double> scaled(s, s + r);
  for (double& x : scaled) x *= scale;
  const std::vector<int32_t> chosen = ndcg_argmax(config_.hungarian, scaled.data(), beta, r, k);
  for (int32_t p = 1; p <= r; ++p) coef[chosen[p - 1]] -= p * scale;
  Violation v;
  v.loss = 1.0 - top_k_gain(chosen, beta, r, k), v.error = 1.0 - top_k_gain(order_best_first(s, r), beta, r, k);
  return v;
}

double RankingProblem::bipartite_input(const double* raw, int q, std::vector<double>& s, std::vector<int8_t>& y) const {
  const int32_t b = data_.begin(q), r = data_.size(q);
  const float* rel = data_.relevance + b;
  const double scale = config_.normalized_psi ? 1.0 / r : 1.0;
  s.assign(raw, raw + r);
  for (double& x : s) x *= scale;
  y.resize(r);
  for (int32_t d = 0; d < r; ++d) y[d] = rel[d] > config_.relevant_above ? 1 : -1;
  return scale;
}

Violation RankingProblem::bipartite_violation(const double* raw, int q, std::vector<double>& coef) const {
  const int32_t r = data_.size(q);
  std::vector<double> s;
  std::vector<int8_t> y;
  const double scale = bipartite_input(raw, q, s, y);
  const std::vector<int8_t> chosen = bipartite_argmax(config_.bipartite, s.data(), y.data(), r).v;
  const std::vector<int8_t> predicted = bipartite_predict(config_.bipartite, s.data(), r);
  const double* target = target_.data() + data_.begin(q);
  for (int32_t d = 0; d < r; ++d) coef[d] = (chosen[d] - target[d]) * scale;
  Violation v;
  v.loss = bipartite_loss(config_.bipartite, chosen.data(), y.data(), r);
  v.error = bipartite_loss(config_.bipartite, predicted.data(), y.data(), r);
  return v;
}

StepResult RankingProblem::ndcg_step(const double* s, int q, Surrogate surrogate, std::vector<double>& coef) const {
  const int32_t b = data_.begin(q), r = data_.size(q), k = config_.k;
  const float* rel = data_.relevance + b;
  const double* beta = beta_.data() + b;
  const double scale = config_.normalized_psi ? 1.0 / r : 1.0;
  const std::vector<int32_t> target = ndcg_target_order(rel, s, r);  // π(y) at the current scores
  std::vector<double> scaled(s, s + r);
  for (double& x : scaled) x *= scale;
  std::vector<int32_t> chosen;
  if (surrogate == Surrogate::Perceptron) {
    chosen = order_best_first(s, r);
  } else {
    chosen = ndcg_argmax(config_.hungarian, scaled.data(), beta, r, k);
  }
  StepResult result;
  // Δ of the current prediction (score order), for the progress report.
  result.error = 1.0 - top_k_gain(order_best_first(s, r), beta, r, k);
  double margin = 0;
  for (int32_t p = 1; p <= r; ++p) {
    coef[target[p - 1]] += p * scale;  // v̂_i − π_i = p(π)_i − p̂_i in top-down positions
    coef[chosen[p - 1]] -= p * scale;
  }
  for (int32_t d = 0; d < r; ++d) margin += coef[d] * s[d];
  bool any = false;
  for (double c : coef) any |= c != 0;
  const double loss = 1.0 - top_k_gain(chosen, beta, r, k);
  const HingeStep<double> h = hinge_step(surrogate, loss, margin, 0.0, any);  // margin: s(ŷ) − s(y)
  result.surrogate = h.loss;
  result.updated = any && h.scale != 0;
  return result;
}

StepResult RankingProblem::kendall_step(const double* s, int q, std::vector<double>& coef) const {
  const int32_t b = data_.begin(q), r = data_.size(q);
  const float* rel = data_.relevance + b;
  PairwiseHinge h = kendall_hinge(s, rel, r);
  StepResult result;
  result.surrogate = h.value;
  result.error = kendall_tau_loss(s, rel, r);
  coef = std::move(h.coef);
  result.updated = h.value > 0;
  return result;
}

StepResult RankingProblem::bipartite_step(const double* raw, int q, Surrogate surrogate, std::vector<double>& coef) const {
  const int32_t r = data_.size(q);
  std::vector<double> s;
  std::vector<int8_t> y;
  const double scale = bipartite_input(raw, q, s, y);
  const std::vector<int8_t> predicted = bipartite_predict(config_.bipartite, s.data(), r);
  const std::vector<int8_t> reference = bipartite_reference(config_.bipartite, s.data(), y.data(), r);
  StepResult result;
  result.error = bipartite_loss(config_.bipartite, predicted.data(), y.data(), r);
  std::vector<int8_t> chosen;
  double loss = 0;
  if (surrogate == Surrogate::Perceptron) {
    chosen = predicted;
  } else {
    chosen = bipartite_argmax(config_.bipartite, s.data(), y.data(), r).v;
    loss = bipartite_loss(config_.bipartite, chosen.data(), y.data(), r);
  }
  double margin = 0;
  bool any = false;
  for (int32_t d = 0; d < r; ++d) {
    coef[d] = double(chosen[d] - reference[d]) * scale;
    margin += double(chosen[d] - reference[d]) * s[d];
    any |= coef[d] != 0;
  }
  const HingeStep<double> h = hinge_step(surrogate, loss, margin, 0.0, any);  // margin: s(ŷ) − s(y)
  result.surrogate = h.loss;
  result.updated = any && h.scale != 0;
  return result;
}

}  // namespace argmax
