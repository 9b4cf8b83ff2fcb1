// The online trainers, written once for every problem (multiclass, sequence, ranking):
//
//   SGD (SSBD 17.2.5):  w ← w − η ∇ℓ(w, (x_i, y_i)), η constant; output the average of the iterates.
//   Pegasos (Shalev-Shwartz et al. 2011): minimise λ/2‖w‖² + (1/m) Σ ℓ with η_t = 1/(λt):
//                       w ← (1 − η_t λ) w − η_t ∇ℓ(w).
//   Perceptron (SSBD 17.2 / Collins 2002): on a mistake w ← w + Ψ(x_i, y_i) − Ψ(x_i, ŷ); the batch
//                       version stops after a pass without mistakes; Collins' version averages.
//
// ℓ is the problem's surrogate, chosen by Surrogate. A problem provides
//   int size() const;  size_t dim() const;
//   StepResult step(TrainedWeights& w, int i, Surrogate s, float eta) const;
// where step scores example i with w.view(), then adds −η·∂ℓ to w with w.add().
#pragma once
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "core/out_of_line.hpp"
#include "core/rng.hpp"
#include "learn/progress.hpp"
#include "learn/weights.hpp"

namespace argmax {

enum class Surrogate {
  MarginRescaled,  // max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩  (generalized hinge, M3N)
  SlackRescaled,   // max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩)  (SVM^struct)
  SumOfHinges,     // Σ_{y'≠y} max(0, Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩)  (Weston–Watkins)
  Perceptron,      // max(0, ⟨w, Ψ(x,ŷ) − Ψ(x,y)⟩), ŷ the best rival; a tie counts as a mistake
  LogLoss,         // log Σ_y' exp⟨w, Ψ(x,y') − Ψ(x,y)⟩ = −log p_w(y|x)  (multinomial logistic regression, CRF)
  SoftmaxMargin,   // log Σ_y' exp(Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩)  (Gimpel & Smith 2010; FML 9.24)
};

// One step on a hinge-type surrogate, the same for every problem. The problem's oracle has chosen the rival ŷ:
// for the perceptron its prediction, a tie counting against y (`mistake`: ŷ ≠ y); for the others the labelling
// that violates the margin most. From Δ = Δ(ŷ, y) and the scores s(ŷ) = ⟨w, Ψ(x,ŷ)⟩, s(y):
//   perceptron       ℓ = max(0, s(ŷ) − s(y)),           a step on a mistake,  η·(Ψ(x,y) − Ψ(x,ŷ))
//   margin-rescaled  ℓ = max(0, Δ + s(ŷ) − s(y)),       a step iff ℓ > 0,     η·(Ψ(x,y) − Ψ(x,ŷ))
//   slack-rescaled   ℓ = max(0, Δ·(1 + s(ŷ) − s(y))),   a step iff ℓ > 0,     η·Δ·(Ψ(x,y) − Ψ(x,ŷ))
// T is the arithmetic the problem scores in (float or double), so that each problem trains as it always has.
template <class T>
struct HingeStep {
  T loss = 0;
  T scale = 0;  // the step is η·scale·(Ψ(x,y) − Ψ(x,ŷ)); 0: no step
};

template <class T>
HingeStep<T> hinge_step(Surrogate surrogate, T delta, T rival_score, T gold_score, bool mistake) {
  HingeStep<T> h;
  switch (surrogate) {
    case Surrogate::Perceptron:
      h.loss = std::max(T(0), rival_score - gold_score);
      h.scale = mistake ? T(1) : T(0);
      break;
    case Surrogate::MarginRescaled:
      h.loss = std::max(T(0), delta + rival_score - gold_score);
      h.scale = h.loss > 0 ? T(1) : T(0);
      break;
    case Surrogate::SlackRescaled:
      h.loss = std::max(T(0), delta * (T(1) + rival_score - gold_score));
      h.scale = h.loss > 0 ? delta : T(0);
      break;
    default:
      throw std::logic_error("hinge_step: not a hinge-type surrogate");
  }
  return h;
}

struct StepResult {
  double surrogate = 0;  // ℓ at w before the update
  double error = 0;      // Δ(h_w(x_i), y_i) before the update
  bool updated = false;  // w changed
};

enum class StepSize { Constant, Pegasos };

struct OnlineConfig {
  StepSize step_size = StepSize::Constant;
  double eta = 1.0;     // for Constant
  double lambda = 0.0;  // regularisation λ/2‖w‖²; Pegasos with 0 takes 1/m (fitted_to)
  int epochs = 10;
  int min_steps = 0;    // the epochs rise to make at least this many steps (fitted_to)
  bool average = true;
  bool stop_when_no_update = false;  // batch perceptron: stop once a pass makes no update
  Surrogate surrogate = Surrogate::MarginRescaled;
  uint64_t seed = 1;
};

// The configuration for a problem of m examples (a shard's problem holds all m, so every shard gets the serial
// configuration). Pegasos with λ = 0 takes λ = 1/m: the mean form of ½‖w‖² + C·Σℓ with C = 1, the problem dcd
// solves by default; a fixed λ made a small set's steps 1/(λt) so long that its epochs ended before the average
// of the iterates settled. The epochs rise to make min_steps steps: 20 epochs of 9 examples are 180 steps.
inline OnlineConfig fitted_to(OnlineConfig c, int m) {
  m = std::max(m, 1);
  if (c.step_size == StepSize::Pegasos && c.lambda == 0) c.lambda = 1.0 / m;
  c.epochs = std::max(c.epochs, (c.min_steps + m - 1) / m);
  return c;
}

// What one epoch saw, summed over its steps.
struct EpochTotals {
  double surrogate = 0, error = 0;
  bool updated = false;
  int examples = 0;
};

// Epochs over a set of examples (all of them, or one shard for parameter mixing): each a fresh seeded
// shuffle of the previous order, one step per example. The step count (Pegasos' t) lives in the weights.
template <class Problem>
class OnlineEpochs {
 public:
  // config: fitted_to the problem
  OnlineEpochs(const Problem& problem, const OnlineConfig& config, std::vector<int> examples)
      : problem_(problem), config_(config), order_(std::move(examples)), rng_(config.seed) {}

