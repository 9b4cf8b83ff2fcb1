#include "sequence/rerank.hpp"

#include "sequence/nbest.hpp"
#include "sequence/sequence_problem.hpp"

namespace argmax {

LabelPath rerank(const ChainScores& from, const ChainScores& s, const GlobalFeatures& g, const float* v, float scale,
                 int count, const int* gold, float loss) {
  std::vector<LabelPath> candidates = nbest(from, count);
  require(!candidates.empty(), "no labelling satisfies the decoding constraints");
  LabelPath* best = nullptr;
  for (LabelPath& c : candidates) {
    const int* y = c.labels.data();
    double total = s.score(y) + double(scale) * g.score(v, y, s.n);
    if (gold) total += double(loss) * SequenceProblem::mistakes(y, gold, s.n);
    c.score = total;
    if (!best || total > best->score) best = &c;
  }
  return std::move(*best);
}

RerankProblem::RerankProblem(const SequenceBatch& x, ChainLayout layout, const GlobalFeatures& g, int count)
    : x_(x), layout_(layout), g_(g), count_(count), delta_(hamming_delta(layout.labels)) {
  require(x.labels.size() == size_t(x.tokens()), "sequence problem: every token needs a gold label");
  require(count >= 1, "candidates must be at least 1, got ", count);
}

StepResult RerankProblem::step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const {
  StepResult r;
  const int n = x_.length(i);
  if (n == 0) return r;
  const int* gold = x_.gold(i);
  const ScaledWeights view = w.view();
  const float* v = view.v + layout_.dim();
  fill_scores(view.v, view.scale, layout_, x_, i, scores_);
  const double gold_score = scores_.score(gold) + double(view.scale) * g_.score(v, gold, n);
  const LabelPath best = rerank(scores_, scores_, g_, v, view.scale, count_);
  r.error = double(SequenceProblem::mistakes(best.labels.data(), gold, n)) / n;
  LabelPath worst;
  if (surrogate == Surrogate::Perceptron) {
    const HingeStep<double> h = hinge_step(surrogate, 0.0, best.score, gold_score, r.error > 0);
    r.surrogate = h.loss;
    if (h.scale == 0) return r;
    worst = best;
  } else {
    require(surrogate == Surrogate::MarginRescaled,
            "global features are trained by the perceptron or by sgd or pegasos on the hinge loss");
    augmented_ = scores_;
    add_node_loss(augmented_, gold, delta_, 1.0f / n);
    worst = rerank(augmented_, scores_, g_, v, view.scale, count_, gold, 1.0f / n);
    // The loss-augmented list may miss the prediction itself (global weights can lift a labelling the chain
    // ranks low): it is a candidate too.
    const double best_augmented = best.score + r.error;
    if (best_augmented > worst.score) worst = best, worst.score = best_augmented;
    const HingeStep<double> h = hinge_step(surrogate, 0.0, worst.score, gold_score, true);  // (Δ is in worst.score)
    r.surrogate = h.loss;
    if (h.scale == 0) {
      // A search error: the prediction is wrong though y outscores every candidate (y is not among them).
      // Nothing in the lists violates the margin, so update towards y from the prediction, as the
      // perceptron does, until the chain brings y into its list.
      if (r.error == 0) return r;
      worst = best;
    }
  }
  auto add = [&w](size_t j, float a) { w.add(j, a); };
  add_psi_difference(layout_, x_, i, gold, worst.labels.data(), eta, add);
  const size_t offset = layout_.dim();
  g_.extract(gold, n, features_);
  for (const auto& [j, value] : features_) w.add(offset + j, eta * value);
  g_.extract(worst.labels.data(), n, features_);
  for (const auto& [j, value] : features_) w.add(offset + j, -eta * value);
  r.updated = true;
  return r;
}

}  // namespace argmax
