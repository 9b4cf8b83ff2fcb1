// The binary learners by name, each with its options table, so reductions and the CLI take any of them:
//   svm-dcd, svm-kernel, svm-pegasos, logistic, perceptron, stump, tree.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "binary/binary_model.hpp"
#include "binary/binary_sample.hpp"
#include "core/options.hpp"

namespace argmax {

struct BinaryLearnerInfo {
  std::string name;
  std::string help;
  std::vector<OptionSpec> options;
  bool missing_values = false;  // reads a NaN feature as a missing value (trees); the others reject NaN
  bool linear = true;           // a weight vector, into which feature scaling folds
};

const std::vector<BinaryLearnerInfo>& binary_learners();
const BinaryLearnerInfo& binary_learner(const std::string& name);  // InputError for an unknown name
std::vector<std::string> binary_learner_names();

// Trains one binary model; `seed` drives the learner's example order (when it has one).
using BinaryTrainer = std::function<std::unique_ptr<BinaryModel>(const BinarySample& data, uint64_t seed)>;

// A trainer for a named learner; its options are checked here, once, before any training.
BinaryTrainer make_binary_trainer(const std::string& name, const OptionList& options);

}  // namespace argmax
