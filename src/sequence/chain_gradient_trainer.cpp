#include "sequence/chain_gradient_trainer.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {
namespace {

TaggerData&& check_batch(TaggerData& d, int workers, int worker) {
  require(d.options.choice("trainer") == "lbfgs", "exact parallel gradients are for trainer lbfgs, not ",
          d.options.choice("trainer"));
  require(d.text.global.empty(), "global features train on one worker (workers: 1)");
  require(workers >= 1 && worker >= 0 && worker < workers, "worker ", worker, " of ", workers, " does not exist");
  require(d.batch.sequences() >= workers, d.batch.sequences(), " training sequences feed at most ",
          d.batch.sequences(), " workers, not ", workers);
  d.model.weights.resize(d.model.layout().dim(), 0.f);  // a warm start's, or zeros, as fit_chain starts
  return std::move(d);
}

}  // namespace

std::vector<int> split_by_positions(const SequenceBatch& x, int workers) {
  const int m = x.sequences();
  std::vector<int> bounds(size_t(workers) + 1, m);
  bounds[0] = 0;
  int i = 0;
  for (int w = 1; w < workers; ++w) {
    // the first sequence starting at w/workers of the positions or later, with one at least for every worker
    const double share = double(x.tokens()) * w / workers;
    i = std::max(i, bounds[size_t(w) - 1] + 1);
    while (i < m - (workers - w) && double(x.starts[size_t(i)]) < share) ++i;
    bounds[size_t(w)] = i;
  }
  return bounds;
}

ChainGradientTrainer::ChainGradientTrainer(TaggerData prepared, int workers, int worker)
    : data_(check_batch(prepared, workers, worker)),
      settings_(chain_lbfgs(data_.options, data_.model.layout(), data_.batch.sequences())),
      bounds_(split_by_positions(data_.batch, workers)),
      worker_(worker),
      bits_(crf_fixed_point_bits(data_.batch)),
      solver_(std::move(data_.model.weights), settings_.config) {}

const CrfPart& ChainGradientTrainer::evaluate() {
  require(!finished_ && !solver_.done(), "this worker's fit has ended");
  crf_part(data_.batch, data_.model.layout(), solver_.point(), chain_softmax_cost(data_.options),
           bounds_[size_t(worker_)], bounds_[size_t(worker_) + 1], bits_, part_);
  return part_;
}

bool ChainGradientTrainer::tell(const std::vector<const int64_t*>& gradients, const std::vector<const double*>& losses,
                                const std::vector<const double*>& errors) {
  const size_t workers = bounds_.size() - 1;
  require(gradients.size() == workers && losses.size() == workers && errors.size() == workers,
          "the fit needs the parts of all ", workers, " workers");
  const size_t d = dim();
  require(d > 0, "this worker has not evaluated its part");
  // Σ_w parts: the integers in any order (exact), the losses in sequence order, as the serial fit adds them.
  std::vector<const int64_t*> others;
  double loss = 0, error = 0;
  for (size_t w = 0; w < workers; ++w) {
    const bool own = int(w) == worker_;
    if (!own) {
      require(gradients[w] && losses[w] && errors[w], "worker ", w, "'s part is missing");
      others.push_back(gradients[w]);
    }
    const double* l = own ? part_.losses.data() : losses[w];
    const double* e = own ? part_.errors.data() : errors[w];
    for (int i = 0; i < sequences_of(int(w)); ++i) loss += l[i], error += e[i];
  }
  // + the regulariser (λ/2)‖w‖², λ = 2·c2, once (one pass: the sum, the norm and the float gradient)
  const std::vector<float>& at = solver_.point();
  const double unit = std::ldexp(1.0, -bits_), lambda = settings_.l2;
  const int64_t* own = part_.gradient.data();
  double norm = 0;
  gradient_.resize(d);
  for (size_t j = 0; j < d; ++j) {
    int64_t sum = own[j];
    for (const int64_t* other : others) sum += other[j];
    norm += double(at[j]) * at[j];
    gradient_[j] = float(double(sum) * unit + lambda * at[j]);
  }
  error_ = error / data_.batch.sequences();
  return solver_.tell(loss + 0.5 * lambda * norm, gradient_);
}

Progress ChainGradientTrainer::progress() const {
  Progress p;
  p.epoch = solver_.iterations(), p.objective = solver_.value() / data_.batch.sequences(), p.training_error = error_;
  return p;
}

SequenceModel ChainGradientTrainer::finish() {
  require(!finished_, "this worker's fit has ended");
  finished_ = true;
  data_.model.weights = std::move(solver_.solution());
  data_.model.report = solver_.outcome();
  return finish_tagger(std::move(data_));
}

}  // namespace argmax
