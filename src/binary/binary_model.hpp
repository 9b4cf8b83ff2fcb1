// A trained binary classifier with a real-valued confidence f(x): the prediction is sign f(x)
// (f = 0 counts as −1), and |f| says how sure it is. Reductions combine these confidences.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/rows.hpp"
#include "io/bytes.hpp"
#include "learn/progress.hpp"

namespace argmax {

class BinaryModel {
 public:
  virtual ~BinaryModel() = default;
  // The model kind: the learner that made it (linear, kernel, stump or tree; binary/binary_learners.hpp).
  virtual std::string learner() const = 0;
  virtual float score(const RowView& x) const = 0;
  // out[i] = score(rows.row(i)); a kernel model scores the rows as one batch.
  virtual void scores(const Rows& rows, float* out) const;
  // The number of feature columns it was trained on.
  virtual int32_t cols() const = 0;
  int predict(const RowView& x) const { return score(x) > 0 ? 1 : -1; }
  // Writes the payload (not the learner name; see save_binary_model) in the layout of out.version().
  virtual void save(ByteWriter& out) const = 0;
  // The oldest model format version that holds this model (io/bytes.hpp); a model that saves it is written in the
  // newest of its parts' versions.
  virtual uint32_t format_version() const { return kFormatVersion; }
  // A binary model on its own: kind "binary", then the learner name and the payload.
  std::vector<uint8_t> to_bytes() const;
  static std::unique_ptr<BinaryModel> from_bytes(const uint8_t* data, size_t size);

  TrainingReport report;  // how training ended (iterative learners; not saved)
  // The trainer and the loss that made a linear or kernel model (saved with it); empty for a grown one, and the
  // loss empty where none is named (the perceptron) or none was recorded (svm-dcd models of 0.1).
  std::string trainer, loss;
};

// The reports of several binary models as one: converged when all are; otherwise the one furthest from its
// tolerance, its hint saying how many stopped short.
TrainingReport combined_report(const std::vector<TrainingReport>& reports);
TrainingReport combined_report(const std::vector<std::shared_ptr<const BinaryModel>>& models);
// The format version that holds all of these models.
uint32_t format_version_of(const std::vector<std::shared_ptr<const BinaryModel>>& models);

// Writes the learner name (and a trained one's trainer and loss), then the payload; load_binary_model reads them
// back, and reads a model saved under a learner name of 0.1 (svm-dcd, logistic, …) as today's kind.
void save_binary_model(const BinaryModel& model, ByteWriter& out);
std::unique_ptr<BinaryModel> load_binary_model(ByteReader& in);

}  // namespace argmax
