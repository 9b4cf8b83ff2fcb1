#include "search/clicks.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace argmax {

void ClickLog::add(int32_t q, const std::vector<int32_t>& documents, const std::vector<uint8_t>& clicks) {
  query.push_back(q);
  shown.insert(shown.end(), documents.begin(), documents.end());
  clicked.insert(clicked.end(), clicks.begin(), clicks.end());
  offsets.push_back(int32_t(shown.size()));
}

void ClickLog::validate() const {
  require(!offsets.empty() && offsets.front() == 0, "click log: session offsets must start at 0");
  require(query.size() == size_t(sessions()), "click log: ", query.size(), " query ids for ", sessions(), " sessions");
  require(size_t(offsets.back()) == shown.size(), "click log: session offsets end at ", offsets.back(), " but ",
          shown.size(), " documents are shown");
  require(clicked.size() == shown.size(), "click log: ", clicked.size(), " click flags for ", shown.size(),
          " documents shown");
  std::unordered_set<int32_t> seen;
  for (int32_t s = 0; s < sessions(); ++s) {
    require(length(s) >= 0, "click log: session offsets decrease at session ", s);
    require(query[s] >= 0, "click log: session ", s, " has a negative query id (", query[s], ")");
    seen.clear();
    for (int32_t i = offsets[s]; i < offsets[s + 1]; ++i) {
      require(shown[i] >= 0, "click log: session ", s, " shows a negative document id (", shown[i], ")");
      require(seen.insert(shown[i]).second, "click log: session ", s, " shows document ", shown[i], " twice");
      require(clicked[i] <= 1, "click log: session ", s, " has click flag ", int(clicked[i]), " at rank ",
              i - offsets[s] + 1, " (0 or 1)");
    }
  }
}

namespace {

// The (query, document) pairs of a log's entries, numbered in order of first appearance.
struct PairIndex {
  std::unordered_map<uint64_t, int32_t> number;
  std::vector<int32_t> query, document;

  int32_t of(int32_t q, int32_t d) {
    const uint64_t key = (uint64_t(uint32_t(q)) << 32) | uint32_t(d);
    const auto [at, inserted] = number.emplace(key, int32_t(query.size()));
    if (inserted) {
      query.push_back(q);
      document.push_back(d);
    }
    return at->second;
  }
};

// Probabilities stay inside (0, 1), so that 1 − θγ and the logarithms stay finite.
double inside(double p) { return std::min(std::max(p, 1e-9), 1 - 1e-9); }

}  // namespace

