// The option vocabulary of 0.2.0 (learn/trainer_options.hpp, core/options.hpp): one option `trainer` names the
// optimiser and one option `loss` the objective in every task, option names are camelCase, a name of 0.1 is
// refused with its replacement, an option the chosen trainer does not read is refused, a default that differs
// between tables says why, and models saved with 0.1's names still load. The expectations are written by
// hand from the renaming (not copied from a run).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <cctype>
#include <string>
#include <tuple>
#include <vector>

#include "binary/binary_learners.hpp"
#include "boosting/adaboost_mh.hpp"
#include "core/error.hpp"
#include "core/options.hpp"
#include "io/bytes.hpp"
#include "learn/trainer_options.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "ranking/ranker.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "sequence/sequence_model.hpp"
#include "sequence/sequence_trainer.hpp"
#include "trees/decision_tree.hpp"
#include "clusters.hpp"

using namespace argmax;

namespace {

// Every trainer table of every task, named "task/trainer".
struct Table {
  std::string name;
  const std::vector<OptionSpec>* specs;
};

const std::vector<std::string> kSequenceTrainers = {"perceptron", "sgd", "pegasos", "cutting-plane", "bcfw", "lbfgs"};

std::vector<Table> all_tables() {
  std::vector<Table> out;
  for (const auto& t : LinearMulticlass::trainers()) out.push_back({"multiclass/" + t, &LinearMulticlass::options_of(t)});
  for (const auto& t : kSequenceTrainers) out.push_back({"sequence/" + t, &sequence_options(t)});
  out.push_back({"ranking", &Ranker::option_specs()});
  for (const auto& l : binary_learners()) {
    for (const auto& t : l.trainers) out.push_back({"binary/" + l.name + "/" + t, &binary_learner_options(l.name, {{"trainer", t}})});
    if (l.trainers.empty()) out.push_back({"binary/" + l.name, &binary_learner_options(l.name)});
  }
  out.push_back({"kernel-multiclass", &KernelMulticlass::options_table()});
  return out;
}

// The other tables of the library, for the camelCase check.
std::vector<Table> other_tables() {
  return {{"reduction", &reduction_options()}, {"binary-relevance", &binary_relevance_options()},
          {"tree", &tree_options()}, {"adaboost-mh", &adaboost_mh_options()}};
}

const OptionSpec* find_spec(const std::vector<OptionSpec>& specs, const std::string& name) {
  for (const auto& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

std::set<std::string> trainer_names() {
  std::set<std::string> out;
  for (const auto& t : trainer_catalogue()) out.insert(t.name);
  return out;
}

std::set<std::string> loss_names() {
  std::set<std::string> out;
  for (const auto& l : loss_catalogue()) out.insert(l.name);
  return out;
}

// The help a declaration had before with_default added its reason ("…; default X here: why").
std::string base_help(const std::string& help) {
  const size_t at = help.find("; default ");
  return at == std::string::npos ? help : help.substr(0, at);
}

std::string value_of(const OptionList& options, const std::string& key) {
  for (const auto& kv : options)
    if (kv.first == key) return kv.second;
  return "(absent)";
}

int count_of(const OptionList& options, const std::string& key) {
  return int(std::count_if(options.begin(), options.end(), [&key](const auto& kv) { return kv.first == key; }));
}

// A small tagging task: the tag of a word is its own upper case.
void tagging_task(Sentences& tokens, Sentences& tags) {
  tokens = {{"a", "b", "c"}, {"b", "a"}, {"c", "c", "a", "b"}, {"a"}, {"b", "c"}};
  tags.clear();
  for (const auto& s : tokens) {
    std::vector<std::string> t;
    for (const auto& w : s) t.push_back(w == "a" ? "A" : w == "b" ? "B" : "C");
    tags.push_back(t);
  }
}

// Two queries of four documents whose relevance is the first feature.
struct TinyQueries {
  std::vector<float> x = {3, 0, 2, 1, 1, 0, 0, 1, 2, 1, 3, 0, 1, 1, 0, 0};
  std::vector<float> relevance = {3, 2, 1, 0, 2, 3, 1, 0};
  QuerySet view() const {
    QuerySet q;
    q.features = Rows::dense(x.data(), 8, 2);
    q.relevance = relevance.data();
    q.offsets = {0, 4, 8};
    return q;
  }
};

}  // namespace

TEST_CASE("an option added after a release is saved only away from its former value, and reads back at it", "[options][vocabulary]") {
  // startWords (text vectorizer, before it: 0) and lexiconFolds (tagger, before it: 1); other options at 0 or 1 stay.
  const OptionList trained = {{"hashBits", "0"}, {"startWords", "0"}, {"lexiconFolds", "1"}, {"minCount", "1"}};
  CHECK(without_former_values(trained) == OptionList{{"hashBits", "0"}, {"minCount", "1"}});
  const OptionList other = {{"startWords", "2"}, {"lexiconFolds", "10"}};
  CHECK(without_former_values(other) == other);
  // read back: an added option the table declares and the bytes lack comes back at its former value, after the rest
  const std::vector<OptionSpec> table = {integer_option("hashBits", "20", 0, 24, "h"),
                                         integer_option("startWords", "2", 0, 8, "s")};
  CHECK(with_former_values({{"hashBits", "0"}}, table) == OptionList{{"hashBits", "0"}, {"startWords", "0"}});
  CHECK(with_former_values({{"startWords", "3"}}, table) == OptionList{{"startWords", "3"}});
  CHECK(with_former_values({}, {integer_option("lexiconFolds", "1", 1, 100, "k")}) == OptionList{{"lexiconFolds", "1"}});
}

TEST_CASE("an option name of 0.1 is refused in every task with a message naming its replacement", "[options][vocabulary]") {
  const Clusters d = clusters(30, 3, 2, 0.5, 1);
  // Linear multiclass: the algorithm is now the option trainer; max_iter is maxIter, rff_seed rffSeed.
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"max_iter", "10"}}, {}),
                    Catch::Contains("'max_iter' was renamed in 0.2.0: use 'maxIter'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"algo", "cs"}}, {}),
                    Catch::Contains("'algo' was renamed in 0.2.0") && Catch::Contains("'trainer'") &&
                        Catch::Contains("'loss'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "sgd"}, {"rff", "4"}, {"rff_seed", "2"}}, {}),
                    Catch::Contains("use 'rffSeed'"));
  CHECK_THROWS_AS(LinearMulticlass::train(d.rows(), d.y, {{"max_iter", "10"}}, {}), InputError);
  // The old name of the Crammer–Singer solver is no trainer.
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "cs"}}, {}), Catch::Contains("unknown trainer 'cs'"));
  // Kernel multiclass.
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "rbf"}, {"max_iter", "5"}}, {}),
                    Catch::Contains("use 'maxIter'"));
  // Sequence taggers: algo splits into trainer and loss, solver is a trainer, iterations is maxIter.
  Sentences tokens, tags;
  tagging_task(tokens, tags);
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"algo", "crf"}}),
                    Catch::Contains("'algo' was renamed in 0.2.0") && Catch::Contains("'trainer'") &&
                        Catch::Contains("'loss'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"solver", "sgd"}}), Catch::Contains("'solver' was renamed") &&
                                                                         Catch::Contains("'trainer'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"iterations", "5"}}), Catch::Contains("use 'maxIter'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"hash_bits", "10"}}), Catch::Contains("use 'hashBits'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"min_count", "2"}}), Catch::Contains("use 'minCount'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"lexicon_min_count", "2"}}), Catch::Contains("use 'lexiconMinCount'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"weight_bits", "8"}}), Catch::Contains("use 'weightBits'"));
  // Ranking: algo is now the measure (and pointwise the loss squared).
  const TinyQueries q;
  CHECK_THROWS_WITH(Ranker::train(q.view(), {{"algo", "ndcg"}}), Catch::Contains("'algo' was renamed in 0.2.0") &&
                                                                     Catch::Contains("'measure'"));
  CHECK_THROWS_WITH(Ranker::train(q.view(), {{"trainer", "cutting-plane"}, {"max_iter", "5"}}), Catch::Contains("use 'maxIter'"));
  // Binary learners: tol is eps, max_iter maxIter; trees max_depth, min_leaf, cv_folds.
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"tol", "0.01"}}), Catch::Contains("'tol' was renamed in 0.2.0: use 'eps'"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "newton"}, {"max_iter", "5"}}), Catch::Contains("use 'maxIter'"));
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"tol", "0.01"}}), Catch::Contains("use 'eps'"));
  CHECK_THROWS_WITH(make_binary_trainer("tree", {{"max_depth", "3"}}), Catch::Contains("use 'maxDepth'"));
  CHECK_THROWS_WITH(make_binary_trainer("tree", {{"min_leaf", "3"}}), Catch::Contains("use 'minLeaf'"));
  CHECK_THROWS_WITH(make_binary_trainer("tree", {{"cv_folds", "3"}}), Catch::Contains("use 'cvFolds'"));
  // Reductions: the code's options.
  CHECK_THROWS_WITH(Options::parse(reduction_options(), {{"code_size", "5"}}, "reduction"), Catch::Contains("use 'codeSize'"));
  CHECK_THROWS_WITH(Options::parse(reduction_options(), {{"code_kernel", "rbf"}}, "reduction"), Catch::Contains("use 'codeKernel'"));
  CHECK_THROWS_WITH(Options::parse(reduction_options(), {{"code_gamma", "1"}}, "reduction"), Catch::Contains("use 'codeGamma'"));
  CHECK_THROWS_WITH(Options::parse(reduction_options(), {{"code_C", "1"}}, "reduction"), Catch::Contains("use 'codeC'"));
  // Every rename the brief of 0.2.0 lists is in the table of renames, with the new name.
  const std::map<std::string, std::string> plain = {
      {"max_iter", "maxIter"}, {"tol", "eps"}, {"rff_seed", "rffSeed"}, {"hash_bits", "hashBits"},
      {"min_count", "minCount"}, {"lexicon_min_count", "lexiconMinCount"}, {"weight_bits", "weightBits"},
      {"global_words", "globalWords"}, {"max_depth", "maxDepth"}, {"min_leaf", "minLeaf"}, {"cv_folds", "cvFolds"},
      {"code_size", "codeSize"}, {"code_kernel", "codeKernel"}, {"code_gamma", "codeGamma"}, {"code_C", "codeC"}};
  for (const auto& entry : plain) {  // (clang 14, which the wasm build uses, cannot capture a structured binding)
    const std::string& old = entry.first;
    const std::string& now = entry.second;
    INFO(old);
    const auto& r = renamed_options();
    const auto it = std::find_if(r.begin(), r.end(), [&old](const RenamedOption& x) { return x.old == old; });
    REQUIRE(it != r.end());
    CHECK(it->now == now);
  }
  // L-BFGS's cap of 0.1 is maxIter too, but 0.1 taggers saved it beside max_iter, so their loader picks one.
  const auto& r = renamed_options();
  const auto iterations = std::find_if(r.begin(), r.end(), [](const RenamedOption& x) { return x.old == "iterations"; });
  REQUIRE(iterations != r.end());
  CHECK(iterations->instead == "'maxIter'");
}

