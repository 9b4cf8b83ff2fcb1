// The exact structured SVM solvers: the simplex QP against enumeration of its active sets; cutting plane,
// BCFW and Crammer–Singer on one objective; brute-force objectives over every labelling / permutation;
// certified gaps against the best objective found; convergence reports exactly when the cap is hit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

#include <Eigen/Dense>

#include "binary/linear_learners.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "learn/bcfw.hpp"
#include "learn/cutting_plane.hpp"
#include "learn/simplex_qp.hpp"
#include "multiclass/crammer_singer.hpp"
#include "multiclass/multiclass_problem.hpp"
#include "reductions/reduction.hpp"
#include "ranking/ranking_losses.hpp"
#include "ranking/ranker.hpp"
#include "ranking/ranking_problem.hpp"
#include "sequence/chain_weights.hpp"
#include "learn/lbfgs.hpp"
#include "sequence/sequence_problem.hpp"
#include "clusters.hpp"

using namespace argmax;

namespace {

double qp_value(const std::vector<double>& G, const std::vector<double>& b, const std::vector<double>& a) {
  const size_t K = b.size();
  double f = 0;
  for (size_t c = 0; c < K; ++c) {
    f -= b[c] * a[c];
    for (size_t e = 0; e < K; ++e) f += 0.5 * a[c] * G[c * K + e] * a[e];
  }
  return f;
}

// min ½αᵀGα − bᵀα over α ≥ 0, Σα ≤ C by enumeration: for every support S and for Σα = C or the free case,
// solve the equality-constrained problem (least squares on the KKT system) and keep feasible points.
double brute_force_qp(const std::vector<double>& G, const std::vector<double>& b, double C) {
  const int K = int(b.size());
  double best = 0;  // α = 0
  for (int mask = 1; mask < (1 << K); ++mask) {
    std::vector<int> S;
    for (int c = 0; c < K; ++c)
      if (mask >> c & 1) S.push_back(c);
    const int s = int(S.size());
    for (int full = 0; full < 2; ++full) {
      Eigen::MatrixXd A = Eigen::MatrixXd::Zero(s + full, s + full);
      Eigen::VectorXd rhs(s + full);
      for (int x = 0; x < s; ++x) {
        for (int y = 0; y < s; ++y) A(x, y) = G[size_t(S[x]) * K + S[y]];
        rhs(x) = b[S[x]];
        if (full) A(x, s) = 1, A(s, x) = 1;
      }
      if (full) rhs(s) = C;
      const Eigen::VectorXd sol = A.completeOrthogonalDecomposition().solve(rhs);
      if ((A * sol - rhs).norm() > 1e-9) continue;
      std::vector<double> a(K, 0.0);
      double mass = 0;
      bool ok = true;
      for (int x = 0; x < s; ++x) a[S[x]] = sol(x), mass += sol(x), ok &= sol(x) >= -1e-12;
      if (!ok || mass > C + 1e-9) continue;
      best = std::min(best, qp_value(G, b, a));
    }
  }
  return best;
}

// The primal ½‖w‖² + C Σ_i max_y [Δ + s_y − s_{y_i}] (or Δ(1 + s_y − s_{y_i})) by scanning the labels.
double multiclass_primal(const MulticlassProblem&, const Rows& rows, const std::vector<int32_t>& y,
                         const FeatureMap& map, const CostMatrix& cost, const std::vector<float>& w, double C,
                         bool slack) {
  double f = 0;
  for (float v : w) f += 0.5 * double(v) * v;
  std::vector<float> s(map.classes());
  for (int i = 0; i < rows.rows(); ++i) {
    map.scores(w.data(), 1.f, rows.row(i), s.data());
    double h = 0;
    for (int c = 0; c < map.classes(); ++c) {
      const double delta = cost(c, y[i]), margin = double(s[c]) - s[y[i]];
      h = std::max(h, slack ? delta * (1 + margin) : delta + margin);
    }
    f += C * h;
  }
  return f;
}

// Solves by both exact solvers; each must be within its certified gap of the other (so of the optimum), with
// the objective ½‖w‖² + C·hinge_sum(w), hinge_sum = Σ_i H_i(w) by enumeration.
template <class Problem, class HingeSum>
void check_both_solvers(const Problem& problem, const StructuredSvmConfig& c, HingeSum hinge_sum) {
  TrainingReport r_cp, r_fw;
  const auto w_cp = train_cutting_plane(problem, c, {}, &r_cp);
  const auto w_fw = train_bcfw(problem, c, {}, &r_fw);
  REQUIRE(r_cp.converged);
  REQUIRE(r_fw.converged);
  auto primal = [&](const std::vector<float>& w) {
    double f = 0;
    for (float v : w) f += 0.5 * double(v) * v;
    return f + c.C * hinge_sum(w);
  };
  const double p_cp = primal(w_cp), p_fw = primal(w_fw), n = problem.size();
  CHECK(p_cp - p_fw <= r_cp.gap * c.C * n + 1e-9);
  CHECK(p_fw - p_cp <= r_fw.gap * c.C * n + 1e-9);
}

}  // namespace

