// Ranking problems and the Ranker: surrogate ≥ task loss, subgradient inequality, learning a
// separable ranking, option errors, and model bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/rng.hpp"
#include "metrics/ranking_metrics.hpp"
#include "learn/structured_oracle.hpp"
#include "ranking/ranker.hpp"
#include "ranking/ranking_problem.hpp"

using namespace argmax;

namespace {

// Queries of 3..15 dense documents in 4 dimensions; relevance = grade of a hidden linear score.
// grades = 0: the relevance is the hidden score itself (no ties).
OwnedQueries synthetic(uint64_t seed, int queries, int grades = 3) {
  Rng rng(seed);
  OwnedQueries data;
  data.features = OwnedRows::dense(4);
  const double truth[4] = {1.0, -0.5, 0.25, 0.0};
  for (int q = 0; q < queries; ++q) {
    const int r = 3 + int(rng.below(13));
    for (int d = 0; d < r; ++d) {
      double t = 0;
      for (int j = 0; j < 4; ++j) {
        const float x = float(rng.uniform());
        data.features.values.push_back(x);
        t += truth[j] * x;
      }
      data.relevance.push_back(grades == 0 ? float(t + 0.5)
                                           : float(std::min(grades - 1, int(std::floor((t + 0.5) * grades / 1.75)))));
    }
    data.offsets.push_back(data.offsets.back() + r);
  }
  for (float& g : data.relevance) g = std::max(0.f, g);
  return data;
}

// ℓ and w after one plain step (η = 1, no averaging, no shrink): w_after = w − g.
double surrogate_and_subgradient(const RankingProblem& p, int i, const std::vector<float>& w, std::vector<float>* g,
                                 double* error = nullptr) {
  TrainedWeights tw(w, false);
  const StepResult r = p.step(tw, i, Surrogate::MarginRescaled, 1.f);
  tw.end_step();
  if (g) {
    const std::vector<float> after = tw.current();
    g->resize(w.size());
    for (size_t j = 0; j < w.size(); ++j) (*g)[j] = w[j] - after[j];
  }
  if (error) *error = r.error;
  return r.surrogate;
}

}  // namespace

TEST_CASE("ranking surrogates: convex upper bounds with the computed subgradient", "[ranking]") {
  // Without ties in relevance π(y) and y* do not depend on w, so each surrogate is convex (recall@2 makes y
  // inadmissible in most queries, hence latent: there only the upper bound is checked).
  const OwnedQueries data = synthetic(1, 12, 0);
  Rng rng(2);
  std::vector<RankingProblemConfig> configs(6);
  configs[0].objective = RankingObjective::Ndcg;
  configs[1].objective = RankingObjective::Ndcg, configs[1].normalized_psi = true, configs[1].k = 3;
  configs[2].objective = RankingObjective::Ndcg, configs[2].hungarian = true, configs[2].exp_gain = false;
  configs[3].objective = RankingObjective::Kendall;
  configs[4].objective = RankingObjective::Bipartite, configs[4].bipartite.measure = BipartiteMeasure::F1;
  configs[5].objective = RankingObjective::Bipartite, configs[5].bipartite.measure = BipartiteMeasure::RecallAtK,
  configs[5].bipartite.k = 2;
  configs[4].relevant_above = configs[5].relevant_above = 0.9f;
  for (size_t c = 0; c < configs.size(); ++c) {
    const RankingProblemConfig& config = configs[c];
    INFO("config " << c);
    const RankingProblem p(data.view(), config, Surrogate::MarginRescaled);
    REQUIRE(p.size() > 0);
    for (int trial = 0; trial < 40; ++trial) {
      const int i = int(rng.below(uint32_t(p.size())));
      const size_t n = p.dim();  // 4, plus the bias of bipartite problems
      std::vector<float> w(n), v(n), g;
      for (size_t j = 0; j < n; ++j) w[j] = float(4 * rng.uniform() - 2), v[j] = float(4 * rng.uniform() - 2);
      double error = 0;
      const double at_w = surrogate_and_subgradient(p, i, w, &g, &error);
      // SSBD 17.3: the generalized hinge bounds the task loss of the prediction (Kendall: the pairwise
      // hinge bounds the pairwise 0-1 loss only over pairs with different grades, so check ≥ 0 there).
      if (config.objective != RankingObjective::Kendall) CHECK(at_w >= error - 1e-5);
      CHECK(at_w >= -1e-6);
      const double at_v = surrogate_and_subgradient(p, i, v, nullptr);
      double linear = at_w;
      for (size_t j = 0; j < n; ++j) linear += double(g[j]) * (v[j] - w[j]);
      if (c != 5) CHECK(at_v >= linear - 1e-4 * (1 + std::abs(linear)));  // ℓ(v) ≥ ℓ(w) + ⟨g, v − w⟩
    }
  }
}

