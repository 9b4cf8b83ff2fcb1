// Chain-model training: Ψ bookkeeping, CRF gradients by finite differences, L-BFGS on a
// quadratic, perceptron convergence on separable chains, and every trainer on a learnable task.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>

#include "core/rng.hpp"
#include "learn/online.hpp"
#include "sequence/crf_objective.hpp"
#include "learn/lbfgs.hpp"
#include "sequence/chain_gradient_trainer.hpp"
#include "sequence/sequence_problem.hpp"
#include "sequence/sequence_trainer.hpp"

using namespace argmax;

namespace {

// m random sequences over d sparse features (a few active per position, random real values).
SequenceBatch random_batch(Rng& rng, int m, int d, int max_len, bool binary) {
  SequenceBatch x;
  for (int i = 0; i < m; ++i) {
    const int n = 1 + int(rng.below(max_len));
    for (int t = 0; t < n; ++t) {
      const int active = 1 + int(rng.below(3));
      for (int a = 0; a < active; ++a) {
        x.ids.push_back(int32_t(rng.below(d)));
        if (!binary) x.values.push_back(float(rng.uniform() * 2 - 0.5));
      }
      x.ends.push_back(int64_t(x.ids.size()));
    }
    x.starts.push_back(x.tokens());
  }
  return x;
}

std::vector<float> random_weights(Rng& rng, size_t dim, double spread) {
  std::vector<float> w(dim);
  for (auto& v : w) v = float((rng.uniform() * 2 - 1) * spread);
  return w;
}

// Labels every sequence with the Viterbi path under w (a separable data set for that w).
void label_with(SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w) {
  x.labels.clear();
  ChainScores s;
  for (int i = 0; i < x.sequences(); ++i) {
    fill_scores(w.data(), 1.f, L, x, i, s);
    const LabelPath p = viterbi(s);
    x.labels.insert(x.labels.end(), p.labels.begin(), p.labels.end());
  }
}

double token_accuracy(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w) {
  ChainScores s;
  long ok = 0;
  for (int i = 0; i < x.sequences(); ++i) {
    fill_scores(w.data(), 1.f, L, x, i, s);
    const LabelPath p = viterbi(s);
    for (int t = 0; t < x.length(i); ++t) ok += p.labels[t] == x.gold(i)[t];
  }
  return double(ok) / x.tokens();
}

}  // namespace

TEST_CASE("score differences equal <w, Psi(y) - Psi(y')>", "[sequence][psi]") {
  Rng rng(3);
  const ChainLayout L{6, 3};
  for (int trial = 0; trial < 50; ++trial) {
    SequenceBatch x = random_batch(rng, 1, L.features, 6, trial % 2);
    const std::vector<float> w = random_weights(rng, L.dim(), 1.0);
    const int n = x.length(0);
    std::vector<int> y(n), z(n);
    for (int t = 0; t < n; ++t) y[t] = int(rng.below(3)), z[t] = int(rng.below(3));
    std::vector<double> diff(L.dim(), 0.0);
    add_psi_difference(L, x, 0, y.data(), z.data(), 1.f, [&](size_t j, float a) { diff[j] += a; });
    double dot = 0;
    for (size_t j = 0; j < diff.size(); ++j) dot += diff[j] * w[j];
    ChainScores s;
    fill_scores(w.data(), 1.f, L, x, 0, s);
    REQUIRE(s.score(y.data()) - s.score(z.data()) == Approx(dot).margin(1e-4));
  }
}

TEST_CASE("CRF and softmax-margin gradients match finite differences", "[sequence][crf]") {
  Rng rng(5);
  const ChainLayout L{5, 3};
  for (double cost : {0.0, 1.0}) {
    SequenceBatch x = random_batch(rng, 4, L.features, 5, false);
    x.labels.clear();
    for (int64_t j = 0; j < x.tokens(); ++j) x.labels.push_back(int32_t(rng.below(3)));
    std::vector<float> w = random_weights(rng, L.dim(), 0.5), g, unused;
    const double lambda = 0.3;
    crf_objective(x, L, w, lambda, cost, g);
    for (size_t j = 0; j < L.dim(); ++j) {
      const float h = 1e-2f;
      std::vector<float> wp = w, wm = w;
      wp[j] += h, wm[j] -= h;
      const double fp = crf_objective(x, L, wp, lambda, cost, unused).objective;
      const double fm = crf_objective(x, L, wm, lambda, cost, unused).objective;
      REQUIRE(g[j] == Approx((fp - fm) / (2 * h)).margin(2e-3));
    }
  }
}