TEST_CASE("simplex QP: SMO matches the enumeration of active sets, also on singular and degenerate G",
          "[structured]") {
  Rng rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    const int K = 1 + int(rng.below(5)), dim = 1 + int(rng.below(4));
    std::vector<std::vector<double>> g(K, std::vector<double>(dim));
    for (auto& v : g)
      for (auto& x : v) x = rng.uniform() * 2 - 1;
    if (trial % 3 == 0 && K > 1) g[K - 1] = g[0];           // duplicate constraint: singular G
    if (trial % 5 == 0) std::fill(g[0].begin(), g[0].end(), 0.0);  // a zero constraint
    std::vector<double> G(size_t(K) * K), b(K);
    for (int c = 0; c < K; ++c) {
      b[c] = rng.uniform() * 2 - (trial % 4 == 0 ? 1.5 : 0.5);
      for (int e = 0; e < K; ++e) G[size_t(c) * K + e] = std::inner_product(g[c].begin(), g[c].end(), g[e].begin(), 0.0);
    }
    const double C = 0.1 + 3 * rng.uniform();
    std::vector<double> alpha(K, 0.0);
    const SimplexQpResult r = solve_simplex_qp(G, b, C, alpha);
    REQUIRE(r.converged);
    double mass = 0;
    for (double a : alpha) {
      REQUIRE(a >= 0);
      mass += a;
    }
    REQUIRE(mass <= C * (1 + 1e-12));
    CHECK(qp_value(G, b, alpha) == Approx(brute_force_qp(G, b, C)).margin(1e-9));
  }
}

TEST_CASE("simplex QP: bad input is an error; an all-zero problem stays at α = 0", "[structured]") {
  std::vector<double> alpha(2, 0.0);
  CHECK_THROWS_AS(solve_simplex_qp({1, 0, 0, 1}, {1, 1}, 0.0, alpha), InputError);
  CHECK_THROWS_AS(solve_simplex_qp({1, 0, 0}, {1, 1}, 1.0, alpha), InputError);
  CHECK_THROWS_AS(solve_simplex_qp({NAN, 0, 0, 1}, {1, 1}, 1.0, alpha), InputError);
  std::vector<double> infeasible{1.0, 1.0};
  CHECK_THROWS_AS(solve_simplex_qp({1, 0, 0, 1}, {1, 1}, 1.0, infeasible), InputError);
  alpha = {0, 0};
  const SimplexQpResult r = solve_simplex_qp({0, 0, 0, 0}, {0, 0}, 1.0, alpha);
  CHECK(r.converged);
  CHECK(alpha[0] + alpha[1] <= 1.0);
}

