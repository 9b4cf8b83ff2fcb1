// The vocabulary every task speaks: the option `loss` names the objective, the option `trainer` the optimiser,
// and each trainer declares the options it reads, once. A model's option table is the composition of its task's
// options, its loss option and its trainer's options, so a default or a bound lives in one place and a trainer
// serves every task whose problem fits it. One dispatch (train_exact) maps (problem, trainer) to the solver.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "learn/bcfw.hpp"
#include "learn/cutting_plane.hpp"
#include "learn/online.hpp"

namespace argmax {

struct TrainerInfo {
  std::string name, help;
  bool online;  // one example per step: parameter mixing applies
};
// Every trainer of the library: sgd, pegasos, perceptron, cutting-plane, bcfw, dcd, lbfgs, newton.
const std::vector<TrainerInfo>& trainer_catalogue();
bool is_online_trainer(const std::string& trainer);
bool is_exact_trainer(const std::string& trainer);  // cutting-plane, bcfw: certified primal–dual gap

struct LossInfo {
  std::string name, help;
};
// Every objective: hinge, slack, sum, squared-hinge, log, softmax-margin, squared.
const std::vector<LossInfo>& loss_catalogue();

// The option `trainer` among `names` (a task's trainers), defaulting to `default_value`; `why` says why that default.
OptionSpec trainer_option(const std::vector<std::string>& names, const std::string& default_value, const std::string& why);
// The option `loss` among `names`, defaulting to `default_value`.
OptionSpec loss_option(const std::vector<std::string>& names, const std::string& default_value);
// The options the trainer reads, with the library's defaults (tasks change them with set_default).
std::vector<OptionSpec> trainer_options(const std::string& trainer);
OptionSpec seed_option(const std::string& what);  // "random seed (what)"
// The online trainers' l1: the weight c of the cumulative L1 penalty (learn/l1_penalty.hpp).
OptionSpec l1_option();

// A task's option tables, one per trainer, composed once; asking for another trainer is an InputError that
// names the known ones. The default trainer is the one place it is written: the default of the tables' `trainer`
// option.
class TrainerTables {
 public:
  TrainerTables(std::vector<std::string> trainers, const std::function<std::vector<OptionSpec>(const std::string&)>& compose,
                std::string owner);
  // A trainer's table; the empty name gives the default trainer's.
  const std::vector<OptionSpec>& of(const std::string& trainer) const;
  const std::vector<std::string>& trainers() const { return trainers_; }
  // The trainer that `given` names, or the default one.
  std::string chosen(const OptionList& given) const;

 private:
  std::vector<std::string> trainers_;
  std::map<std::string, std::vector<OptionSpec>> tables_;
  std::string owner_;
  std::string default_trainer_;
};

// The trainer named in `given`, or `default_value`; an unknown one is an InputError naming the known ones.
std::string chosen(const OptionList& given, const std::string& name, const std::string& default_value,
                   const std::vector<std::string>& known, const std::string& owner);

Surrogate surrogate_named(const std::string& loss);
// An online trainer's configuration from its options (sgd, pegasos, perceptron), for every task and the binary
// learners; the loss from `loss`.
OnlineConfig online_config(const Options& o);
// The least number of steps an online trainer takes when `epochs` is not given (OnlineConfig::min_steps): with
// few examples the default epochs are few steps (a ranker of 10 queries ranked 10,000 documents with NDCG@10
// 0.60 after 20 steps and 1.00 after 100; 20 epochs of Pegasos over 9 examples mispredicted one).
int min_default_steps(const Options& o);
// An exact trainer's configuration (cutting-plane, bcfw).
StructuredSvmConfig exact_config(const Options& o);

// The one dispatch to the exact structured SVM solvers.
template <class Problem>
std::vector<float> train_exact(const Problem& problem, const std::string& trainer, const StructuredSvmConfig& config,
                               const ProgressFn& progress, TrainingReport* report) {
  return trainer == "bcfw" ? train_bcfw(problem, config, progress, report)
                           : train_cutting_plane(problem, config, progress, report);
}

}  // namespace argmax