  int examples() const { return int(order_.size()); }

  EpochTotals run(TrainedWeights& w) {
    rng_.shuffle(order_);
    EpochTotals e;
    e.examples = int(order_.size());
    for (int i : order_) {
      const double eta = config_.step_size == StepSize::Pegasos ? 1.0 / (config_.lambda * (w.steps() + 1)) : config_.eta;
      if (config_.lambda > 0) w.shrink_next(1.0 - eta * config_.lambda);
      const StepResult r = problem_.step(w, i, config_.surrogate, float(eta));
      w.end_step();
      e.surrogate += r.surrogate, e.error += r.error, e.updated |= r.updated;
    }
    return e;
  }

  // Whether training ends after this epoch: the batch perceptron stops once a pass makes no update.
  bool last(const EpochTotals& e) const { return config_.stop_when_no_update && !e.updated; }

  // The epoch's report: the mean surrogate seen plus the regulariser at the weights it ended with.
  Progress progress(int epoch, const EpochTotals& e, const TrainedWeights& w) const {
    Progress p;
    p.epoch = epoch;
    p.objective = e.surrogate / e.examples + 0.5 * config_.lambda * w.squared_norm();
    p.training_error = e.error / e.examples;
    return p;
  }

 private:
  const Problem& problem_;
  const OnlineConfig config_;
  std::vector<int> order_;
  Rng rng_;
};

inline std::vector<int> all_examples(int m) {
  std::vector<int> order(m);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

// The state training starts from: zero, or the weights `start` when given.
inline TrainedWeights starting_state(size_t dim, bool average, std::vector<float> start = {}) {
  return start.empty() ? TrainedWeights(dim, average) : TrainedWeights(std::move(start), average);
}

template <class Problem>
std::vector<float> train_online(const Problem& problem, const OnlineConfig& options, const ProgressFn& progress,
                                std::vector<float> start = {}) {
  const OnlineConfig config = fitted_to(options, problem.size());
  TrainedWeights w = starting_state(problem.dim(), config.average, std::move(start));
  OnlineEpochs<Problem> epochs(problem, config, all_examples(problem.size()));
  auto run_epoch = [&] { return epochs.run(w); };
  for (int epoch = 1; epoch <= config.epochs; ++epoch) {
    const EpochTotals e = out_of_line(run_epoch);
    if (progress && !progress(epochs.progress(epoch, e, w))) break;
    if (epochs.last(e)) break;
  }
  return w.release_average();
}

}  // namespace argmax