TEST_CASE("CRF objective equals the summed negative log-likelihood", "[sequence][crf]") {
  Rng rng(6);
  const ChainLayout L{4, 2};
  SequenceBatch x = random_batch(rng, 3, L.features, 4, true);
  for (int64_t j = 0; j < x.tokens(); ++j) x.labels.push_back(int32_t(rng.below(2)));
  const std::vector<float> w = random_weights(rng, L.dim(), 1.0);
  std::vector<float> g;
  double nll = 0;
  ChainScores s;
  for (int i = 0; i < x.sequences(); ++i) {
    fill_scores(w.data(), 1.f, L, x, i, s);
    // log Z by enumeration
    const int n = x.length(i);
    double z = 0;
    std::vector<int> y(n, 0);
    while (true) {
      z += std::exp(s.score(y.data()));
      int t = 0;
      while (t < n && ++y[t] == 2) y[t++] = 0;
      if (t == n) break;
    }
    nll += std::log(z) - s.score(x.gold(i));
  }
  REQUIRE(crf_objective(x, L, w, 0.0, 0.0, g).objective == Approx(nll).epsilon(1e-6));
}

TEST_CASE("L-BFGS finds the minimum of a convex quadratic", "[sequence][lbfgs]") {
  // f(x) = Σ_j a_j (x_j − c_j)² + b (x_0 − x_1)², minimum at x = c when b·(c_0 − c_1) = 0 … use c_0 = c_1.
  const std::vector<double> a = {1, 10, 0.5, 3, 7}, c = {2, 2, -1, 0.5, 4};
  auto f = [&](const std::vector<float>& x, std::vector<float>& g) {
    double v = 0;
    for (size_t j = 0; j < a.size(); ++j) v += a[j] * (x[j] - c[j]) * (x[j] - c[j]), g[j] = float(2 * a[j] * (x[j] - c[j]));
    v += 5 * (x[0] - x[1]) * (x[0] - x[1]);
    g[0] += float(10 * (x[0] - x[1])), g[1] -= float(10 * (x[0] - x[1]));
    return v;
  };
  std::vector<float> x(5, 0.f);
  LbfgsConfig config;
  config.max_iterations = 200;
  config.delta = 0;
  const double fx = lbfgs_minimize(f, x, config, {});
  REQUIRE(fx == Approx(0).margin(1e-6));
  for (size_t j = 0; j < c.size(); ++j) REQUIRE(x[j] == Approx(c[j]).margin(1e-3));
}

TEST_CASE("L-BFGS stops by CRFsuite's delta rule at the iteration worked out by hand", "[sequence][lbfgs]") {
  // f(x) = −x has no minimum and a gradient of norm 1 everywhere, so only the delta rule can stop it. Its
  // gradient never changes (no memory pair), so every step is the first one, of length 1: x_k = k, f_k = −k.
  // Over period p the relative decrease is (f_{k−p} − f_k) / max(1, |f_k|) = p/k, below delta from k > p/delta.
  auto f = [](const std::vector<float>& x, std::vector<float>& g) {
    g[0] = -1;
    return -double(x[0]);
  };
  LbfgsConfig config;
  config.max_iterations = 1000;
  config.period = 2, config.delta = 0.1;  // 2/k < 0.1 first at k = 21
  std::vector<float> x = {0};
  std::vector<int> seen;
  TrainingReport r;
  const double fx = lbfgs_minimize(f, x, config, [&](int k, double) { return seen.push_back(k), true; }, &r);
  CHECK(fx == -21);
  CHECK(x[0] == 21);
  CHECK(seen.size() == 21);
  CHECK(r.converged);
  CHECK(r.iterations == 21);
  CHECK(r.measure == "relative decrease over 2 iterations");
  CHECK(r.gap == Approx(2.0 / 21));
  CHECK(r.tolerance == 0.1);
  CHECK(r.warning().empty());

  config.period = 10, config.delta = 0.01;  // 10/k < 0.01 first at k = 1001: past the cap, which it reports
  x = {0};
  lbfgs_minimize(f, x, config, {}, &r);
  CHECK(x[0] == 1000);
  CHECK_FALSE(r.converged);
  CHECK(r.gap == Approx(0.01));
  CHECK(r.warning() == "stopped at maxIter=1000 with relative decrease over 10 iterations 0.01 (tolerance 0.01); raise maxIter");

  config.delta = 0;  // the rule off: only the cap stops it, reported by the gradient norm |−1| / max(1, |x|)
  config.max_iterations = 50;
  x = {0};
  lbfgs_minimize(f, x, config, {}, &r);
  CHECK(x[0] == 50);
  CHECK_FALSE(r.converged);
  CHECK(r.measure == "relative gradient norm");
  CHECK(r.gap == Approx(1.0 / 50));
}