PositionBias estimate_position_bias(const ClickLog& log, const PositionBiasOptions& options) {
  log.validate();
  require(options.ranks >= 0, "position bias: ranks must be ≥ 0 (0: the longest list), got ", options.ranks);
  require(options.max_iterations >= 1, "position bias: maxIter must be ≥ 1, got ", options.max_iterations);
  require(options.tolerance >= 0, "position bias: tolerance must be ≥ 0, got ", options.tolerance);
  int32_t ranks = options.ranks;
  if (ranks == 0)
    for (int32_t s = 0; s < log.sessions(); ++s) ranks = std::max(ranks, log.length(s));
  require(ranks > 0, "position bias: the click log shows no documents");

  // The entries at ranks ≤ `ranks`, grouped by (rank, pair): entries alike have the same posterior, so a step
  // costs one term per group, however many sessions the log holds (a pair is shown at few ranks).
  PairIndex pairs;
  std::unordered_map<uint64_t, int32_t> group_of;
  std::vector<int32_t> group_rank, group_pair;
  std::vector<double> group_shown, group_clicked;
  std::vector<double> rank_count(size_t(ranks), 0);
  for (int32_t s = 0; s < log.sessions(); ++s) {
    for (int32_t k = 0; k < std::min(log.length(s), ranks); ++k) {
      const int32_t i = log.offsets[s] + k, p = pairs.of(log.query[s], log.shown[i]);
      const auto [at, added] = group_of.emplace((uint64_t(uint32_t(p)) << 32) | uint32_t(k), int32_t(group_rank.size()));
      if (added) {
        group_rank.push_back(k);
        group_pair.push_back(p);
        group_shown.push_back(0);
        group_clicked.push_back(0);
      }
      group_shown[size_t(at->second)] += 1;
      group_clicked[size_t(at->second)] += log.clicked[i];
      rank_count[size_t(k)] += 1;
    }
  }
  for (int32_t k = 0; k < ranks; ++k)
    require(rank_count[size_t(k)] > 0, "position bias: no session shows a document at rank ", k + 1, " (ranks is ",
            ranks, ")");
  std::vector<double> pair_count(pairs.query.size(), 0);
  for (size_t e = 0; e < group_pair.size(); ++e) pair_count[size_t(group_pair[e])] += group_shown[e];

  PositionBias fit;
  TrainingReport& report = fit.training;
  report.converged = false, report.cap = options.max_iterations, report.tolerance = options.tolerance;
  report.measure = "relative log-likelihood gain";
  report.hint = "randomise more sessions' lists or raise maxIter";
  std::vector<double> theta(size_t(ranks), 0.5), gamma(pairs.query.size(), 0.5);
  std::vector<double> theta_sum(theta.size()), gamma_sum(gamma.size());
  double previous = -INFINITY;
  int32_t step = 1;
  for (; step <= options.max_iterations; ++step) {
    std::fill(theta_sum.begin(), theta_sum.end(), 0);
    std::fill(gamma_sum.begin(), gamma_sum.end(), 0);
    double log_likelihood = 0;
    for (size_t e = 0; e < group_rank.size(); ++e) {
      const size_t k = size_t(group_rank[e]), p = size_t(group_pair[e]);
      const double t = theta[k], g = gamma[p], clicks = group_clicked[e], misses = group_shown[e] - clicks;
      // A click: examined and relevant. A miss: not both, examined with posterior t(1 − g)/(1 − tg) and
      // relevant with (1 − t)g/(1 − tg).
      const double miss = 1 - t * g;
      theta_sum[k] += clicks + misses * t * (1 - g) / miss;
      gamma_sum[p] += clicks + misses * (1 - t) * g / miss;
      if (clicks > 0) log_likelihood += clicks * std::log(t * g);
      if (misses > 0) log_likelihood += misses * std::log(miss);
    }
    for (size_t k = 0; k < theta.size(); ++k) theta[k] = inside(theta_sum[k] / rank_count[k]);
    for (size_t p = 0; p < gamma.size(); ++p) gamma[p] = inside(gamma_sum[p] / pair_count[p]);
    fit.log_likelihood = log_likelihood;  // of the parameters this step started from
    report.gap = (log_likelihood - previous) / std::fabs(log_likelihood);
    if (log_likelihood - previous <= options.tolerance * std::fabs(log_likelihood)) {
      report.converged = true;
      break;
    }
    previous = log_likelihood;
  }
  report.iterations = std::min(step, options.max_iterations);

  const double first = theta[0];
  for (double& t : theta) t /= first;
  for (double& g : gamma) g *= first;
  fit.propensity = std::move(theta);
  fit.relevance = std::move(gamma);
  fit.pair_query = std::move(pairs.query);
  fit.pair_document = std::move(pairs.document);
  return fit;
}

