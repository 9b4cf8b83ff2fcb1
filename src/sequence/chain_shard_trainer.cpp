#include "sequence/chain_shard_trainer.hpp"

#include "learn/trainer_options.hpp"

namespace argmax {
namespace {

// Parameter mixing needs the online trainers; l1's cumulative penalty would be per shard.
TaggerShard&& check_online(TaggerShard& s) {
  const Options& o = s.data.options;
  const std::string& trainer = o.choice("trainer");
  require(is_online_trainer(trainer), "parameter mixing needs an online trainer (perceptron, sgd or pegasos), not ",
          trainer, " (lbfgs trains on several workers by exact parallel gradients)");
  require(o.real("l1") == 0, "l1 cannot be used when training on several workers");
  require(s.data.text.global.empty() && s.data.model.global.empty(), "global features train on one worker (workers: 1)");
  return std::move(s);
}

}  // namespace

struct ChainShardTrainer::Training {
  Training(TaggerData& d, const OnlineConfig& config, int shards, int shard)
      : problem(d.batch, d.model.layout(), chain_softmax_cost(d.options)),
        rounds(problem, config, all_examples(d.batch.sequences()),  // the shard's sequences, in increasing order
               d.model.weights.empty() ? TrainedWeights(problem.dim(), config.average)
                                       : TrainedWeights(std::move(d.model.weights), config.average),
               shards, shard) {}
  SequenceProblem problem;
  ShardRounds<SequenceProblem> rounds;
};

ChainShardTrainer::ChainShardTrainer(TaggerShard prepared, int shards, int shard)
    : prepared_(check_online(prepared)),
      shards_(shards),
      shard_(shard),
      config_(fitted_to(chain_online_config(prepared_.data.options), prepared_.sequences)) {
  config_.seed = shard_seed(config_.seed, shard);
  const int m = prepared_.sequences;
  require(examples() > 0, "worker ", shard + 1, " of ", shards, " has no training sequences: ", m,
          " sequences feed at most ", m, " workers");
}

ChainShardTrainer::~ChainShardTrainer() = default;

ShardRounds<SequenceProblem>& ChainShardTrainer::rounds() {
  require(!finished_, "this shard has finished training");
  require(training_ != nullptr, "this shard has not admitted the shards' features yet");
  return training_->rounds;
}

void ChainShardTrainer::admit(const std::vector<FeatureCandidates>& all) {
  require(!training_ && !finished_, "this shard has admitted the shards' features already");
  require(int(all.size()) == shards_, "admitting features needs the candidates of all ", shards_, " shards, got ",
          all.size());
  admit_features(prepared_, all, size_t(shard_));
  prepared_.candidates = FeatureCandidates{};
  training_ = std::make_unique<Training>(prepared_.data, config_, shards_, shard_);
}

SequenceModel ChainShardTrainer::finish() {
  prepared_.data.model.weights = rounds().release_average();
  finished_ = true;
  prepared_.data.model.report = TrainingReport{};
  training_.reset();
  return finish_tagger(std::move(prepared_.data));
}

}  // namespace argmax