// Whether x minimises f + c‖x[0, penalised)‖₁, given g = ∇f(x): the subgradient optimality conditions,
// |g_j + c·sign(x_j)| ≤ tol off zero and |g_j| ≤ c + tol at zero (c = 0 beyond the prefix).
bool l1_optimal(const std::vector<float>& x, const std::vector<float>& g, double c, size_t penalised, double tol) {
  for (size_t j = 0; j < x.size(); ++j) {
    const double cj = j < penalised ? c : 0;
    const bool ok = x[j] != 0 ? std::fabs(g[j] + cj * (x[j] > 0 ? 1 : -1)) <= tol : std::fabs(g[j]) <= cj + tol;
    if (!ok) return false;
  }
  return true;
}

TEST_CASE("OWL-QN finds the L1-penalised minimum with exact zeros", "[sequence][lbfgs]") {
  // Separable: f(x) = ½ Σ_j a_j (x_j − b_j)², whose L1-penalised minimum is the soft threshold
  // sign(b_j)·max(|b_j| − c/a_j, 0); the last two coordinates are outside the penalised prefix.
  const std::vector<double> a = {1, 4, 0.5, 2, 1, 3, 1}, b = {2, 0.1, -3, -0.2, 0.5, 0.2, -0.1};
  const double c = 0.6;
  auto f = [&](const std::vector<float>& x, std::vector<float>& g) {
    double v = 0;
    for (size_t j = 0; j < a.size(); ++j) v += 0.5 * a[j] * (x[j] - b[j]) * (x[j] - b[j]), g[j] = float(a[j] * (x[j] - b[j]));
    return v;
  };
  LbfgsConfig config;
  config.max_iterations = 200, config.delta = 0, config.l1 = c, config.l1_size = 5;
  std::vector<float> x(a.size(), 0.f);
  lbfgs_minimize(f, x, config, {});
  for (size_t j = 0; j < a.size(); ++j) {
    const double shrink = j < 5 ? c / a[j] : 0;
    const double expected = (b[j] > 0 ? 1 : -1) * std::max(std::fabs(b[j]) - shrink, 0.0);
    INFO("coordinate " << j);
    CHECK(x[j] == Approx(expected).margin(1e-4));
    if (expected == 0) CHECK(x[j] == 0.f);  // exactly
  }
  // Coupled: a least-squares fit Σ_i ½(⟨r_i, x⟩ − t_i)² of 12 coordinates, where the optimality conditions are
  // the test; the unpenalised fit has no zeros, so each zero is the penalty's.
  Rng rng(21);
  const int n = 40, d = 12;
  std::vector<double> R(n * d), t(n);
  for (double& v : R) v = rng.uniform() * 2 - 1;
  for (int i = 0; i < n; ++i) t[i] = 3 * R[i * d] - 2 * R[i * d + 1] + 0.3 * (rng.uniform() - 0.5);
  auto least_squares = [&](const std::vector<float>& x, std::vector<float>& g) {
    std::fill(g.begin(), g.end(), 0.f);
    double v = 0;
    for (int i = 0; i < n; ++i) {
      double r = -t[i];
      for (int j = 0; j < d; ++j) r += R[i * d + j] * x[j];
      v += 0.5 * r * r;
      for (int j = 0; j < d; ++j) g[j] += float(r * R[i * d + j]);
    }
    return v;
  };
  for (const double penalty : {0.0, 0.5, 2.0}) {
    config.l1 = penalty, config.l1_size = d, config.max_iterations = 500;
    std::vector<float> w(d, 0.f), g(d);
    lbfgs_minimize(least_squares, w, config, {});
    least_squares(w, g);
    INFO("c = " << penalty);
    CHECK(l1_optimal(w, g, penalty, d, 1e-3));
    const long zeros = std::count(w.begin(), w.end(), 0.f);
    if (penalty == 0) CHECK(zeros == 0);
    if (penalty == 2.0) CHECK(zeros >= d / 2);  // only the two true coefficients carry weight
  }
}

