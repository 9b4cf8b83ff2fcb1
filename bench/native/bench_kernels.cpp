// Native driver of bench/kernels.mjs: trains the kernel multiclass SVM on LIBSVM files and prints one JSON
// line {accuracy, train_seconds, predict_seconds (the fastest of three runs), support_vectors, passes, converged,
// gamma (the γ used: chosen from the data when not given)}.
//   bench_kernels TRAIN TEST [key=value]...   (the options of KernelMulticlass, e.g. kernel=rbf gamma=4 C=16)
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "io/libsvm.hpp"
#include "multiclass/kernel_multiclass.hpp"

#include "slurp.hpp"

using namespace argmax;

int main(int argc, char** argv) try {
  if (argc < 3) {
    std::cerr << "usage: bench_kernels TRAIN TEST [key=value]...\n";
    return 2;
  }
  const LabeledRows train = read_libsvm(slurp(argv[1]));
  const LabeledRows test = read_libsvm(slurp(argv[2]), train.rows.cols);
  OptionList options;
  for (int i = 3; i < argc; ++i) {
    const std::string kv = argv[i];
    const size_t eq = kv.find('=');
    options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const auto model = KernelMulticlass::train(train.rows.view(), train.labels, options, {});
  const auto t1 = clock::now();
  std::vector<int32_t> predicted(test.labels.size());
  double predict_seconds = 1e300;  // the fastest of three runs (the machines are shared)
  for (int run = 0; run < 3; ++run) {
    const auto t2 = clock::now();
    model.predict(test.rows.view(), predicted.data());
    predict_seconds = std::min(predict_seconds, std::chrono::duration<double>(clock::now() - t2).count());
  }
  size_t correct = 0;
  for (size_t i = 0; i < predicted.size(); ++i) correct += predicted[i] == test.labels[i];
  const auto& r = model.training_report();
  std::cout << "{\"accuracy\":" << double(correct) / predicted.size()
            << ",\"train_seconds\":" << std::chrono::duration<double>(t1 - t0).count()
            << ",\"predict_seconds\":" << predict_seconds
            << ",\"support_vectors\":" << model.support_vectors() << ",\"passes\":" << r.iterations
            << ",\"converged\":" << (r.converged ? "true" : "false") << ",\"gamma\":" << model.kernel().gamma << "}\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "bench_kernels: " << e.what() << "\n";
  return 1;
}