TEST_CASE("every trainer table speaks the vocabulary: camelCase names, trainer and loss from the catalogues", "[options][vocabulary]") {
  const std::set<std::string> trainers = trainer_names(), losses = loss_names();
  std::vector<Table> tables = all_tables();
  for (const Table& t : other_tables()) tables.push_back(t);
  for (const Table& t : tables) {
    INFO(t.name);
    std::set<std::string> seen;
    for (const OptionSpec& s : *t.specs) {
      INFO(s.name);
      CHECK(s.name.find('_') == std::string::npos);
      CHECK(!s.name.empty());
      CHECK(std::islower(static_cast<unsigned char>(s.name[0])) + (s.name == "C" || s.name == "B") > 0);
      CHECK(seen.insert(s.name).second);  // declared once per table
      // No table declares a name of 0.1 that 0.2 renamed.
      for (const auto& r : renamed_options()) CHECK(s.name != r.old);
    }
  }
  for (const Table& t : all_tables()) {
    INFO(t.name);
    const std::vector<OptionSpec>& specs = *t.specs;
    const OptionSpec* trainer = find_spec(specs, "trainer");
    // Trees and stumps are grown, not trained; every other table names its trainer.
    const bool grown = t.name == "binary/tree" || t.name == "binary/stump";
    if (!grown) REQUIRE(trainer != nullptr);
    if (trainer) {
      CHECK(trainer->type == OptionType::Choice);
      CHECK(std::find(trainer->choices.begin(), trainer->choices.end(), trainer->default_value) != trainer->choices.end());
      for (const auto& c : trainer->choices) {
        INFO(c);
        // The ranker's auto resolves to a trainer of the catalogue (cutting-plane or sgd, by measure).
        CHECK((trainers.count(c) || (t.name == "ranking" && c == "auto")));
      }
    }
    // The table of trainer T is T's: its trainer option's default (the trainer it is the table of) where the
    // table is per trainer.
    const size_t slash = t.name.rfind('/');
    if (!grown && slash != std::string::npos) {
      const std::string own = t.name.substr(slash + 1);
      CHECK(std::find(trainer->choices.begin(), trainer->choices.end(), own) != trainer->choices.end());
      // Every option the trainer declares is in its table (a task may change the default, never drop one).
      for (const OptionSpec& o : trainer_options(own)) {
        INFO("trainer option " << o.name);
        if (o.name == "seed" && t.name.rfind("binary/", 0) == 0) continue;  // a reduction seeds each binary problem
        CHECK(find_spec(specs, o.name) != nullptr);
      }
    }
    if (const OptionSpec* loss = find_spec(specs, "loss")) {
      CHECK(loss->type == OptionType::Choice);
      CHECK(!loss->choices.empty());
      CHECK(std::find(loss->choices.begin(), loss->choices.end(), loss->default_value) != loss->choices.end());
      for (const auto& c : loss->choices) {
        INFO(c);
        CHECK(losses.count(c) == 1);
      }
    }
  }
  // The tables hand-checked: which trainers read a loss, and which losses.
  CHECK(find_spec(LinearMulticlass::options_of("perceptron"), "loss") == nullptr);
  CHECK(find_spec(sequence_options("perceptron"), "loss") == nullptr);
  CHECK(find_spec(LinearMulticlass::options_of("dcd"), "loss")->choices == std::vector<std::string>{"hinge"});
  CHECK(find_spec(sequence_options("lbfgs"), "loss")->choices == std::vector<std::string>{"log", "softmax-margin"});
  CHECK(find_spec(sequence_options("cutting-plane"), "loss")->choices == std::vector<std::string>{"hinge", "slack"});
  CHECK(find_spec(sequence_options("bcfw"), "loss")->choices == std::vector<std::string>{"hinge", "slack"});
  CHECK(find_spec(Ranker::option_specs(), "loss")->default_value == "hinge");
  CHECK(find_spec(LinearMulticlass::options_of("dcd"), "trainer")->default_value == "dcd");
  CHECK(find_spec(sequence_options("lbfgs"), "trainer")->default_value == "perceptron");
  // c2 is L-BFGS's only, lambda the online trainers'; eta sgd's.
  for (const auto& t : kSequenceTrainers) {
    INFO(t);
    CHECK((find_spec(sequence_options(t), "c2") != nullptr) == (t == "lbfgs"));
    CHECK((find_spec(sequence_options(t), "lambda") != nullptr) == (t == "sgd" || t == "pegasos"));
    CHECK((find_spec(sequence_options(t), "eta") != nullptr) == (t == "sgd"));
    CHECK((find_spec(sequence_options(t), "C") != nullptr) == (t == "cutting-plane" || t == "bcfw"));
  }
}

