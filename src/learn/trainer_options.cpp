#include "learn/trainer_options.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace argmax {
namespace {

constexpr double kHuge = 1e300;

template <class Info>
const Info& find_named(const std::vector<Info>& catalogue, const std::string& name) {
  for (const Info& i : catalogue)
    if (i.name == name) return i;
  throw std::logic_error("not in the catalogue: " + name);
}

// "name (help); name (help)" for the choices of an option, from a catalogue.
template <class Info>
std::string choices_help(const std::vector<Info>& catalogue, const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : "; ") + n + " = " + find_named(catalogue, n).help;
  return out;
}

OptionSpec C_option() {
  return positive_option("C", "1", kHuge, "cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c)");
}
OptionSpec eps_option(const char* default_value, const char* help) {
  return positive_option("eps", default_value, kHuge, help);
}
OptionSpec max_iter_option(const char* default_value, const char* help) {
  return integer_option("maxIter", default_value, 1, 1e9, help);
}
OptionSpec epochs_option() { return integer_option("epochs", "20", 1, 1e6, "passes over the training data"); }
OptionSpec average_option() {
  return boolean_option("average", "true", "output the average of the iterates");
}

}  // namespace

const std::vector<TrainerInfo>& trainer_catalogue() {
  static const std::vector<TrainerInfo> trainers = {
      {"sgd", "stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5)", true},
      {"pegasos", "stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos)", true},
      {"perceptron", "the perceptron (Rosenblatt; Collins for structures), optionally averaged", true},
      {"cutting-plane", "1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf)", false},
      {"bcfw", "block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.)", false},
      {"dcd", "dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels)", false},
      {"lbfgs", "L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of "
                "the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples)", false},
      {"newton", "trust-region Newton-CG (LIBLINEAR -s 0)", false},
  };
  return trainers;
}

bool is_online_trainer(const std::string& trainer) {
  for (const auto& t : trainer_catalogue())
    if (t.name == trainer) return t.online;
  return false;
}

bool is_exact_trainer(const std::string& trainer) { return trainer == "cutting-plane" || trainer == "bcfw"; }

const std::vector<LossInfo>& loss_catalogue() {
  static const std::vector<LossInfo> losses = {
      {"hinge", "the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩))"},
      {"slack", "the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩)"},
      {"sum", "the sum of hinges over the other classes (Weston–Watkins)"},
      {"squared-hinge", "the squared hinge (LIBLINEAR's L2-loss SVM)"},
      {"log", "the log loss −log p(y|x) (logistic regression, CRF)"},
      {"softmax-margin", "the log loss with the cost Δ inside the partition function (Gimpel and Smith)"},
      {"squared", "the squared error of each score against its target (pointwise regression)"},
  };
  return losses;
}

OptionSpec trainer_option(const std::vector<std::string>& names, const std::string& default_value, const std::string& why) {
  std::vector<std::string> named;  // "auto" (a task's own choice among them) is explained by `why`
  for (const auto& n : names)
    if (n != "auto") named.push_back(n);
  return choice_option("trainer", default_value, names,
          "the optimiser: " + choices_help(trainer_catalogue(), named) + "; default " + default_value + ": " + why);
}

OptionSpec loss_option(const std::vector<std::string>& names, const std::string& default_value) {
  return choice_option("loss", default_value, names,
          "the objective: " + choices_help(loss_catalogue(), names));
}

OptionSpec seed_option(const std::string& what) {
  return integer_option("seed", "1", 0, 4294967295.0, "random seed (" + what + ")");
}

OptionSpec l1_option() {
  return real_option("l1", "0", 0, 1e6,
          "L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model");
}

