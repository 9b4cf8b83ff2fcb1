// Click logs: the PBM's propensities recovered by EM from simulated logs, the IPS relevance estimate's
// expectation computed by hand, the simulator's click rates, and refused logs.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "search/clicks.hpp"

using namespace argmax;

namespace {

// `queries` lists of `size` documents (ids 0..size−1) with grades drawn from {0, 1, 2, 3, 4}.
JudgedLists random_lists(int32_t queries, int32_t size, uint64_t seed) {
  Rng rng(seed);
  JudgedLists lists;
  for (int32_t q = 0; q < queries; ++q) {
    for (int32_t d = 0; d < size; ++d) {
      lists.documents.push_back(d);
      lists.grades.push_back(float(rng.below(5)));
    }
    lists.offsets.push_back(int32_t(lists.documents.size()));
  }
  return lists;
}

double simulated_gamma(float grade, double noise, double max_grade) {
  return noise + (1 - noise) * (std::exp2(grade) - 1) / (std::exp2(max_grade) - 1);
}

// The position-based model's EM written per shown entry (Chuklin, Markov and de Rijke 2015, §4.1): θ_k and γ_qd
// after `steps` steps from 0.5, unscaled.
std::pair<std::vector<double>, std::map<std::pair<int32_t, int32_t>, double>> reference_em(const ClickLog& log, int32_t ranks,
                                                                                         int steps) {
  std::vector<double> theta(size_t(ranks), 0.5);
  std::map<std::pair<int32_t, int32_t>, double> gamma;
  for (int32_t s = 0; s < log.sessions(); ++s)
    for (int32_t i = log.offsets[s]; i < log.offsets[s + 1]; ++i) gamma[{log.query[s], log.shown[i]}] = 0.5;
  for (int step = 0; step < steps; ++step) {
    std::vector<double> theta_sum(theta.size(), 0), rank_count(theta.size(), 0);
    std::map<std::pair<int32_t, int32_t>, double> gamma_sum, pair_count;
    for (int32_t s = 0; s < log.sessions(); ++s) {
      for (int32_t i = log.offsets[s]; i < log.offsets[s + 1]; ++i) {
        const size_t k = size_t(i - log.offsets[s]);
        const std::pair<int32_t, int32_t> pair{log.query[s], log.shown[i]};
        const double t = theta[k], g = gamma[pair];
        theta_sum[k] += log.clicked[i] ? 1 : t * (1 - g) / (1 - t * g);
        gamma_sum[pair] += log.clicked[i] ? 1 : (1 - t) * g / (1 - t * g);
        rank_count[k] += 1;
        pair_count[pair] += 1;
      }
    }
    for (size_t k = 0; k < theta.size(); ++k) theta[k] = theta_sum[k] / rank_count[k];
    for (auto& [pair, g] : gamma) g = gamma_sum[pair] / pair_count[pair];
  }
  return {theta, gamma};
}

}  // namespace

TEST_CASE("EM's steps are those of the model written per shown entry", "[search][clicks]") {
  ClickSimulation sim;
  sim.sessions = 40;
  sim.shuffled = 0.3;
  sim.seed = 4;
  const ClickLog log = simulate_clicks(random_lists(6, 5, 9), sim);
  for (const int steps : {1, 2, 7}) {
    PositionBiasOptions options;
    options.max_iterations = steps;
    options.tolerance = 0;
    const PositionBias fit = estimate_position_bias(log, options);
    const auto [theta, gamma] = reference_em(log, 5, steps);
    INFO(steps << " steps");
    for (size_t k = 0; k < theta.size(); ++k) CHECK(fit.propensity[k] == Approx(theta[k] / theta[0]).epsilon(1e-12));
    REQUIRE(fit.relevance.size() == gamma.size());
    for (size_t p = 0; p < fit.relevance.size(); ++p)
      CHECK(fit.relevance[p] == Approx(gamma.at({fit.pair_query[p], fit.pair_document[p]}) * theta[0]).epsilon(1e-12));
  }
}

