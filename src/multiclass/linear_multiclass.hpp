// The linear multiclass predictor h(x) = argmax_y ⟨w, Ψ(x, y)⟩ and its trainers (learn/trainer_options.hpp):
//   dcd        Crammer–Singer dual coordinate descent (LIBLINEAR -s 4, same C)
//   pegasos    multiclass SVM λ/2‖w‖² + mean ℓ by Pegasos (η_t = 1/(λt))
//   sgd        SGD on the loss with averaged output (SSBD 17.2.5; η from Cor. 17.2 by default)
//   perceptron batch multiclass perceptron (SSBD 17.2), stops after a pass without mistakes
//   cutting-plane, bcfw  the exact structured SVM solvers (learn/cutting_plane.hpp, learn/bcfw.hpp), same C as dcd
// Every trainer can learn on random Fourier features z(x) instead of x (option rff = D): a linear model on
// z approximates the Gaussian-kernel machine (learn/random_fourier_features.hpp).
// Labels are any integers; the model keeps them sorted and predicts in those labels. With a k×k cost
// matrix the labels must be 0..k−1 (the matrix's rows and columns).
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
#include "metrics/cost_matrix.hpp"
#include "multiclass/feature_map.hpp"

namespace argmax {

class FeatureScaling;
struct ScaledRows;

class LinearMulticlass {
 public:
  static const std::vector<std::string>& trainers();
  // The option table of one trainer (throws InputError for an unknown trainer).
  static const std::vector<OptionSpec>& options_of(const std::string& trainer);
  // The trainer the options choose (dcd unless given).
  static std::string trainer_of(const OptionList& options);

  // cost: row-major k×k (row = truth), or empty for 0-1. Throws InputError on any bad input.
  static LinearMulticlass train(const Rows& rows, const std::vector<int32_t>& labels, const OptionList& options,
                                const std::vector<float>& cost,
                                const ProgressFn& progress = nullptr);

  int classes() const { return map_.classes(); }
  // Input columns (with random features, those of x, not of z(x)).
  int cols() const { return rff_.dim() ? rff_.cols() : map_.cols(); }
  const std::vector<int32_t>& labels() const { return labels_; }
  const std::string& trainer() const { return trainer_; }
  const OptionList& options() const { return options_; }
  const std::vector<float>& weights() const { return w_; }
  const FeatureMap& feature_map() const { return map_; }
  // How training ended (not saved: a loaded model reports the default, converged).
  const TrainingReport& training_report() const { return report_; }

  // out: m×k scores ⟨w, Ψ(x, y)⟩, columns in labels() order.
  void scores(const Rows& rows, float* out) const;
  // out: m predicted labels (ties → the lowest label).
  void predict(const Rows& rows, int32_t* out) const;
  // out: m margins ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') (FML 9.2); labels must be known to the model.
  void margins(const Rows& rows, const int32_t* labels, float* out) const;

  // How to_bytes() stores the weights: 32 = floats, 16 or 8 = quantised (io/quantized_weights.hpp).
  int weight_bits() const;
  std::vector<uint8_t> to_bytes() const;
  static LinearMulticlass from_bytes(const uint8_t* data, size_t size);

  // A model in training (below).
  class Training;

 private:
  static std::vector<float> train_weights(const Training& t, const ProgressFn& progress, TrainingReport* report);
  // Weights trained on scaled rows become weights on raw rows; a shift goes into the bias feature (added if absent).
  void fold(const FeatureScaling& scaling);
  // Checks the rows and returns what Ψ reads: the rows themselves, or their random features (kept in buffer).
  Rows features(const Rows& rows, std::vector<float>& buffer) const;
  std::string trainer_;
  OptionList options_;
  FeatureMap map_;
  RandomFourierFeatures rff_;
  std::vector<float> w_;
  std::vector<int32_t> labels_;
  TrainingReport report_;
};

// A model in training: the options checked, the labels indexed, Ψ built and the rows as Ψ reads them (random
// features, scaled). train() runs one trainer on it; MulticlassShardTrainer runs rounds of parameter mixing on
// a shard of it. The rows must outlive it.
class LinearMulticlass::Training {
 public:
  Training(const Rows& rows, const std::vector<int32_t>& labels, const OptionList& options, const std::vector<float>& cost);
  Training(const Training&) = delete;
  Training& operator=(const Training&) = delete;
  ~Training();

  const std::string& trainer() const { return model_.trainer_; }
  const Options& options() const { return options_; }
  const Rows& rows() const;
  const std::vector<int32_t>& index() const { return costs_.index; }  // rows' labels as 0..k−1
  const CostMatrix& cost() const { return costs_.cost; }
  const FeatureMap& map() const { return model_.map_; }
  // The settings of the online trainers (sgd, pegasos, perceptron); throws for the others.
  OnlineConfig online_config() const;
  // The model with weights w, trained on rows(); the training is spent afterwards.
  LinearMulticlass finish(std::vector<float> w, const TrainingReport& report);

 private:
  Options options_;
  LinearMulticlass model_;
  std::vector<float> mapped_;  // z(x) with random features
  std::unique_ptr<ScaledRows> scaled_;
  LabelCosts costs_;
};

}  // namespace argmax