TEST_CASE("NDCG surrogate: the Hungarian and the fast oracle give the same loss and step", "[ranking]") {
  const OwnedQueries data = synthetic(10, 15);
  RankingProblemConfig fast, hungarian;
  hungarian.hungarian = true;
  fast.k = hungarian.k = 4;
  const RankingProblem a(data.view(), fast, Surrogate::MarginRescaled), b(data.view(), hungarian, Surrogate::MarginRescaled);
  Rng rng(12);
  for (int trial = 0; trial < 60; ++trial) {
    const int i = int(rng.below(uint32_t(a.size())));
    std::vector<float> w(4), ga, gb;
    for (float& x : w) x = float(4 * rng.uniform() - 2);
    // ℓ is a max, so its value is the same whichever maximiser an oracle returns
    REQUIRE(surrogate_and_subgradient(a, i, w, &ga) == Approx(surrogate_and_subgradient(b, i, w, &gb)).margin(1e-9));
  }
}

TEST_CASE("each surrogate learns a ranking that is a linear function of the features", "[ranking]") {
  const OwnedQueries train = synthetic(3, 150), test = synthetic(4, 60);
  const std::vector<OptionList> runs = {
      {{"measure", "ndcg"}, {"eta", "0.5"}},
      {{"measure", "ndcg"}, {"trainer", "pegasos"}, {"lambda", "0.001"}, {"psi", "positions"}},
      {{"measure", "ndcg"}, {"trainer", "perceptron"}},
      {{"measure", "kendall"}},
      {{"measure", "balanced"}},
      {{"measure", "f1"}},
      {{"loss", "squared"}, {"lambda", "0.0001"}},
  };
  for (const OptionList& options : runs) {
    const Ranker model = Ranker::train(train.view(), options);
    const std::vector<double> s = model.score(test.features.view());
    const RankingReport report = evaluate_ranking(test.view(), s.data(), EvalConvention::Common);
    INFO(options[0].second << " " << (options.size() > 1 ? options[1].second : ""));
    CHECK(report.ndcg[9] > 0.9);
    CHECK(report.kendall_tau > 0.5);
    // a random ranker is far below: scores from the reversed weights
    std::vector<float> reversed = model.weights();
    for (float& x : reversed) x = -x;
    const std::vector<double> bad = Ranker(reversed, {}).score(test.features.view());
    CHECK(evaluate_ranking(test.view(), bad.data(), EvalConvention::Common).ndcg[9] < report.ndcg[9] - 0.2);
  }
}

