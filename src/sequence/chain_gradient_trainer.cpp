#include "sequence/chain_gradient_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/error.hpp"

namespace argmax {
namespace {

TaggerData&& check_batch(TaggerData& d, int workers, int worker) {
  const std::string trainer = d.options.choice("trainer");
  require(trainer == "lbfgs", "exact parallel gradients are for trainer lbfgs, not ", trainer);
  require(d.text.global.empty(), "global features train on one worker (workers: 1)");
  require(workers >= 1 && worker >= 0 && worker < workers, "worker ", worker, " of ", workers, " does not exist");
  require(d.batch.sequences() >= workers, d.batch.sequences(), " training sequences feed at most ",
          d.batch.sequences(), " workers, not ", workers);
  d.model.weights.resize(d.model.layout().dim(), 0.f);  // a warm start's, or zeros, as fit_chain starts
  return std::move(d);
}

}  // namespace

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

// The weights in [from, to) of the marked feature rows and of the transitions (every sequence's), as runs.
std::vector<size_t> runs_of(const std::vector<uint8_t>& rows, const ChainLayout& layout, size_t from, size_t to) {
  std::vector<size_t> runs;
  const auto add = [&](size_t begin, size_t end) {
    begin = std::max(begin, from), end = std::min(end, to);
    if (begin >= end) return;
    if (!runs.empty() && runs.back() == begin) runs.back() = end;
    else runs.push_back(begin), runs.push_back(end);
  };
  const size_t k = size_t(layout.labels), last = std::min(rows.size(), (to + k - 1) / k);
  for (size_t f = from / k; f < last; ++f)
    if (rows[f]) add(f * k, f * k + k);
  add(layout.transition(0, 0), layout.dim());
  return runs;
}

// out = the bytes of the values at the runs' weights, in order (weight j's `width` bytes at from + (j − offset)·width).
const std::vector<uint8_t>& pack(const std::vector<size_t>& runs, const void* from, size_t width, size_t offset,
                                 std::vector<uint8_t>& out) {
  size_t size = 0;
  for (size_t r = 0; r < runs.size(); r += 2) size += runs[r + 1] - runs[r];
  out.resize(size * width);
  uint8_t* to = out.data();
  for (size_t r = 0; r < runs.size(); r += 2) {
    const size_t bytes = (runs[r + 1] - runs[r]) * width;
    std::memcpy(to, static_cast<const uint8_t*>(from) + (runs[r] - offset) * width, bytes);
    to += bytes;
  }
  return out;
}

}  // namespace

ChainGradientTrainer::ChainGradientTrainer(TaggerData prepared, int workers, int worker)
    : data_(check_batch(prepared, workers, worker)),
      settings_(chain_lbfgs(data_.options, data_.model.layout(), data_.batch.sequences())),
      slices_(split_weights(data_.model.weights.size(), workers)),
      worker_(worker),
      bits_(crf_fixed_point_bits(data_.batch)),
      point_(std::move(data_.model.weights)),
      solver_(std::vector<float>(point_.begin() + std::ptrdiff_t(slices_[size_t(worker)]),
                                 point_.begin() + std::ptrdiff_t(slices_[size_t(worker) + 1])),
              on_slice(settings_.config, slices_[size_t(worker)], point_.size(), settings_.l2)) {
  bounds_.resize(size_t(workers) + 1);
  split(nullptr);
}

void ChainGradientTrainer::split(const double* seconds) {
  const SequenceBatch& x = data_.batch;
  const int m = x.sequences(), n = workers();
  std::vector<double> speed(size_t(n), 1.0);  // worker w's positions per second (or 1)
  double all = 0, before = 0;
  for (int w = 0; w < n; ++w) {
    if (seconds) speed[size_t(w)] = double(x.starts[size_t(bounds_[size_t(w) + 1])] - x.starts[size_t(bounds_[size_t(w)])]) / seconds[w];
    all += speed[size_t(w)];
  }
  std::vector<int> bounds(size_t(n) + 1, m);
  bounds[0] = 0;
  for (int w = 1, i = 0; w < n; ++w) {
    // the first sequence starting at the share of the positions of the workers before w or later, with one at
    // least for every worker
    before += speed[size_t(w) - 1];
    i = std::max(i, bounds[size_t(w) - 1] + 1);
    while (i < m - (n - w) && double(x.starts[size_t(i)]) < double(x.tokens()) * before / all) ++i;
    bounds[size_t(w)] = i;
  }
  bounds_ = std::move(bounds);
  touched_by_.clear(), touches_.clear();
  part_.gradient.clear();  // (evaluate() zeroes only the rows of the new split)
  const ChainLayout& layout = data_.model.layout();
  std::vector<uint8_t> rows;
  for (int w = 0; w < workers(); ++w) {
    // the rows of worker w's sequences (whose tokens, and so whose features, are contiguous)
    rows.assign(size_t(layout.features), 0);
    const int64_t* ends = x.ends.data();
    for (int64_t q = ends[x.starts[size_t(bounds_[size_t(w)])]]; q < ends[x.starts[size_t(bounds_[size_t(w) + 1])]]; ++q)
      rows[size_t(x.ids[size_t(q)])] = 1;
    touched_by_.push_back(runs_of(rows, layout, slice_begin(worker_), slice_begin(worker_ + 1)));
    if (w == worker_)
      for (int v = 0; v < workers(); ++v) touches_.push_back(runs_of(rows, layout, slice_begin(v), slice_begin(v + 1)));
  }
}

