// Native driver for trying text classifier options (bench/text.mjs measures the defaults in wasm): trains a
// TextClassifier on a TSV of label<TAB>text lines and prints one JSON line {accuracy, train_seconds,
// predict_seconds, predict_cpu_seconds, columns} on the test TSV (predicting: the best of three runs; CPU seconds
// of this process, which a shared machine's load does not inflate as it does the wall clock). With --sets each
// label is a comma-separated label set, and the line has {micro_f1, macro_f1, train_seconds, columns, bytes} (the
// measures over the labels of both files; bytes: the saved model's).
//   bench_text [--sets] TRAIN.tsv TEST.tsv [key=value]...
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "metrics/multilabel_metrics.hpp"
#include "textclass/text_classifier.hpp"

#include "labelled_tsv.hpp"

using namespace argmax;

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<std::string> split_set(std::string_view labels) {
  std::vector<std::string> set;
  for (size_t start = 0; start <= labels.size();) {
    size_t end = labels.find(',', start);
    if (end == std::string_view::npos) end = labels.size();
    if (end > start) set.emplace_back(labels.substr(start, end - start));
    start = end + 1;
  }
  return set;
}

// Trains on label sets and prints micro- and macro-F1 on the test texts, over the model's classes and any label
// only the test texts have (which no prediction holds).
void label_sets(const LabelledTexts& train, const LabelledTexts& test, const OptionList& options) {
  std::vector<std::vector<std::string>> sets;
  for (const std::string& l : train.labels) sets.push_back(split_set(l));
  const auto t0 = std::chrono::steady_clock::now();
  const TextClassifier model = TextClassifier::train_sets(train.texts, sets, options);
  const double train_seconds = since(t0);
  std::vector<std::string> labels = model.classes();
  std::vector<std::vector<int32_t>> truth;
  for (const std::string& l : test.labels) {
    truth.emplace_back();
    for (const std::string& label : split_set(l)) {
      auto at = std::find(labels.begin(), labels.end(), label);
      if (at == labels.end()) at = labels.insert(labels.end(), label);
      truth.back().push_back(int32_t(at - labels.begin()));
    }
  }
  const int k = int(labels.size());
  const LabelMatrix predicted = LabelMatrix::from_sets(model.predict_sets(test.texts), k);
  const LabelMatrix expected = LabelMatrix::from_sets(truth, k);
  std::printf("{\"micro_f1\": %.4f, \"macro_f1\": %.4f, \"train_seconds\": %.3f, \"columns\": %d, \"bytes\": %zu}\n",
              micro_f1(expected, predicted), macro_f1(expected, predicted), train_seconds, model.vectorizer().cols(),
              model.to_bytes().size());
}

}  // namespace

int main(int argc, char** argv) {
  const bool sets = argc > 1 && std::string(argv[1]) == "--sets";
  if (argc < 3 + sets) {
    std::fprintf(stderr, "usage: bench_text [--sets] TRAIN.tsv TEST.tsv [key=value]...\n");
    return 2;
  }
  try {
    const LabelledTexts train = read_labelled_tsv(argv[1 + sets]), test = read_labelled_tsv(argv[2 + sets]);
    OptionList options;
    for (int i = 3 + sets; i < argc; ++i) {
      const std::string kv = argv[i];
      const size_t eq = kv.find('=');
      options.emplace_back(kv.substr(0, eq), eq == std::string::npos ? "" : kv.substr(eq + 1));
    }
    if (sets) return label_sets(train, test, options), 0;
    auto t0 = std::chrono::steady_clock::now();
    const TextClassifier model = TextClassifier::train(train.texts, train.labels, options);
    const double train_seconds = since(t0);
    std::vector<int32_t> predicted;
    double predict_seconds = 1e300, predict_cpu_seconds = 1e300;
    for (int run = 0; run < 3; ++run) {
      t0 = std::chrono::steady_clock::now();
      const std::clock_t cpu0 = std::clock();
      predicted = model.predict(test.texts);
      predict_cpu_seconds = std::min(predict_cpu_seconds, double(std::clock() - cpu0) / CLOCKS_PER_SEC);
      predict_seconds = std::min(predict_seconds, since(t0));
    }
    size_t right = 0;
    for (size_t i = 0; i < predicted.size(); ++i) right += model.classes()[predicted[i]] == test.labels[i];
    std::printf("{\"accuracy\": %.4f, \"train_seconds\": %.3f, \"predict_seconds\": %.3f, \"predict_cpu_seconds\": %.3f, "
                "\"columns\": %d}\n", double(right) / double(test.texts.size()), train_seconds, predict_seconds,
                predict_cpu_seconds, model.vectorizer().cols());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_text: %s\n", e.what());
    return 1;
  }
}