TEST_CASE("training is deterministic for a seed; options are checked", "[ranking]") {
  const OwnedQueries data = synthetic(5, 20);
  const OptionList options = {{"measure", "ndcg"}, {"epochs", "3"}, {"seed", "7"}};
  CHECK(Ranker::train(data.view(), options).weights() == Ranker::train(data.view(), options).weights());
  CHECK_THROWS_WITH(Ranker::train(data.view(), {{"alg", "ndcg"}}), Catch::Contains("unknown option 'alg'"));
  CHECK_THROWS_WITH(Ranker::train(data.view(), {{"measure", "map"}}), Catch::Contains("must be one of"));
  // Pegasos's lambda 0 is 1/m, m the queries (20 here)
  CHECK(Ranker::train(data.view(), {{"trainer", "pegasos"}, {"lambda", "0"}}).weights() ==
        Ranker::train(data.view(), {{"trainer", "pegasos"}, {"lambda", "0.05"}}).weights());
  CHECK_THROWS_WITH(Ranker::train(data.view(), {{"measure", "kendall"}, {"trainer", "perceptron"}}),
                    Catch::Contains("no perceptron"));
  OwnedQueries flat = data;
  for (float& r : flat.relevance) r = 0;
  CHECK_THROWS_WITH(Ranker::train(flat.view(), {{"measure", "ndcg"}}), Catch::Contains("lacks a relevant document"));
}

TEST_CASE("validation picks the best lambda and epoch count", "[ranking]") {
  const OwnedQueries train = synthetic(6, 60), valid = synthetic(7, 30);
  std::vector<Ranker::Trial> trials;
  const Ranker model = Ranker::train_with_validation(train.view(), valid.view(), {{"measure", "ndcg"}, {"epochs", "4"}},
                                                     {0.0, 0.01}, 10, &trials);
  REQUIRE(trials.size() == 8);
  double best = -1;
  for (const auto& t : trials) best = std::max(best, t.ndcg);
  const std::vector<double> s = model.score(valid.features.view());
  CHECK(evaluate_ranking(valid.view(), s.data(), EvalConvention::Common).ndcg[9] == Approx(best));
  // the model of the chosen epoch equals a fresh run with those settings
  CHECK(Ranker::train(train.view(), model.settings()).weights() == model.weights());
}

TEST_CASE("ranker: rank best first, save and load", "[ranking]") {
  const Ranker model({1.f, -1.f}, {{"measure", "ndcg"}});
  const float x[] = {0, 0, 2, 0, 1, 0, 0, 1};
  const Rows rows = Rows::dense(x, 4, 2);
  CHECK(model.rank(rows) == std::vector<int32_t>{1, 2, 0, 3});
  const std::vector<double> s = model.score(rows);
  CHECK(s[3] == -1);
  const int32_t off[] = {0, 1}, idx[] = {5};
  const float val[] = {3};
  CHECK(model.score(Rows::sparse(off, idx, val, 1, 6))[0] == 0);  // columns past the model are ignored

  const Ranker trained = Ranker::train(synthetic(8, 10).view(), {{"measure", "kendall"}});
  std::vector<uint8_t> bytes = trained.to_bytes();
  const Ranker again = Ranker::from_bytes(bytes.data(), bytes.size());
  CHECK(again.weights() == trained.weights());
  CHECK(again.setting("measure") == "kendall");
  bytes[bytes.size() / 2] ^= 1;
  CHECK_THROWS_WITH(Ranker::from_bytes(bytes.data(), bytes.size()), Catch::Contains("corrupt"));
  CHECK_THROWS(Ranker::from_bytes(bytes.data(), 5));
}