TEST_CASE("an option in two tables with different defaults says why (its help has 'here:')", "[options][vocabulary]") {
  // Group the declarations by name and the help they were declared with; within a group, the copies that give
  // no reason must agree on the default (set_default/with_default add "; default X here: why").
  std::map<std::pair<std::string, std::string>, std::vector<std::pair<std::string, const OptionSpec*>>> groups;
  for (const Table& t : all_tables())
    for (const OptionSpec& s : *t.specs) groups[{s.name, base_help(s.help)}].emplace_back(t.name, &s);
  for (const auto& [key, members] : groups) {
    std::set<std::string> defaults, unexplained;
    for (const auto& [table, s] : members) {
      defaults.insert(s->default_value);
      if (s->help.find("here:") == std::string::npos) unexplained.insert(s->default_value);
    }
    if (defaults.size() < 2) continue;
    INFO(key.first << " (" << key.second << ")");
    for (const auto& [table, s] : members) INFO(table << ": default " << s->default_value << " — " << s->help);
    CHECK(unexplained.size() <= 1);
  }
  // Against the trainers' own declarations: a table whose default of a trainer option is not the trainer's says why.
  for (const Table& t : all_tables()) {
    const size_t slash = t.name.find('/');
    if (slash == std::string::npos || t.name.rfind("binary/", 0) == 0) continue;
    const std::string trainer = t.name.substr(slash + 1);
    for (const OptionSpec& o : trainer_options(trainer)) {
      const OptionSpec* s = find_spec(*t.specs, o.name);
      if (!s || s->default_value == o.default_value) continue;
      INFO(t.name << ": " << o.name << " default " << s->default_value << " (the trainer's: " << o.default_value << ")");
      CHECK(s->help.find("here:") != std::string::npos);
    }
  }
  // Hand-written: the defaults that 0.2.0 sets per task, with their reasons.
  const auto reason = [](const std::vector<OptionSpec>& specs, const std::string& name, const std::string& default_value) {
    const OptionSpec* s = find_spec(specs, name);
    REQUIRE(s != nullptr);
    CHECK(s->default_value == default_value);
    CHECK(s->help.find("here:") != std::string::npos);
  };
  reason(LinearMulticlass::options_of("dcd"), "maxIter", "100000");
  reason(LinearMulticlass::options_of("sgd"), "eta", "0");
  reason(LinearMulticlass::options_of("perceptron"), "epochs", "100");
  reason(LinearMulticlass::options_of("perceptron"), "average", "false");
  reason(sequence_options("sgd"), "epochs", "10");
  reason(sequence_options("perceptron"), "epochs", "10");
  reason(sequence_options("bcfw"), "eps", "0.01");
  reason(sequence_options("cutting-plane"), "eps", "0.01");
  reason(Ranker::option_specs(), "C", "0");
  reason(Ranker::option_specs(), "lambda", "0.0001");
  reason(binary_learner_options("linear", {{"trainer", "perceptron"}}), "epochs", "10");
}

