#include "sequence/chain_shard_trainer.hpp"

namespace argmax {
namespace {

// Parameter mixing needs the online trainers; l1's cumulative penalty would be per shard.
TaggerData&& check_online(TaggerData& d) {
  const Options& o = d.options;
  const std::string& algo = o.choice("algo");
  const bool online = algo == "perceptron" || ((algo == "ssvm" || algo == "ssvm-slack") && o.choice("trainer") == "sgd") ||
                      ((algo == "crf" || algo == "softmax-margin") && o.choice("solver") == "sgd");
  require(online, "training on several workers needs an online trainer: algo=perceptron, ssvm or ssvm-slack with "
          "trainer=sgd, or crf or softmax-margin with solver=sgd");
  require(o.real("l1") == 0, "l1 cannot be used when training on several workers");
  require(d.text.global.empty() && d.model.global.empty(), "global features train on one worker (workers: 1)");
  return std::move(d);
}

OnlineConfig shard_config(const TaggerData& d, int shard) {
  OnlineConfig c = chain_online_config(d.options, d.batch.sequences());
  c.seed = shard_seed(c.seed, shard);
  return c;
}

}  // namespace

ChainShardTrainer::ChainShardTrainer(TaggerData data, int shards, int shard)
    : data_(check_online(data)),
      config_(shard_config(data_, shard)),
      problem_(data_.batch, data_.model.layout(), chain_softmax_cost(data_.options)),
      epochs_(problem_, config_, shard_examples(data_.batch.sequences(), shards, shard, uint64_t(data_.options.integer("seed")))),
      w_(data_.model.weights.empty() ? TrainedWeights(problem_.dim(), config_.average)
                                     : TrainedWeights(std::move(data_.model.weights), config_.average)) {
  const int m = data_.batch.sequences();
  require(examples() > 0, "worker ", shard + 1, " of ", shards, " has no training sequences: ", m,
          " sequences feed at most ", m, " workers");
  if (shards > 1) w_.track_changes();
}

Progress ChainShardTrainer::run_epoch(int epoch) {
  require(!finished_, "this shard has finished training");
  return epochs_.progress(epoch, epochs_.run(w_), w_);
}

void ChainShardTrainer::mix(const std::vector<WeightChanges>& all, const std::vector<double>& mu) {
  require(!finished_, "this shard has finished training");
  w_.mix(all, mu);
}

SequenceModel ChainShardTrainer::finish() {
  require(!finished_, "this shard has finished training");
  finished_ = true;
  data_.model.weights = w_.release_average();
  data_.model.report = TrainingReport{};
  return finish_tagger(std::move(data_));
}

}  // namespace argmax