TEST_CASE("cutting plane, BCFW and Crammer–Singer reach one multiclass objective; gaps bound suboptimality",
          "[structured]") {
  for (int variant = 0; variant < 3; ++variant) {
    const Clusters d = clusters(40, 3, 3, 2.0, 11 + variant);
    const Rows rows = d.rows();
    const FeatureMap map = FeatureMap::multivector(d.cols, 3, 1.f);
    // 0-1, then an asymmetric cost matrix, then slack rescaling.
    const CostMatrix cost = variant == 0 ? CostMatrix::zero_one(3)
                                         : CostMatrix::from_rows({0, 1, 2, 0.5f, 0, 1, 3, 1, 0}, 3);
    const bool slack = variant == 2;
    const double C = 0.5;
    const MulticlassProblem problem(rows, d.y, map, cost);
    StructuredSvmConfig tight;
    tight.C = C, tight.eps = 1e-7, tight.max_iterations = 100000;
    tight.surrogate = slack ? Surrogate::SlackRescaled : Surrogate::MarginRescaled;
    TrainingReport cp_report, fw_report;
    const auto w_cp = train_cutting_plane(problem, tight, {}, &cp_report);
    StructuredSvmConfig fw = tight;
    fw.eps = 1e-5;  // BCFW's rate is O(1/t): a gap of 1e-5·C·m is already far below the 1e-4 compared
    const auto w_fw = train_bcfw(problem, fw, {}, &fw_report);
    REQUIRE(cp_report.converged);
    REQUIRE(fw_report.converged);
    const double p_cp = multiclass_primal(problem, rows, d.y, map, cost, w_cp, C, slack);
    const double p_fw = multiclass_primal(problem, rows, d.y, map, cost, w_fw, C, slack);
    CHECK(p_cp == Approx(p_fw).epsilon(1e-4));
    if (!slack) {  // Crammer–Singer solves the margin-rescaled problem with the same C
      CrammerSingerConfig cs;
      cs.C = C, cs.eps = 1e-6, cs.max_iterations = 100000;
      const auto w_cs = train_crammer_singer(rows, d.y, map, cost, cs, {});
      CHECK(multiclass_primal(problem, rows, d.y, map, cost, w_cs, C, false) == Approx(p_cp).epsilon(1e-4));
    }
    // Loose runs: their reported gap (per C·m) bounds their distance to the best objective found.
    const double best = std::min(p_cp, p_fw);
    for (int solver = 0; solver < 2; ++solver) {
      StructuredSvmConfig loose = tight;
      loose.eps = 0.05;
      TrainingReport r;
      const auto w = solver ? train_bcfw(problem, loose, {}, &r) : train_cutting_plane(problem, loose, {}, &r);
      const double p = multiclass_primal(problem, rows, d.y, map, cost, w, C, slack);
      CHECK(r.converged);
      CHECK(r.gap <= 0.05);
      CHECK(p - best <= r.gap * C * rows.rows() + 1e-6 * best);
    }
  }
}