TEST_CASE("EM recovers the propensities of a simulated PBM from randomised lists", "[search][clicks]") {
  const JudgedLists lists = random_lists(30, 8, 7);
  for (const double eta : {0.5, 1.0, 2.0}) {
    ClickSimulation sim;
    sim.eta = eta;
    sim.sessions = 600;
    sim.shuffled = 1;
    sim.seed = 11;
    const ClickLog log = simulate_clicks(lists, sim);
    const PositionBias fit = estimate_position_bias(log);
    REQUIRE(fit.propensity.size() == 8);
    CHECK(fit.propensity[0] == 1);
    for (size_t k = 0; k < 8; ++k) {
      INFO("eta " << eta << ", rank " << k + 1);
      CHECK(fit.propensity[k] == Approx(std::pow(double(k + 1), -eta)).margin(0.04));
    }
    // γ up to the factor θ_1 = 1 of the simulation: the click probability of an examined document.
    // (each from 600 sessions, fewer of them examined the deeper the rank: compared on average)
    REQUIRE(fit.relevance.size() == lists.documents.size());
    double error = 0;
    for (size_t p = 0; p < fit.relevance.size(); ++p) {
      const size_t i = size_t(fit.pair_query[p]) * 8 + size_t(fit.pair_document[p]);
      error += std::fabs(fit.relevance[p] - simulated_gamma(lists.grades[i], 0.1, 4)) / double(fit.relevance.size());
    }
    CHECK(error < 0.04);
  }
}

TEST_CASE("EM with result randomisation in a fraction of the sessions", "[search][clicks]") {
  const JudgedLists lists = random_lists(40, 6, 3);
  ClickSimulation sim;
  sim.sessions = 800;
  sim.shuffled = 0.25;  // the other sessions show the lists in their one order
  const PositionBias fit = estimate_position_bias(simulate_clicks(lists, sim));
  for (size_t k = 0; k < 6; ++k) CHECK(fit.propensity[k] == Approx(1.0 / double(k + 1)).margin(0.05));
}

TEST_CASE("EM raises the likelihood and stops at the tolerance", "[search][clicks]") {
  const ClickLog log = simulate_clicks(random_lists(5, 5, 1), ClickSimulation{1, 0.1, 0, 50, 1, 2});
  double previous = -INFINITY;
  for (int32_t steps = 1; steps <= 6; ++steps) {
    PositionBiasOptions options;
    options.max_iterations = steps;
    options.tolerance = 0;
    const PositionBias fit = estimate_position_bias(log, options);
    CHECK(fit.training.iterations == steps);
    CHECK_FALSE(fit.training.converged);  // (tolerance 0: stopped by the cap)
    CHECK(fit.training.warning().find("stopped at maxIter=" + std::to_string(steps)) == 0);
    CHECK(fit.log_likelihood >= previous);
    previous = fit.log_likelihood;
  }
  const PositionBias converged = estimate_position_bias(log);
  CHECK(converged.training.converged);
  CHECK(converged.training.warning().empty());
  CHECK(converged.training.gap <= 1e-7);
  CHECK(converged.training.iterations < PositionBiasOptions{}.max_iterations);
  CHECK(converged.log_likelihood >= previous);
}

TEST_CASE("EM settles within its default cap on a log with few randomised sessions", "[search][clicks]") {
  // 2% of 2,000 sessions a list shown in random order: θ is barely identified, and EM's steps shrink
  const ClickLog log = simulate_clicks(random_lists(20, 10, 5), ClickSimulation{1, 0.1, 0, 2000, 0.02, 6});
  const PositionBias fit = estimate_position_bias(log);
  CHECK(fit.training.converged);
  CHECK(fit.training.iterations > 500);  // (the cap before, which stopped it unsettled)
  PositionBiasOptions five_hundred;
  five_hundred.max_iterations = 500;
  CHECK_FALSE(estimate_position_bias(log, five_hundred).training.converged);
  for (size_t k = 0; k < 10; ++k) CHECK(fit.propensity[k] == Approx(1.0 / double(k + 1)).margin(0.05));
}

TEST_CASE("the IPS relevance estimate is unbiased: a log holding each click pattern at its probability",
          "[search][clicks]") {
  // One query, documents 10, 20, 30 always shown in that order. θ = (1, 1/2, 1/4), γ = (1/2, 1/2, 1):
  // click probabilities p = θγ = (1/2, 1/4, 1/4), independent. 32 sessions hold each of the 8 click patterns
  // 32·P(pattern) times, so means over the log are exact expectations.
  ClickLog log;
  const double p[] = {0.5, 0.25, 0.25};
  int32_t sessions = 0;
  for (int pattern = 0; pattern < 8; ++pattern) {
    double probability = 1;
    std::vector<uint8_t> clicks;
    for (int k = 0; k < 3; ++k) {
      const bool click = (pattern >> k) & 1;
      probability *= click ? p[k] : 1 - p[k];
      clicks.push_back(click);
    }
    for (int copy = 0; copy < int(std::lround(32 * probability)); ++copy) log.add(0, {10, 20, 30}, clicks);
    sessions += int(std::lround(32 * probability));
  }
  REQUIRE(sessions == 32);
  // By hand: document 30 is clicked in 8 of 32 sessions, each click weighs 1/θ_3 = 4: 32/32 = 1 = γ_3.
  const ClickRelevance ips = click_relevance(log, {1, 0.5, 0.25});
  REQUIRE(ips.document == std::vector<int32_t>{10, 20, 30});
  CHECK(ips.relevance[0] == Approx(0.5));
  CHECK(ips.relevance[1] == Approx(0.5));
  CHECK(ips.relevance[2] == Approx(1.0));
  // Naive clicks estimate θγ: document 30, the most relevant, ranks last.
  const ClickRelevance naive = click_relevance(log, {});
  CHECK(naive.relevance[0] == Approx(0.5));
  CHECK(naive.relevance[1] == Approx(0.25));
  CHECK(naive.relevance[2] == Approx(0.25));
  // Clipping at 1/2 caps the weight of rank 3 at 2: 8·2/32.
  CHECK(click_relevance(log, {1, 0.5, 0.25}, 0.5).relevance[2] == Approx(0.5));
}

