// Binary learners: each solver checked against its objective computed here, by grid search or finite
// differences, and against each other on the same problem.
#include <catch2/catch.hpp>

#include <cmath>

#include "binary/binary_learners.hpp"
#include "binary/linear_learners.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "binary/tree_binary.hpp"
#include "core/rng.hpp"

using namespace argmax;

namespace {

struct Data {
  std::vector<float> x;
  std::vector<int8_t> y;
  int m = 0, n = 0;
  Rows rows() const { return Rows::dense(x.data(), m, n); }
  BinarySample sample() const { return BinarySample::all(rows(), y); }
};

// Two Gaussian blobs in n dimensions, centred at ±shift·(1, …, 1).
Data blobs(int m, int n, float shift, float noise, uint64_t seed) {
  Rng rng(seed);
  Data d;
  d.m = m, d.n = n;
  for (int i = 0; i < m; ++i) {
    const int8_t y = i % 2 ? 1 : -1;
    d.y.push_back(y);
    for (int j = 0; j < n; ++j) {
      const double g = std::sqrt(-2 * std::log(1 - rng.uniform())) * std::cos(6.283185307 * rng.uniform());
      d.x.push_back(float(y * shift + noise * g));
    }
  }
  return d;
}

double hinge_objective(const Data& d, double w, double b, double C, bool squared) {
  double f = 0.5 * (w * w + b * b);
  for (int i = 0; i < d.m; ++i) {
    const double xi = std::max(0.0, 1 - d.y[i] * (w * d.x[i] + b));
    f += C * (squared ? xi * xi : xi);
  }
  return f;
}

double accuracy(const BinaryModel& model, const Data& d) {
  int right = 0;
  for (int i = 0; i < d.m; ++i) right += model.predict(d.rows().row(i)) == d.y[i];
  return double(right) / d.m;
}

}  // namespace

TEST_CASE("dual coordinate descent reaches the primal minimum found by grid search (1-D, bias regularised)") {
  const Data d = blobs(40, 1, 0.5f, 0.8f, 3);  // overlapping: some margin violations
  for (bool squared : {false, true}) {
    DualSvmConfig c;
    c.C = 0.7, c.squared_hinge = squared, c.tol = 1e-6, c.bias = 1;
    auto model = train_dual_cd_svm(d.sample(), c);
    const double w = model->weights()[0], b = model->bias();
    double best = 1e300;
    for (double gw = -4; gw <= 4; gw += 0.002)
      for (double gb = -2; gb <= 2; gb += 0.01) best = std::min(best, hinge_objective(d, gw, gb, c.C, squared));
    const double got = hinge_objective(d, w, b, c.C, squared);
    INFO("squared=" << squared << " w=" << w << " b=" << b);
    CHECK(got <= best + 1e-4);
    CHECK(got >= best - 0.05);  // the grid is fine enough to come within this of the optimum
  }
}

TEST_CASE("Pegasos and dual coordinate descent solve the same hinge problem") {
  // λ/2‖w‖² + (1/m)Σ hinge has the minimiser of ½‖w‖² + C Σ hinge with C = 1/(λm).
  const Data d = blobs(200, 3, 0.6f, 1.0f, 5);
  const double lambda = 0.05;
  DualSvmConfig dc;
  dc.C = 1 / (lambda * d.m), dc.squared_hinge = false, dc.tol = 1e-6;
  auto exact = train_dual_cd_svm(d.sample(), dc);
  OnlineConfig pc;  // Pegasos on the hinge loss
  pc.step_size = StepSize::Pegasos, pc.lambda = lambda, pc.epochs = 200, pc.average = true;
  auto sgd = train_online_binary(d.sample(), pc, 1);
  auto objective = [&](const LinearBinaryModel& m) {
    double f = 0;
    for (float w : m.weights()) f += 0.5 * lambda * w * w;
    f += 0.5 * lambda * m.bias() * m.bias();
    for (int i = 0; i < d.m; ++i) f += std::max(0.0, 1.0 - d.y[i] * m.score(d.rows().row(i))) / d.m;
    return f;
  };
  const double a = objective(*exact), b = objective(*sgd);
  INFO("dcd " << a << " pegasos " << b);
  CHECK(a <= b + 1e-6);  // the exact solver is not beaten
  CHECK(b <= a * 1.02);  // Pegasos comes within 2%
}

