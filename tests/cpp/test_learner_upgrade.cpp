// Models saved under the binary learner names of 0.1 load as today's kinds (linear, kernel, …) with the trainer
// and loss their old name meant, and score exactly as the build that saved them did (learners_before_0_2.hpp).
#include <catch2/catch.hpp>

#include "binary/binary_model.hpp"
#include "learners_before_0_2.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;
using namespace argmax::test;

namespace {
const OldModel& old_model(const std::string& name) {
  for (const auto& m : old_learner_models())
    if (m.name == name) return m;
  FAIL("no fixture " << name);
  throw;
}
const Rows kTest = Rows::dense(kOldTest, 4, 2);
}  // namespace

TEST_CASE("binary models saved under a learner name of 0.1 load, score as before and save under today's names",
          "[binary][models]") {
  struct Case { std::string old, learner, trainer, loss; };
  for (const Case& c : std::vector<Case>{{"svm-dcd", "linear", "dcd", ""},
                                         {"svm-kernel", "kernel", "dcd", "hinge"},
                                         {"svm-pegasos", "linear", "pegasos", "hinge"},
                                         {"logistic", "linear", "newton", "log"},
                                         {"perceptron", "linear", "perceptron", ""},
                                         {"stump", "stump", "", ""}}) {
    INFO(c.old);
    const OldModel& old = old_model("binary " + c.old);
    const auto model = BinaryModel::from_bytes(old.bytes.data(), old.bytes.size());
    CHECK(model->learner() == c.learner);
    CHECK(model->trainer == c.trainer);
    CHECK(model->loss == c.loss);  // svm-dcd's loss was not saved (squared-hinge unless set to hinge)
    std::vector<float> s(4);
    model->scores(kTest, s.data());
    CHECK(s == old.scores);
    const std::vector<uint8_t> today = model->to_bytes();
    const auto again = BinaryModel::from_bytes(today.data(), today.size());
    CHECK(again->learner() == c.learner);
    CHECK(again->trainer == c.trainer);
    CHECK(again->loss == c.loss);
    again->scores(kTest, s.data());
    CHECK(s == old.scores);
  }
}

TEST_CASE("reductions saved with a learner name of 0.1 load and predict as before", "[reductions][models]") {
  struct Case { std::string name, learner, trainer, loss; };
  for (const Case& c : std::vector<Case>{{"reduction ova logistic", "linear", "newton", "log"},
                                         {"reduction allpairs svm-dcd", "linear", "dcd", ""},
                                         {"reduction ecoc svm-kernel", "kernel", "dcd", "hinge"}}) {
    INFO(c.name);
    const OldModel& old = old_model(c.name);
    for (int round = 0; round < 2; ++round) {  // as saved by 0.1, then saved again today
      const std::vector<uint8_t> bytes =
          round == 0 ? old.bytes : ReductionModel::from_bytes(old.bytes.data(), old.bytes.size()).to_bytes();
      const ReductionModel m = ReductionModel::from_bytes(bytes.data(), bytes.size());
      CHECK(m.learner() == c.learner);
      CHECK(m.binary(0).trainer == c.trainer);
      CHECK(m.binary(0).loss == c.loss);
      std::vector<float> s(size_t(4) * m.columns());
      m.confidences(kTest, s.data());
      for (int32_t label : m.predict_labels(kTest)) s.push_back(float(label));
      CHECK(s == old.scores);
    }
  }
}

TEST_CASE("binary relevance saved with a learner name of 0.1 loads and scores as before", "[multilabel][models]") {
  const OldModel& old = old_model("br svm-pegasos");
  const BinaryRelevanceModel m = BinaryRelevanceModel::from_bytes(old.bytes.data(), old.bytes.size());
  CHECK(m.learner() == "linear");
  CHECK(m.binary(0).trainer == "pegasos");
  std::vector<float> s(12);
  m.scores(kTest, s.data());
  CHECK(s == old.scores);
  const std::vector<uint8_t> today = m.to_bytes();
  const BinaryRelevanceModel again = BinaryRelevanceModel::from_bytes(today.data(), today.size());
  CHECK(again.learner() == "linear");
  again.scores(kTest, s.data());
  CHECK(s == old.scores);
}