TEST_CASE("a bipartite ranker's intercept is the cut that maximises the training measure", "[ranking]") {
  // One noisy group, 10% positive: the structured hinge's own intercept minimises a bound on 1 − F1, and the
  // fitted one maximises F1 itself on the training set, as trying every cut does.
  Rng rng(41);
  OwnedQueries data;
  data.features = OwnedRows::dense(2);
  for (int i = 0; i < 400; ++i) {
    const bool positive = i % 10 == 0;
    data.features.values.push_back(float(rng.uniform() + (positive ? 0.6 : 0)));
    data.features.values.push_back(float(rng.uniform()));
    data.relevance.push_back(positive ? 1.f : 0.f);
  }
  data.offsets.push_back(400);
  const QuerySet q = data.view();
  auto training_f1 = [&](const Ranker& model, double cut) {
    const std::vector<double> s = model.score(q.features);
    int32_t a = 0, b = 0;
    for (size_t i = 0; i < s.size(); ++i)
      if (s[i] > cut) (q.relevance[i] > 0 ? a : b)++;
    return 2.0 * a / (2.0 * a + b + (40 - a));
  };
  for (const std::string algo : {"f1", "balanced"}) {
    INFO(algo);
    const Ranker fitted = Ranker::train(q, {{"measure", algo}});
    const Ranker surrogate = Ranker::train(q, {{"measure", algo}, {"threshold", "surrogate"}});
    CHECK(fitted.weights() == surrogate.weights());  // only the intercept moves
    if (algo == "f1") {
      double best = 0;
      for (double s : fitted.score(q.features)) best = std::max(best, training_f1(fitted, s));
      CHECK(training_f1(fitted, 0) == Approx(best));
      CHECK(training_f1(fitted, 0) >= training_f1(surrogate, 0));
    }
  }
  CHECK_THROWS_WITH(Ranker::train(q, {{"measure", "f1"}, {"threshold", "best"}}), Catch::Contains("threshold"));
}

TEST_CASE("the exact trainers' default C is SVMlight's: documents per query over the mean squared norm", "[ranking]") {
  const OwnedQueries data = synthetic(43, 12);
  const QuerySet q = data.view();
  for (const std::string algo : {"ndcg", "f1"}) {
    INFO(algo);
    const double bias = algo == "f1" ? 1.0 : 0.0;  // the bipartite map has an intercept coordinate
    double total = 0;
    for (size_t i = 0; i < data.features.values.size(); ++i) total += double(data.features.values[i]) * data.features.values[i];
    const double m = double(q.features.rows());
    const double C = m / q.queries() / ((total + bias * m) / m);
    const OptionList common = {{"measure", algo}, {"trainer", "bcfw"}, {"scale", "none"}, {"eps", "0.0001"}};
    OptionList given = common, explicit_C = common;
    explicit_C.push_back({"C", number_text(C)});
    CHECK(Ranker::train(q, given).weights() == Ranker::train(q, explicit_C).weights());
  }
  // The same problem at another scale: ×8 features, ÷64 C, w/8: the same scores (NDCG has no intercept).
  OwnedQueries scaled = synthetic(43, 12);
  for (float& x : scaled.features.values) x *= 8;
  const OptionList options = {{"measure", "ndcg"}, {"trainer", "bcfw"}, {"scale", "none"}, {"eps", "0.0001"}};
  const std::vector<double> a = Ranker::train(q, options).score(q.features);
  const std::vector<double> b = Ranker::train(scaled.view(), options).score(scaled.view().features);
  for (size_t i = 0; i < a.size(); ++i) CHECK(b[i] == Approx(a[i]).margin(1e-3));
}

TEST_CASE("default trainers fit the number of queries: SGD takes at least 1000 steps, kendall is RankSVM's cutting plane", "[ranking]") {
  auto epochs_run = [](const QuerySet& q, const OptionList& options) {
    int epochs = 0;
    Ranker::train(q, options, [&](const Progress&) { return ++epochs > 0; });
    return epochs;
  };
  const OwnedQueries one = synthetic(47, 1), few = synthetic(48, 8), many = synthetic(49, 60);
  CHECK(epochs_run(one.view(), {{"measure", "ndcg"}}) == 1000);    // ⌈1000 / 1⌉
  CHECK(epochs_run(few.view(), {{"measure", "ndcg"}}) == 125);     // ⌈1000 / 8⌉
  CHECK(epochs_run(many.view(), {{"measure", "ndcg"}}) == 20);     // ⌈1000 / 60⌉ = 17 < 20
  CHECK(epochs_run(one.view(), {{"measure", "ndcg"}, {"epochs", "3"}}) == 3);  // as given
  // kendall's default trainer is the 1-slack cutting plane, with its certified gap
  const Ranker kendall = Ranker::train(many.view(), {{"measure", "kendall"}});
  CHECK(kendall.training_report().measure == "dual gap");
  CHECK(kendall.weights() == Ranker::train(many.view(), {{"measure", "kendall"}, {"trainer", "cutting-plane"}}).weights());
  // validation tunes the online trainers: auto means sgd there, and the chosen options say so
  const Ranker chosen = Ranker::train_with_validation(many.view(), few.view(), {{"measure", "kendall"}, {"epochs", "3"}}, {0, 0.01}, 10);
  CHECK(chosen.setting("trainer") == "sgd");
  CHECK_THROWS_WITH(Ranker::train_with_validation(many.view(), few.view(), {{"measure", "kendall"}, {"trainer", "bcfw"}}, {0}, 10),
                    Catch::Contains("validation picks lambda and epochs of the online trainers"));
}