TEST_CASE("structured solvers: the optimum of tiny chains violates no labelling by more than eps", "[structured]") {
  Rng rng(5);
  const ChainLayout L{5, 3};
  SequenceBatch x;
  for (int i = 0; i < 8; ++i) {
    const int n = 1 + int(rng.below(4));
    for (int t = 0; t < n; ++t) {
      x.ids.push_back(int32_t(rng.below(L.features))), x.values.push_back(float(rng.uniform() * 2 - 0.5));
      x.ids.push_back(int32_t(rng.below(L.features))), x.values.push_back(float(rng.uniform()));
      x.ends.push_back(int64_t(x.ids.size()));
      x.labels.push_back(int32_t(rng.below(L.labels)));
    }
    x.starts.push_back(x.tokens());
  }
  const SequenceProblem problem(x, L);
  // Σ_i max over all k^n labellings of the bracket, by enumeration.
  auto brute_hinge = [&](const std::vector<float>& w, bool slack) {
    double total = 0;
    ChainScores s;
    for (int i = 0; i < x.sequences(); ++i) {
      fill_scores(w.data(), 1.f, L, x, i, s);
      const int n = x.length(i);
      const int* gold = x.gold(i);
      const double gold_score = s.score(gold);
      std::vector<int> y(n, 0);
      double h = 0;
      for (;;) {
        int m = 0;
        for (int t = 0; t < n; ++t) m += y[t] != gold[t];
        const double delta = double(m) / n, margin = s.score(y.data()) - gold_score;
        h = std::max(h, slack ? delta * (1 + margin) : delta + margin);
        int t = 0;
        while (t < n && ++y[t] == L.labels) y[t++] = 0;
        if (t == n) break;
      }
      total += h;
    }
    return total;
  };
  for (bool slack : {false, true}) {
    StructuredSvmConfig c;
    c.C = 2.0, c.eps = 1e-3, c.max_iterations = 100000;
    c.surrogate = slack ? Surrogate::SlackRescaled : Surrogate::MarginRescaled;
    check_both_solvers(problem, c, [&](const std::vector<float>& w) { return brute_hinge(w, slack); });
  }
}

TEST_CASE("structured solvers on ranking: NDCG, Kendall and whole-set bipartite against enumeration",
          "[structured]") {
  Rng rng(3);
  // Four queries of 3–5 documents, 3 features, grades 0..2 with ties.
  OwnedQueries q;
  std::vector<float> xs;
  for (int query = 0; query < 4; ++query) {
    const int r = 3 + int(rng.below(3));
    for (int d = 0; d < r; ++d) {
      for (int j = 0; j < 3; ++j) xs.push_back(float(rng.uniform() * 2 - 1));
      q.relevance.push_back(float(rng.below(3)));
    }
    q.offsets.push_back(int32_t(q.relevance.size()));
  }
  q.relevance[0] = 2, q.relevance[1] = 0;  // query 0 has two grades at least
  const Rows rows = Rows::dense(xs.data(), int32_t(q.relevance.size()), 3);
  QuerySet data{rows, q.relevance.data(), q.offsets};

  // The hinge by enumeration; NDCG's π(y) puts tied grades in the order of the anchor's scores, then index.
  auto permutations_hinge = [&](const RankingProblem& problem, const std::vector<float>& w,
                                const std::vector<float>& anchor, bool ndcg, int k) {
    double total = 0;
    for (int i = 0; i < problem.size(); ++i) {
      const int query = problem.query(i);
      const int32_t b = data.begin(query), r = data.size(query);
      const float* rel = data.relevance + b;
      std::vector<double> s(r), a(r);
      for (int32_t d = 0; d < r; ++d) s[d] = rows.row(b + d).dot(w.data()), a[d] = rows.row(b + d).dot(anchor.data());
      if (!ndcg) {  // Kendall: the pairwise hinge (each pair is its own max over {ordered, swapped})
        double h = 0;
        for (int32_t u = 0; u < r; ++u)
          for (int32_t v = 0; v < r; ++v)
            if (rel[u] > rel[v]) h += std::max(0.0, 1.0 - (s[u] - s[v]));
        total += h * 2.0 / (r * (r - 1));
        continue;
      }
      // NDCG with linear gain, Ψ normalised by r.
      std::vector<double> sorted(rel, rel + r);
      std::sort(sorted.rbegin(), sorted.rend());
      double ideal = 0;
      for (int32_t p = 1; p <= std::min(k, r); ++p) ideal += sorted[p - 1] * top_k_discount(p, k);
      std::vector<double> target(r);
      for (int32_t d = 0; d < r; ++d) {
        int above = 0;
        for (int32_t e = 0; e < r; ++e)
          above += rel[e] > rel[d] || (rel[e] == rel[d] && (a[e] > a[d] || (a[e] == a[d] && e < d)));
        target[d] = above + 1;
      }
      std::vector<int32_t> order(r);  // order[p] = document at top-down position p+1
      std::iota(order.begin(), order.end(), 0);
      double h = -1e300;
      do {
        double gain = 0, margin = 0;
        for (int32_t p = 1; p <= r; ++p) {
          if (p <= k) gain += top_k_discount(p, k) * rel[order[p - 1]] / ideal;
          margin += (target[order[p - 1]] - p) * s[order[p - 1]] / r;
        }
        h = std::max(h, 1.0 - gain + margin);
      } while (std::next_permutation(order.begin(), order.end()));
      total += h;
    }
    return total;
  };
  auto random_weights = [&] {
    std::vector<float> w(3);
    for (float& x : w) x = float(rng.uniform() * 4 - 2);
    return w;
  };
  for (bool ndcg : {true, false}) {
    RankingProblemConfig config;
    config.objective = ndcg ? RankingObjective::Ndcg : RankingObjective::Kendall;
    config.k = 3, config.normalized_psi = true;
    RankingProblem problem(data, config, Surrogate::MarginRescaled);
    CHECK(problem.has_latent_targets() == ndcg);
    std::vector<float> anchor(3, 0.f);  // a new problem breaks ties in index order
    for (int fixing = 0; fixing < 3; ++fixing) {
      INFO("ndcg " << ndcg << " fixing " << fixing);
      SparseAccumulator psi(problem.dim());
      for (int trial = 0; trial < 5; ++trial) {  // the oracle finds the maximum over all permutations
        const std::vector<float> w = random_weights();
        CHECK(hinge_sum(problem, w.data(), Surrogate::MarginRescaled, psi) ==
              Approx(permutations_hinge(problem, w, anchor, ndcg, config.k)).epsilon(1e-6));
      }
      StructuredSvmConfig c;
      c.C = 5.0, c.eps = 1e-4, c.max_iterations = 100000;
      check_both_solvers(problem, c, [&](const std::vector<float>& w) {
        return permutations_hinge(problem, w, anchor, ndcg, config.k);
      });
      const std::vector<float> next = random_weights();
      problem.fix_targets(next.data());
      CHECK_FALSE(problem.fix_targets(next.data()));  // the same scores make the same choices
      if (ndcg) anchor = next;  // Kendall's hinge has no target to fix
    }
  }
}

