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

namespace {

// The weights are cut into this many blocks (fewer when there are fewer weights), and each worker's slice is
// whole blocks: the solver's sums go block by block, so the blocks, not the workers, fix their order.
constexpr size_t kBlocks = 64;

size_t block_size(size_t dim) { return std::max<size_t>(1, (dim + kBlocks - 1) / kBlocks); }

std::vector<size_t> split_weights(size_t dim, int workers) {
  const size_t block = block_size(dim), blocks = (dim + block - 1) / block;
  std::vector<size_t> out(size_t(workers) + 1);
  for (size_t w = 0; w < out.size(); ++w) out[w] = std::min(dim, block * (blocks * w / size_t(workers)));
  return out;
}

LbfgsConfig on_slice(LbfgsConfig config, size_t offset, size_t dim, double l2) {
  config.offset = offset, config.block = block_size(dim), config.l2 = l2;
  return config;
}

}  // namespace

ChainGradientTrainer::ChainGradientTrainer(TaggerData prepared, int workers, int worker)
    : data_(check_batch(prepared, workers, worker)),
      settings_(chain_lbfgs(data_.options, data_.model.layout(), data_.batch.sequences())),
      bounds_(split_by_positions(data_.batch, workers)),
      slices_(split_weights(data_.model.weights.size(), workers)),
      worker_(worker),
      bits_(crf_fixed_point_bits(data_.batch)),
      point_(std::move(data_.model.weights)),
      solver_(std::vector<float>(point_.begin() + std::ptrdiff_t(slices_[size_t(worker)]),
                                 point_.begin() + std::ptrdiff_t(slices_[size_t(worker) + 1])),
              on_slice(settings_.config, slices_[size_t(worker)], point_.size(), settings_.l2)) {}

const std::vector<float>& ChainGradientTrainer::slice() const {
  return solver_.done() ? solver_.solution() : solver_.point();
}

void ChainGradientTrainer::gather(const std::vector<const float*>& slices) {
  require(slices.size() == size_t(workers()), "the fit needs the parts of all ", size_t(workers()), " workers");
  for (int w = 0; w < workers(); ++w) {
    const size_t size = slice_begin(w + 1) - slice_begin(w);
    const float* from = w == worker_ ? slice().data() : slices[size_t(w)];
    require(from || size == 0, "worker ", size_t(w), "'s part is missing");
    if (size) std::copy(from, from + size, point_.begin() + std::ptrdiff_t(slice_begin(w)));
  }
}

const CrfPart& ChainGradientTrainer::evaluate() {
  require(!finished_ && !solver_.done() && !solver_.reducing() && !solver_.iterated(),
          "this worker's fit is not at a point to evaluate");
  crf_part(data_.batch, data_.model.layout(), point_, chain_softmax_cost(data_.options), bounds_[size_t(worker_)],
           bounds_[size_t(worker_) + 1], bits_, part_);
  return part_;
}

void ChainGradientTrainer::tell(const std::vector<const int64_t*>& gradients, const std::vector<const double*>& losses,
                                const std::vector<const double*>& errors) {
  const size_t workers = bounds_.size() - 1;
  require(gradients.size() == workers && losses.size() == workers && errors.size() == workers,
          "the fit needs the parts of all ", workers, " workers");
  require(part_.gradient.size() == dim(), "this worker has not evaluated its part");
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
  // this slice's gradient
  const size_t begin = slice_begin(worker_), size = slice_begin(worker_ + 1) - begin;
  const double unit = std::ldexp(1.0, -bits_), lambda = settings_.l2;
  const float* at = point_.data();
  const int64_t* own = part_.gradient.data() + begin;
  gradient_.resize(size);
  for (size_t i = 0; i < size; ++i) {
    int64_t sum = own[i];
    for (const int64_t* other : others) sum += other[i];
    gradient_[i] = float(double(sum) * unit + lambda * at[begin + i]);  // + ∇ of the regulariser (λ/2)‖w‖², λ = 2·c2
  }
  error_ = error / data_.batch.sequences();
  solver_.tell(loss, gradient_);  // (the solver adds the regulariser, its norm summed over every slice)
}

void ChainGradientTrainer::reduced(const std::vector<const double*>& partials) {
  require(partials.size() == size_t(workers()), "the fit needs the parts of all ", size_t(workers()), " workers");
  const size_t block = block_size(dim());
  std::vector<const double*> slices;
  std::vector<size_t> blocks;
  for (int w = 0; w < workers(); ++w) {
    blocks.push_back((slice_begin(w + 1) - slice_begin(w) + block - 1) / block);
    slices.push_back(w == worker_ ? solver_.partials().data() : partials[size_t(w)]);
    require(slices.back() || blocks.back() == 0, "worker ", size_t(w), "'s part is missing");
  }
  solver_.reduced(Lbfgs::sum_partials(slices, blocks, solver_.quantities()));
}

Progress ChainGradientTrainer::progress() const {
  Progress p;
  p.epoch = solver_.iterations(), p.objective = solver_.value() / data_.batch.sequences(), p.training_error = error_;
  return p;
}

SequenceModel ChainGradientTrainer::finish() {
  require(!finished_ && solver_.done(), "this worker's fit has not ended, or was finished");
  finished_ = true;
  data_.model.weights = std::move(point_);
  data_.model.report = solver_.outcome();
  return finish_tagger(std::move(data_));
}

}  // namespace argmax
