// Reductions, trees and AdaBoost.MH on the shared benchmark sets; prints a Markdown table.
//   bench_reductions [DATA_DIR (default ../shared/data)] [SET,...] [GROUP,...]
//   sets: letter, usps, dna, yeast; groups: reductions, learned (learned output codes), kernel (one-vs-all kernel learner),
//   tree, adaboost (default: reductions, tree, adaboost)
// Multiclass: accuracy on the official test split, training seconds, model bytes. The unpruned tree's
// accuracy is the mean [min, max] over seeds 0–7 (the seed orders the features, which decides ties; the
// counterpart of scikit-learn's random_state 0–7), its seconds the best of 3 runs with seed 0 made after those.
// Multi-label (yeast): Hamming loss, micro/macro F1, subset accuracy. Sets that are absent are skipped.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>

#include "boosting/adaboost_mh.hpp"
#include "io/libsvm.hpp"
#include "io/multilabel.hpp"
#include "metrics/multilabel_metrics.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "trees/decision_tree.hpp"

#include "slurp.hpp"

using namespace argmax;
using Clock = std::chrono::steady_clock;

namespace {

bool readable(const std::string& path) { return bool(std::ifstream(path)); }

// Labels as 0..k−1 in sorted order of the training labels.
int remap(std::vector<int32_t>& train, std::vector<int32_t>& test) {
  std::map<int32_t, int32_t> index;
  for (int32_t l : train) index[l] = 0;
  int32_t k = 0;
  for (auto& kv : index) kv.second = k++;
  for (int32_t& l : train) l = index[l];
  for (int32_t& l : test) {
    auto it = index.find(l);
    l = it == index.end() ? -1 : it->second;
  }
  return k;
}

void row(const std::string& set, const std::string& method, const std::string& learner, const std::string& accuracy,
         double seconds, size_t bytes, int digits = 2) {
  std::printf("| %s | %s | %s | %s | %.*f | %.1f |\n", set.c_str(), method.c_str(), learner.c_str(),
              accuracy.c_str(), digits, seconds, bytes / 1024.0);
  std::fflush(stdout);
}
void row(const std::string& set, const std::string& method, const std::string& learner, double accuracy,
         double seconds, size_t bytes, int digits = 2) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", accuracy);
  row(set, method, learner, text, seconds, bytes, digits);
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

using Wanted = std::function<bool(const std::string&)>;

void multiclass(const std::string& dir, const std::string& set, const std::string& train_file,
                const std::string& test_file, const Wanted& group) {
  const std::string a = dir + "/multiclass/" + set + "/" + train_file, b = dir + "/multiclass/" + set + "/" + test_file;
  if (!readable(a) || !readable(b)) {
    std::printf("| %s | (skipped: %s not found) | | | | |\n", set.c_str(), a.c_str());
    return;
  }
  LabeledRows train = read_libsvm(slurp(a));
  LabeledRows test = read_libsvm(slurp(b), train.rows.cols);
  const int k = remap(train.labels, test.labels);
  const Rows tr = train.rows.view(), te = test.rows.view();
  auto accuracy = [&](const std::vector<int32_t>& p) {
    size_t right = 0;
    for (size_t i = 0; i < p.size(); ++i) right += p[i] == test.labels[i];
    return double(right) / p.size();
  };
  // Runs with several decodings train once and decode the same binary scorers each way.
  struct Run { std::string reduction, code, decoding, learner; OptionList options; std::string code_size, code_kernel; };
  const std::string two_k = std::to_string(2 * k);
  std::vector<Run> runs = {
      {"ova", "", "auto", "linear", {}, ""},
      {"ova", "", "auto", "linear", {{"trainer", "newton"}}, ""},
      {"ova", "", "auto", "linear", {{"trainer", "pegasos"}}, ""},
      {"ova", "", "auto", "linear", {{"trainer", "perceptron"}}, ""},
      {"ova", "", "auto", "tree", {{"maxDepth", "10"}}, ""},
      {"allpairs", "", "auto,majority-vote", "linear", {}, ""},
      {"allpairs", "", "auto", "linear", {{"trainer", "newton"}}, ""},
      {"allpairs", "", "auto", "linear", {{"trainer", "perceptron"}}, ""},
      {"allpairs", "", "auto", "stump", {}, ""},
      {"ecoc", "dense", "hamming,hinge", "linear", {}, two_k},
      {"ecoc", "dense", "hamming,hinge", "linear", {{"maxIter", "100"}}, two_k},
      {"ecoc", "sparse", "hamming,hinge", "linear", {{"maxIter", "100"}}, ""},
      {"ecoc", "dense", "hamming,logistic", "linear", {{"trainer", "newton"}}, ""},
  };
  if (k <= 6) runs.push_back({"ecoc", "exhaustive", "hamming,hinge", "linear", {{"maxIter", "100"}}, ""});
  if (!group("reductions")) runs.clear();
  if (group("kernel")) {  // an RBF kernel SVM per class, at bench/kernels.mjs's (C, γ) for the set
    const OptionList rbf = set == "letter" ? OptionList{{"gamma", "4"}, {"C", "16"}} : OptionList{{"gamma", "0.03"}, {"C", "10"}};
    OptionList options = rbf;
    options.emplace_back("eps", "0.001");  // LIBSVM's -e
    runs.push_back({"ova", "", "auto", "kernel", options, ""});
  }
  if (group("learned"))  // learned codes beside the Hamming and hinge decodings of the same binary scorers
    for (const char* kernel : {"linear", "rbf"}) runs.push_back({"ecoc", "dense", "learned,hamming,hinge", "linear", {}, two_k, kernel});
  for (const Run& r : runs) {
    ReductionConfig c;
    c.reduction = r.reduction, c.code = r.code.empty() ? "dense" : r.code;
    c.learner = r.learner, c.learner_options = r.options;
    c.code_size = r.code_size.empty() ? 0 : std::stoi(r.code_size);
    if (!r.code_kernel.empty()) c.learned.kernel = r.code_kernel, c.learned.gamma = 1.0 / (2 * k);
    std::vector<std::string> decodings;
    for (size_t p = 0, q; p <= r.decoding.size(); p = q + 1) {
      q = r.decoding.find(',', p);
      if (q == std::string::npos) q = r.decoding.size();
      decodings.push_back(r.decoding.substr(p, q - p));
    }
    c.decoding = decodings[0];
    const auto t0 = Clock::now();
    ReductionModel m = ReductionModel::train(tr, train.labels, k, c);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::string learner = r.learner;
    for (auto& [key, value] : r.options) learner += " " + key + "=" + value;
    for (const std::string& rule : decodings) {
      if (rule != "auto") m.set_decoding(decoding_from_name(rule));
      std::string method = r.reduction;
      if (r.reduction == "ecoc")
        method += " " + r.code + " c=" + std::to_string(m.columns()) + " d=" +
                  std::to_string(int(m.code().minimum_distance())) + " " + decoding_name(m.decoding()) +
                (r.code_kernel.empty() ? "" : " (learned: " + r.code_kernel + ")");
      else if (rule != "auto")
        method += " " + rule;
      row(set, method, learner, accuracy(m.predict(te)), s, m.to_bytes().size());
    }
  }
  auto tree_accuracy = [&](const DecisionTree& t) {
    std::vector<int32_t> p(te.rows());
    for (int32_t i = 0; i < te.rows(); ++i) p[i] = t.predict(te.row(i));
    return accuracy(p);
  };
  if (group("tree")) {
    double sum = 0, low = 1, high = 0, best = 1e300;
    DecisionTree first;
    for (int seed = 0; seed < 8; ++seed) {
      TreeConfig c;
      c.seed = uint64_t(seed);
      DecisionTree t = DecisionTree::train(tr, train.labels, k, c);
      const double a = tree_accuracy(t);
      sum += a, low = std::min(low, a), high = std::max(high, a);
      if (seed == 0) first = std::move(t);
    }
    for (int run = 0; run < 3; ++run) {
      TreeConfig c;
      c.seed = 0;
      const auto t0 = Clock::now();
      DecisionTree::train(tr, train.labels, k, c);
      best = std::min(best, seconds_since(t0));
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.4f [%.4f, %.4f]", sum / 8, low, high);
    row(set, "tree, seeds 0-7: mean [min, max]", "gini, " + std::to_string(first.leaves()) + " leaves (seed 0)", text,
        best, first.to_bytes().size(), 3);
    TreeConfig c;
    c.prune = true;
    const auto t0 = Clock::now();
    const DecisionTree t = DecisionTree::train(tr, train.labels, k, c);
    const double s = seconds_since(t0);
    row(set, "tree (pruned, 5-fold CV)", "gini, " + std::to_string(t.leaves()) + " leaves", tree_accuracy(t), s,
        t.to_bytes().size(), 3);
  }
  if (!group("adaboost")) return;
  for (int rounds : {100, 400}) {
    AdaBoostMHConfig c;
    c.rounds = rounds;
    const auto t0 = Clock::now();
    const AdaBoostMH mh = AdaBoostMH::train(tr, LabelMatrix::from_classes(train.labels, k), c);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    row(set, "adaboost-mh T=" + std::to_string(rounds), "label stumps", accuracy(mh.predict_classes(te)), s,
        mh.to_bytes().size());
  }
}

void yeast(const std::string& dir, const Wanted& group) {
  const std::string a = dir + "/multilabel/yeast/yeast_train.svm", b = dir + "/multilabel/yeast/yeast_test.svm";
  if (!readable(a) || !readable(b)) {
    std::printf("\n(yeast skipped: %s not found)\n", a.c_str());
    return;
  }
  const MultilabelData train = read_multilabel_file(a);
  const MultilabelData test = read_multilabel_file(b, train.features.cols);
  const int k = std::max(train.labels, test.labels);
  const LabelMatrix ytr = LabelMatrix::from_sets(train.label_sets, k), yte = LabelMatrix::from_sets(test.label_sets, k);
  const Rows tr = train.features.view(), te = test.features.view();
  std::printf("\n| set | method | learner | Hamming loss | micro-F1 | macro-F1 | subset acc. | train s | model KB |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  auto print = [&](const std::string& method, const std::string& learner, const LabelMatrix& p, double s, size_t bytes) {
    const MultilabelScores r = multilabel_scores(yte, p);
    std::printf("| yeast | %s | %s | %.4f | %.4f | %.4f | %.4f | %.2f | %.1f |\n", method.c_str(), learner.c_str(),
                r.hamming_loss, r.micro_f1, r.macro_f1, r.subset_accuracy, s, bytes / 1024.0);
    std::fflush(stdout);
  };
  const std::vector<std::pair<std::string, OptionList>> learners = {
      {"linear", {}}, {"linear", {{"trainer", "newton"}}}, {"linear", {{"trainer", "pegasos"}}}, {"tree", {{"maxDepth", "5"}}}};
  for (const auto& [name, options] : learners) {
    if (!group("reductions")) break;
    const auto t0 = Clock::now();
    const BinaryRelevanceModel m = BinaryRelevanceModel::train(tr, ytr, name, options);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    std::string learner = name;
    for (auto& [key, value] : options) learner += " " + key + "=" + value;
    print("br", learner, m.predict(te), s, m.to_bytes().size());
  }
  for (int rounds : {100, 500}) {
    if (!group("adaboost")) break;
    AdaBoostMHConfig c;
    c.rounds = rounds;
    const auto t0 = Clock::now();
    const AdaBoostMH mh = AdaBoostMH::train(tr, ytr, c);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    print("adaboost-mh T=" + std::to_string(rounds), "label stumps", mh.predict_labels(te), s, mh.to_bytes().size());
  }
}

}  // namespace

int main(int argc, char** argv) try {
  const std::string dir = argc > 1 ? argv[1] : "../shared/data";
  const std::string only = argc > 2 ? argv[2] : "letter,usps,dna,yeast";
  const std::string groups = argc > 3 ? argv[3] : "reductions,tree,adaboost";
  auto listed = [](const std::string& list) {
    return [list](const std::string& s) { return ("," + list + ",").find("," + s + ",") != std::string::npos; };
  };
  const Wanted wanted = listed(only), group = listed(groups);
  std::printf("| set | method | learner | accuracy | train s | model KB |\n|---|---|---|---|---|---|\n");
  if (wanted("dna")) multiclass(dir, "dna", "dna.scale", "dna.scale.t", group);
  if (wanted("usps")) multiclass(dir, "usps", "usps", "usps.t", group);
  if (wanted("letter")) multiclass(dir, "letter", "letter.scale", "letter.scale.t", group);
  if (wanted("yeast")) yeast(dir, group);
  return 0;
} catch (const std::exception& e) {
  std::cerr << "bench_reductions: " << e.what() << "\n";
  return 1;
}
