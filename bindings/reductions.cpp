// Embind glue for reductions (one-vs-all, all-pairs, ECOC), CART trees, AdaBoost.MH, binary learners,
// binary relevance, the multi-label reader and the multi-label metrics. Labels cross as Int32Arrays;
// label sets as CSR (setOffsets, setLabels). Integer labels pass through as they are: the core models index
// them, save them and predict in them (no mapping here).
#include <algorithm>
#include <memory>

#include "binary/binary_learners.hpp"
#include "boosting/adaboost_mh.hpp"
#include "common.hpp"
#include "model_binding.hpp"
#include "training_report.hpp"
#include "io/bytes.hpp"
#include "io/multilabel.hpp"
#include "metrics/multilabel_metrics.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "trees/decision_tree.hpp"

namespace argmax::js {
namespace {

LabelMatrix label_sets(uintptr_t offsets, uintptr_t labels, int rows, int k) {
  const int32_t* o = reinterpret_cast<const int32_t*>(offsets);
  const int32_t* l = reinterpret_cast<const int32_t*>(labels);
  require(k >= 1 && k <= kMaxLabels, "label sets need 1 to 2^24 labels, got ", k);
  checked_count<int8_t>("label matrix (rows × labels)", {rows, k});
  require(o[0] == 0, "label set offsets must start at 0");
  LabelMatrix y(rows, k);
  for (int i = 0; i < rows; ++i) {
    require(o[i + 1] >= o[i], "label set offsets decrease at row ", i);
    for (int32_t p = o[i]; p < o[i + 1]; ++p) {
      require(l[p] >= 0 && l[p] < k, "row ", i, " has label ", l[p], ", expected 0..", k - 1);
      y.at(i, l[p]) = 1;
    }
  }
  return y;
}

// Label sets to train on. Sets that are all empty teach no label (each is −1 everywhere, and the model would never
// predict one): refused, as the text classifier refuses them.
LabelMatrix training_sets(uintptr_t offsets, uintptr_t labels, int rows, int k) {
  LabelMatrix y = label_sets(offsets, labels, rows, k);
  require(std::find(y.y.begin(), y.y.end(), 1) != y.y.end(),
          "every label set is empty; a multi-label model needs labels");
  return y;
}

// {offsets, labels} of the +1 entries.
val sets_to_js(const LabelMatrix& y) {
  std::vector<int32_t> offsets{0}, labels;
  for (int i = 0; i < y.rows; ++i) {
    for (int l = 0; l < y.labels; ++l)
      if (y.at(i, l) > 0) labels.push_back(l);
    offsets.push_back(int32_t(labels.size()));
  }
  val out = val::object();
  out.set("offsets", typed_array("Int32Array", offsets));
  out.set("labels", typed_array("Int32Array", labels));
  return out;
}

// NaN features are missing values to the tree learners and an error to the others.
NanFeatures nan_for(const std::string& learner) {
  return binary_learner(learner).missing_values ? NanFeatures::missing : NanFeatures::rejected;
}

// ---- schemas: "reduction", "tree", "adaboost-mh", "br"
const std::vector<OptionSpec>& specs_of(const std::string& what) {
  if (what == "reduction") return reduction_options();
  if (what == "tree") return tree_options();
  if (what == "adaboost-mh") return adaboost_mh_options();
  require(what == "br", "unknown model '", what, "'");
  return binary_relevance_options();
}
std::string schema(std::string what) { return schema_json(specs_of(what)); }
// A binary learner's table for the trainer and loss given ("": the default); an invalid pair names the valid ones.
std::string learner_schema(std::string learner, std::string trainer, std::string loss) {
  OptionList given;
  if (!trainer.empty()) given.emplace_back("trainer", trainer);
  if (!loss.empty()) given.emplace_back("loss", loss);
  return schema_json(binary_learner_options(learner, given));
}
std::string learner_names() {
  std::string out;
  for (const auto& l : binary_learners()) out += (out.empty() ? "" : ",") + l.name;
  return out;
}

// ---- reductions
// code: a user code matrix, code_rows × code_columns int8 (code_columns = 0: none).
ReductionModel train_reduction(const MatrixArg& x, uintptr_t labels, std::string options, std::string learner_options,
                               uintptr_t code, int code_rows, int code_columns, val on_progress) {
  ReductionConfig c = reduction_config_from(Options::parse(reduction_options(), option_lines(options), "reduction"));
  c.learner_options = option_lines(learner_options);
  if (code_columns > 0) {
    require(code_rows > 0, "the user code has no rows");
    const int8_t* m = reinterpret_cast<const int8_t*>(code);
    c.user_code.assign(m, m + size_t(code_columns) * size_t(code_rows));
    c.user_code_columns = code_columns;
  }
  const Rows rows = rows_at(x, nan_for(c.learner));
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  // No allowSingleClass: a reduction of one class has no code (one-vs-all and ECOC set a class against others,
  // all-pairs has no pair) and its saved form needs two classes.
  require_two_classes(y, size_t(x.rows), "y", "label", false, "a reduction needs two classes or more");
  return ReductionModel::train_on_labels(rows, y, c, progress_from(on_progress));
}
Rows reduction_input(const ReductionModel& m, const MatrixArg& x) { return input_rows(x, m.cols(), nan_for(m.learner())); }
void reduction_predict(const ReductionModel& m, const MatrixArg& x, uintptr_t out) {
  const std::vector<int32_t> predicted = m.predict_labels(reduction_input(m, x));
  std::copy(predicted.begin(), predicted.end(), reinterpret_cast<int32_t*>(out));
}
void reduction_confidences(const ReductionModel& m, const MatrixArg& x, uintptr_t out) {
  m.confidences(reduction_input(m, x), reinterpret_cast<float*>(out));
}
val reduction_labels(const ReductionModel& m) { return typed_array("Int32Array", m.class_labels()); }
val reduction_code(const ReductionModel& m) { return typed_array("Int8Array", m.code().entries()); }
int reduction_columns(const ReductionModel& m) { return m.columns(); }
double reduction_distance(const ReductionModel& m) { return m.code().minimum_distance(); }
int reduction_corrects(const ReductionModel& m) { return m.code().correctable_errors(); }
std::string reduction_decoding(const ReductionModel& m) { return decoding_name(m.decoding()); }
void reduction_set_decoding(ReductionModel& m, std::string d) { m.set_decoding(decoding_from_name(d)); }
std::string reduction_kind(const ReductionModel& m) { return m.reduction(); }
std::string reduction_learner(const ReductionModel& m) { return m.learner(); }
// The trainer and loss of the binary models (one learner trains them all).
std::string reduction_trainer(const ReductionModel& m) { return m.binary(0).trainer; }
std::string reduction_loss(const ReductionModel& m) { return m.binary(0).loss; }

// ---- trees
DecisionTree train_tree(const MatrixArg& x, uintptr_t labels, std::string options, bool allow_single_class,
                        val report_out) {
  const Options o = Options::parse(tree_options(), option_lines(options), "tree");
  TreeConfig c = tree_config_from(o);
  c.seed = uint64_t(o.real("seed"));
  const Rows rows = rows_at(x, NanFeatures::missing);
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
  PruningReport report;
  DecisionTree t = DecisionTree::train_on_labels(rows, y, c, &report);
  if (!report_out.isUndefined() && !report_out.isNull()) {
    report_out.set("lambdas", typed_array("Float64Array", report.lambdas));
    report_out.set("leaves", typed_array("Int32Array", report.leaves));
    report_out.set("cvError", typed_array("Float64Array", report.cv_error));
    report_out.set("chosen", report.chosen);
  }
  return t;
}
void tree_predict(const DecisionTree& t, const MatrixArg& x, uintptr_t out) {
  const Rows rows = input_rows(x, t.cols(), NanFeatures::missing);
  int32_t* o = reinterpret_cast<int32_t*>(out);
  for (int i = 0; i < rows.rows(); ++i) o[i] = t.predict_label(rows.row(i));
}
void tree_probabilities(const DecisionTree& t, const MatrixArg& x, uintptr_t out) {
  const Rows rows = input_rows(x, t.cols(), NanFeatures::missing);
  float* o = reinterpret_cast<float*>(out);
  for (int i = 0; i < rows.rows(); ++i) {
    const float* p = t.distribution(rows.row(i));
    std::copy(p, p + t.classes(), o + size_t(i) * t.classes());
  }
}
val tree_labels(const DecisionTree& t) { return typed_array("Int32Array", t.class_labels()); }
int tree_leaves(const DecisionTree& t) { return t.leaves(); }
int tree_nodes(const DecisionTree& t) { return int(t.nodes()); }

// ---- AdaBoost.MH: mono-label from labels, multi-label from label sets
// allow_single_class reads labels only: label sets that all hold one label train, as binary relevance and the
// label-set text classifier train on them (each label is a yes/no question of its own, and one that every set
// answers alike is a constant, as multi-label data has); sets that are all empty are refused (training_sets).
AdaBoostMH train_adaboost(const MatrixArg& x, uintptr_t labels, uintptr_t set_offsets, uintptr_t set_labels, int k,
                          std::string options, bool allow_single_class, val on_progress) {
  const AdaBoostMHConfig c = adaboost_mh_config_from(Options::parse(adaboost_mh_options(), option_lines(options), "adaboost-mh"));
  const Rows rows = rows_at(x);
  if (labels) {
    const int32_t* y = reinterpret_cast<const int32_t*>(labels);
    require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
    return AdaBoostMH::train_on_labels(rows, y, c, progress_from(on_progress));
  }
  return AdaBoostMH::train(rows, training_sets(set_offsets, set_labels, x.rows, k), c, progress_from(on_progress));
}
void adaboost_predict(const AdaBoostMH& m, const MatrixArg& x, uintptr_t out) {
  const Rows rows = input_rows(x, m.cols());
  int32_t* o = reinterpret_cast<int32_t*>(out);
  for (int i = 0; i < rows.rows(); ++i) o[i] = m.predict_label(rows.row(i));
}
val adaboost_predict_sets(const AdaBoostMH& m, const MatrixArg& x) {
  return sets_to_js(m.predict_labels(input_rows(x, m.cols())));
}
void adaboost_scores(const AdaBoostMH& m, const MatrixArg& x, uintptr_t out) {
  const Rows rows = input_rows(x, m.cols());
  double* o = reinterpret_cast<double*>(out);
  for (int i = 0; i < rows.rows(); ++i) m.scores(rows.row(i), o + size_t(i) * m.labels());
}
val adaboost_labels(const AdaBoostMH& m) { return typed_array("Int32Array", m.class_labels()); }
int adaboost_label_count(const AdaBoostMH& m) { return m.labels(); }
val adaboost_history(const AdaBoostMH& m) {
  val out = val::array();
  for (const BoostingRound& r : m.history()) {
    val o = val::object();
    o.set("epsilon", r.epsilon), o.set("alpha", r.alpha), o.set("z", r.z), o.set("zProduct", r.z_product);
    o.set("hammingLoss", r.hamming_loss);
    out.call<void>("push", o);
  }
  return out;
}
// Multi-label models (trained from label sets) save as kind "multilabel", method "adaboost-mh".
// The model as a multi-label model's bytes (kind "multilabel"); `save` gives the multiclass kind's.
val adaboost_multilabel_bytes(const AdaBoostMH& m) { return copy_to_js(m.to_multilabel_bytes()); }
std::string multilabel_method_of(uintptr_t data, int size) { return multilabel_method(bytes_at(data), size_t(size)); }

// ---- binary relevance
BinaryRelevanceModel train_br(const MatrixArg& x, uintptr_t set_offsets, uintptr_t set_labels, int k,
                              std::string options, std::string learner_options, val on_progress) {
  const Options o = Options::parse(binary_relevance_options(), option_lines(options), "br");
  return BinaryRelevanceModel::train(rows_at(x, nan_for(o.choice("learner"))),
                                     training_sets(set_offsets, set_labels, x.rows, k), o.choice("learner"),
                                     option_lines(learner_options), uint64_t(o.real("seed")), {},
                                     progress_from(on_progress), o.choice("scale"));
}
Rows br_input(const BinaryRelevanceModel& m, const MatrixArg& x) { return input_rows(x, m.cols(), nan_for(m.learner())); }
val br_predict_sets(const BinaryRelevanceModel& m, const MatrixArg& x) { return sets_to_js(m.predict(br_input(m, x))); }
void br_scores(const BinaryRelevanceModel& m, const MatrixArg& x, uintptr_t out) {
  m.scores(br_input(m, x), reinterpret_cast<float*>(out));
}
int br_labels(const BinaryRelevanceModel& m) { return m.labels(); }
std::string br_learner(const BinaryRelevanceModel& m) { return m.learner(); }
std::string br_trainer(const BinaryRelevanceModel& m) { return m.binary(0).trainer; }
std::string br_loss(const BinaryRelevanceModel& m) { return m.binary(0).loss; }

// ---- binary learners on their own (labels ±1)
// A binary model on its own, under the contract of every model kind.
struct BinaryClassifier {
  std::shared_ptr<const BinaryModel> model;
  std::vector<uint8_t> to_bytes() const { return model->to_bytes(); }
  static BinaryClassifier from_bytes(const uint8_t* data, size_t size) { return {BinaryModel::from_bytes(data, size)}; }
};
BinaryClassifier train_binary(const MatrixArg& x, uintptr_t labels, std::string learner, std::string options, int seed,
                              bool allow_single_class) {
  const int32_t* y = reinterpret_cast<const int32_t*>(labels);
  std::vector<int8_t> signs(x.rows > 0 ? x.rows : 0);
  for (int i = 0; i < x.rows; ++i) {
    require(y[i] == 1 || y[i] == -1, "binary labels must be +1 or -1; row ", i, " has ", y[i]);
    signs[i] = int8_t(y[i]);
  }
  const Rows rows = rows_at(x, nan_for(learner));
  require_two_classes(y, size_t(x.rows), "y", "label", allow_single_class);
  return {make_binary_trainer(learner, option_lines(options))(BinarySample::all(rows, signs), uint64_t(seed))};
}
void binary_scores(const BinaryClassifier& b, const MatrixArg& x, uintptr_t out) {
  const Rows rows = input_rows(x, b.model->cols(), nan_for(b.model->learner()));
  b.model->scores(rows, reinterpret_cast<float*>(out));
}
std::string binary_learner_name(const BinaryClassifier& b) { return b.model->learner(); }
std::string binary_trainer(const BinaryClassifier& b) { return b.model->trainer; }
std::string binary_loss(const BinaryClassifier& b) { return b.model->loss; }

// ---- multi-label reader and metrics
val multilabel_to_js(const MultilabelData& d) {
  std::vector<int32_t> set_offsets{0}, set_labels;
  for (const auto& s : d.label_sets) {
    set_labels.insert(set_labels.end(), s.begin(), s.end());
    set_offsets.push_back(int32_t(set_labels.size()));
  }
  val out = val::object();
  out.set("setOffsets", typed_array("Int32Array", set_offsets));
  out.set("setLabels", typed_array("Int32Array", set_labels));
  out.set("labels", d.labels);
  set_sparse_rows(out, d.features);
  return out;
}
using MultilabelReader = JsReader<MultilabelParser, &multilabel_to_js>;
MultilabelReader open_multilabel(int min_cols) { return {ChunkedReader(MultilabelParser(min_cols))}; }
val multilabel_report(uintptr_t t_offsets, uintptr_t t_labels, uintptr_t p_offsets, uintptr_t p_labels, int rows, int k) {
  const MultilabelScores s =
      multilabel_scores(label_sets(t_offsets, t_labels, rows, k), label_sets(p_offsets, p_labels, rows, k));
  val out = val::object();
  out.set("hammingLoss", s.hamming_loss), out.set("subsetAccuracy", s.subset_accuracy);
  out.set("microF1", s.micro_f1), out.set("macroF1", s.macro_f1);
  return out;
}

val reduction_training(const ReductionModel& m) { return training_report_to_js(m.training_report()); }
val br_training(const BinaryRelevanceModel& m) { return training_report_to_js(m.training_report()); }
val binary_training(const BinaryClassifier& m) { return training_report_to_js(m.model->report); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_reductions) {
  using namespace emscripten;
  bind_model<ReductionModel>("ReductionModel")
      .class_function("train", &Guard<&train_reduction>::call)
      .function("predict", &Guard<&reduction_predict>::call)
      .function("confidences", &Guard<&reduction_confidences>::call)
      .function("labels", &Guard<&reduction_labels>::call)
      .function("code", &Guard<&reduction_code>::call)
      .function("columns", &Guard<&reduction_columns>::call)
      .function("minimumDistance", &Guard<&reduction_distance>::call)
      .function("correctableErrors", &Guard<&reduction_corrects>::call)
      .function("decoding", &Guard<&reduction_decoding>::call)
      .function("setDecoding", &Guard<&reduction_set_decoding>::call)
      .function("reduction", &Guard<&reduction_kind>::call)
      .function("learner", &Guard<&reduction_learner>::call)
      .function("trainer", &Guard<&reduction_trainer>::call)
      .function("loss", &Guard<&reduction_loss>::call)
      .function("training", &Guard<&reduction_training>::call);
  bind_model<DecisionTree>("DecisionTree")
      .class_function("train", &Guard<&train_tree>::call)
      .function("predict", &Guard<&tree_predict>::call)
      .function("probabilities", &Guard<&tree_probabilities>::call)
      .function("labels", &Guard<&tree_labels>::call)
      .function("leaves", &Guard<&tree_leaves>::call)
      .function("nodes", &Guard<&tree_nodes>::call);
  bind_model<AdaBoostMH>("AdaBoostMH")
      .class_function("train", &Guard<&train_adaboost>::call)
      .function("predict", &Guard<&adaboost_predict>::call)
      .function("predictSets", &Guard<&adaboost_predict_sets>::call)
      .function("scores", &Guard<&adaboost_scores>::call)
      .function("labels", &Guard<&adaboost_labels>::call)
      .function("labelCount", &Guard<&adaboost_label_count>::call)
      .function("history", &Guard<&adaboost_history>::call)
      .function("saveMultilabel", &Guard<&adaboost_multilabel_bytes>::call);
  bind_model<BinaryRelevanceModel>("BinaryRelevanceModel")
      .class_function("train", &Guard<&train_br>::call)
      .function("predictSets", &Guard<&br_predict_sets>::call)
      .function("scores", &Guard<&br_scores>::call)
      .function("labelCount", &Guard<&br_labels>::call)
      .function("learner", &Guard<&br_learner>::call)
      .function("trainer", &Guard<&br_trainer>::call)
      .function("loss", &Guard<&br_loss>::call)
      .function("training", &Guard<&br_training>::call);
  bind_model<BinaryClassifier>("BinaryClassifierModel")
      .class_function("train", &Guard<&train_binary>::call)
      .function("scores", &Guard<&binary_scores>::call)
      .function("learner", &Guard<&binary_learner_name>::call)
      .function("trainer", &Guard<&binary_trainer>::call)
      .function("loss", &Guard<&binary_loss>::call)
      .function("training", &Guard<&binary_training>::call);
  function("reductionSchema", &Guard<&schema>::call);
  function("binaryLearnerSchema", &Guard<&learner_schema>::call);
  function("binaryLearners", &Guard<&learner_names>::call);
  function("multilabelMethod", &Guard<&multilabel_method_of>::call);
  bind_reader<MultilabelReader, &open_multilabel>("MultilabelReader");
  function("multilabelReport", &Guard<&multilabel_report>::call);
}

}  // namespace argmax::js
