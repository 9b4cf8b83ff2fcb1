// Repeated k-fold cross-validation of text classifier options on one training set, with each option set's
// paired difference from the first: the choice of defaults on training data only, precise enough to see a
// 0.3-point effect (docs/text.md).
//   bench_text_cv TRAIN.tsv [--test TEST.tsv] [--folds K] [--repeats R] [--parent] [--confusion]
//                 --config NAME [key=value]... [--config NAME [key=value]...]...
// Every option set sees the same R random partitions into K folds (repeat r shuffles by a Mersenne Twister
// seeded with r), so fold j of repeat r holds the same texts for every set and the sets' accuracies pair up.
// The difference's standard error is Nadeau & Bengio's (2003) corrected resampled one,
// √((1/J + n_test/n_train) · s²) over the J = R·K folds' differences, s² their variance: the folds share
// training texts, so the plain √(s²/J), printed beside it, is too small.
// --parent scores the labels up to their first ':' (TREC's coarse class of "ENTY:animal"); the option set then
// chooses what to train on with `train=parent` (the parents) or `train=labels` (the labels as given, each
// prediction's parent scored: the fine model's argmax) and, for the latter, `decide=sum` to pick the parent
// whose labels' probabilities sum highest. --confusion prints the first option set's confusion table (truth in
// rows). --test trains each set on the whole file and scores the test file too (reported, never chosen by).
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "textclass/text_classifier.hpp"

#include "labelled_tsv.hpp"

using namespace argmax;