std::vector<OptionSpec> trainer_options(const std::string& trainer) {
  if (trainer == "sgd")
    return {real_option("eta", "0.1", 0, kHuge, "the constant step size (0: computed from the data, where the task can: Multiclass)"),
            real_option("lambda", "0", 0, kHuge, "regularisation λ/2‖w‖² (0 = none)"),
            epochs_option(), average_option(), seed_option("example order")};
  if (trainer == "pegasos")
    return {real_option("lambda", "0", 0, kHuge,
             "regularisation λ in λ/2‖w‖² + mean loss; 0 = 1/m for m examples: the SVM ½‖w‖² + C·Σ loss with C = 1"),
            epochs_option(), average_option(), seed_option("example order")};
  if (trainer == "perceptron") return {epochs_option(), average_option(), seed_option("example order")};
  if (trainer == "cutting-plane")
    return {C_option(), eps_option("0.001", "stop when the certified primal–dual gap is ≤ eps·C·m (m examples)"),
            max_iter_option("1000", "cap on cutting-plane rounds")};
  if (trainer == "bcfw")
    return {C_option(), eps_option("0.001", "stop when the certified primal–dual gap is ≤ eps·C·m (m examples)"),
            max_iter_option("1000", "cap on passes over the examples"),
            boolean_option("average", "true", "output the weighted average of the iterates"),
            seed_option("example order")};
  if (trainer == "dcd")
    return {C_option(), eps_option("0.1", "stopping tolerance on the dual (LIBLINEAR's -e)"),
            max_iter_option("1000", "cap on passes over the examples")};
  // Two spellings of one L2 term: lbfgs minimises CRFsuite's sum form, whose c2 = 1 means the same at any number
  // of examples m; the online trainers step on the mean form, where λ sets the step 1/(λt). λ = 2·c2/m.
  if (trainer == "lbfgs")
    return {max_iter_option("1000", "cap on L-BFGS iterations (the delta rule ends a run first)"),
            real_option("c2", "1", 0, 1e9,
             "L2 weight c2 in Σ_i ℓ_i + c1·|w|₁ + c2·‖w‖², CRFsuite's sum form (its default means the same at any m); the "
             "online trainers' lambda is the mean form: λ = 2·c2/m for m examples"),
            real_option("c1", "0", 0, 1e9,
             "L1 weight c1 in Σ_i ℓ_i + c1·|w|₁ + c2·‖w‖² by OWL-QN (Andrew & Gao 2007; CRFsuite's c1), on the emission "
             "weights: exact zeros, dropped from the model; the online trainers' l1 is the mean form: l1 = c1/m"),
            integer_option("period", "10", 1, 1e6, "the delta rule's window in iterations (CRFsuite's)"),
            real_option("delta", "1e-5", 0, 1,
             "stop when f fell by less than delta·|f| over period iterations (CRFsuite's rule; 0: off)")};
  if (trainer == "newton")
    return {C_option(), eps_option("0.001", "stop when ‖∇‖ ≤ eps·‖∇ at w = 0‖ (LIBLINEAR's -e)"),
            max_iter_option("100", "cap on Newton steps")};
  throw std::logic_error("trainer not declared: " + trainer);
}

TrainerTables::TrainerTables(std::vector<std::string> trainers,
                             const std::function<std::vector<OptionSpec>(const std::string&)>& compose, std::string owner)
    : trainers_(std::move(trainers)), owner_(std::move(owner)) {
  for (const auto& t : trainers_) tables_[t] = compose(t);
  for (const OptionSpec& s : tables_.at(trainers_.at(0)))
    if (s.name == "trainer") default_trainer_ = s.default_value;
}

const std::vector<OptionSpec>& TrainerTables::of(const std::string& trainer) const {
  auto it = tables_.find(trainer.empty() ? default_trainer_ : trainer);
  require(it != tables_.end(), "unknown trainer '", trainer, "' for ", owner_, " (known: ", join(trainers_), ")");
  return it->second;
}

std::string TrainerTables::chosen(const OptionList& given) const {
  return argmax::chosen(given, "trainer", default_trainer_, trainers_, owner_);
}

std::string chosen(const OptionList& given, const std::string& name, const std::string& default_value,
                   const std::vector<std::string>& known, const std::string& owner) {
  std::string value = default_value;
  for (const auto& kv : given)
    if (kv.first == name) value = kv.second;
  require(std::find(known.begin(), known.end(), value) != known.end(), "unknown ", name, " '", value, "' for ", owner,
          " (known: ", join(known), ")");
  return value;
}

Surrogate surrogate_named(const std::string& loss) {
  if (loss == "slack") return Surrogate::SlackRescaled;
  if (loss == "sum") return Surrogate::SumOfHinges;
  if (loss == "log") return Surrogate::LogLoss;
  if (loss == "softmax-margin") return Surrogate::SoftmaxMargin;
  return Surrogate::MarginRescaled;
}

int min_default_steps(const Options& o) {
  constexpr int kMinDefaultSteps = 1000;
  return o.given("epochs") ? 0 : kMinDefaultSteps;
}

OnlineConfig online_config(const Options& o) {
  const std::string& trainer = o.choice("trainer");
  OnlineConfig c;
  c.epochs = o.integer("epochs");
  c.min_steps = min_default_steps(o);
  c.average = o.flag("average");
  if (o.has("seed")) c.seed = o.seed();  // (a binary learner's seed is given per problem)
  if (trainer == "perceptron") {
    c.surrogate = Surrogate::Perceptron, c.eta = 1.0, c.lambda = 0;
    return c;
  }
  c.surrogate = surrogate_named(o.choice("loss"));
  c.lambda = o.real("lambda");
  if (trainer == "pegasos") c.step_size = StepSize::Pegasos;
  else c.step_size = StepSize::Constant, c.eta = o.real("eta");
  return c;
}

StructuredSvmConfig exact_config(const Options& o) {
  StructuredSvmConfig c;
  c.C = o.real("C"), c.eps = o.real("eps"), c.max_iterations = o.integer("maxIter");
  c.surrogate = surrogate_named(o.choice("loss"));
  if (o.choice("trainer") == "bcfw") c.average = o.flag("average"), c.seed = o.seed();
  return c;
}

}  // namespace argmax