TEST_CASE("structured solvers: whole-set bipartite F1 and precision@k against all sign vectors", "[structured]") {
  Rng rng(9);
  const int r = 10;
  std::vector<float> xs, rel;
  for (int d = 0; d < r; ++d) {
    const bool positive = d < 3;
    rel.push_back(positive ? 1.f : 0.f);
    xs.push_back(float(rng.uniform() + (positive ? 0.5 : 0))), xs.push_back(float(rng.uniform() * 2 - 1));
  }
  const Rows rows = Rows::dense(xs.data(), r, 2);
  QuerySet data{rows, rel.data(), {0, r}};
  for (BipartiteMeasure measure : {BipartiteMeasure::F1, BipartiteMeasure::PrecisionAtK}) {
    RankingProblemConfig config;
    config.objective = RankingObjective::Bipartite;
    config.bipartite.measure = measure, config.bipartite.k = 5;  // precision@5 with 3 positives: y ∉ V
    config.normalized_psi = true;
    const RankingProblem problem(data, config, Surrogate::MarginRescaled);
    const bool at_k = measure == BipartiteMeasure::PrecisionAtK;
    auto primal = [&](const std::vector<float>& w, double C) {
      double f = 0;
      for (float v : w) f += 0.5 * double(v) * v;
      std::vector<double> s(r);
      for (int d = 0; d < r; ++d) s[d] = rows.row(d).dot(w.data()) + w[2];
      double h = -1e300;
      for (int mask = 0; mask < (1 << r); ++mask) {
        int a = 0, b = 0, c = 0;
        double margin = 0;
        for (int d = 0; d < r; ++d) {
          const int v = mask >> d & 1 ? 1 : -1;
          const bool pos = rel[d] > 0;
          a += pos && v > 0, b += !pos && v > 0, c += pos && v < 0;
          // y*: y, or at k the closest admissible labelling at w = 0 (ties in index order): negatives 3 and 4 added
          const double ref = pos || (at_k && d < 5) ? 1.0 : -1.0;
          margin += (v - ref) * s[d] / r;
        }
        if (at_k && a + b < 5) continue;
        const double measure_value = at_k ? double(a) / (a + b) : 2.0 * a / (2.0 * a + b + c);
        h = std::max(h, 1 - measure_value + margin);
      }
      return f + C * h;
    };
    CHECK(problem.has_latent_targets() == at_k);
    SparseAccumulator psi(problem.dim());
    for (int trial = 0; trial < 5; ++trial) {  // the oracle finds the maximum over all sign vectors
      std::vector<float> w(3);
      for (float& x : w) x = float(rng.uniform() * 4 - 2);
      CHECK(0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + hinge_sum(problem, w.data(), Surrogate::MarginRescaled, psi) ==
            Approx(primal(w, 1.0)).epsilon(1e-6));
    }
    for (double C : {1.0, 100.0}) {
      StructuredSvmConfig c;
      c.C = C, c.eps = 1e-4, c.max_iterations = 100000;
      INFO("C " << C << " measure " << int(measure));
      TrainingReport r_cp, r_fw;
      const auto w_cp = train_cutting_plane(problem, c, {}, &r_cp);
      REQUIRE(r_cp.converged);
      CHECK(r_cp.iterations < 200);  // a few dozen oracle calls (SVMperf's point)
      const double p_cp = primal(w_cp, C);
      StructuredSvmConfig tight = c;
      tight.eps = 1e-7;
      TrainingReport r_tight;
      const double p_tight = primal(train_cutting_plane(problem, tight, {}, &r_tight), C);
      REQUIRE(r_tight.converged);
      CHECK(p_cp - p_tight <= r_cp.gap * C + 1e-9);
      CHECK(p_tight - p_cp <= r_tight.gap * C + 1e-9);
      if (C == 1.0) {  // one block is plain Frank–Wolfe, O(C·diam²/t): cutting plane is the solver for one group
        StructuredSvmConfig fw = c;
        fw.eps = 1e-3;
        const auto w_fw = train_bcfw(problem, fw, {}, &r_fw);
        REQUIRE(r_fw.converged);
        const double p_fw = primal(w_fw, C);
        CHECK(p_cp - p_fw <= r_cp.gap * C + 1e-9);
        CHECK(p_fw - p_cp <= r_fw.gap * C + 1e-9);
      }
      for (float v : w_cp) CHECK(std::isfinite(v));
    }
  }
}