const std::vector<float>& ChainGradientTrainer::slice() const {
  return solver_.done() ? solver_.solution() : solver_.point();
}

const std::vector<uint8_t>& ChainGradientTrainer::point_for(int worker) {
  return pack(touched_by_[size_t(worker)], solver_.point().data(), sizeof(float), slice_begin(worker_), packed_);
}

void ChainGradientTrainer::gather(const float* const* slices, int n) {
  require(n == workers(), "the fit needs the parts of all ", size_t(workers()), " workers");
  for (int w = 0; w < n; ++w) {
    const float* from = w == worker_ ? slice().data() : slices[size_t(w)];
    // its whole slice, or the runs this worker reads
    const bool whole = w == worker_ || solver_.done();
    const size_t own[2] = {slice_begin(w), slice_begin(w + 1)};
    const size_t* runs = whole ? own : touches_[size_t(w)].data();
    for (size_t r = 0, end = whole ? 2 : touches_[size_t(w)].size(); r < end; r += 2) {
      require(from || runs[r] == runs[r + 1], "worker ", size_t(w), "'s part is missing");
      std::copy(from, from + (runs[r + 1] - runs[r]), point_.data() + runs[r]);
      from += runs[r + 1] - runs[r];
    }
  }
}

const CrfPart& ChainGradientTrainer::evaluate() {
  require(!finished_ && !solver_.done() && !solver_.reducing() && !solver_.iterated(),
          "this worker's fit is not at a point to evaluate");
  // Zero where this part adds (its rows) and where tell() adds the others' (theirs in this slice): every other
  // weight stays 0 from the first time.
  std::vector<int64_t>& sum = part_.gradient;
  if (sum.size() != dim()) sum.assign(dim(), 0);
  for (const std::vector<Runs>* all : {&touches_, &touched_by_})
    for (const Runs& runs : *all)
      for (size_t r = 0; r < runs.size(); r += 2) std::fill(sum.data() + runs[r], sum.data() + runs[r + 1], 0);
  crf_part(data_.batch, data_.model.layout(), point_, chain_softmax_cost(data_.options), bounds_[size_t(worker_)],
           bounds_[size_t(worker_) + 1], bits_, part_);
  return part_;
}

const std::vector<uint8_t>& ChainGradientTrainer::gradient_for(int worker) {
  return pack(touches_[size_t(worker)], part_.gradient.data(), sizeof(int64_t), 0, packed_);
}

void ChainGradientTrainer::tell(const int64_t* const* gradients, const double* const* terms, int n,
                                const double* seconds) {
  const size_t workers = bounds_.size() - 1;
  require(size_t(n) == workers, "the fit needs the parts of all ", workers, " workers");
  require(part_.gradient.size() == dim(), "this worker has not evaluated its part");
  // Σ_w parts: the integers in any order (exact), the losses in sequence order, as the serial fit adds them.
  int64_t* sum = part_.gradient.data();
  double loss = 0, error = 0;
  for (size_t w = 0; w < workers; ++w) {
    const bool own = int(w) == worker_;
    if (!own) {
      require(gradients[w] && terms[w], "worker ", w, "'s part is missing");
      const int64_t* other = gradients[w];
      const Runs& runs = touched_by_[w];
      for (size_t r = 0; r < runs.size(); r += 2)
        for (size_t j = runs[r]; j < runs[r + 1]; ++j) sum[j] += *other++;
    }
    const double* t = own ? part_.terms.data() : terms[w];
    for (int i = 0; i < sequences_of(int(w)); ++i) loss += t[2 * i], error += t[2 * i + 1];
  }
  // this slice's gradient
  const size_t begin = slice_begin(worker_), size = slice_begin(worker_ + 1) - begin;
  const double unit = std::ldexp(1.0, -bits_), lambda = settings_.l2;
  const float* at = point_.data() + begin;
  gradient_.resize(size);
  for (size_t i = 0; i < size; ++i)  // + ∇ of the regulariser (λ/2)‖w‖², λ = 2·c2
    gradient_[i] = float(double(sum[begin + i]) * unit + lambda * at[i]);
  error_ = error / data_.batch.sequences();
  solver_.tell(loss, gradient_);  // (the solver adds the regulariser, its norm summed over every slice)
  if (seconds) split(seconds);
}

void ChainGradientTrainer::reduced(const double* const* partials, int n) {
  require(n == workers(), "the fit needs the parts of all ", size_t(workers()), " workers");
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
