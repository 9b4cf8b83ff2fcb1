// Native driver for trying text classifier options (bench/text.mjs measures the defaults in wasm): trains a
// TextClassifier on a TSV of label<TAB>text lines and prints one JSON line {accuracy, train_seconds,
// predict_seconds, predict_cpu_seconds, columns} on the test TSV (predicting: the best of three runs; CPU seconds
// of this process, which a shared machine's load does not inflate as it does the wall clock).
//   bench_text TRAIN.tsv TEST.tsv [key=value]...
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>
#include <vector>

#include "textclass/text_classifier.hpp"

#include "labelled_tsv.hpp"

using namespace argmax;

namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_text TRAIN.tsv TEST.tsv [key=value]...\n");
    return 2;
  }
  try {
    const LabelledTexts train = read_labelled_tsv(argv[1]), test = read_labelled_tsv(argv[2]);
    OptionList options;
    for (int i = 3; i < argc; ++i) {
      const std::string kv = argv[i];
      const size_t eq = kv.find('=');
      options.emplace_back(kv.substr(0, eq), eq == std::string::npos ? "" : kv.substr(eq + 1));
    }
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
