// Native driver of bench/kernels.mjs: trains a kernel multiclass SVM on LIBSVM files and prints one JSON line
// {accuracy, read_seconds (of the training file), train_seconds, predict_seconds (the fastest of three runs),
// support_vectors, passes, converged, gamma (the γ used: chosen from the data when not given)}.
//   bench_kernels TRAIN TEST [method=cs|multiclass|allpairs] [key=value]...
// method=cs (the default): the kernel Crammer–Singer (KernelMulticlass with decomposition=crammer-singer; the
// options are its own, e.g. kernel=rbf gamma=4 C=16); method=multiclass: KernelMulticlass at its own default
// decomposition (all-pairs) unless the options name one. method=allpairs: all-pairs over the kernel learner, as LIBSVM's one-vs-one (the options are
// kernel learner's); support_vectors then sums the binary machines' (a row counts once per machine), and
// passes is the largest of the binary problems'.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "binary/kernel_svm.hpp"
#include "io/libsvm.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "reductions/reduction.hpp"

#include "slurp.hpp"

using namespace argmax;

namespace {

struct Trained {
  std::vector<int32_t> predicted;
  double predict_seconds = 1e300;  // the fastest of three runs (the machines are shared)
  int support_vectors = 0, passes = 0;
  bool converged = true;
  double gamma = 0;
};

template <class Predict>
void time_predictions(Trained& t, size_t rows, Predict predict) {
  using clock = std::chrono::steady_clock;
  t.predicted.resize(rows);
  for (int run = 0; run < 3; ++run) {
    const auto t0 = clock::now();
    predict(t.predicted.data());
    t.predict_seconds = std::min(t.predict_seconds, std::chrono::duration<double>(clock::now() - t0).count());
  }
}

}  // namespace

int main(int argc, char** argv) try {
  if (argc < 3) {
    std::cerr << "usage: bench_kernels TRAIN TEST [method=cs|multiclass|allpairs] [key=value]...\n";
    return 2;
  }
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const LabeledRows train = read_libsvm(slurp(argv[1]));
  const double read_seconds = std::chrono::duration<double>(clock::now() - start).count();
  const LabeledRows test = read_libsvm(slurp(argv[2]), train.rows.cols);
  OptionList options;
  std::string method = "cs";
  for (int i = 3; i < argc; ++i) {
    const std::string kv = argv[i];
    const size_t eq = kv.find('=');
    if (kv.substr(0, eq) == "method") method = kv.substr(eq + 1);
    else options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  const auto t0 = clock::now();
  Trained t;
  double train_seconds = 0;
  if (method == "allpairs") {
    ReductionConfig c;
    c.reduction = "allpairs", c.learner = "kernel", c.learner_options = options;
    const auto model = ReductionModel::train_on_labels(train.rows.view(), train.labels.data(), c);
    train_seconds = std::chrono::duration<double>(clock::now() - t0).count();
    time_predictions(t, test.labels.size(), [&](int32_t* out) {
      const std::vector<int32_t> p = model.predict_labels(test.rows.view());
      std::copy(p.begin(), p.end(), out);
    });
    for (int j = 0; j < model.columns(); ++j) {
      const auto& m = dynamic_cast<const KernelBinaryModel&>(model.binary(j));
      t.support_vectors += m.support_vectors().count();
      t.passes = std::max(t.passes, m.report.iterations);
      t.converged = t.converged && m.report.converged;
      t.gamma = m.kernel().gamma;
    }
  } else {
    if (method == "cs") options.emplace_back("decomposition", "crammer-singer");
    const auto model = KernelMulticlass::train(train.rows.view(), train.labels, options, {});
    train_seconds = std::chrono::duration<double>(clock::now() - t0).count();
    time_predictions(t, test.labels.size(), [&](int32_t* out) { model.predict(test.rows.view(), out); });
    const auto& r = model.training_report();
    t.support_vectors = model.support_vectors(), t.passes = r.iterations, t.converged = r.converged;
    t.gamma = model.kernel().gamma;
  }
  size_t correct = 0;
  for (size_t i = 0; i < t.predicted.size(); ++i) correct += t.predicted[i] == test.labels[i];
  std::cout << "{\"accuracy\":" << double(correct) / t.predicted.size() << ",\"read_seconds\":" << read_seconds
            << ",\"train_seconds\":" << train_seconds
            << ",\"predict_seconds\":" << t.predict_seconds << ",\"support_vectors\":" << t.support_vectors
            << ",\"passes\":" << t.passes << ",\"converged\":" << (t.converged ? "true" : "false")
            << ",\"gamma\":" << t.gamma << "}\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "bench_kernels: " << e.what() << "\n";
  return 1;
}
