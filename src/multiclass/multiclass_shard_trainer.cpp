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

MulticlassShardTrainer::MulticlassShardTrainer(const Rows& rows, const std::vector<int32_t>& labels,
                                               const std::string& algo, const OptionList& options,
                                               const std::vector<float>& cost, int shards, int shard)
    : rows_(checked_copy(rows)),
      training_(std::make_unique<LinearMulticlass::Training>(rows_.view(), labels, check_online(algo), options, cost)),
      shards_(shards),
      config_(training_->online_config()) {
  const int m = rows_.rows();
  std::vector<int> mine = shard_examples(m, shards, shard, config_.seed);
  require(!mine.empty(), "worker ", shard + 1, " of ", shards, " has no training rows: ", m, " rows feed at most ", m,
          " workers");
  config_.seed = shard_seed(config_.seed, shard);
  examples_ = int(mine.size());
  problem_ = std::make_unique<MulticlassProblem>(training_->rows(), training_->index(), training_->map(), training_->cost());
  rounds_ = std::make_unique<ShardRounds<MulticlassProblem>>(*problem_, config_, std::move(mine),
                                                             TrainedWeights(problem_->dim(), config_.average), shards,
                                                             shard);
}

MulticlassShardTrainer::~MulticlassShardTrainer() = default;

void MulticlassShardTrainer::admit(const std::vector<FeatureCandidates>& all) {
  require(int(all.size()) == shards_, "admitting features needs the candidates of all ", shards_, " shards, got ",
          all.size());
}

ShardRounds<MulticlassProblem>& MulticlassShardTrainer::rounds() {
  require(rounds_ != nullptr, "this shard has finished training");
  return *rounds_;
}

LinearMulticlass MulticlassShardTrainer::finish() {
  std::vector<float> w = rounds().release_average();
  rounds_.reset();
  return training_->finish(std::move(w), TrainingReport{});
}

}  // namespace argmax
