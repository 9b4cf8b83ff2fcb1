// The chain model as a problem for the shared online trainers (learn/online.hpp): one step reads
// sequence i, runs the oracle its surrogate needs and adds −η·∂ℓ to w. With Surrogate
//   Perceptron      ŷ = Viterbi;                ℓ = s(ŷ) − s(y)                       (Collins 2002)
//   MarginRescaled  ŷ = loss-augmented Viterbi; ℓ = Δ(ŷ,y) + s(ŷ) − s(y)              (M3N, FML 9.22)
//   SlackRescaled   ŷ = slack_rescaled_argmax;  ℓ = Δ(ŷ,y)·(1 + s(ŷ) − s(y))          (SVM^struct, FML 9.23)
// and ∂ℓ = Ψ(x,ŷ) − Ψ(x,y) (times Δ(ŷ,y) for slack rescaling). Δ is the Hamming loss normalised by
// length (SSBD 17.3): Δ(y', y) = (1/n) Σ_t [y'_t ≠ y_t]. The log losses are the CRF's, by forward–backward:
//   LogLoss         ℓ = log Z(x) − s(x, y),  ∂ℓ = E_p[Ψ(x, Y)] − Ψ(x, y)           (Lafferty et al. 2001)
//   SoftmaxMargin   the same with Δ(y', y) = cost·Σ_t [y'_t ≠ y_t] inside Z       (Gimpel & Smith 2010; FML 9.24)
#pragma once
#include "core/error.hpp"
#include "learn/online.hpp"
#include "learn/structured_oracle.hpp"
#include "sequence/chain_weights.hpp"
#include "sequence/forward_backward.hpp"
#include "sequence/slack_rescaling.hpp"
#include "sequence/viterbi.hpp"

namespace argmax {

class SequenceProblem {
 public:
  // softmax_cost: the cost of one wrong position for Surrogate::SoftmaxMargin.
  SequenceProblem(const SequenceBatch& x, ChainLayout layout, double softmax_cost = 1.0)
      : x_(x), layout_(layout), cost_(softmax_cost), delta_(hamming_delta(layout.labels)) {
    require(x.labels.size() == size_t(x.tokens()), "sequence problem: every token needs a gold label");
  }

  int size() const { return x_.sequences(); }
  size_t dim() const { return layout_.dim(); }

  StepResult step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const {
    StepResult r;
    const int n = x_.length(i);
    if (n == 0) return r;
    const int* gold = x_.gold(i);
    const ScaledWeights view = w.view();
    fill_scores(view.v, view.scale, layout_, x_, i, scores_);
    auto add = [&w](size_t j, float a) { w.add(j, a); };
    const double gold_score = scores_.score(gold);
    const LabelPath best = viterbi(scores_);
    r.error = double(mistakes(best.labels.data(), gold, n)) / n;
    switch (surrogate) {
      case Surrogate::Perceptron: {
        const HingeStep<double> h = hinge_step(surrogate, 0.0, best.score, gold_score, r.error > 0);
        r.surrogate = h.loss;
        if (h.scale != 0) add_psi_difference(layout_, x_, i, gold, best.labels.data(), eta, add), r.updated = true;
        break;
      }
      case Surrogate::MarginRescaled: {
        augmented_ = scores_;
        add_node_loss(augmented_, gold, delta_, 1.0f / n);
        const LabelPath worst = viterbi(augmented_);
        const int m = mistakes(worst.labels.data(), gold, n);
        const HingeStep<double> h = hinge_step(surrogate, double(m) / n, scores_.score(worst.labels.data()), gold_score, m > 0);
        r.surrogate = h.loss;
        if (h.scale != 0) add_psi_difference(layout_, x_, i, gold, worst.labels.data(), eta, add), r.updated = true;
        break;
      }
      case Surrogate::SlackRescaled: {  // Δ = mistakes/n: the oracle finds max Δ·(1 + s(ŷ) − s(y)) by mistake count
        const SlackArgmax worst = slack_rescaled_argmax(scores_, gold, 1.0 / n);
        const HingeStep<double> h = hinge_step(surrogate, 1.0 / n * worst.mistakes, worst.path.score, gold_score, worst.mistakes > 0);
        r.surrogate = h.loss;
        // η·Δ, in the float arithmetic the tagger has always trained with
        if (h.scale != 0)
          add_psi_difference(layout_, x_, i, gold, worst.path.labels.data(), float(eta * worst.mistakes / n), add),
              r.updated = true;
        break;
      }
      case Surrogate::LogLoss:
      case Surrogate::SoftmaxMargin:
        return likelihood_step(w, i, gold, gold_score, surrogate == Surrogate::SoftmaxMargin ? cost_ : 0.0, eta, r);
      case Surrogate::SumOfHinges:
        fail("sequence models have no sum-of-hinges surrogate (it would sum over all labellings)");
    }
    return r;
  }