TEST_CASE("structured solvers: C ≤ 0, eps ≤ 0, no examples and a perceptron surrogate are errors", "[structured]") {
  const Clusters d = clusters(10, 2, 2, 1.0, 1);
  const Rows rows = d.rows();
  const FeatureMap map = FeatureMap::multivector(2, 2, 1.f);
  const CostMatrix cost = CostMatrix::zero_one(2);
  const MulticlassProblem problem(rows, d.y, map, cost);
  StructuredSvmConfig c;
  c.C = 0;
  CHECK_THROWS_AS(train_cutting_plane(problem, c, {}), InputError);
  c.C = -1;
  CHECK_THROWS_AS(train_bcfw(problem, c, {}), InputError);
  c.C = 1, c.eps = 0;
  CHECK_THROWS_AS(train_cutting_plane(problem, c, {}), InputError);
  c.eps = NAN;
  CHECK_THROWS_AS(train_bcfw(problem, c, {}), InputError);
  c.eps = 0.1, c.surrogate = Surrogate::Perceptron;
  CHECK_THROWS_AS(train_cutting_plane(problem, c, {}), InputError);
  // All-zero rows: nothing to learn, a finite (zero) model and a converged report.
  std::vector<float> zeros(20, 0.f);
  const Rows zero_rows = Rows::dense(zeros.data(), 10, 2);
  const FeatureMap no_bias = FeatureMap::multivector(2, 2, 0.f);
  const MulticlassProblem flat(zero_rows, d.y, no_bias, cost);
  StructuredSvmConfig ok;
  for (int solver = 0; solver < 2; ++solver) {
    TrainingReport r;
    const auto w = solver ? train_bcfw(flat, ok, {}, &r) : train_cutting_plane(flat, ok, {}, &r);
    for (float v : w) CHECK(v == 0.f);
    CHECK(r.iterations <= ok.max_iterations);
  }
}