ClickRelevance click_relevance(const ClickLog& log, const std::vector<double>& propensity, double clip) {
  log.validate();
  require(std::isfinite(clip) && clip >= 0 && clip <= 1, "click relevance: clip must be in [0, 1], got ", clip);
  for (size_t k = 0; k < propensity.size(); ++k)
    require(std::isfinite(propensity[k]) && propensity[k] > 0, "click relevance: the propensity of rank ", k + 1,
            " is ", propensity[k], " (it must be > 0)");
  const bool naive = propensity.empty();
  PairIndex pairs;
  std::vector<double> sum, shown;
  for (int32_t s = 0; s < log.sessions(); ++s) {
    require(naive || size_t(log.length(s)) <= propensity.size(), "click relevance: session ", s, " shows ",
            log.length(s), " documents but propensities are given for ", propensity.size(), " ranks");
    for (int32_t k = 0; k < log.length(s); ++k) {
      const int32_t i = log.offsets[s] + k;
      const size_t p = size_t(pairs.of(log.query[s], log.shown[i]));
      if (p == sum.size()) {
        sum.push_back(0);
        shown.push_back(0);
      }
      shown[p] += 1;
      if (log.clicked[i]) sum[p] += naive ? 1 : 1 / std::max(propensity[size_t(k)], clip);
    }
  }
  ClickRelevance out;
  out.relevance.resize(sum.size());
  for (size_t p = 0; p < sum.size(); ++p) out.relevance[p] = sum[p] / shown[p];
  out.query = std::move(pairs.query);
  out.document = std::move(pairs.document);
  return out;
}

ClickLog simulate_clicks(const JudgedLists& lists, const ClickSimulation& sim) {
  require(!lists.offsets.empty() && lists.offsets.front() == 0, "click simulation: list offsets must start at 0");
  require(size_t(lists.offsets.back()) == lists.documents.size() && lists.grades.size() == lists.documents.size(),
          "click simulation: the list offsets end at ", lists.offsets.back(), " but there are ",
          lists.documents.size(), " documents and ", lists.grades.size(), " grades");
  require(std::isfinite(sim.eta) && sim.eta >= 0, "click simulation: eta must be ≥ 0, got ", sim.eta);
  require(sim.noise >= 0 && sim.noise <= 1, "click simulation: noise must be in [0, 1], got ", sim.noise);
  require(sim.shuffled >= 0 && sim.shuffled <= 1, "click simulation: shuffled must be in [0, 1], got ", sim.shuffled);
  require(sim.sessions >= 0, "click simulation: sessions must be ≥ 0, got ", sim.sessions);
  require(std::isfinite(sim.max_grade) && sim.max_grade >= 0, "click simulation: max grade must be ≥ 0, got ",
          sim.max_grade);
  double max_grade = sim.max_grade;
  for (size_t i = 0; i < lists.grades.size(); ++i) {
    require(std::isfinite(lists.grades[i]) && lists.grades[i] >= 0, "click simulation: document ", i,
            " has grade ", lists.grades[i], " (grades must be ≥ 0)");
    if (sim.max_grade == 0) max_grade = std::max(max_grade, double(lists.grades[i]));
    else require(lists.grades[i] <= sim.max_grade, "click simulation: document ", i, " has grade ",
                 lists.grades[i], ", above the max grade ", sim.max_grade);
  }
  const double top_gain = std::exp2(max_grade) - 1;

  Rng rng(sim.seed);
  ClickLog log;
  std::vector<int32_t> order;
  for (int32_t l = 0; l + 1 < int32_t(lists.offsets.size()); ++l) {
    const int32_t begin = lists.offsets[l], size = lists.offsets[l + 1] - begin;
    require(size >= 0, "click simulation: list offsets decrease at list ", l);
    for (int32_t s = 0; s < sim.sessions; ++s) {
      order.resize(size_t(size));
      for (int32_t i = 0; i < size; ++i) order[size_t(i)] = begin + i;
      if (rng.uniform() < sim.shuffled) rng.shuffle(order);
      log.query.push_back(l);
      for (int32_t k = 0; k < size; ++k) {
        const int32_t i = order[size_t(k)];
        const double examined = std::pow(double(k + 1), -sim.eta);
        const double relevant = top_gain > 0 ? sim.noise + (1 - sim.noise) * (std::exp2(lists.grades[size_t(i)]) - 1) / top_gain
                                             : sim.noise;
        log.shown.push_back(lists.documents[size_t(i)]);
        log.clicked.push_back(rng.uniform() < examined * relevant ? 1 : 0);
      }
      log.offsets.push_back(int32_t(log.shown.size()));
    }
  }
  return log;
}

}  // namespace argmax
