// The binary learners in the vocabulary of every task (learn/trainer_options.hpp): a model kind, `learner`, trained
// by a `trainer` on a `loss`, whose names and options come from the same catalogues as Multiclass's.
//   linear  f(x) = ⟨w, x⟩ + b; trainer dcd with loss squared-hinge (the default) or hinge (LIBLINEAR -s 1, -s 3),
//           newton with log (LIBLINEAR -s 0), pegasos with hinge, perceptron (its own loss; no loss option); its
//           weights stored in weightBits bits (binary/linear_model.hpp)
//   kernel  f(x) = Σ_i α_i y_i K(x_i, x) + b; trainer dcd with loss hinge (keeps the support vectors)
//   stump, tree  grown greedily: no trainer, no loss
// Reductions, BinaryRelevance, BinaryClassifier and the CLI take any of them.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binary/binary_model.hpp"
#include "binary/binary_sample.hpp"
#include "core/options.hpp"

namespace argmax {

struct BinaryLearnerInfo {
  std::string name;
  std::string help;
  std::vector<std::string> trainers;  // the first is the default; none: grown, not trained
  bool missing_values = false;        // reads a NaN feature as a missing value (trees); the others reject NaN
  bool scalable = true;               // scale=auto applies: folded into a linear model, kept by a kernel model
};

const std::vector<BinaryLearnerInfo>& binary_learners();
// InputError for an unknown name; a name of 0.1 (svm-dcd, logistic, …) is an error that names its replacement.
const BinaryLearnerInfo& binary_learner(const std::string& name);
std::vector<std::string> binary_learner_names();
// The losses `trainer` minimises for `learner` (empty for the perceptron, which takes no loss option).
std::vector<std::string> binary_losses(const std::string& learner, const std::string& trainer);

// The options table of `learner` with the trainer and loss named in `given` (or the defaults): its trainer's
// options (learn/trainer_options.cpp), its loss, and the model's own. A trainer the learner lacks, or a loss the
// trainer does not minimise, is an InputError listing the valid (trainer, loss) pairs.
const std::vector<OptionSpec>& binary_learner_options(const std::string& learner, const OptionList& given = {});

// Trains one binary model; `seed` drives the learner's example order (when it has one).
using BinaryTrainer = std::function<std::unique_ptr<BinaryModel>(const BinarySample& data, uint64_t seed)>;

// A trainer for a learner; its options are checked here, once, before any training.
BinaryTrainer make_binary_trainer(const std::string& learner, const OptionList& options);

// How a binary model saved under a learner name of 0.1 reads today: its kind, trainer and loss (the loss is
// empty where 0.1 did not record it: svm-dcd's, which was squared-hinge unless set to hinge). Null for a name
// of today.
struct LearnerUpgrade {
  std::string learner, trainer, loss;
};
std::optional<LearnerUpgrade> learner_of_0_1(const std::string& saved_name);
// The learner name a saved reduction or binary relevance model records, read under today's names.
std::string upgraded_learner_name(const std::string& saved_name);

}  // namespace argmax
