// One worker of an exact data-parallel L-BFGS fit of a chain model (trainer lbfgs: CRF, softmax-margin, with
// OWL-QN's c1; sequence_trainer.hpp). Every worker prepares the whole training set as the serial fit does (so
// all share its feature ids) and takes a contiguous part of the sequences and a slice of the weights, whole
// blocks of them (the solver's, learn/lbfgs.hpp). At each point it computes its part of the data term (crf_part),
// sends every other worker that worker's slice of it, and sums the parts of its own slice, as exact integers,
// with the losses in sequence order and the regulariser: the gradient of its slice, on which it runs its part of
// L-BFGS, the workers summing the solver's dot products block by block in block order. Then each sends its slice
// of the next point to the others. So every worker takes the same steps and the weights are the same bits
// whatever the number of workers, and each does 1/n of the solver's work.
// A worker's sequences touch only some feature rows (with an exact dictionary, rows are numbered as first seen,
// so the first worker's sequences touch none of the rows that later sequences add), and only those rows (with
// the transitions) enter its part and are read at its point. So what goes between two workers is packed to the
// rows that the one touches in the other's slice: the point's values one way, the gradient's the other way.
#pragma once
#include <cstdint>
#include <vector>

#include "learn/lbfgs.hpp"
#include "sequence/crf_objective.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

// The sequences of worker w are [bounds[w], bounds[w + 1]): contiguous, about as many positions in each.
std::vector<int> split_by_positions(const SequenceBatch& x, int workers);

class ChainGradientTrainer {
 public:
  ChainGradientTrainer(TaggerData prepared, int workers, int worker);
  ChainGradientTrainer(const ChainGradientTrainer&) = delete;
  ChainGradientTrainer& operator=(const ChainGradientTrainer&) = delete;

  // The weights are split into slices: worker w holds [slice_begin(w), slice_begin(w + 1)).
  size_t slice_begin(int worker) const { return slices_[size_t(worker)]; }
  int workers() const { return int(bounds_.size()) - 1; }
  // This worker's slice of the point the solver asks about (of the solution once done()).
  const std::vector<float>& slice() const;
  // At a point: the values of this worker's slice that worker w reads (the weights of the rows w touches), packed
  // (the bytes of floats).
  const std::vector<uint8_t>& point_for(int worker);
  // What every worker sent this one, in worker order (this one's own is not read: give none), before evaluate():
  // its point_for(this worker); or once done(), its whole slice, before finish().
  void gather(const std::vector<const float*>& slices);

  bool done() const { return solver_.done(); }
  // This worker's part of the data term at the gathered point (the losses and errors of its sequences); then
  // gradient_for(w) is its part of worker w's slice, packed as w's point_for(this worker) (the bytes of int64s).
  const CrfPart& evaluate();
  const std::vector<uint8_t>& gradient_for(int worker);
  // Every worker's part of this worker's slice, in worker order (this one's own is not read: give none):
  // gradients[w] is w's gradient_for(this worker), losses[w] and errors[w] one per sequence of worker w.
  void tell(const std::vector<const int64_t*>& gradients, const std::vector<const double*>& losses,
            const std::vector<const double*>& errors);
  // While reducing(): partials() goes to every worker, and reduced() takes every worker's (this one's own is
  // not read: give none).
  bool reducing() const { return solver_.reducing(); }
  const std::vector<double>& partials() const { return solver_.partials(); }
  void reduced(const std::vector<const double*>& partials);
  // After an iteration: its progress (the mean objective, as the serial fit reports it), and whether to go on.
  bool iterated() const { return solver_.iterated(); }
  Progress progress() const;
  void proceed(bool keep_going) { solver_.proceed(keep_going); }

  size_t dim() const { return point_.size(); }
  int sequences_of(int worker) const { return bounds_[size_t(worker) + 1] - bounds_[size_t(worker)]; }
  // The model at the solver's last iterate (gathered); the trainer is spent afterwards.
  SequenceModel finish();

 private:
  TaggerData data_;
  ChainLbfgs settings_;
  std::vector<int> bounds_;
  std::vector<size_t> slices_;
  int worker_, bits_;
  std::vector<float> point_;
  Lbfgs solver_;
  CrfPart part_;
  // Runs of weights, in order, as begin, end, begin, end, …: touched_by_[w], the weights of this worker's slice
  // that worker w's sequences touch (sent to w at a point, and w's gradient of them added); touches_[v], those of
  // worker v's slice that this worker's touch (received at a point, and this worker's gradient of them sent to v).
  using Runs = std::vector<size_t>;
  std::vector<Runs> touched_by_, touches_;
  std::vector<float> gradient_;
  std::vector<uint8_t> packed_;  // what point_for or gradient_for gave last
  double error_ = 0;  // the mean error at the last point told
  bool finished_ = false;
};

}  // namespace argmax
