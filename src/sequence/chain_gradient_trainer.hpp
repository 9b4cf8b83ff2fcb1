// One worker of an exact data-parallel L-BFGS fit of a chain model (trainer lbfgs: CRF, softmax-margin, with
// OWL-QN's c1; sequence_trainer.hpp). Every worker prepares the whole training set as the serial fit does (so
// all share its feature ids), takes a contiguous part of the sequences, and runs the same L-BFGS
// (learn/lbfgs.hpp, in reverse communication): at each point it computes its part of the data term
// (crf_part), the workers exchange their parts, and each sums all of them alike, the gradients as exact
// integers and the losses in sequence order, and adds the regulariser once. So every worker holds the same
// objective, takes the same steps and ends with the same weights, whatever the number of workers.
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

  bool done() const { return solver_.done(); }
  // This worker's part of the data term at the point the solver asks about.
  const CrfPart& evaluate();
  // Every worker's part, in worker order (this one's own is not read: give none): gradients[w] holds dim()
  // values, losses[w] and errors[w] one per sequence of worker w. True when an iteration ended: then
  // progress() and proceed().
  bool tell(const std::vector<const int64_t*>& gradients, const std::vector<const double*>& losses,
            const std::vector<const double*>& errors);
  // After an iteration: its progress (the mean objective, as the serial fit reports it), and whether to go on.
  Progress progress() const;
  void proceed(bool keep_going) { solver_.proceed(keep_going); }

  size_t dim() const { return part_.gradient.size(); }
  int sequences_of(int worker) const { return bounds_[size_t(worker) + 1] - bounds_[size_t(worker)]; }
  // The model at the solver's last iterate; the trainer is spent afterwards.
  SequenceModel finish();

 private:
  TaggerData data_;
  ChainLbfgs settings_;
  std::vector<int> bounds_;
  int worker_, bits_;
  Lbfgs solver_;
  CrfPart part_;
  std::vector<float> gradient_;
  double error_ = 0;  // the mean error at the last point told
  bool finished_ = false;
};

}  // namespace argmax