TEST_CASE("the IPS estimate averages over the sessions that showed the document, at any rank",
          "[search][clicks]") {
  ClickLog log;
  log.add(4, {1, 2}, {0, 1});  // document 2 at rank 2, clicked: weight 1/θ_2 = 3
  log.add(4, {2, 1}, {0, 0});
  log.add(5, {2}, {1});        // another query: its own pair
  const ClickRelevance ips = click_relevance(log, {1, 1.0 / 3});
  REQUIRE(ips.query == std::vector<int32_t>{4, 4, 5});
  REQUIRE(ips.document == std::vector<int32_t>{1, 2, 2});
  CHECK(ips.relevance[0] == 0);
  CHECK(ips.relevance[1] == Approx(1.5));
  CHECK(ips.relevance[2] == Approx(1.0));
}

TEST_CASE("the simulator clicks at rate θ_k·γ and is seeded", "[search][clicks]") {
  JudgedLists one;
  one.documents = {0, 1, 2};
  one.grades = {2, 0, 1};
  one.offsets = {0, 3};
  ClickSimulation sim;
  sim.eta = 1;
  sim.noise = 0.2;
  sim.sessions = 40000;
  const ClickLog log = simulate_clicks(one, sim);
  REQUIRE(log.sessions() == 40000);
  double rate[3] = {0, 0, 0};
  for (int32_t s = 0; s < log.sessions(); ++s)
    for (int k = 0; k < 3; ++k) rate[k] += log.clicked[size_t(log.offsets[s] + k)] / 40000.0;
  // γ = 0.2 + 0.8·(2^g − 1)/3 for g = 2, 0, 1
  CHECK(rate[0] == Approx(1.0 * 1.0).margin(0.01));
  CHECK(rate[1] == Approx(0.5 * 0.2).margin(0.01));
  CHECK(rate[2] == Approx((1.0 / 3) * (0.2 + 0.8 / 3)).margin(0.01));
  const ClickLog again = simulate_clicks(one, sim);
  CHECK(again.clicked == log.clicked);
  sim.seed = 2;
  CHECK(simulate_clicks(one, sim).clicked != log.clicked);
}

TEST_CASE("bad click logs and settings are refused with their reason", "[search][clicks]") {
  ClickLog twice;
  twice.add(0, {3, 3}, {0, 1});
  CHECK_THROWS_WITH(estimate_position_bias(twice), Catch::Contains("session 0 shows document 3 twice"));
  ClickLog flag;
  flag.add(0, {1, 2}, {0, 2});
  CHECK_THROWS_WITH(click_relevance(flag, {}), Catch::Contains("click flag 2 at rank 2"));
  ClickLog negative;
  negative.add(-1, {1}, {0});
  CHECK_THROWS_WITH(click_relevance(negative, {}), Catch::Contains("negative query id"));
  ClickLog shapes;
  shapes.add(0, {1, 2}, {0});
  CHECK_THROWS_AS(click_relevance(shapes, {}), InputError);
  ClickLog deep;
  deep.add(0, {1, 2, 3}, {0, 0, 1});
  CHECK_THROWS_WITH(click_relevance(deep, {1, 0.5}), Catch::Contains("propensities are given for 2 ranks"));
  CHECK_THROWS_WITH(click_relevance(deep, {1, 0, 0.2}), Catch::Contains("propensity of rank 2 is 0"));
  CHECK_THROWS_WITH(estimate_position_bias(ClickLog{}), Catch::Contains("shows no documents"));
  JudgedLists lists;
  lists.documents = {0};
  lists.grades = {-1};
  lists.offsets = {0, 1};
  CHECK_THROWS_WITH(simulate_clicks(lists, {}), Catch::Contains("grade -1"));
}