// The objective SGD descends, ½‖w‖² + C Σ_q H_q(w) with ties ordered by w's own scores (the Ranker's
// default NDCG: k = 10, linear gain, Ψ divided by the query size).
double latent_objective(const QuerySet& q, const std::vector<float>& w, double C) {
  RankingProblemConfig config;
  config.normalized_psi = true;
  RankingProblem problem(q, config, Surrogate::MarginRescaled);
  problem.fix_targets(w.data());
  SparseAccumulator psi(problem.dim());
  double norm = 0;
  for (float x : w) norm += double(x) * x;
  return 0.5 * norm + C * hinge_sum(problem, w.data(), Surrogate::MarginRescaled, psi);
}

TEST_CASE("exact NDCG trainers on one big group of tied grades rank the relevant documents first", "[ranking]") {
  // One query of 400 documents, 10% relevant (the top of a hidden linear score), the rest tied at grade 0:
  // with the ties fixed once, the convex problem's optimum was w = 0 here.
  Rng rng(51);
  OwnedQueries data;
  data.features = OwnedRows::dense(4);
  std::vector<double> hidden;
  for (int d = 0; d < 400; ++d) {
    double t = 0;
    for (int j = 0; j < 4; ++j) {
      const float x = float(rng.uniform() * 2 - 1);
      data.features.values.push_back(x);
      t += (j == 0 ? 1.0 : j == 1 ? -0.5 : 0.1) * x;
    }
    hidden.push_back(t);
  }
  std::vector<double> sorted = hidden;
  std::sort(sorted.rbegin(), sorted.rend());
  for (double t : hidden) data.relevance.push_back(t >= sorted[39] ? 1.f : 0.f);
  data.offsets.push_back(400);
  const QuerySet q = data.view();
  const Ranker model = Ranker::train(q, {{"measure", "ndcg"}, {"trainer", "cutting-plane"}});
  CHECK(model.training_report().converged);
  const std::vector<double> s = model.score(q.features);
  CHECK(auc(s.data(), q.relevance, 400, EvalConvention::Common) > 0.97);
  CHECK(evaluate_ranking(q, s.data(), EvalConvention::Common, 10).ndcg[9] == 1.0);  // the top 10 all relevant
}

TEST_CASE("exact NDCG trainers: cutting plane and BCFW reach one objective, below their Kendall start", "[ranking]") {
  const OwnedQueries data = synthetic(61, 30);  // 3 grades, ties in every query
  const QuerySet q = data.view();
  const OptionList common = {{"measure", "ndcg"}, {"C", "1"}, {"eps", "0.0001"}, {"maxIter", "100000"}};
  std::vector<double> objective;
  for (const std::string trainer : {"cutting-plane", "bcfw"}) {
    OptionList options = common;
    options.push_back({"trainer", trainer});
    std::vector<int> epochs;  // progress counts on across the solves
    const Ranker model = Ranker::train(q, options, [&](const Progress& p) { return epochs.push_back(p.epoch), true; });
    CHECK(model.training_report().converged);
    for (size_t i = 1; i < epochs.size(); ++i) CHECK(epochs[i] > epochs[i - 1]);
    CHECK(epochs.back() == model.training_report().iterations);
    objective.push_back(latent_objective(q, model.weights(), 1.0));
  }
  const Ranker start = Ranker::train(q, {{"measure", "kendall"}, {"C", "1"}, {"eps", "0.0001"}, {"maxIter", "100000"}});
  CHECK(objective[0] < latent_objective(q, start.weights(), 1.0));
  // Each stops when a round lowers the objective by at most eps·C·queries = 0.003.
  CHECK(objective[0] == Approx(objective[1]).margin(0.003));
}

