#include "reductions/binary_relevance.hpp"

#include "binary/linear_model.hpp"
#include "learn/feature_scaling.hpp"

namespace argmax {

const std::vector<OptionSpec>& binary_relevance_options() {
  static const std::vector<OptionSpec> specs = {
      choice_option("learner", "linear", binary_learner_names(), "binary base learner, one per label (its trainer, loss and options in learnerOptions)"),
      integer_option("seed", "1", 0, 4294967295.0, "the learners' example order"),
      FeatureScaling::option(),
  };
  return specs;
}

std::string multilabel_method(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "multilabel");
  return in.get_string();
}

BinaryRelevanceModel BinaryRelevanceModel::train(const Rows& rows, const LabelMatrix& y, const std::string& learner,
                                                 const OptionList& options, uint64_t seed,
                                                 const BinaryTrainer& custom, const ProgressFn& progress,
                                                 const std::string& scale) {
  y.validate();
  require(y.rows == rows.rows(), "got labels for ", y.rows, " rows, but ", rows.rows(), " rows of features");
  require(rows.rows() > 0, "binary relevance: no training examples");
  const BinaryTrainer trainer = custom ? custom : make_binary_trainer(learner, options);
  BinaryRelevanceModel model;
  model.learner_ = custom ? "custom" : learner;
  const ScaledRows scaled(rows, scaling_for_learner(model.learner_, scale));
  for (int l = 0; l < y.labels; ++l) {
    std::vector<int8_t> labels(rows.rows());
    for (int i = 0; i < rows.rows(); ++i) labels[i] = y.at(i, l);
    model.models_.push_back(unscaled(trainer(BinarySample::all(scaled.rows, labels), seed + uint64_t(l)), scaled.scaling));
    if (progress) {
      Progress p;
      p.epoch = l + 1;
      if (!progress(p)) fail("training stopped by the progress callback after ", l + 1, " of ", y.labels, " labels");
    }
  }
  return model;
}

void BinaryRelevanceModel::scores(const Rows& rows, float* f) const {
  std::vector<float> column(size_t(rows.rows()));
  for (int l = 0; l < labels(); ++l) {
    models_[size_t(l)]->scores(rows, column.data());
    for (int32_t i = 0; i < rows.rows(); ++i) f[size_t(i) * labels() + l] = column[size_t(i)];
  }
}

LabelMatrix BinaryRelevanceModel::predict(const Rows& rows) const {
  std::vector<float> f(size_t(rows.rows()) * labels());
  scores(rows, f.data());
  LabelMatrix out(rows.rows(), labels());
  for (int32_t i = 0; i < rows.rows(); ++i)
    for (int l = 0; l < labels(); ++l) out.at(i, l) = f[size_t(i) * labels() + l] > 0 ? 1 : -1;
  return out;
}

std::vector<uint8_t> BinaryRelevanceModel::to_bytes() const {
  ByteWriter out("multilabel", format_version_of(models_));
  out.put_string("br");
  out.put_string(learner_);
  out.put<int32_t>(labels());
  for (const auto& m : models_) save_binary_model(*m, out);
  return out.finish();
}

BinaryRelevanceModel BinaryRelevanceModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "multilabel");
  const std::string method = in.get_string();
  require(method == "br", "expected a binary relevance model, got a multilabel '", method, "' model");
  BinaryRelevanceModel model;
  model.learner_ = upgraded_learner_name(in.get_string());  // the saved settings first: throws if unknown
  const int32_t k = in.get<int32_t>();
  require(k >= 1, "model bytes are corrupt (", k, " labels)");
  checked_count<float>("binary relevance labels", {k});  // one score per label
  for (int l = 0; l < k; ++l) model.models_.push_back(load_binary_model(in));
  in.expect_end();
  return model;
}

}  // namespace argmax