TEST_CASE("logistic regression: the gradient of the objective vanishes (finite differences)") {
  const Data d = blobs(60, 2, 0.4f, 1.0f, 7);
  LogisticConfig c;
  c.C = 2.0, c.tol = 1e-8;
  auto model = train_logistic(d.sample(), c);
  auto f = [&](std::vector<double> v) {  // v = (w0, w1, bias weight); constant feature 1
    double s = 0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int i = 0; i < d.m; ++i) {
      const double z = v[0] * d.x[2 * i] + v[1] * d.x[2 * i + 1] + v[2];
      s += c.C * std::log1p(std::exp(-d.y[i] * z));
    }
    return s;
  };
  std::vector<double> v = {model->weights()[0], model->weights()[1], model->bias()};
  for (int j = 0; j < 3; ++j) {
    auto p = v, q = v;
    p[j] += 1e-4, q[j] -= 1e-4;
    CHECK(std::fabs((f(p) - f(q)) / 2e-4) < 1e-2);
  }
  // and it is a minimum: moving any coordinate increases f
  for (int j = 0; j < 3; ++j) {
    auto p = v;
    p[j] += 0.05;
    CHECK(f(p) > f(v));
  }
}

TEST_CASE("the batch perceptron separates separable data and stops") {
  const Data d = blobs(100, 2, 2.0f, 0.3f, 9);
  OnlineConfig c;  // the batch perceptron
  c.surrogate = Surrogate::Perceptron, c.average = false, c.stop_when_no_update = true, c.epochs = 1000;
  int epochs = 0;
  auto model = train_online_binary(d.sample(), c, 1, [&](const Progress& p) { epochs = p.epoch; return true; });
  CHECK(accuracy(*model, d) == 1.0);
  CHECK(epochs < 1000);
}

TEST_CASE("the stump's weighted error equals the brute-force minimum over all axis thresholds") {
  Rng rng(11);
  Data d;
  d.m = 30, d.n = 3;
  for (int i = 0; i < d.m; ++i) {
    for (int j = 0; j < d.n; ++j) d.x.push_back(float(rng.below(8)));
    d.y.push_back(rng.below(3) ? 1 : -1);
  }
  BinarySample s = d.sample();
  for (int i = 0; i < d.m; ++i) s.weight.push_back(0.1 + rng.uniform());
  auto stump = train_stump(s);
  auto weighted_error = [&](auto predict) {
    double e = 0;
    for (int i = 0; i < d.m; ++i) e += s.weight[i] * (predict(i) != d.y[i]);
    return e;
  };
  double best = 1e300;
  for (int8_t c : {1, -1}) best = std::min(best, weighted_error([&](int) { return c; }));
  for (int j = 0; j < d.n; ++j)
    for (float t = -0.5f; t < 8; t += 1)
      for (int8_t c : {1, -1})
        best = std::min(best, weighted_error([&](int i) { return int8_t(d.x[i * d.n + j] <= t ? c : -c); }));
  const double got = weighted_error([&](int i) { return int8_t(stump->predict(d.rows().row(i))); });
  CHECK(got == Approx(best).epsilon(1e-9));
}

// Every (learner, trainer, loss) a learner offers: the trainers its table names, each with every loss it minimises.
std::vector<OptionList> every_learner_setting(const BinaryLearnerInfo& info) {
  std::vector<OptionList> out;
  if (info.trainers.empty()) return {{}};
  for (const auto& t : info.trainers) {
    const std::vector<std::string> losses = binary_losses(info.name, t);
    if (losses.empty()) out.push_back({{"trainer", t}});
    for (const auto& l : losses) out.push_back({{"trainer", t}, {"loss", l}});
  }
  return out;
}

TEST_CASE("every learner with every trainer and loss trains, scores and round-trips through bytes") {
  const Data d = blobs(120, 4, 1.5f, 0.5f, 13);
  for (const auto& info : binary_learners())
  for (const OptionList& given : every_learner_setting(info)) {
    INFO(info.name << " " << (given.empty() ? "" : given[0].second) << " " << (given.size() > 1 ? given[1].second : ""));
    auto model = make_binary_trainer(info.name, given)(d.sample(), 1);
    CHECK(model->learner() == info.name);
    CHECK(model->trainer == (given.empty() ? "" : given[0].second));
    CHECK(model->loss == (given.size() > 1 ? given[1].second : ""));
    CHECK(model->cols() == d.n);
    CHECK(accuracy(*model, d) >= 0.95);
    ByteWriter out("binary-test");
    save_binary_model(*model, out);
    const auto bytes = out.finish();
    ByteReader in(bytes.data(), bytes.size());
    auto again = load_binary_model(in);
    in.expect_end();
    for (int i = 0; i < d.m; ++i) CHECK(again->score(d.rows().row(i)) == model->score(d.rows().row(i)));
    CHECK(again->trainer == model->trainer);
    CHECK(again->loss == model->loss);
  }
}

