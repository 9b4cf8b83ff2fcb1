#include "binary/binary_learners.hpp"

#include "binary/kernel_svm.hpp"
#include "binary/linear_learners.hpp"
#include "binary/tree_binary.hpp"
#include "learn/trainer_options.hpp"

namespace argmax {

namespace {
// A learner's table less its seed, which the reductions pass per binary problem.
std::vector<OptionSpec> without_seed(const std::vector<OptionSpec>& specs) {
  std::vector<OptionSpec> out;
  for (const OptionSpec& s : specs)
    if (s.name != "seed") out.push_back(s);
  return out;
}

OptionSpec bias_option() {
  return {"bias", OptionType::Real, "1", 0, 1e6, false, "value of the constant feature (0: no intercept)"};
}

// Each learner's table: its trainer's options (learn/trainer_options.cpp), its loss and its bias.
std::vector<OptionSpec> learner_options(const std::string& trainer, std::vector<OptionSpec> own) {
  std::vector<OptionSpec> specs = std::move(own);
  append(specs, without_seed(trainer_options(trainer)));
  specs.push_back(bias_option());
  return specs;
}

std::vector<OptionSpec> kernel_svm_options() {
  std::vector<OptionSpec> specs = without_seed(trainer_options("dcd"));
  append(specs, Kernel::option_specs());
  specs.push_back({"bias", OptionType::Real, "1", 0, 1e6, false,
                   "b added to the kernel as b² (a constant feature; 0: no intercept)"});
  return specs;
}

std::vector<OptionSpec> perceptron_options() {
  std::vector<OptionSpec> specs = learner_options("perceptron", {});
  set_default(specs, "epochs", "10", "one binary problem of a reduction among many: ten passes reach the plateau");
  return specs;
}
}  // namespace

std::vector<std::string> binary_learner_names() {
  std::vector<std::string> names;
  for (const auto& l : binary_learners()) names.push_back(l.name);
  return names;
}

const std::vector<BinaryLearnerInfo>& binary_learners() {
  static const std::vector<BinaryLearnerInfo> learners = {
      {"svm-dcd", "linear SVM, trainer dcd (LIBLINEAR -s 1 / -s 3)",
       learner_options("dcd", {loss_option({"squared-hinge", "hinge"}, "squared-hinge")})},
      {"svm-kernel", "kernel SVM (hinge), trainer dcd; keeps the support vectors", kernel_svm_options(), false, false},
      {"svm-pegasos", "linear SVM (hinge), trainer pegasos", learner_options("pegasos", {})},
      {"logistic", "L2-regularised logistic regression (log loss), trainer newton", learner_options("newton", {})},
      {"perceptron", "the perceptron, averaged by default", perceptron_options()},
      {"stump", "decision stump: the single threshold question of least weighted error", {}, true, false},
      {"tree", "CART decision tree; confidence p(+) - p(-) at the leaf", without_seed(tree_options()), true, false},
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
    c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter");
    return seeded(c, train_dual_cd_svm);
  }
  if (name == "svm-kernel") {
    KernelSvmConfig c;
    c.kernel = Kernel::from_options(o);
    c.C = o.real("C"), c.bias = o.real("bias"), c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter");
    c.cache_mb = o.real("cache");
    return [c](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_kernel_svm(d, c)); };
  }
  if (name == "svm-pegasos") {
    PegasosSvmConfig c;
    c.lambda = o.real("lambda"), c.epochs = o.integer("epochs"), c.bias = float(o.real("bias"));
    c.average = o.flag("average");
    return seeded(c, train_pegasos_svm);
  }
  if (name == "logistic") {
    LogisticConfig c;
    c.C = o.real("C"), c.bias = float(o.real("bias")), c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter");
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
