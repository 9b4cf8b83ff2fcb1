#include "binary/binary_model.hpp"

#include <algorithm>

#include "binary/kernel_svm.hpp"
#include "binary/linear_model.hpp"
#include "binary/tree_binary.hpp"

namespace argmax {

TrainingReport combined_report(const std::vector<std::shared_ptr<const BinaryModel>>& models) {
  TrainingReport out;
  int short_of = 0, iterations = 0;
  for (const auto& m : models) {
    const TrainingReport& r = m->report;
    iterations = std::max(iterations, r.iterations);
    if (r.converged) {
      if (out.measure.empty()) out.measure = r.measure, out.tolerance = r.tolerance;
      continue;
    }
    if (short_of++ == 0 || r.gap / r.tolerance > out.gap / out.tolerance) out = r;
  }
  out.iterations = iterations;
  if (short_of > 0)
    out.hint += (out.hint.empty() ? "(" : " (") + std::to_string(short_of) + " of " + std::to_string(models.size()) +
                " binary problems)";
  return out;
}

void BinaryModel::scores(const Rows& rows, float* out) const {
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = score(rows.row(i));
}

void save_binary_model(const BinaryModel& model, ByteWriter& out) {
  out.put_string(model.learner());
  model.save(out);
}

std::unique_ptr<BinaryModel> load_binary_model(ByteReader& in) {
  const std::string learner = in.get_string();
  if (learner == "svm-dcd" || learner == "svm-pegasos" || learner == "logistic" || learner == "perceptron")
    return LinearBinaryModel::load(learner, in);
  if (learner == "svm-kernel") return KernelBinaryModel::load(in);
  if (learner == "stump" || learner == "tree") return std::make_unique<TreeBinaryModel>(learner, DecisionTree::load(in));
  fail("model bytes are corrupt or from a newer version (unknown binary learner '", learner, "')");
}

std::vector<uint8_t> BinaryModel::to_bytes() const {
  ByteWriter out("binary");
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
