// One shard of a linear multiclass model's training under iterative parameter mixing (learn/parameter_mixing.hpp),
// for the online trainers: sgd, pegasos and perceptron. Every worker prepares the whole training set, so the
// labels, Ψ, the scaling and sgd's step size are the same in all; each then runs its epochs on its shard of
// the examples (learn/fixed_space_shard.hpp). With one shard nothing is tracked or mixed: it is the serial trainer.
#pragma once
#include <memory>

#include "learn/fixed_space_shard.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {

// The training set as a multiclass shard reads it: a copy of the caller's rows, the model in training on them and
// the problem over them.
class MulticlassShardInput {
 public:
  MulticlassShardInput(const Rows& rows, const std::vector<int32_t>& labels, const OptionList& options,
                       const std::vector<float>& cost);

  const MulticlassProblem& problem() const { return *problem_; }
  OnlineConfig online_config() const { return training_->online_config(); }
  std::vector<float> start() const { return {}; }
  LinearMulticlass finish(std::vector<float> w) { return training_->finish(std::move(w), TrainingReport{}); }

 private:
  OwnedRows rows_;  // the caller's rows, which Training views
  std::unique_ptr<LinearMulticlass::Training> training_;
  std::unique_ptr<MulticlassProblem> problem_;
};

class MulticlassShardTrainer : public FixedSpaceShard<MulticlassShardInput> {
 public:
  // Arguments as LinearMulticlass::train takes them; the rows are copied.
  MulticlassShardTrainer(const Rows& rows, const std::vector<int32_t>& labels, const OptionList& options,
                         const std::vector<float>& cost, int shards, int shard);
};

}  // namespace argmax