TEST_CASE("a CRF by OWL-QN (c1) is optimal for its L1 objective, sparse in its emissions only", "[sequence][lbfgs]") {
  Rng rng(22);
  const ChainLayout L{30, 3};
  SequenceBatch x = random_batch(rng, 80, L.features, 6, true);
  label_with(x, L, random_weights(rng, L.dim(), 1.0));
  const size_t emissions = size_t(L.features) * L.labels;
  const double c2 = 0.5, c1 = 1.0;
  auto objective = [&](const std::vector<float>& w, std::vector<float>& g) {
    return crf_objective(x, L, w, 2 * c2, 0.0, g).objective;
  };
  LbfgsConfig config;
  config.max_iterations = 1000, config.delta = 0, config.gradient_tolerance = 1e-6, config.l1 = c1, config.l1_size = emissions;
  std::vector<float> w(L.dim(), 0.f), g(L.dim());
  lbfgs_minimize(objective, w, config, {});
  objective(w, g);
  CHECK(l1_optimal(w, g, c1, emissions, 1e-2));
  CHECK(std::count(w.begin(), w.begin() + long(emissions), 0.f) > long(emissions / 10));
  // The trainer reads c1 the same way: it reaches the same objective (it stops on its own default tolerances).
  auto penalised = [&](const std::vector<float>& v) {
    std::vector<float> unused(L.dim());
    double norm = 0;
    for (size_t j = 0; j < emissions; ++j) norm += std::fabs(v[j]);
    return objective(v, unused) + c1 * norm;
  };
  const OptionList given = {{"trainer", "lbfgs"}, {"loss", "log"}, {"c1", "1"}, {"c2", "0.5"}, {"maxIter", "1000"}};
  const Options o = Options::parse(sequence_options("lbfgs"), given, "test");
  std::vector<float> trained;
  fit_chain(x, L, o, {}, trained);
  CHECK(penalised(trained) == Approx(penalised(w)).epsilon(1e-4));
  CHECK(std::count(trained.begin(), trained.begin() + long(emissions), 0.f) > long(emissions / 10));
  CHECK(token_accuracy(x, L, trained) > 0.9);
}

TEST_CASE("the perceptron converges on separable chains", "[sequence][perceptron]") {
  Rng rng(9);
  const ChainLayout L{12, 4};
  SequenceBatch x = random_batch(rng, 60, L.features, 7, true);
  label_with(x, L, random_weights(rng, L.dim(), 1.0));
  SequenceProblem problem(x, L);
  OnlineConfig config;
  config.surrogate = Surrogate::Perceptron;
  config.average = false;
  config.epochs = 500;
  config.stop_when_no_update = true;
  double last_error = 1;
  int epochs = 0;
  const std::vector<float> w = train_online(problem, config, [&](const Progress& p) {
    last_error = p.training_error, epochs = p.epoch;
    return true;
  });
  INFO("epochs " << epochs);
  REQUIRE(last_error == 0.0);
  REQUIRE(epochs < 500);
  REQUIRE(token_accuracy(x, L, w) == 1.0);
}