TEST_CASE("convergence reports: a warning exactly when the iteration cap is hit", "[structured]") {
  const Clusters d = clusters(200, 4, 5, 3.0, 21);
  const Rows rows = d.rows();
  const FeatureMap map = FeatureMap::multivector(d.cols, 4, 1.f);
  const CostMatrix cost = CostMatrix::zero_one(4);
  SECTION("Crammer–Singer") {
    CrammerSingerConfig c;
    c.max_iterations = 2;
    TrainingReport r;
    train_crammer_singer(rows, d.y, map, cost, c, {}, &r);
    CHECK_FALSE(r.converged);
    CHECK(r.iterations == 2);
    CHECK(r.gap > c.eps);
    CHECK(r.warning().rfind("stopped at maxIter=2 with KKT violation", 0) == 0);
    CHECK(r.warning().find("scale the features or raise maxIter") != std::string::npos);
    c.max_iterations = 100000;
    train_crammer_singer(rows, d.y, map, cost, c, {}, &r);
    CHECK(r.converged);
    CHECK(r.gap <= c.eps);
    CHECK(r.warning().empty());
    CHECK(r.iterations < 100000);
  }
  SECTION("structured solvers") {
    const MulticlassProblem problem(rows, d.y, map, cost);
    for (int solver = 0; solver < 2; ++solver) {
      StructuredSvmConfig c;
      c.C = 1, c.eps = 1e-4, c.max_iterations = 2;
      TrainingReport r;
      solver ? train_bcfw(problem, c, {}, &r) : train_cutting_plane(problem, c, {}, &r);
      CHECK_FALSE(r.converged);
      CHECK(r.iterations == 2);
      CHECK(r.gap > c.eps);
      CHECK(r.warning().rfind("stopped at maxIter=2 with dual gap", 0) == 0);
      int calls = 0;
      c.max_iterations = 1000000, c.eps = 0.01;
      solver ? train_bcfw(problem, c, [&](const Progress&) { return ++calls < 3; }, &r)
             : train_cutting_plane(problem, c, [&](const Progress&) { return ++calls < 3; }, &r);
      CHECK_FALSE(r.converged);
      CHECK(r.stopped_by_callback);
      CHECK(r.warning().rfind("stopped by the progress callback", 0) == 0);
      c.max_iterations = 1000000;
      solver ? train_bcfw(problem, c, {}, &r) : train_cutting_plane(problem, c, {}, &r);
      CHECK(r.converged);
      CHECK(r.gap <= c.eps);
      CHECK(r.warning().empty());
    }
  }
  SECTION("binary dual coordinate descent and logistic regression") {
    std::vector<int8_t> labels;
    for (int32_t y : d.y) labels.push_back(y == 0 ? 1 : -1);
    const BinarySample s = BinarySample::all(rows, labels);
    DualSvmConfig svm;
    svm.max_iterations = 1;
    TrainingReport r;
    r = train_dual_cd_svm(s, svm)->report;
    CHECK_FALSE(r.converged);
    CHECK(r.warning().rfind("stopped at maxIter=1", 0) == 0);
    svm.max_iterations = 100000;
    r = train_dual_cd_svm(s, svm)->report;
    CHECK(r.converged);
    CHECK(r.warning().empty());
    LogisticConfig lr;
    lr.max_iterations = 1, lr.tol = 1e-8;
    r = train_logistic(s, lr)->report;
    CHECK_FALSE(r.converged);
    CHECK(r.iterations == 1);
    lr.max_iterations = 1000;
    r = train_logistic(s, lr)->report;
    CHECK(r.converged);
  }
  SECTION("a reduction reports its binary problems as one") {
    ReductionConfig config;
    config.learner_options = {{"maxIter", "1"}};
    const ReductionModel capped = ReductionModel::train(rows, d.y, 4, config);
    CHECK_FALSE(capped.training_report().converged);
    CHECK(capped.training_report().iterations == 1);
    CHECK(capped.training_report().warning().find("of 4 binary problems)") != std::string::npos);
    config.learner_options = {{"maxIter", "100000"}};
    const ReductionModel done = ReductionModel::train(rows, d.y, 4, config);
    CHECK(done.training_report().converged);
    CHECK(done.training_report().warning().empty());
  }
  SECTION("L-BFGS") {
    // f(x) = Σ_j (j+1)(x_j − 1)²: one step cannot reach the minimum, a hundred can.
    auto f = [](const std::vector<float>& x, std::vector<float>& g) {
      double v = 0;
      for (size_t j = 0; j < x.size(); ++j) {
        v += (j + 1.0) * (x[j] - 1) * (x[j] - 1);
        g[j] = float(2 * (j + 1.0) * (x[j] - 1));
      }
      return v;
    };
    LbfgsConfig config;
    config.max_iterations = 1;
    std::vector<float> x(10, 0.f);
    TrainingReport r;
    lbfgs_minimize(f, x, config, {}, &r);
    CHECK_FALSE(r.converged);
    config.max_iterations = 200;
    std::fill(x.begin(), x.end(), 0.f);
    lbfgs_minimize(f, x, config, {}, &r);
    CHECK(r.converged);
  }
}

