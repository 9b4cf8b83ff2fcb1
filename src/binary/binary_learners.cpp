#include "binary/binary_learners.hpp"

#include <algorithm>
#include <map>

#include "binary/kernel_svm.hpp"
#include "binary/linear_learners.hpp"
#include "binary/tree_binary.hpp"
#include "io/quantized_weights.hpp"
#include "learn/trainer_options.hpp"

namespace argmax {

namespace {
// A trainer's table less its seed, which the reductions pass per binary problem.
std::vector<OptionSpec> without_seed(const std::vector<OptionSpec>& specs) {
  std::vector<OptionSpec> out;
  for (const OptionSpec& s : specs)
    if (s.name != "seed") out.push_back(s);
  return out;
}

const char* kDefaultWhy = "LIBLINEAR's dual coordinate descent: exact, and fast on most data";

// The table of `learner` with `trainer`: the trainer and loss options, the trainer's options, the model's own.
std::vector<OptionSpec> compose(const std::string& learner, const std::string& trainer) {
  const BinaryLearnerInfo& info = binary_learner(learner);
  std::vector<OptionSpec> specs = {trainer_option(info.trainers, info.trainers[0],
                                                  learner == "kernel" ? "the kernel SVM's one solver" : kDefaultWhy)};
  const std::vector<std::string> losses = binary_losses(learner, trainer);
  if (!losses.empty()) specs.push_back(loss_option(losses, losses[0]));
  append(specs, without_seed(trainer_options(trainer)));
  if (trainer == "perceptron")
    set_default(specs, "epochs", "10", "one binary problem of a reduction among many: ten passes reach the plateau");
  if (learner == "kernel") {  // (its intercept is LIBSVM's: free, not regularised)
    set_default(specs, "eps", "0.001", "LIBSVM's -e: the machines of svm-train");
    append(specs, Kernel::option_specs());
  } else {
    specs.push_back(real_option("bias", "1", 0, 1e6, "value of the constant feature (0: no intercept)"));
    specs.push_back(weight_bits_option());
  }
  return specs;
}

// "dcd with squared-hinge or hinge; newton with log; …" for an error that lists the valid pairs.
std::string pairs_of(const BinaryLearnerInfo& info) {
  std::vector<std::string> pairs;
  for (const std::string& t : info.trainers) {
    const std::vector<std::string> losses = binary_losses(info.name, t);
    pairs.push_back("trainer '" + t + "' with " + (losses.empty() ? "no loss option (its own)" : "loss " + join(losses, " or ")));
  }
  return join(pairs, "; ");
}
}  // namespace

std::vector<std::string> binary_learner_names() {
  std::vector<std::string> names;
  for (const auto& l : binary_learners()) names.push_back(l.name);
  return names;
}

const std::vector<BinaryLearnerInfo>& binary_learners() {
  static const std::vector<BinaryLearnerInfo> learners = {
      {"linear", "f(x) = ⟨w, x⟩ + b, trained by dcd, newton, pegasos or the perceptron",
       {"dcd", "newton", "pegasos", "perceptron"}},
      {"kernel", "f(x) = Σ α_i y_i K(x_i, x) + b by dcd on the hinge; keeps the support vectors", {"dcd"}},
      {"stump", "decision stump: the single threshold question of least weighted error", {}, true, false},
      {"tree", "CART decision tree; confidence p(+) - p(-) at the leaf", {}, true, false},
  };
  return learners;
}

const BinaryLearnerInfo& binary_learner(const std::string& name) {
  for (const auto& l : binary_learners())
    if (l.name == name) return l;
  refuse_renamed_value("learner", name);
  fail("unknown binary learner '", name, "' (known: ", join(binary_learner_names()), ")");
}

std::vector<std::string> binary_losses(const std::string& learner, const std::string& trainer) {
  if (learner == "kernel") return {"hinge"};
  if (trainer == "dcd") return {"squared-hinge", "hinge"};
  if (trainer == "newton") return {"log"};
  if (trainer == "pegasos") return {"hinge"};
  return {};
}

const std::vector<OptionSpec>& binary_learner_options(const std::string& learner, const OptionList& given) {
  const BinaryLearnerInfo& info = binary_learner(learner);
  const std::string owner = "the " + learner + " binary learner";
  if (info.trainers.empty()) {
    for (const auto& kv : given)
      require(kv.first != "trainer" && kv.first != "loss", owner, " is grown greedily, not trained on a loss: leave out '",
              kv.first, "'");
    static const std::vector<OptionSpec> stump;
    static const std::vector<OptionSpec> tree = without_seed(tree_options());
    return learner == "tree" ? tree : stump;
  }
  const std::string trainer = chosen(given, "trainer", info.trainers[0], info.trainers, owner);
  const std::vector<std::string> losses = binary_losses(learner, trainer);
  for (const auto& kv : given)
    require(kv.first != "loss" || std::find(losses.begin(), losses.end(), kv.second) != losses.end(), "loss '",
            kv.second, "' with trainer '", trainer, "' is not ", owner, "; the valid pairs: ", pairs_of(info));
  static const std::map<std::string, TrainerTables> tables = [] {
    std::map<std::string, TrainerTables> t;
    for (const auto& l : binary_learners())
      if (!l.trainers.empty())
        t.emplace(l.name, TrainerTables(l.trainers, [&l](const std::string& tr) { return compose(l.name, tr); },
                                        "the " + l.name + " binary learner"));
    return t;
  }();
  return tables.at(learner).of(trainer);
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

BinaryTrainer make_binary_trainer(const std::string& learner, const OptionList& given) {
  const Options o = Options::parse(binary_learner_options(learner, given), given, "the " + learner + " binary learner");
  if (learner == "stump")
    return [](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_stump(d)); };
  if (learner == "tree")
    return seeded(tree_config_from(o), [](const BinarySample& d, const TreeConfig& c, const ProgressFn&) {
      return train_binary_tree(d, c);
    });
  if (learner == "kernel") {
    KernelSvmConfig c;
    c.kernel = Kernel::from_options(o);
    c.C = o.real("C"), c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter");
    c.cache_mb = o.real("cache");
    return [c](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_kernel_svm(d, c)); };
  }
  const std::string& trainer = o.choice("trainer");
  const int bits = int(o.integer("weightBits"));
  check_weight_bits(bits);  // (before any training)
  if (trainer == "dcd") {
    DualSvmConfig c;
    c.C = o.real("C"), c.squared_hinge = o.choice("loss") == "squared-hinge", c.bias = float(o.real("bias"));
    c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter"), c.weight_bits = bits;
    return seeded(c, train_dual_cd_svm);
  }
  if (trainer == "newton") {
    LogisticConfig c;
    c.C = o.real("C"), c.bias = float(o.real("bias")), c.tol = o.real("eps"), c.max_iterations = o.integer("maxIter");
    c.weight_bits = bits;
    return [c](const BinarySample& d, uint64_t) { return std::unique_ptr<BinaryModel>(train_logistic(d, c)); };
  }
  // pegasos or perceptron
  OnlineConfig c = online_config(o);
  c.stop_when_no_update = trainer == "perceptron" && !c.average;  // the plain batch perceptron stops at a clean pass
  const float bias = float(o.real("bias"));
  return [c, bias, bits](const BinarySample& d, uint64_t seed) {
    OnlineConfig run = c;
    run.seed = seed;
    return std::unique_ptr<BinaryModel>(train_online_binary(d, run, bias, {}, bits));
  };
}

std::optional<LearnerUpgrade> learner_of_0_1(const std::string& saved_name) {
  const RenamedValue* r = renamed_value("learner", saved_name);
  if (!r) return std::nullopt;
  LearnerUpgrade u{r->now, binary_learner(r->now).trainers[0], ""};
  for (const auto& [key, value] : r->with) (key == "trainer" ? u.trainer : u.loss) = value;
  return u;
}

std::string upgraded_learner_name(const std::string& saved_name) {
  if (saved_name == "custom") return saved_name;  // a caller's own trainer
  const auto upgrade = learner_of_0_1(saved_name);
  const std::string name = upgrade ? upgrade->learner : saved_name;
  for (const auto& l : binary_learners())
    if (l.name == name) return name;
  fail("model bytes are corrupt or from a newer version (unknown binary learner '", saved_name, "')");
}

}  // namespace argmax