TEST_CASE("an option the chosen trainer does not read is refused", "[options][vocabulary]") {
  const Clusters d = clusters(30, 3, 2, 0.5, 2);
  // Multiclass: the perceptron minimises its own loss; dcd solves the hinge only; pegasos has no step option.
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "perceptron"}, {"loss", "hinge"}}, {}),
                    Catch::Contains("unknown option 'loss'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"loss", "log"}}, {}),
                    Catch::Contains("option 'loss' must be one of hinge"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "pegasos"}, {"eta", "0.1"}}, {}),
                    Catch::Contains("unknown option 'eta'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"epochs", "3"}}, {}),
                    Catch::Contains("unknown option 'epochs'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "sgd"}, {"C", "1"}}, {}),
                    Catch::Contains("unknown option 'C'"));
  CHECK_THROWS_WITH(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "cutting-plane"}, {"lambda", "0.1"}}, {}),
                    Catch::Contains("unknown option 'lambda'"));
  CHECK_THROWS_AS(LinearMulticlass::train(d.rows(), d.y, {{"trainer", "perceptron"}, {"loss", "hinge"}}, {}), InputError);
  // Sequence taggers.
  Sentences tokens, tags;
  tagging_task(tokens, tags);
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "sgd"}, {"c2", "1"}}), Catch::Contains("unknown option 'c2'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "perceptron"}, {"C", "1"}}), Catch::Contains("unknown option 'C'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "perceptron"}, {"eps", "0.1"}}), Catch::Contains("unknown option 'eps'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "perceptron"}, {"loss", "hinge"}}), Catch::Contains("unknown option 'loss'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"l1", "0.1"}}), Catch::Contains("unknown option 'l1'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"candidates", "5"}}), Catch::Contains("unknown option 'candidates'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "bcfw"}, {"l1", "0.1"}}), Catch::Contains("unknown option 'l1'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "pegasos"}, {"eta", "0.1"}}), Catch::Contains("unknown option 'eta'"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"loss", "hinge"}}),
                    Catch::Contains("option 'loss' must be one of log, softmax-margin"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "cutting-plane"}, {"loss", "log"}}),
                    Catch::Contains("option 'loss' must be one of hinge, slack"));
  CHECK_THROWS_WITH(train_tagger(tokens, tags, {{"trainer", "newton"}}), Catch::Contains("unknown trainer 'newton'"));
  // Kernel multiclass: dcd only, hinge only.
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "rbf"}, {"trainer", "sgd"}}, {}),
                    Catch::Contains("option 'trainer' must be one of dcd"));
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "rbf"}, {"epochs", "3"}}, {}),
                    Catch::Contains("unknown option 'epochs'"));
  // Binary learners: each reads its trainer's options only.
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "pegasos"}, {"C", "1"}}), Catch::Contains("unknown option 'C'"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "perceptron"}, {"lambda", "0.1"}}), Catch::Contains("unknown option 'lambda'"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "newton"}, {"epochs", "3"}}), Catch::Contains("unknown option 'epochs'"));
}