  // The separation oracle of the exact solvers (learn/structured_oracle.hpp): loss-augmented Viterbi for
  // margin rescaling, slack_rescaled_argmax for slack rescaling; plain Viterbi for the reported error.
  Violation most_violated(const float* w, int i, Surrogate surrogate, SparseAccumulator& psi) const {
    Violation v;
    const int n = x_.length(i);
    if (n == 0) return v;
    const int* gold = x_.gold(i);
    fill_scores(w, 1.f, layout_, x_, i, scores_);
    v.error = double(mistakes(viterbi(scores_).labels.data(), gold, n)) / n;
    auto add = [&psi](size_t j, float a) { psi.add(j, a); };
    if (surrogate == Surrogate::SlackRescaled) {
      const SlackArgmax worst = slack_rescaled_argmax(scores_, gold, 1.0 / n);
      v.loss = double(worst.mistakes) / n;
      if (worst.mistakes > 0) add_psi_difference(layout_, x_, i, gold, worst.path.labels.data(), float(v.loss), add);
      return v;
    }
    augmented_ = scores_;
    add_node_loss(augmented_, gold, delta_, 1.0f / n);
    const LabelPath worst = viterbi(augmented_);
    const int m = mistakes(worst.labels.data(), gold, n);
    v.loss = double(m) / n;
    if (m > 0) add_psi_difference(layout_, x_, i, gold, worst.labels.data(), 1.f, add);
    return v;
  }

  static int mistakes(const int* a, const int* b, int n) {
    int m = 0;
    for (int t = 0; t < n; ++t) m += a[t] != b[t];
    return m;
  }

 private:
  StepResult& likelihood_step(TrainedWeights& w, int i, const int* gold, double gold_score, double cost, float eta,
                              StepResult& r) const {
    const int n = x_.length(i), k = layout_.labels;
    if (cost != 0) add_node_loss(scores_, gold, delta_, float(cost));
    forward_backward(scores_, marginals_);
    r.surrogate = marginals_.log_z - gold_score;  // the gold labelling has no cost term
    r.updated = true;
    // −η·(E[Ψ] − Ψ(y)), coordinate by coordinate.
    const int64_t first = x_.starts[i];
    for (int t = 0; t < n; ++t) {
      const double* p = marginals_.node.data() + size_t(t) * k;
      for (int64_t q = x_.ends[first + t]; q < x_.ends[first + t + 1]; ++q) {
        const float v = eta * x_.value(q);
        const size_t row = layout_.emission(x_.ids[q], 0);
        for (int y = 0; y < k; ++y) {
          const double g = p[y] - (y == gold[t]);
          if (g != 0) w.add(row + y, float(-v * g));
        }
      }
    }
    for (int a = 0; a < k; ++a)
      for (int b = 0; b < k; ++b) {
        const double e = marginals_.trans[size_t(a) * k + b];
        if (e != 0) w.add(layout_.transition(a, b), float(-eta * e));
      }
    for (int t = 1; t < n; ++t) w.add(layout_.transition(gold[t - 1], gold[t]), eta);
    for (int y = 0; y < k; ++y) {
      w.add(layout_.start(y), float(-eta * (marginals_.start[y] - (y == gold[0]))));
      w.add(layout_.end(y), float(-eta * (marginals_.end[y] - (y == gold[n - 1]))));
    }
    return r;
  }

  const SequenceBatch& x_;
  ChainLayout layout_;
  double cost_;
  std::vector<float> delta_;
  mutable ChainScores scores_, augmented_;
  mutable ChainMarginals marginals_;
};

}  // namespace argmax