TEST_CASE("structured hinge surrogates bound the Hamming loss", "[sequence][ssvm]") {
  Rng rng(10);
  const ChainLayout L{8, 3};
  SequenceBatch x = random_batch(rng, 40, L.features, 6, false);
  for (int64_t j = 0; j < x.tokens(); ++j) x.labels.push_back(int32_t(rng.below(3)));
  SequenceProblem problem(x, L);
  for (Surrogate s : {Surrogate::MarginRescaled, Surrogate::SlackRescaled, Surrogate::Perceptron}) {
    TrainedWeights w(random_weights(rng, L.dim(), 1.0), false);
    for (int i = 0; i < x.sequences(); ++i) {
      const StepResult r = problem.step(w, i, s, 0.f);  // η = 0: evaluate only
      if (s != Surrogate::Perceptron) REQUIRE(r.surrogate >= r.error - 1e-6);
      REQUIRE(r.surrogate >= -1e-6);
    }
  }
}

TEST_CASE("every trainer learns a separable chain task", "[sequence][trainers]") {
  Rng rng(12);
  const ChainLayout L{15, 3};
  SequenceBatch x = random_batch(rng, 150, L.features, 8, true);
  label_with(x, L, random_weights(rng, L.dim(), 1.0));
  const std::vector<OptionList> runs = {
      {{"trainer", "perceptron"}, {"epochs", "20"}},
      {{"trainer", "pegasos"}, {"loss", "hinge"}, {"epochs", "30"}, {"lambda", "0.001"}},
      {{"trainer", "pegasos"}, {"loss", "slack"}, {"epochs", "30"}, {"lambda", "0.001"}},
      {{"trainer", "sgd"}, {"loss", "hinge"}, {"epochs", "30"}},  // lambda = 0: constant-step SGD
      {{"trainer", "lbfgs"}, {"loss", "log"}, {"c2", "0.01"}},
      {{"trainer", "sgd"}, {"loss", "log"}, {"epochs", "30"}, {"lambda", "0.00013"}},  // λ = 2·c2/m, c2 0.01, m 150
      {{"trainer", "lbfgs"}, {"loss", "softmax-margin"}, {"c2", "0.01"}},
      {{"trainer", "cutting-plane"}, {"loss", "hinge"}},
      {{"trainer", "bcfw"}, {"loss", "slack"}},
  };
  for (const auto& given : runs) {
    const Options o = Options::parse(sequence_options(sequence_trainer_of(given)), given, "test");
    std::vector<float> w;
    int reports = 0;
    fit_chain(x, L, o, [&](const Progress&) { return ++reports > 0; }, w);
    INFO(given[0].second << (given.size() > 1 ? " " + given[1].second : ""));
    REQUIRE(w.size() == L.dim());
    REQUIRE(reports > 0);
    REQUIRE(token_accuracy(x, L, w) > 0.9);  // labels are 1 of 3; the majority label gets far less
  }
}

TEST_CASE("training stops when the progress callback returns false", "[sequence][trainers]") {
  Rng rng(14);
  const ChainLayout L{10, 3};
  SequenceBatch x = random_batch(rng, 30, L.features, 5, true);
  label_with(x, L, random_weights(rng, L.dim(), 1.0));
  for (const OptionList& given : {OptionList{{"trainer", "perceptron"}, {"epochs", "50"}},
                                  OptionList{{"trainer", "lbfgs"}, {"loss", "log"}, {"maxIter", "50"}}}) {
    const Options o = Options::parse(sequence_options(sequence_trainer_of(given)), given, "test");
    int calls = 0;
    std::vector<float> w;
    fit_chain(x, L, o, [&](const Progress&) { return ++calls < 2; }, w);
    REQUIRE(calls == 2);
  }
}

