#include "binary/binary_model.hpp"

#include <algorithm>

#include "binary/binary_learners.hpp"
#include "binary/kernel_svm.hpp"
#include "binary/linear_model.hpp"
#include "binary/tree_binary.hpp"

namespace argmax {

TrainingReport combined_report(const std::vector<TrainingReport>& reports) {
  TrainingReport out;
  int short_of = 0, iterations = 0;
  for (const TrainingReport& r : reports) {
    iterations = std::max(iterations, r.iterations);
    if (r.converged) {
      if (out.measure.empty()) out.measure = r.measure, out.tolerance = r.tolerance;
      continue;
    }
    if (short_of++ == 0 || r.gap / r.tolerance > out.gap / out.tolerance) out = r;
  }
  out.iterations = iterations;
  if (short_of > 0)
    out.hint += (out.hint.empty() ? "(" : " (") + std::to_string(short_of) + " of " + std::to_string(reports.size()) +
                " binary problems)";
  return out;
}

TrainingReport combined_report(const std::vector<std::shared_ptr<const BinaryModel>>& models) {
  std::vector<TrainingReport> reports;
  for (const auto& m : models) reports.push_back(m->report);
  return combined_report(reports);
}

uint32_t format_version_of(const std::vector<std::shared_ptr<const BinaryModel>>& models) {
  uint32_t version = kFormatVersion;
  for (const auto& m : models) version = std::max(version, m->format_version());
  return version;
}

void BinaryModel::scores(const Rows& rows, float* out) const {
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = score(rows.row(i));
}

namespace {
// Whether models of this kind record their trainer and loss: the trained kinds (linear, kernel), not the grown
// ones nor a caller's own.
bool records_training(const std::string& learner) {
  for (const auto& l : binary_learners())
    if (l.name == learner) return !l.trainers.empty();
  return false;
}
}  // namespace

void save_binary_model(const BinaryModel& model, ByteWriter& out) {
  out.put_string(model.learner());
  if (records_training(model.learner())) out.put_string(model.trainer), out.put_string(model.loss);
  model.save(out);
}

std::unique_ptr<BinaryModel> load_binary_model(ByteReader& in) {
  const std::string saved = in.get_string();
  const std::optional<LearnerUpgrade> of_0_1 = learner_of_0_1(saved);  // 0.1 saved no trainer and loss: its name says
  const std::string learner = upgraded_learner_name(saved);
  std::string trainer, loss;
  if (of_0_1) {
    trainer = of_0_1->trainer, loss = of_0_1->loss;
  } else if (records_training(learner)) {
    trainer = in.get_string(), loss = in.get_string();
    const auto& trainers = binary_learner(learner).trainers;
    const std::vector<std::string> losses = binary_losses(learner, trainer);
    require(std::find(trainers.begin(), trainers.end(), trainer) != trainers.end() &&
                (loss.empty() || std::find(losses.begin(), losses.end(), loss) != losses.end()),
            "model bytes are corrupt (a ", learner, " model trained by '", trainer, "' on '", loss, "')");
  }
  std::unique_ptr<BinaryModel> model;
  if (learner == "linear") model = LinearBinaryModel::load(in);
  else if (learner == "kernel") model = KernelBinaryModel::load(in);
  else model = std::make_unique<TreeBinaryModel>(learner, DecisionTree::load(in));
  model->trainer = trainer, model->loss = loss;
  return model;
}

std::vector<uint8_t> BinaryModel::to_bytes() const {
  ByteWriter out("binary", format_version());
  save_binary_model(*this, out);
  return out.finish();
}

std::unique_ptr<BinaryModel> BinaryModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "binary");
  auto model = load_binary_model(in);
  in.expect_end();
  return model;
}

}  // namespace argmax