TEST_CASE("a linear multiclass model saved with 0.1's names loads and predicts as the model it was written from", "[options][vocabulary][io]") {
  const Clusters d = clusters(90, 3, 3, 0.8, 3);
  const LinearMulticlass model = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"C", "2"}, {"bias", "1"}}, {});
  // 0.1's save: the algorithm ("cs"), then its table's values (C, eps, max_iter, bias, scale, seed), the map,
  // the labels and the weights.
  ByteWriter out("linear-multiclass");
  out.put_string("cs");
  out.put_options({{"C", "2"}, {"eps", "0.1"}, {"max_iter", "100000"}, {"bias", "1"}, {"scale", "auto"}, {"seed", "1"}});
  model.feature_map().save(out);
  out.put_vector(model.labels());
  out.put_vector(model.weights());
  const std::vector<uint8_t> bytes = out.finish();
  const LinearMulticlass old = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
  CHECK(old.trainer() == "dcd");
  CHECK(value_of(old.options(), "trainer") == "dcd");
  CHECK(value_of(old.options(), "maxIter") == "100000");
  CHECK(count_of(old.options(), "max_iter") == 0);
  CHECK(value_of(old.options(), "C") == "2");
  const int m = int(d.y.size()), k = model.classes();
  std::vector<int32_t> a(static_cast<size_t>(m)), b(static_cast<size_t>(m));
  model.predict(d.rows(), a.data());
  old.predict(d.rows(), b.data());
  CHECK(a == b);
  std::vector<float> sa(static_cast<size_t>(m) * k), sb(static_cast<size_t>(m) * k);
  model.scores(d.rows(), sa.data());
  old.scores(d.rows(), sb.data());
  CHECK(sa == sb);
  // Its options read under 0.2's table, and it saves the 0.2 way.
  const std::vector<uint8_t> again = old.to_bytes();
  const LinearMulticlass reloaded = LinearMulticlass::from_bytes(again.data(), again.size());
  CHECK(reloaded.weights() == model.weights());
  CHECK(Options::parse(LinearMulticlass::options_of(reloaded.trainer()), reloaded.options(), "test").integer("maxIter") == 100000);

  // A 0.1 perceptron (no loss option then either) and a 0.1 sgd model with its loss and B.
  for (const auto& [algo, options] : std::vector<std::pair<std::string, OptionList>>{
           {"perceptron", {{"epochs", "100"}, {"features", "multivector"}, {"bias", "1"}, {"average", "false"},
                           {"scale", "auto"}, {"seed", "1"}}},
           {"sgd", {{"eta", "0"}, {"B", "10"}, {"lambda", "0"}, {"epochs", "20"}, {"loss", "log"},
                    {"features", "multivector"}, {"bias", "1"}, {"scale", "auto"}, {"seed", "1"}}}}) {
    INFO(algo);
    ByteWriter w("linear-multiclass");
    w.put_string(algo);
    w.put_options(options);
    model.feature_map().save(w);
    w.put_vector(model.labels());
    w.put_vector(model.weights());
    const std::vector<uint8_t> written = w.finish();
    const LinearMulticlass loaded = LinearMulticlass::from_bytes(written.data(), written.size());
    CHECK(loaded.trainer() == algo);
    std::vector<int32_t> c(static_cast<size_t>(m));
    loaded.predict(d.rows(), c.data());
    CHECK(c == a);
  }
}