TEST_CASE("the CRF's fixed-point parts sum to the same integers for any split, and to its gradient to rounding",
          "[sequence][crf][parallel]") {
  Rng rng(31);
  const ChainLayout L{12, 3};
  for (const bool binary : {true, false}) {
    for (const double cost : {0.0, 1.0}) {
      SequenceBatch x = random_batch(rng, 40, L.features, 7, binary);
      for (int64_t j = 0; j < x.tokens(); ++j) x.labels.push_back(int32_t(rng.below(3)));
      const std::vector<float> w = random_weights(rng, L.dim(), 0.7);
      std::vector<float> whole;
      const CrfEvaluation e = crf_objective(x, L, w, 0.0, cost, whole);
      const int bits = crf_fixed_point_bits(x);
      REQUIRE(bits == 40);  // a small batch: the cap
      // the splits [0, 40), [0, 17) + [17, 40), and [0, 1) + [1, 30) + [30, 40) summed in another order
      const std::vector<std::vector<int>> splits = {{0, 40}, {0, 17, 40}, {0, 1, 30, 40}};
      std::vector<std::vector<int64_t>> sums;
      for (const auto& bounds : splits) {
        std::vector<int64_t> sum(L.dim(), 0);
        double loss = 0;
        for (size_t p = bounds.size() - 1; p-- > 0;) {  // last part first: integer sums do not care
          CrfPart part;
          part.gradient.assign(L.dim(), 0);
          crf_part(x, L, w, cost, bounds[p], bounds[p + 1], bits, part);
          REQUIRE(part.terms.size() == 2 * size_t(bounds[p + 1] - bounds[p]));
          for (size_t j = 0; j < sum.size(); ++j) sum[j] += part.gradient[j];
          for (size_t t = 0; t < part.terms.size(); t += 2) loss += part.terms[t];
        }
        CHECK(loss == Approx(e.objective).epsilon(1e-12));
        sums.push_back(sum);
      }
      CHECK(sums[1] == sums[0]);
      CHECK(sums[2] == sums[0]);
      // each of the ≤ 40·7·3 addends of a cell is off by at most 2^−41
      for (size_t j = 0; j < L.dim(); ++j) CHECK(std::ldexp(double(sums[0][j]), -bits) == Approx(whole[j]).margin(1e-6));
    }
  }
}

