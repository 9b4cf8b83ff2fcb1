// A linear ranker: score(x) = ⟨w, x⟩ + b, documents ranked by score, best first (ties: input order). The
// intercept b is the threshold the bipartite measures learn (a document is predicted positive when its score
// is > 0); for the other objectives, where a shift of every score changes nothing, it is 0 unless scaled
// features were centred (learn/feature_scaling.hpp folds the centring into it).
// With rff = D (gamma, rffSeed) the ranker is linear in D random Fourier features z(x) of the documents
// instead (learn/random_fourier_features.hpp): an approximate Gaussian-kernel ranker.
// Trained by one of the ranking surrogates with the shared online trainers, or by the pointwise ridge
// baseline. Saved as model bytes of kind "ranking".
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "learn/online.hpp"
#include "learn/progress.hpp"
#include "learn/random_fourier_features.hpp"
#include "core/queries.hpp"

namespace argmax {

class RankingProblem;
struct ScaledRows;

class Ranker {
 public:
  // The options table: algo, k, beta, trainer, lambda, eta, epochs, average, seed, gain, psi, oracle, relevant,
  // rff, gamma, rffSeed, scale.
  // The options as given, checked against the table and against the trainer that reads them: an option only
  // another trainer reads, set away from its default, is an error, as in the tables the other tasks compose
  // per trainer.
  // tuning: for validation, which tunes the online trainers (trainer auto is sgd there).
  static Options parse_options(const OptionList& given, bool tuning = false);
  // The check at construction, before any data: refuses the options no fit could read. Trainer auto resolves
  // by measure without validation and to sgd with it, so an option only the other reads waits for fit.
  static void check_options(const OptionList& given);
  static const std::vector<OptionSpec>& option_specs();

  // Trains on data (validated first). Throws InputError for bad options or data.
  static Ranker train(const QuerySet& data, const OptionList& options, const ProgressFn& progress = {});

  // LETOR practice: pick lambda (from `lambdas`) and the number of epochs (1..options' epochs) by mean NDCG@eval_k
  // (common convention) on `valid`. One training run per lambda: the averaged weights after epoch e of a
  // run equal those of a run with epochs = e (same seed, same order), so every epoch is scored on the way.
  // Ties go to the smaller epoch count, then the earlier lambda. The settings of the result record the choice.
  struct Trial {
    double lambda = 0;
    int epochs = 0;
    double ndcg = 0;
  };
  static Ranker train_with_validation(const QuerySet& train, const QuerySet& valid, const OptionList& options,
                                      const std::vector<double>& lambdas, int32_t eval_k = 10,
                                      std::vector<Trial>* trials = nullptr);

  Ranker() = default;  // an empty ranker (no weights)
  Ranker(std::vector<float> weights, OptionList settings, double intercept = 0);

  size_t dim() const { return weights_.size(); }  // D with random features
  // Input columns read (columns beyond carry weight 0).
  int32_t cols() const { return rff_.dim() ? rff_.cols() : int32_t(weights_.size()); }
  const std::vector<float>& weights() const { return weights_; }
  double intercept() const { return intercept_; }
  const OptionList& settings() const { return settings_; }  // every option's value as trained
  std::string setting(const std::string& name) const;
  // How training ended (not saved: a loaded model reports the default, converged).
  const TrainingReport& training_report() const { return report_; }

  // One score per row; columns at or beyond cols() carry weight 0.
  std::vector<double> score(const Rows& rows) const;
  // Row indices best first.
  std::vector<int32_t> rank(const Rows& rows) const;

  std::vector<uint8_t> to_bytes() const;
  static Ranker from_bytes(const uint8_t* data, size_t size);

  // A ranker in training (below).
  class Training;

 private:
  void use_random_features(RandomFourierFeatures rff);  // the map, and its options in the settings
  std::vector<float> weights_;
  OptionList settings_;
  double intercept_ = 0;
  RandomFourierFeatures rff_;  // none (dim 0): the ranker reads x itself
  TrainingReport report_;
};

// A ranker in training: the options checked, the trainer resolved, the documents as the learner reads them
// (random features, scaled) and the ranking problem built over them. train() runs one trainer on it;
// RankerShardTrainer runs rounds of parameter mixing on a shard of its queries. The data must outlive it.
class Ranker::Training {
 public:
  Training(const QuerySet& data, const OptionList& options);  // validates data
  Training(const Training&) = delete;
  Training& operator=(const Training&) = delete;
  ~Training();

  // The trainer as trained: the one named, auto resolved.
  struct Plan;
  // The surrogate's problem on the scaled documents (one example = one learnable query).
  const RankingProblem& problem() const;
  // The settings of the online trainers (sgd, pegasos, perceptron); throws for the others.
  OnlineConfig online_config() const;
  // Where the online trainers start: empty (zero), or the pointwise fit (init=pointwise).
  std::vector<float> start() const;
  // The weights of the trainer the options name, trained on the whole set.
  std::vector<float> fit(const ProgressFn& progress, TrainingReport* report);
  // The ranker with weights w (over the problem's coordinates); the training is spent afterwards.
  Ranker finish(std::vector<float> w, const TrainingReport& report);

 private:
  Options options_;
  RandomFourierFeatures rff_;
  std::vector<float> mapped_;  // z(x) with random features
  std::unique_ptr<ScaledRows> scaled_;
  QuerySet data_;  // what Ψ reads: the documents or their random features, scaled
  std::unique_ptr<Plan> plan_;  // null for the pointwise baseline
  std::unique_ptr<RankingProblem> problem_;
};

}  // namespace argmax
