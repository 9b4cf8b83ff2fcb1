#include "multiclass/multiclass_shard_trainer.hpp"

namespace argmax {
namespace {

const std::string& check_online(const std::string& algo) {
  require(algo == "sgd" || algo == "pegasos" || algo == "perceptron", "training on several workers needs an online "
          "trainer (algo sgd, pegasos or perceptron), not '", algo, "'");
  return algo;
}

OwnedRows checked_copy(const Rows& rows) {
  rows.validate();
  return OwnedRows::copy_of(rows);
}

}  // namespace

MulticlassShardInput::MulticlassShardInput(const Rows& rows, const std::vector<int32_t>& labels,
                                           const std::string& algo, const OptionList& options,
                                           const std::vector<float>& cost)
    : rows_(checked_copy(rows)),
      training_(std::make_unique<LinearMulticlass::Training>(rows_.view(), labels, check_online(algo), options, cost)),
      problem_(std::make_unique<MulticlassProblem>(training_->rows(), training_->index(), training_->map(),
                                                   training_->cost())) {}

MulticlassShardTrainer::MulticlassShardTrainer(const Rows& rows, const std::vector<int32_t>& labels,
                                               const std::string& algo, const OptionList& options,
                                               const std::vector<float>& cost, int shards, int shard)
    : FixedSpaceShard(std::make_unique<MulticlassShardInput>(rows, labels, algo, options, cost), shards, shard,
                      "training rows") {}

}  // namespace argmax