TEST_CASE("L-BFGS over workers' parts: the same weights for 1, 2 and 3 workers, the serial fit's objective",
          "[sequence][lbfgs][parallel]") {
  // A token task: a word's tag is its number mod 3, except after word w0, where it is 2.
  Rng rng(32);
  Sentences tokens, tags;
  for (int i = 0; i < 60; ++i) {
    std::vector<std::string> s, t;
    const int n = 1 + int(rng.below(9));
    for (int j = 0; j < n; ++j) {
      const int word = int(rng.below(12));
      s.push_back("w" + std::to_string(word));
      t.push_back(j > 0 && s[size_t(j) - 1] == "w0" ? "T2" : "T" + std::to_string(word % 3));
    }
    s.push_back("u" + std::to_string(i)), t.push_back("T0");
    tokens.push_back(s), tags.push_back(t);
  }
  for (const OptionList& given : {OptionList{{"trainer", "lbfgs"}, {"loss", "log"}, {"c2", "0.1"}},
                                  OptionList{{"trainer", "lbfgs"}, {"loss", "softmax-margin"}, {"c1", "0.05"}}}) {
    std::vector<std::vector<float>> weights;
    std::vector<double> objectives;
    for (const int n : {1, 2, 3}) {
      // The parts' times, as if sentence i cost its length × (1 + i/10): the workers split the sentences again
      // by them at every point (gradient-worker.js does now and then), which must not change the weights.
      const auto costs = [&](const ChainGradientTrainer& t) {
        std::vector<double> seconds;
        for (int w = 0, i = 0; w < n; ++w) {
          double s = 0;
          for (const int end = i + t.sequences_of(w); i < end; ++i) s += double(tokens[size_t(i)].size()) * (1 + i / 10.0);
          seconds.push_back(s);
        }
        return seconds;
      };
      const auto imbalance = [&](const std::vector<double>& s) {
        return *std::max_element(s.begin(), s.end()) * n / std::accumulate(s.begin(), s.end(), 0.0);
      };
      std::vector<double> imbalances;  // the slowest part over the mean, point by point
      std::vector<std::unique_ptr<ChainGradientTrainer>> workers;
      for (int k = 0; k < n; ++k)
        workers.push_back(std::make_unique<ChainGradientTrainer>(prepare_tagger(tokens, tags, given), n, k));
      int reports = 0;
      size_t sent = 0, slices = 0;  // the point's values sent at a point, and the whole slices they come from
      // Worker k takes what every other sent it. (Each sends from a buffer of its own, and what it sends k does
      // not change in taking: the point_for or gradient_for k of worker w is read in slice k, not in w's.) The
      // packed bytes are read in place (a vector's allocation is aligned for any type).
      auto exchange_slices = [&] {
        const bool done = workers[0]->done();
        for (int k = 0; k < n; ++k) {
          std::vector<const float*> others;
          for (int w = 0; w < n; ++w) {
            if (w == k) {
              others.push_back(nullptr);
              continue;
            }
            if (done) {
              others.push_back(workers[size_t(w)]->slice().data());
              continue;
            }
            const std::vector<uint8_t>& out = workers[size_t(w)]->point_for(k);
            sent += out.size() / sizeof(float), slices += workers[size_t(w)]->slice().size();
            others.push_back(reinterpret_cast<const float*>(out.data()));
          }
          workers[size_t(k)]->gather(others.data(), n);
        }
      };
      for (;;) {
        for (auto& w : workers) {
          REQUIRE(w->reducing() == workers[0]->reducing());
          REQUIRE(w->iterated() == workers[0]->iterated());
          REQUIRE(w->done() == workers[0]->done());
        }
        if (workers[0]->reducing()) {
          std::vector<std::vector<double>> partials;
          for (auto& w : workers) partials.push_back(w->partials());
          for (int k = 0; k < n; ++k) {
            std::vector<const double*> others;
            for (int w = 0; w < n; ++w) others.push_back(w == k ? nullptr : partials[size_t(w)].data());
            workers[size_t(k)]->reduced(others.data(), n);
          }
          continue;
        }
        if (workers[0]->iterated()) {
          ++reports;
          for (auto& w : workers) w->proceed(true);
          continue;
        }
        exchange_slices();
        if (workers[0]->done()) break;
        std::vector<CrfPart> parts;
        for (auto& w : workers) parts.push_back(w->evaluate());
        const std::vector<double> seconds = costs(*workers[0]);
        imbalances.push_back(imbalance(seconds));
        // every worker sends its parts before it is told (telling may split the sequences again)
        std::vector<std::vector<std::vector<uint8_t>>> sent_parts(static_cast<size_t>(n));
        for (int w = 0; w < n; ++w) {
          sent_parts[size_t(w)].resize(size_t(n));
          for (int k = 0; k < n; ++k)
            if (k != w) sent_parts[size_t(w)][size_t(k)] = workers[size_t(w)]->gradient_for(k);
        }
        for (int k = 0; k < n; ++k) {
          std::vector<const int64_t*> g;
          std::vector<const double*> t;
          for (int w = 0; w < n; ++w) {
            const bool own = w == k;
            g.push_back(own ? nullptr : reinterpret_cast<const int64_t*>(sent_parts[size_t(w)][size_t(k)].data()));
            t.push_back(own ? nullptr : parts[size_t(w)].terms.data());
          }
          workers[size_t(k)]->tell(g.data(), t.data(), n, seconds.data());
        }
      }
      objectives.push_back(workers[0]->progress().objective);
      SequenceModel model = workers[size_t(n) - 1]->finish();
      weights.push_back(model.weights);
      CHECK(reports == model.report.iterations);
      CHECK(model.report.converged);
      // Each sentence's last word is its own: a worker reads only the others' rows its sentences touch.
      if (n > 1) CHECK(sent < slices * size_t(n - 1));
      // split by positions, the later parts cost more; split by their cost, about the same
      REQUIRE(imbalances.size() > 8);
      if (n > 1) CHECK(imbalances[0] > 1.3);
      CHECK(imbalances.back() < 1.1);
    }
    INFO(given[1].second);
    CHECK(weights[1] == weights[0]);  // bit for bit
    CHECK(weights[2] == weights[0]);
    CHECK(objectives[1] == objectives[0]);
    // The serial fit sums in doubles, not in fixed point: the same minimum, not the same bits.
    double serial = 0;
    train_tagger(tokens, tags, given, [&serial](const Progress& p) { return serial = p.objective, true; });
    CHECK(objectives[0] == Approx(serial).epsilon(1e-4));
  }
}