TEST_CASE("a sequence model saved with 0.1's names loads, its options upgraded to trainer and loss", "[options][vocabulary][io]") {
  Sentences tokens, tags;
  tagging_task(tokens, tags);
  SequenceModel model = train_tagger(tokens, tags, {{"trainer", "sgd"}, {"loss", "hinge"}, {"epochs", "5"}});
  const Sentences predicted = model.tag(tokens);
  // 0.1's table, in its order, as 0.1's record_options saved it (every option, defaults included).
  const auto old_options = [](const std::string& algo, const std::string& solver, const std::string& trainer,
                              const std::string& lambda) {
    return OptionList{{"algo", algo}, {"solver", solver}, {"trainer", trainer}, {"C", "1"}, {"eps", "0.01"},
                      {"max_iter", "1000"}, {"epochs", "5"}, {"iterations", "100"}, {"lambda", lambda},
                      {"c2", "1"}, {"eta", "0.1"}, {"cost", "1"}, {"average", "true"}, {"seed", "1"},
                      {"features", "pos"}, {"hash_bits", "0"}, {"min_count", "1"}, {"lexicon_min_count", "2"},
                      {"bias", "true"}, {"l1", "0"}, {"weight_bits", "32"}, {"candidates", "10"}};
  };
  struct Case {
    std::string algo, solver, trainer, lambda;        // as 0.1 saved them
    std::string now_trainer, now_loss;                 // as 0.2 reads them
    std::map<std::string, std::string> kept;           // values 0.2 keeps (under 0.2's names)
    std::vector<std::string> dropped;                  // options the 0.2 trainer does not read
  };
  const std::vector<Case> cases = {
      {"perceptron", "lbfgs", "sgd", "0", "perceptron", "(absent)", {{"epochs", "5"}, {"hashBits", "0"}, {"weightBits", "32"}},
       {"C", "eps", "maxIter", "lambda", "c2", "eta", "cost", "loss"}},
      {"ssvm", "lbfgs", "sgd", "0", "sgd", "hinge", {{"eta", "0.1"}, {"lambda", "0"}, {"epochs", "5"}, {"l1", "0"}},
       {"C", "eps", "maxIter", "c2"}},
      {"ssvm", "lbfgs", "sgd", "0.001", "pegasos", "hinge", {{"lambda", "0.001"}, {"epochs", "5"}},
       {"C", "eps", "maxIter", "c2", "eta"}},
      {"ssvm-slack", "lbfgs", "sgd", "0", "sgd", "slack", {{"eta", "0.1"}}, {"C", "c2"}},
      {"ssvm", "lbfgs", "bcfw", "0", "bcfw", "hinge", {{"C", "1"}, {"eps", "0.01"}, {"maxIter", "1000"}},
       {"lambda", "eta", "c2", "epochs", "l1", "candidates"}},
      {"ssvm-slack", "lbfgs", "cutting-plane", "0", "cutting-plane", "slack", {{"C", "1"}, {"maxIter", "1000"}},
       {"lambda", "eta", "c2", "epochs", "average", "seed"}},
      // L-BFGS's cap was 'iterations' in 0.1 (max_iter was the exact trainers'): maxIter must be 100.
      {"crf", "lbfgs", "sgd", "0", "lbfgs", "log", {{"c2", "1"}, {"maxIter", "100"}},
       {"C", "eps", "lambda", "eta", "epochs", "l1", "candidates"}},
      {"softmax-margin", "lbfgs", "sgd", "0", "lbfgs", "softmax-margin", {{"cost", "1"}, {"maxIter", "100"}},
       {"C", "lambda", "eta"}},
      // 0.1's CRF by SGD read λ = 2·c2/m, never its lambda, and saved no m: lambda is left out, not claimed.
      {"crf", "sgd", "sgd", "0.5", "sgd", "log", {{"eta", "0.1"}}, {"c2", "C", "maxIter", "lambda"}},
  };
  for (const Case& c : cases) {
    INFO(c.algo << " solver=" << c.solver << " trainer=" << c.trainer << " lambda=" << c.lambda);
    model.options = old_options(c.algo, c.solver, c.trainer, c.lambda);
    const std::vector<uint8_t> bytes = model.to_bytes();
    const SequenceModel loaded = SequenceModel::from_bytes(bytes.data(), bytes.size());
    CHECK(loaded.tag(tokens) == predicted);
    CHECK(loaded.weights == model.weights);
    const OptionList& o = loaded.options;
    CHECK(value_of(o, "trainer") == c.now_trainer);
    CHECK(count_of(o, "trainer") == 1);
    CHECK(value_of(o, "loss") == c.now_loss);
    for (const char* gone : {"algo", "solver", "iterations", "max_iter", "hash_bits", "min_count", "weight_bits"})
      CHECK(count_of(o, gone) == 0);
    for (const auto& [key, value] : c.kept) {
      INFO("kept " << key);
      CHECK(value_of(o, key) == value);
    }
    for (const auto& key : c.dropped) {
      INFO("dropped " << key);
      CHECK(count_of(o, key) == 0);
    }
    for (const auto& kv : o) {
      INFO("once: " << kv.first);
      CHECK(count_of(o, kv.first) == 1);
    }
    // The upgraded options are a valid option list of their trainer's table.
    CHECK_NOTHROW(Options::parse(sequence_options(sequence_trainer_of(o)), o, "a saved tagger"));
  }
}