TEST_CASE("a binary learner is a model kind, a trainer and a loss; invalid pairs name the valid ones") {
  // The loss chooses the objective: dcd on the hinge is LIBLINEAR -s 3, on the squared hinge -s 1 (the default).
  CHECK(binary_learner_options("linear")[1].default_value == "squared-hinge");
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"loss", "log"}}),
                    Catch::Contains("loss 'log' with trainer 'dcd' is not the linear binary learner; the valid pairs: "
                                    "trainer 'dcd' with loss squared-hinge or hinge; trainer 'newton' with loss log; "
                                    "trainer 'pegasos' with loss hinge; trainer 'perceptron' with no loss option"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "newton"}, {"loss", "hinge"}}), Catch::Contains("the valid pairs"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "perceptron"}, {"loss", "hinge"}}), Catch::Contains("the valid pairs"));
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"loss", "squared-hinge"}}),
                    Catch::Contains("the valid pairs: trainer 'dcd' with loss hinge"));
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "sgd"}}),
                    Catch::Contains("unknown trainer 'sgd' for the linear binary learner (known: dcd, newton, pegasos, perceptron)"));
  CHECK_THROWS_WITH(make_binary_trainer("tree", {{"trainer", "dcd"}}), Catch::Contains("grown greedily"));
  // Each trainer's table holds its own options only, declared in learn/trainer_options.cpp.
  CHECK_THROWS_WITH(make_binary_trainer("linear", {{"trainer", "newton"}, {"epochs", "3"}}), Catch::Contains("unknown option 'epochs'"));
  CHECK_NOTHROW(make_binary_trainer("linear", {{"trainer", "pegasos"}, {"lambda", "0.1"}}));
}

TEST_CASE("the learner names of 0.1 are errors that name their replacement") {
  CHECK_THROWS_WITH(make_binary_trainer("svm-dcd", {}), "learner 'svm-dcd' was renamed in 0.2.0: use learner 'linear' with trainer 'dcd'");
  CHECK_THROWS_WITH(make_binary_trainer("logistic", {}),
                    "learner 'logistic' was renamed in 0.2.0: use learner 'linear' with trainer 'newton' and loss 'log'");
  CHECK_THROWS_WITH(make_binary_trainer("svm-pegasos", {}), Catch::Contains("use learner 'linear' with trainer 'pegasos' and loss 'hinge'"));
  CHECK_THROWS_WITH(make_binary_trainer("perceptron", {}), Catch::Contains("use learner 'linear' with trainer 'perceptron'"));
  CHECK_THROWS_WITH(make_binary_trainer("svm-kernel", {}), Catch::Contains("use learner 'kernel'"));
  CHECK_THROWS_WITH(Options::parse(reduction_options(), {{"learner", "svm-dcd"}}, "reduction"),
                    "learner 'svm-dcd' was renamed in 0.2.0: use learner 'linear' with trainer 'dcd'");
  CHECK_THROWS_WITH(Options::parse(binary_relevance_options(), {{"learner", "logistic"}}, "br"), Catch::Contains("use learner 'linear'"));
}

TEST_CASE("learner options and labels are checked") {
  CHECK_THROWS_AS(make_binary_trainer("linear", {{"C", "-1"}}), InputError);
  CHECK_THROWS_AS(make_binary_trainer("linear", {{"epochs", "3"}}), InputError);
  CHECK_THROWS_AS(make_binary_trainer("forest", {}), InputError);
  Data d = blobs(10, 2, 1, 1, 1);
  d.y[3] = 0;
  CHECK_THROWS_AS(make_binary_trainer("linear", {{"trainer", "newton"}})(d.sample(), 1), InputError);
  d.y[3] = 1;
  d.x[5] = std::nanf("");
  // NaN is a missing value exactly to the learners that say so (the bindings let NaN through for those alone).
  for (const auto& info : binary_learners()) {
    INFO(info.name);
    if (info.missing_values)
      CHECK_NOTHROW(make_binary_trainer(info.name, {})(d.sample(), 1));
    else
      CHECK_THROWS_WITH(make_binary_trainer(info.name, {})(d.sample(), 1), Catch::Contains("row 2 has a non-finite feature"));
  }
}
