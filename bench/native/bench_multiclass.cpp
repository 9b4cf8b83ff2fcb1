// Native twin of bench/multiclass.mjs: trains one linear multiclass model on LIBSVM files and prints one
// JSON line {accuracy, train_seconds, predict_per_second}, so the benchmark can set the wasm build
// beside the native build of the same core. --save and --predictions write the model bytes and the
// test predictions (one per line), which the JS tests use to check that native models load in wasm.
//   bench_multiclass TRAIN TEST TRAINER [key=value]... [--save MODEL] [--predictions FILE]
// TRAINER is the option trainer (dcd, sgd, pegasos, perceptron, cutting-plane, bcfw); the key=value options follow it.
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "io/libsvm.hpp"
#include "multiclass/linear_multiclass.hpp"

#include "slurp.hpp"

using namespace argmax;

int main(int argc, char** argv) try {
  if (argc < 4) {
    std::cerr << "usage: bench_multiclass TRAIN TEST TRAINER [key=value]...\n";
    return 2;
  }
  const LabeledRows train = read_libsvm(slurp(argv[1]));
  const LabeledRows test = read_libsvm(slurp(argv[2]));
  OptionList options = {{"trainer", argv[3]}};
  std::string save_path, predictions_path;
  for (int i = 4; i < argc; ++i) {
    const std::string kv = argv[i];
    if ((kv == "--save" || kv == "--predictions") && i + 1 < argc) {
      (kv == "--save" ? save_path : predictions_path) = argv[++i];
      continue;
    }
    const size_t eq = kv.find('=');
    options.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const auto model = LinearMulticlass::train(train.rows.view(), train.labels, options, {});
  const auto t1 = clock::now();
  std::vector<int32_t> predicted(test.labels.size());
  model.predict(test.rows.view(), predicted.data());
  const auto t2 = clock::now();
  if (!save_path.empty()) {
    const auto bytes = model.to_bytes();
    std::ofstream(save_path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  if (!predictions_path.empty()) {
    std::ofstream out(predictions_path);
    for (int32_t p : predicted) out << p << "\n";
  }
  size_t correct = 0;
  for (size_t i = 0; i < predicted.size(); ++i) correct += predicted[i] == test.labels[i];
  const double train_s = std::chrono::duration<double>(t1 - t0).count();
  const double predict_s = std::chrono::duration<double>(t2 - t1).count();
  std::cout << "{\"accuracy\":" << double(correct) / predicted.size() << ",\"train_seconds\":" << train_s
            << ",\"predict_per_second\":" << predicted.size() / predict_s << "}\n";
  return 0;
} catch (const std::exception& e) {
  std::cerr << "bench_multiclass: " << e.what() << "\n";
  return 1;
}
