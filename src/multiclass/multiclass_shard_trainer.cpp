#include "multiclass/multiclass_shard_trainer.hpp"

#include "learn/trainer_options.hpp"

namespace argmax {
namespace {

const OptionList& check_online(const OptionList& options) {
  const std::string trainer = LinearMulticlass::trainer_of(options);
  require(is_online_trainer(trainer), "training on several workers needs an online trainer (sgd, pegasos or "
          "perceptron), not '", trainer, "'");
  require(Options::parse(LinearMulticlass::options_of(trainer), options, "Multiclass").real("l1") == 0,
          "l1 cannot be used when training on several workers");
  return options;
}

OwnedRows checked_copy(const Rows& rows) {
  rows.validate();
  return OwnedRows::copy_of(rows);
}

}  // namespace

MulticlassShardInput::MulticlassShardInput(const Rows& rows, const std::vector<int32_t>& labels,
                                           const OptionList& options, const std::vector<float>& cost)
    : rows_(checked_copy(rows)),
      training_(std::make_unique<LinearMulticlass::Training>(rows_.view(), labels, check_online(options), cost)),
      problem_(std::make_unique<MulticlassProblem>(training_->rows(), training_->index(), training_->map(),
                                                   training_->cost())) {}

MulticlassShardTrainer::MulticlassShardTrainer(const Rows& rows, const std::vector<int32_t>& labels,
                                               const OptionList& options, const std::vector<float>& cost,
                                               int shards, int shard)
    : FixedSpaceShard(std::make_unique<MulticlassShardInput>(rows, labels, options, cost), shards, shard,
                      "training rows") {}

}  // namespace argmax