TEST_CASE("exact NDCG trainers report and stop their Kendall start like their own solves", "[ranking]") {
  const OwnedQueries data = synthetic(61, 30);  // ties in every query: the trainer starts from the Kendall ranker
  const QuerySet q = data.view();
  std::vector<double> first;  // the objective of the first progress call
  for (const OptionList& options : {OptionList{{"measure", "ndcg"}, {"trainer", "cutting-plane"}},
                                    OptionList{{"measure", "kendall"}, {"trainer", "cutting-plane"}}}) {
    int calls = 0;
    const Ranker model = Ranker::train(q, options, [&](const Progress& p) {
      if (++calls == 1) first.push_back(p.objective);
      return false;  // stop at once
    });
    CHECK(calls == 1);
    CHECK(model.training_report().stopped_by_callback);
    CHECK(model.training_report().iterations == 1);
  }
  CHECK(first[0] == first[1]);  // the ndcg fit's first report is its Kendall start's first round
}

TEST_CASE("NDCG targets are latent only where grades tie, not where distinct grades share a gain", "[ranking]") {
  for (const auto& [grades, latent] : std::vector<std::pair<std::vector<float>, bool>>{
           {{-1, 0, 2, 1}, false},  // gains 0, 0, 2, 1: π(y) still orders −1 below 0
           {{0, 0, 2, 1}, true},    // the two 0s take their order from the scores
           {{3, 1, 2, 1}, true}}) {
    OwnedQueries data;
    data.features = OwnedRows::dense(2);
    for (int d = 0; d < 4; ++d) data.features.values.insert(data.features.values.end(), {float(d), 1.f - d});
    data.relevance = grades;
    data.offsets.push_back(4);
    const QuerySet q = data.view();
    RankingProblemConfig config;
    config.objective = RankingObjective::Ndcg;
    CHECK(RankingProblem(q, config, Surrogate::MarginRescaled).has_latent_targets() == latent);
  }
}

TEST_CASE("options no fit would read are refused before any data; those a fit with validation reads wait", "[ranking][options]") {
  // trainer cutting-plane has no epochs, whatever the fit
  CHECK_THROWS_WITH(Ranker::check_options({{"trainer", "cutting-plane"}, {"epochs", "4"}}),
                    "option 'epochs' is not read by trainer 'cutting-plane'; its options are C, eps, maxIter");
  CHECK_THROWS_WITH(Ranker::check_options({{"loss", "squared"}, {"C", "3"}}), Catch::Contains("not read by the squared loss"));
  CHECK_THROWS_WITH(Ranker::check_options({{"measure", "ndcg"}, {"C", "3"}}),
                    Catch::Contains("option 'C' is not read by trainer 'sgd' (trainer auto for measure 'ndcg')"));
  // trainer auto: kendall's cutting plane without validation, sgd with it, which reads epochs
  CHECK_NOTHROW(Ranker::check_options({{"measure", "kendall"}, {"epochs", "4"}}));
  const OwnedQueries data = synthetic(5, 20);
  CHECK_THROWS_WITH(Ranker::train(data.view(), {{"measure", "kendall"}, {"epochs", "4"}}),
                    Catch::Contains("option 'epochs' is not read by trainer 'cutting-plane' (trainer auto for measure 'kendall')"));
  // a value left at its default is not a choice, and bad values are refused as by parse_options
  CHECK_NOTHROW(Ranker::check_options({{"trainer", "cutting-plane"}, {"epochs", "20"}}));
  CHECK_THROWS_WITH(Ranker::check_options({{"measure", "map"}}), Catch::Contains("must be one of"));
}
