// The one hinge step of learn/online.hpp against values worked by hand, and the default trainers read from their
// tables (learn/trainer_options.hpp).
#include <catch2/catch.hpp>

#include "learn/online.hpp"
#include "learn/trainer_options.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/tokenizer_trainer.hpp"

using namespace argmax;

TEST_CASE("hinge_step: each surrogate's loss, step rule and step size, worked by hand", "[learn]") {
  // Δ = 0.5, s(ŷ) = 1.25, s(y) = 1: margin 0.25
  HingeStep<double> h = hinge_step(Surrogate::Perceptron, 0.5, 1.25, 1.0, true);
  CHECK(h.loss == 0.25);
  CHECK(h.scale == 1);
  h = hinge_step(Surrogate::MarginRescaled, 0.5, 1.25, 1.0, true);
  CHECK(h.loss == 0.75);  // 0.5 + 0.25
  CHECK(h.scale == 1);
  h = hinge_step(Surrogate::SlackRescaled, 0.5, 1.25, 1.0, true);
  CHECK(h.loss == 0.625);  // 0.5 · 1.25
  CHECK(h.scale == 0.5);   // the step is η·Δ·(Ψ(x,y) − Ψ(x,ŷ))

  // y ahead by 2: s(ŷ) = −1, s(y) = 1, Δ = 1
  h = hinge_step(Surrogate::MarginRescaled, 1.0, -1.0, 1.0, true);
  CHECK(h.loss == 0);  // max(0, 1 − 2)
  CHECK(h.scale == 0);
  h = hinge_step(Surrogate::SlackRescaled, 1.0, -1.0, 1.0, true);
  CHECK(h.loss == 0);  // max(0, 1 · (1 − 2))
  CHECK(h.scale == 0);
  // within the margin: s(ŷ) = 0.5, s(y) = 1, Δ = 1 → ℓ = 0.5, a step though ŷ scores lower
  h = hinge_step(Surrogate::MarginRescaled, 1.0, 0.5, 1.0, true);
  CHECK(h.loss == 0.5);
  CHECK(h.scale == 1);
  h = hinge_step(Surrogate::Perceptron, 1.0, 0.5, 1.0, false);
  CHECK(h.loss == 0);  // the perceptron: no mistake, no step
  CHECK(h.scale == 0);
  // a tie is a mistake for the perceptron: ℓ = 0 but a step
  h = hinge_step(Surrogate::Perceptron, 1.0, 1.0, 1.0, true);
  CHECK(h.loss == 0);
  CHECK(h.scale == 1);
  // float arithmetic, as the binary problem scores: y⟨w, x⟩ = 0.25, so s(−y) − s(y) = −0.25 and ℓ = 1 − 0.25
  const HingeStep<float> f = hinge_step(Surrogate::MarginRescaled, 1.f, -0.25f, 0.f, false);
  CHECK(f.loss == 0.75f);
  CHECK(f.scale == 1.f);
  CHECK_THROWS_AS(hinge_step(Surrogate::LogLoss, 1.0, 0.0, 0.0, true), std::logic_error);
}

TEST_CASE("each task's default trainer is its table's, and the empty name asks for that table", "[options]") {
  CHECK(sequence_trainer_of({}) == "perceptron");
  CHECK(tokenizer_trainer_of({}) == "lbfgs");
  CHECK(LinearMulticlass::trainer_of({}) == "dcd");
  CHECK(sequence_trainer_of({{"trainer", "sgd"}}) == "sgd");
  CHECK(&sequence_options("") == &sequence_options("perceptron"));
  CHECK(&tokenizer_options("") == &tokenizer_options("lbfgs"));
  CHECK(&LinearMulticlass::options_of("") == &LinearMulticlass::options_of("dcd"));
  CHECK_THROWS_WITH(sequence_trainer_of({{"trainer", "adam"}}), Catch::Contains("unknown trainer 'adam' for a sequence tagger"));
}
