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
// Now and then the workers split the sequences again by how long each part took (the second half of a treebank
// costs more than the first: its rows are spread over the whole dictionary); any split gives the same sums.
#pragma once
#include <cstdint>
#include <vector>

#include "learn/lbfgs.hpp"
#include "sequence/crf_objective.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

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
  // What every worker sent this one, in worker order (n, the number of workers; this one's own is not read: give
  // none), as the others below take theirs: before evaluate(), its point_for(this worker); or once done(), its whole
  // slice, before finish().
  void gather(const float* const* slices, int n);

  bool done() const { return solver_.done(); }
  // This worker's part of the data term at the gathered point (the losses and errors of its sequences); then
  // gradient_for(w) is its part of worker w's slice, packed as w's point_for(this worker) (the bytes of int64s).
  const CrfPart& evaluate();
  const std::vector<uint8_t>& gradient_for(int worker);
  // Every worker's part of this worker's slice, in worker order (this one's own is not read: give none):
  // gradients[w] is w's gradient_for(this worker), terms[w] w's evaluate().terms (two per sequence of worker w).
  // seconds (optional): what each worker's evaluate() took, one per worker, the same on every worker; then the
  // sequences are split again by the workers' speeds (split) for the next points. The parts' sums do not depend on
  // the split, so neither do the weights.
  void tell(const int64_t* const* gradients, const double* const* terms, int n, const double* seconds = nullptr);
  // While reducing(): partials() goes to every worker, and reduced() takes every worker's (this one's own is
  // not read: give none).
  bool reducing() const { return solver_.reducing(); }
  const std::vector<double>& partials() const { return solver_.partials(); }
  void reduced(const double* const* partials, int n);
  // After an iteration: its progress (the mean objective, as the serial fit reports it), and whether to go on.
  bool iterated() const { return solver_.iterated(); }
  Progress progress() const;
  void proceed(bool keep_going) { solver_.proceed(keep_going); }

  size_t dim() const { return point_.size(); }
  int sequences_of(int worker) const { return bounds_[size_t(worker) + 1] - bounds_[size_t(worker)]; }
  // The model at the solver's last iterate (gathered); the trainer is spent afterwards.
  SequenceModel finish();

 private:
  // Splits the sequences between the workers, contiguous, one at least for each, with positions in proportion to
  // each worker's speed at the last split, where its part took seconds[w]; without seconds, as many positions in
  // each. What makes a part slow is mostly its data (the second half of a treebank reads rows spread over the
  // whole dictionary), so each split again moves the bounds most of the way to balanced parts. Then the runs of
  // weights each worker touches.
  void split(const double* seconds);

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
