#include "ranking/ranker_shard_trainer.hpp"

namespace argmax {
namespace {

OwnedQueries checked_copy(const QuerySet& data) {
  data.validate_for_training();
  OwnedQueries copy;
  copy.features = OwnedRows::copy_of(data.features);
  copy.relevance.assign(data.relevance, data.relevance + data.features.rows());
  copy.offsets = data.offsets;
  return copy;
}

}  // namespace

RankerShardInput::RankerShardInput(const QuerySet& data, const OptionList& options)
    : data_(checked_copy(data)), training_(std::make_unique<Ranker::Training>(data_.view(), options)) {}

RankerShardTrainer::RankerShardTrainer(const QuerySet& data, const OptionList& options, int shards, int shard)
    : FixedSpaceShard(std::make_unique<RankerShardInput>(data, options), shards, shard, "learnable queries") {}

}  // namespace argmax