TEST_CASE("a ranker saved with 0.1's names loads: algo is the measure, pointwise the loss squared, epochs 0 the default", "[options][vocabulary][io]") {
  const TinyQueries q;
  for (const auto& [algo, measure, loss] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"kendall", "kendall", "hinge"}, {"ndcg", "ndcg", "hinge"}, {"pointwise", "", "squared"}}) {  // measure: absent, the default
    INFO(algo);
    const Ranker old({1.f, -0.5f}, {{"algo", algo}, {"k", "10"}, {"trainer", "auto"}, {"epochs", "0"}, {"max_iter", "1000"}});
    const std::vector<uint8_t> bytes = old.to_bytes();
    const Ranker loaded = Ranker::from_bytes(bytes.data(), bytes.size());
    CHECK(loaded.setting("measure") == measure);
    CHECK(loaded.setting("loss") == (loss == "hinge" ? std::string() : loss));  // hinge: the default, not written
    CHECK(loaded.setting("algo").empty());
    CHECK(loaded.setting("max_iter").empty());
    CHECK(loaded.setting("maxIter") == "1000");
    CHECK(loaded.setting("epochs").empty());
    CHECK(loaded.score(q.view().features) == old.score(q.view().features));
  }
}

TEST_CASE("every table's defaults are valid values of their own options", "[options][vocabulary]") {
  // A task that moves a default (set_default) must move it inside the option's range (e.g. 0 where C > 0 is not).
  std::vector<Table> tables = all_tables();
  for (const Table& t : other_tables()) tables.push_back(t);
  for (const Table& t : tables) {
    INFO(t.name);
    CHECK_NOTHROW(Options::parse(*t.specs, {}, t.name));
    const size_t slash = t.name.find('/');
    if (slash != std::string::npos && t.name.rfind("binary/", 0) != 0) {
      const std::string trainer = t.name.substr(slash + 1);
      CHECK_NOTHROW(Options::parse(*t.specs, {{"trainer", trainer}}, t.name));
    }
  }
}
