#include "binary/binary_learners.hpp"

#include "binary/kernel_svm.hpp"
#include "binary/linear_learners.hpp"
#include "binary/tree_binary.hpp"

namespace argmax {

namespace {
// The tree's own table (trees/decision_tree.hpp) less its seed, which the reduction passes per column.
std::vector<OptionSpec> tree_options_without_seed() {
  std::vector<OptionSpec> specs;
  for (const OptionSpec& s : tree_options())
    if (s.name != "seed") specs.push_back(s);
  return specs;
}

std::vector<OptionSpec> kernel_svm_options() {
  using T = OptionType;
  std::vector<OptionSpec> specs = {{"C", T::Real, "1", 0, 1e12, true, "cost of a margin violation (hinge, as svm-dcd)"}};
  for (OptionSpec& s : Kernel::option_specs()) specs.push_back(std::move(s));
  specs.push_back({"bias", T::Real, "1", 0, 1e6, false, "b added to the kernel as b² (a constant feature; 0: no intercept)"});
  specs.push_back({"tol", T::Real, "0.1", 0, 1e6, true, "stop when the projected-gradient gap is below this"});
  specs.push_back({"max_iter", T::Integer, "1000", 1, 1e9, false, "passes over the data, at most"});
  return specs;
}
}  // namespace

std::vector<std::string> binary_learner_names() {
  std::vector<std::string> names;
  for (const auto& l : binary_learners()) names.push_back(l.name);
  return names;
}

const std::vector<BinaryLearnerInfo>& binary_learners() {
  using T = OptionType;
  static const std::vector<BinaryLearnerInfo> learners = {
      {"svm-dcd", "linear SVM by dual coordinate descent (LIBLINEAR -s 1 / -s 3)",
       {{"C", T::Real, "1", 0, 1e12, true, "cost of a margin violation"},
        {"loss", T::Choice, "squared-hinge", 0, -1, false, "surrogate loss", {"squared-hinge", "hinge"}},
        {"bias", T::Real, "1", 0, 1e6, false, "value of the constant feature (0: no intercept)"},
        {"tol", T::Real, "0.1", 0, 1e6, true, "stop when the projected-gradient gap is below this"},
        {"max_iter", T::Integer, "1000", 1, 1e9, false, "passes over the data, at most"}}},
      {"svm-kernel", "kernel SVM (hinge) by dual coordinate descent; keeps the support vectors", kernel_svm_options(),
       false, false},
      {"svm-pegasos", "linear SVM (hinge) by Pegasos SGD, averaged",
       {{"lambda", T::Real, "0.0001", 0, 1e6, true, "regularisation lambda/2 ||w||^2"},
        {"epochs", T::Integer, "20", 1, 1e6, false, "passes over the data"},
        {"bias", T::Real, "1", 0, 1e6, false, "value of the constant feature (0: no intercept)"},
        {"average", T::Boolean, "true", 0, -1, false,
         "output the average of all iterates (on a few hundred examples with a tiny lambda the early, huge iterates dominate it: raise lambda or set false)"}}},
      {"logistic", "L2-regularised logistic regression by Newton-CG",
       {{"C", T::Real, "1", 0, 1e12, true, "inverse regularisation strength"},
        {"bias", T::Real, "1", 0, 1e6, false, "value of the constant feature (0: no intercept)"},
        {"tol", T::Real, "0.001", 0, 1, true, "stop when ||grad|| <= tol ||grad at 0||"},
        {"max_iter", T::Integer, "100", 1, 1e6, false, "Newton steps, at most"}}},
      {"perceptron", "perceptron, averaged by default",
       {{"epochs", T::Integer, "10", 1, 1e6, false, "passes over the data"},
        {"bias", T::Real, "1", 0, 1e6, false, "value of the constant feature (0: no intercept)"},
        {"average", T::Boolean, "true", 0, -1, false, "averaged perceptron; false stops at a clean pass"}}},
      {"stump", "decision stump: the single threshold question of least weighted error", {}, true, false},
      {"tree", "CART decision tree; confidence p(+) - p(-) at the leaf", tree_options_without_seed(), true, false},
  };
  return learners;
}

const BinaryLearnerInfo& binary_learner(const std::string& name) {
  std::string known;
  for (const auto& l : binary_learners()) {
    if (l.name == name) return l;
    known += (known.empty() ? "" : ", ") + l.name;
  }
  fail("unknown binary learner '", name, "' (known: ", known, ")");
}

namespace {

// A trainer that gives each binary problem its own seed (the reductions' per-column seeds).
template <class Config, class Train>
BinaryTrainer seeded(const Config& config, Train train) {
  return [config, train](const BinarySample& d, uint64_t seed) {
    Config c = config;
    c.seed = seed;
    return std::unique_ptr<BinaryModel>(train(d, c, {}));
  };
}

}  // namespace

BinaryTrainer make_binary_trainer(const std::string& name, const OptionList& given) {
  const BinaryLearnerInfo& info = binary_learner(name);
  const Options o = Options::parse(info.options, given, name);
  if (name == "svm-dcd") {
    DualSvmConfig c;
    c.C = o.real("C"), c.squared_hinge = o.choice("loss") == "squared-hinge", c.bias = float(o.real("bias"));
    c.tol = o.real("tol"), c.max_iterations = o.integer("max_iter");
    return seeded(c, train_dual_cd_svm);
  }
  if (name == "svm-kernel") {
    KernelSvmConfig c;
    c.kernel = Kernel::from_options(o);
    c.C = o.real("C"), c.bias = o.real("bias"), c.tol = o.real("tol"), c.max_iterations = o.integer("max_iter");
    c.cache_mb = o.real("cache");
    return seeded(c, train_kernel_svm);
  }
  if (name == "svm-pegasos") {
    PegasosSvmConfig c;
    c.lambda = o.real("lambda"), c.epochs = o.integer("epochs"), c.bias = float(o.real("bias"));
    c.average = o.flag("average");
    return seeded(c, train_pegasos_svm);
  }
  if (name == "logistic") {
    LogisticConfig c;
    c.C = o.real("C"), c.bias = float(o.real("bias")), c.tol = o.real("tol"), c.max_iterations = o.integer("max_iter");
    return [c](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_logistic(d, c)); };
  }
  if (name == "perceptron") {
    PerceptronConfig c;
    c.epochs = o.integer("epochs"), c.bias = float(o.real("bias")), c.average = o.flag("average");
    return seeded(c, train_perceptron);
  }
  if (name == "stump") return [](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_stump(d)); };
  return seeded(tree_config_from(o), [](const BinarySample& d, const TreeConfig& c, const ProgressFn&) {
    return train_binary_tree(d, c);
  });
}

}  // namespace argmax
