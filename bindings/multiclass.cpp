// Embind glue for the linear and kernel multiclass predictors, the LIBSVM reader and the classification metrics.
#include "common.hpp"
#include "training_report.hpp"
#include "io/bytes.hpp"
#include "io/libsvm.hpp"
#include "metrics/classification.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "multiclass/multiclass_shard_trainer.hpp"
#include "model_binding.hpp"
#include "shard_binding.hpp"

namespace argmax::js {
namespace {

LinearMulticlass train(const MatrixArg& x, uintptr_t labels, std::string options, uintptr_t cost,
                       int cost_size, bool allow_single_class, val on_progress) {
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  const float* c = reinterpret_cast<const float*>(cost);
  const Rows rows = rows_at(x);
  require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
  return LinearMulticlass::train(rows, std::vector<int32_t>(y, y + x.rows), option_lines(options),
                                 std::vector<float>(c, c + cost_size), progress_from(on_progress));
}

// Parameter mixing: one worker's shard of the training set (arguments as train takes them).
MulticlassShardTrainer* shard(const MatrixArg& x, uintptr_t labels, std::string options,
                              uintptr_t cost, int cost_size, bool allow_single_class, int shards, int shard) {
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  const float* c = reinterpret_cast<const float*>(cost);
  const Rows rows = rows_at(x);
  require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
  return new MulticlassShardTrainer(rows, std::vector<int32_t>(y, y + x.rows), option_lines(options),
                                    std::vector<float>(c, c + cost_size), shards, shard);
}

KernelMulticlass train_kernel(const MatrixArg& x, uintptr_t labels, std::string options, uintptr_t cost, int cost_size,
                              bool allow_single_class, val on_progress) {
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  const float* c = reinterpret_cast<const float*>(cost);
  const Rows rows = rows_at(x);
  require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
  return KernelMulticlass::train(rows, std::vector<int32_t>(y, y + x.rows), option_lines(options),
                                 std::vector<float>(c, c + cost_size), progress_from(on_progress));
}

// The same glue serves the linear and the kernel models.
template <class Model>
void predict(const Model& m, const MatrixArg& x, uintptr_t out) {
  m.predict(input_rows(x, m.cols()), reinterpret_cast<int32_t*>(out));
}
template <class Model>
void scores(const Model& m, const MatrixArg& x, uintptr_t out) {
  m.scores(input_rows(x, m.cols()), reinterpret_cast<float*>(out));
}
template <class Model>
void margins(const Model& m, const MatrixArg& x, uintptr_t labels, uintptr_t out) {
  m.margins(input_rows(x, m.cols()), reinterpret_cast<const int32_t*>(labels), reinterpret_cast<float*>(out));
}
template <class Model>
val labels(const Model& m) { return typed_array("Int32Array", m.labels()); }
template <class Model>
int classes(const Model& m) { return m.classes(); }
template <class Model>
int cols(const Model& m) { return m.cols(); }
template <class Model>
std::string options(const Model& m) { return option_text(m.options()); }
template <class Model>
val training(const Model& m) { return training_report_to_js(m.training_report()); }

val weights(const LinearMulticlass& m) { return typed_array("Float32Array", m.weights()); }
std::string trainer(const LinearMulticlass& m) { return m.trainer(); }
int support_vectors(const KernelMulticlass& m) { return m.support_vectors(); }

std::string schema(std::string trainer) { return schema_json(LinearMulticlass::options_of(trainer)); }
std::string help(std::string trainer) { return describe(LinearMulticlass::options_of(trainer)); }
std::string kernel_schema() { return schema_json(KernelMulticlass::options_table()); }
std::string kernel_help() { return describe(KernelMulticlass::options_table()); }

// LIBSVM text → {labels, offsets, indices, values, rows, cols, lines}
val libsvm_to_js(const LabeledRows& d) {
  val out = val::object();
  out.set("labels", typed_array("Int32Array", d.labels));
  set_sparse_rows(out, d.rows);
  return out;
}
using LibsvmReader = JsReader<LibsvmParser, &libsvm_to_js>;
LibsvmReader open_libsvm(int min_cols) { return {ChunkedReader(LibsvmParser(min_cols))}; }

// {accuracy, labels, confusion, perClass: [{label, precision, recall, f1, support}], macro, micro}
val report(uintptr_t truth, uintptr_t predicted, int n) {
  const auto r = classification_report(reinterpret_cast<const int32_t*>(truth), reinterpret_cast<const int32_t*>(predicted),
                                       size_t(n < 0 ? 0 : n));
  auto scores = [](const ClassScores& s) {
    val o = val::object();
    o.set("precision", s.precision), o.set("recall", s.recall), o.set("f1", s.f1), o.set("support", double(s.support));
    return o;
  };
  val out = val::object(), per_class = val::array();
  for (size_t c = 0; c < r.labels.size(); ++c) {
    val o = scores(r.per_class[c]);
    o.set("label", r.labels[c]);
    per_class.call<void>("push", o);
  }
  std::vector<double> confusion(r.confusion.begin(), r.confusion.end());
  out.set("accuracy", r.accuracy);
  out.set("labels", typed_array("Int32Array", r.labels));
  out.set("confusion", typed_array("Float64Array", confusion));
  out.set("perClass", per_class);
  out.set("macro", scores(r.macro));
  out.set("micro", scores(r.micro));
  return out;
}
double cost_average(uintptr_t truth, uintptr_t predicted, int n, uintptr_t cost, int k) {
  const float* c = reinterpret_cast<const float*>(cost);
  return average_cost(reinterpret_cast<const int32_t*>(truth), reinterpret_cast<const int32_t*>(predicted),
                      size_t(n < 0 ? 0 : n), std::vector<float>(c, c + size_t(k) * k), k);
}
double margin_loss_of(uintptr_t margins, int n, double rho) {
  return margin_loss(reinterpret_cast<const float*>(margins), size_t(n < 0 ? 0 : n), rho);
}

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_multiclass) {
  using namespace emscripten;
  bind_model<LinearMulticlass>("LinearMulticlass")
      .function("training", &Guard<&training<LinearMulticlass>>::call)
      .class_function("train", &Guard<&train>::call)
      .function("predict", &Guard<&predict<LinearMulticlass>>::call)
      .function("scores", &Guard<&scores<LinearMulticlass>>::call)
      .function("margins", &Guard<&margins<LinearMulticlass>>::call)
      .function("labels", &Guard<&labels<LinearMulticlass>>::call)
      .function("weights", &Guard<&weights>::call)
      .function("classes", &Guard<&classes<LinearMulticlass>>::call)
      .function("cols", &Guard<&cols<LinearMulticlass>>::call)
      .function("trainer", &Guard<&trainer>::call)
      .function("options", &Guard<&options<LinearMulticlass>>::call);
  bind_shard<MulticlassShardTrainer>("MulticlassShard").class_function("make", &Guard<&shard>::call, allow_raw_pointers());
  bind_model<KernelMulticlass>("KernelMulticlass")
      .function("training", &Guard<&training<KernelMulticlass>>::call)
      .class_function("train", &Guard<&train_kernel>::call)
      .function("predict", &Guard<&predict<KernelMulticlass>>::call)
      .function("scores", &Guard<&scores<KernelMulticlass>>::call)
      .function("margins", &Guard<&margins<KernelMulticlass>>::call)
      .function("labels", &Guard<&labels<KernelMulticlass>>::call)
      .function("supportVectors", &Guard<&support_vectors>::call)
      .function("classes", &Guard<&classes<KernelMulticlass>>::call)
      .function("cols", &Guard<&cols<KernelMulticlass>>::call)
      .function("options", &Guard<&options<KernelMulticlass>>::call);
  function("multiclassSchema", &Guard<&schema>::call);
  function("multiclassHelp", &Guard<&help>::call);
  bind_reader<LibsvmReader, &open_libsvm>("LibsvmReader");
  function("kernelMulticlassSchema", &Guard<&kernel_schema>::call);
  function("kernelMulticlassHelp", &Guard<&kernel_help>::call);
  function("classificationReport", &Guard<&report>::call);
  function("averageCost", &Guard<&cost_average>::call);
  function("marginLoss", &Guard<&margin_loss_of>::call);
}

}  // namespace argmax::js