namespace {

std::string parent_of(const std::string& label) { return label.substr(0, label.find(':')); }

struct OptionSet {
  std::string name;
  OptionList options;  // the classifier's
  bool train_parent = false, decide_by_sum = false;
};

// How a run of the driver scores: the labels as given, or their parents.
struct Scoring {
  bool parent = false;
  std::string truth(const std::string& label) const { return parent ? parent_of(label) : label; }
};

// The scored label of each text of `test` by a model of set s trained on `train`.
std::vector<std::string> predictions(const OptionSet& s, const Scoring& scoring,
                                     const std::vector<std::string_view>& train_texts,
                                     const std::vector<std::string>& train_labels,
                                     const std::vector<std::string_view>& test_texts) {
  std::vector<std::string> labels = train_labels;
  if (s.train_parent)
    for (std::string& l : labels) l = parent_of(l);
  const TextClassifier model = TextClassifier::train(train_texts, labels, s.options);
  const auto& classes = model.classes();
  std::vector<std::string> out;
  if (!s.decide_by_sum) {
    for (int32_t c : model.predict(test_texts)) out.push_back(scoring.truth(classes[c]));
    return out;
  }
  const size_t k = classes.size();
  std::vector<float> p(test_texts.size() * k);
  model.probabilities(test_texts, p.data());
  for (size_t i = 0; i < test_texts.size(); ++i) {
    std::map<std::string, double> sums;
    for (size_t c = 0; c < k; ++c) sums[scoring.truth(classes[c])] += p[i * k + c];
    auto best = sums.begin();
    for (auto it = sums.begin(); it != sums.end(); ++it)
      if (it->second > best->second) best = it;
    out.push_back(best->first);
  }
  return out;
}

// The confusion table of (truth, predicted) pairs, truth in rows, with each row's errors.
void print_confusion(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::map<std::string, std::map<std::string, int>> table;
  std::map<std::string, int> columns;
  for (const auto& [truth, predicted] : pairs) ++table[truth][predicted], columns[predicted], columns[truth];
  std::printf("| truth |");
  for (const auto& c : columns) std::printf(" %s |", c.first.c_str());
  std::printf(" errors |\n|---|");
  for (size_t c = 0; c <= columns.size(); ++c) std::printf("---:|");
  std::printf("\n");
  for (const auto& [truth, row] : table) {
    int errors = 0;
    std::printf("| %s |", truth.c_str());
    for (const auto& c : columns) {
      const auto at = row.find(c.first);
      const int count = at == row.end() ? 0 : at->second;
      if (c.first != truth) errors += count;
      std::printf(" %d |", count);
    }
    std::printf(" %d |\n", errors);
  }
}

int usage() {
  std::fprintf(stderr,
               "usage: bench_text_cv TRAIN.tsv [--test TEST.tsv] [--folds K] [--repeats R] [--parent] [--confusion]\n"
               "                     --config NAME [key=value]... [--config NAME [key=value]...]...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  std::string test_path;
  int folds = 10, repeats = 3;
  bool confusion = false;
  Scoring scoring;
  std::vector<OptionSet> sets;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--test" && has_value) test_path = argv[++i];
    else if (a == "--folds" && has_value) folds = std::stoi(argv[++i]);
    else if (a == "--repeats" && has_value) repeats = std::stoi(argv[++i]);
    else if (a == "--parent") scoring.parent = true;
    else if (a == "--confusion") confusion = true;
    // the heaviest columns' names change no prediction and cost a pass over the texts
    else if (a == "--config" && has_value) sets.push_back({argv[++i], {{"heaviestNgrams", "0"}}});
    else if (!sets.empty() && a.find('=') != std::string::npos) {
      const std::string key = a.substr(0, a.find('=')), value = a.substr(a.find('=') + 1);
      if (key == "train") sets.back().train_parent = value == "parent";
      else if (key == "decide") sets.back().decide_by_sum = value == "sum";
      else sets.back().options.emplace_back(key, value);
    } else return usage();
  }
  if (sets.empty() || folds < 2 || repeats < 1) return usage();
  try {
    const LabelledTexts data = read_labelled_tsv(argv[1]);
    const size_t n = data.texts.size();
    // fold_of[r][i]: the fold of text i in repeat r (a Fisher–Yates shuffle, position mod K)
    std::vector<std::vector<int>> fold_of(static_cast<size_t>(repeats), std::vector<int>(n));
    for (int r = 0; r < repeats; ++r) {
      std::vector<size_t> order(n);
      for (size_t i = 0; i < n; ++i) order[i] = i;
      std::mt19937_64 rng(static_cast<uint64_t>(r));
      for (size_t i = n - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
      for (size_t p = 0; p < n; ++p) fold_of[size_t(r)][order[p]] = int(p % size_t(folds));
    }
    const int runs = repeats * folds;
    std::vector<std::vector<double>> accuracy(sets.size(), std::vector<double>(static_cast<size_t>(runs)));
    std::vector<std::vector<std::string>> first_predicted(static_cast<size_t>(repeats), std::vector<std::string>(n));
    for (size_t s = 0; s < sets.size(); ++s)
      for (int r = 0; r < repeats; ++r)
        for (int f = 0; f < folds; ++f) {
          std::vector<std::string_view> train_texts, test_texts;
          std::vector<std::string> train_labels;
          std::vector<size_t> test_index;
          for (size_t i = 0; i < n; ++i) {
            if (fold_of[size_t(r)][i] == f) test_texts.push_back(data.texts[i]), test_index.push_back(i);
            else train_texts.push_back(data.texts[i]), train_labels.push_back(data.labels[i]);
          }
          const auto predicted = predictions(sets[s], scoring, train_texts, train_labels, test_texts);
          size_t right = 0;
          for (size_t t = 0; t < predicted.size(); ++t) {
            right += predicted[t] == scoring.truth(data.labels[test_index[t]]);
            if (s == 0) first_predicted[size_t(r)][test_index[t]] = predicted[t];
          }
          accuracy[s][size_t(r * folds + f)] = 100.0 * double(right) / double(predicted.size());
        }

    const double test_share = 1.0 / folds, correction = 1.0 / runs + test_share / (1 - test_share);
    std::printf("%d × %d-fold cross-validation on %zu texts%s\n\n", repeats, folds, n, scoring.parent ? " (parents scored)" : "");
    std::printf("| option set | CV accuracy | SD over folds | difference from %s | corrected SE | plain SE |%s\n",
                sets[0].name.c_str(), test_path.empty() ? "" : " test accuracy |");
    std::printf("|---|---:|---:|---:|---:|---:|%s\n", test_path.empty() ? "" : "---:|");
    LabelledTexts test;
    std::vector<std::string> first_test;
    if (!test_path.empty()) test = read_labelled_tsv(test_path);
    for (size_t s = 0; s < sets.size(); ++s) {
      double mean = 0, diff = 0;
      for (int j = 0; j < runs; ++j) mean += accuracy[s][size_t(j)] / runs, diff += (accuracy[s][size_t(j)] - accuracy[0][size_t(j)]) / runs;
      double var = 0, diff_var = 0;
      for (int j = 0; j < runs; ++j) {
        var += std::pow(accuracy[s][size_t(j)] - mean, 2) / (runs - 1);
        diff_var += std::pow(accuracy[s][size_t(j)] - accuracy[0][size_t(j)] - diff, 2) / (runs - 1);
      }
      std::printf("| %s | %.2f | %.2f | %+.2f | %.2f | %.2f |", sets[s].name.c_str(), mean, std::sqrt(var), diff,
                  std::sqrt(correction * diff_var), std::sqrt(diff_var / runs));
      if (!test_path.empty()) {
        const auto predicted = predictions(sets[s], scoring, data.texts, data.labels, test.texts);
        size_t right = 0;
        for (size_t t = 0; t < predicted.size(); ++t) right += predicted[t] == scoring.truth(test.labels[t]);
        if (s == 0) first_test = predicted;
        std::printf(" %.1f |", 100.0 * double(right) / double(predicted.size()));
      }
      std::printf("\n");
      std::fflush(stdout);
    }
    if (confusion) {
      std::vector<std::pair<std::string, std::string>> pairs;
      for (int r = 0; r < repeats; ++r)
        for (size_t i = 0; i < n; ++i) pairs.emplace_back(scoring.truth(data.labels[i]), first_predicted[size_t(r)][i]);
      std::printf("\nconfusion of %s in cross-validation, over the %d repeats (truth in rows)\n\n", sets[0].name.c_str(), repeats);
      print_confusion(pairs);
      if (!test_path.empty()) {
        pairs.clear();
        for (size_t t = 0; t < test.texts.size(); ++t) pairs.emplace_back(scoring.truth(test.labels[t]), first_test[t]);
        std::printf("\nconfusion of %s on the test texts\n\n", sets[0].name.c_str());
        print_confusion(pairs);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_text_cv: %s\n", e.what());
    return 1;
  }
}