TEST_CASE("Ranker: whole-set F1 trains by cutting plane by default and keeps its threshold through save/load",
          "[structured]") {
  Rng rng(4);
  const int r = 300;
  std::vector<float> xs, rel;
  for (int d = 0; d < r; ++d) {
    const bool positive = d % 10 == 0;
    rel.push_back(positive ? 1.f : 0.f);
    xs.push_back(float(rng.uniform() + (positive ? 1.5 : 0))), xs.push_back(float(rng.uniform()));
  }
  const Rows rows = Rows::dense(xs.data(), r, 2);
  const QuerySet data{rows, rel.data(), {0, r}};
  const Ranker model = Ranker::train(data, {{"measure", "f1"}});
  CHECK(model.training_report().converged);
  CHECK(model.training_report().measure == "dual gap");
  CHECK(model.setting("trainer") == "auto");
  CHECK(model.intercept() != 0);
  // Separable with a margin of 0.5 in x_0: score > 0 picks exactly the positives.
  const std::vector<double> s = model.score(rows);
  for (int d = 0; d < r; ++d) CHECK((s[d] > 0) == (rel[d] > 0));
  const std::vector<uint8_t> bytes = model.to_bytes();
  const Ranker again = Ranker::from_bytes(bytes.data(), bytes.size());
  CHECK(again.intercept() == Approx(model.intercept()).epsilon(1e-15));
  CHECK(again.score(rows) == s);
  // A group without negatives teaches nothing: an error naming it.
  std::vector<float> all(r, 1.f);
  const QuerySet no_negatives{rows, all.data(), {0, r}};
  CHECK_THROWS_WITH(Ranker::train(no_negatives, {{"measure", "f1"}}), Catch::Contains("lacks a positive or a negative"));
}
