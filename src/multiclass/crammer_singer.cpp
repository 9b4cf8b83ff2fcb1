// Dual coordinate descent (Keerthi, Sundararajan, Chang, Hsieh & Lin, KDD 2008), as LIBLINEAR's
// Solver_MCSVM_CS: for each example i the dual variables α_i ∈ R^k satisfy Σ_y α_i^y = 0,
// α_i^y ≤ C·1[y = y_i], and w_y = Σ_i α_i^y x_i. One sub-problem per example:
//   min_{α_i} ½ A_i ‖α_i‖² + B·α_i,  A_i = ‖x_i‖²,  B_y = G_y − A_i α_i^y,  G_y = Δ(y, y_i) + w_y·x_i,
// solved exactly by sorting (multiclass/cs_sub_problem.hpp). Shrinking drops (i, y) pairs at their bound.
#include "multiclass/crammer_singer.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/out_of_line.hpp"
#include "core/rng.hpp"
#include "multiclass/cs_sub_problem.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {
namespace {

// The solver's state. Each example's update is a call of its own (core/out_of_line.hpp), so that the first
// pass soon runs optimised code.
class Solver {
 public:
  Solver(const Rows& rows, const std::vector<int32_t>& labels, const FeatureMap& map, const CostMatrix& cost,
         double C)
      : rows(rows), labels(labels), cost(cost), l(rows.rows()), k(map.classes()),
        bias_index(size_t(map.cols()) * k), bias(map.bias()), C(C), w(map.dim(), 0.0), alpha(size_t(l) * k, 0.0),
        QD(l), alpha_index(size_t(l) * k), y_index(l), active_size_i(l, k), index(l), G(k), B(k), alpha_new(k),
        D(k), d_val(k), d_ind(k), active_size(l) {
    for (int i = 0; i < l; ++i) {
      for (int m = 0; m < k; ++m) alpha_index[size_t(i) * k + m] = m;
      QD[i] = rows.row(i).squared_norm() + bias * bias;
      y_index[i] = labels[i];
      index[i] = i;
    }
  }

  // One pass over the active examples in random order; returns the largest KKT violation seen.
  double pass(Rng& rng) {
    stopping = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < active_size; ++i) std::swap(index[i], index[i + rng.below(uint32_t(active_size - i))]);
    auto step = [this](int i) { return update(i); };
    for (int s = 0; s < active_size; ++s) {
      if (out_of_line(step, index[s])) continue;
      --active_size;  // every label of the example is shrunk
      std::swap(index[s], index[active_size]);
      --s;
    }
    return stopping;
  }

  // Solves example i's sub-problem; false when all its labels are shrunk and it leaves the active set.
  bool update(int i) {
    const double Ai = QD[i];
    double* alpha_i = &alpha[size_t(i) * k];
    int* ai_index = &alpha_index[size_t(i) * k];
    int& active = active_size_i[i];
    const int yi = labels[i];
    if (Ai <= 0) return true;
    const RowView x = rows.row(i);
    const float* delta = cost.row(yi);
    for (int m = 0; m < active; ++m) G[m] = delta[ai_index[m]];
    x.for_each([&](int32_t j, float v) {
      const double* wj = &w[size_t(j) * k];
      for (int m = 0; m < active; ++m) G[m] += wj[ai_index[m]] * v;
    });
    if (bias > 0)
      for (int m = 0; m < active; ++m) G[m] += w[bias_index + ai_index[m]] * bias;

    double minG = std::numeric_limits<double>::infinity(), maxG = -minG;
    for (int m = 0; m < active; ++m) {
      if (alpha_i[ai_index[m]] < 0 && G[m] < minG) minG = G[m];
      if (G[m] > maxG) maxG = G[m];
    }
    if (y_index[i] < active && alpha_i[yi] < C && G[y_index[i]] < minG) minG = G[y_index[i]];

    // Shrink labels whose α sits at its bound with a gradient that keeps it there.
    auto shrinkable = [&](int m) {
      const double bound = m == y_index[i] ? C : 0.0;
      return alpha_i[ai_index[m]] == bound && G[m] < minG;
    };
    for (int m = 0; m < active; ++m) {
      if (!shrinkable(m)) continue;
      --active;
      while (active > m) {
        if (!shrinkable(active)) {
          std::swap(ai_index[m], ai_index[active]);
          std::swap(G[m], G[active]);
          if (y_index[i] == active) y_index[i] = m;
          else if (y_index[i] == m) y_index[i] = active;
          break;
        }
        --active;
      }
    }
    if (active <= 1) return false;
    if (maxG - minG <= 1e-12) return true;
    stopping = std::max(maxG - minG, stopping);

    for (int m = 0; m < active; ++m) B[m] = G[m] - Ai * alpha_i[ai_index[m]];
    solve_cs_sub_problem(Ai, y_index[i], C, active, B.data(), alpha_new.data(), D);
    int nz = 0;
    for (int m = 0; m < active; ++m) {
      const double d = alpha_new[m] - alpha_i[ai_index[m]];
      alpha_i[ai_index[m]] = alpha_new[m];
      if (std::fabs(d) >= 1e-12) d_ind[nz] = ai_index[m], d_val[nz] = d, ++nz;
    }
    x.for_each([&](int32_t j, float v) {
      double* wj = &w[size_t(j) * k];
      for (int m = 0; m < nz; ++m) wj[d_ind[m]] += d_val[m] * v;
    });
    if (bias > 0)
      for (int m = 0; m < nz; ++m) w[bias_index + d_ind[m]] += d_val[m] * bias;
    return true;
  }

  // Brings every example and label back into the active set.
  void unshrink() {
    active_size = l;
    std::fill(active_size_i.begin(), active_size_i.end(), k);
  }

  const Rows& rows;
  const std::vector<int32_t>& labels;
  const CostMatrix& cost;
  const int l, k;
  const size_t bias_index;
  const double bias, C;
  std::vector<double> w, alpha, QD;
  std::vector<int> alpha_index, y_index, active_size_i, index;
  std::vector<double> G, B, alpha_new, D, d_val;
  std::vector<int> d_ind;
  int active_size;
  double stopping;  // the pass's largest KKT violation so far
};

}  // namespace

std::vector<float> train_crammer_singer(const Rows& rows, const std::vector<int32_t>& labels, const FeatureMap& map,
                                        const CostMatrix& cost, const CrammerSingerConfig& config,
                                        const ProgressFn& progress, TrainingReport* report) {
  require(map.kind() == FeatureMap::Kind::Multivector, "Crammer–Singer needs the multivector feature map");
  Solver solver(rows, labels, map, cost, config.C);
  double eps_shrink = std::max(10.0 * config.eps, 1.0);
  bool start_from_all = true;
  Rng rng(config.seed);
  TrainingReport r;
  r.measure = "KKT violation", r.cap = config.max_iterations, r.tolerance = config.eps, r.converged = false;
  r.hint = "scale the features or raise maxIter";

  for (int iter = 1; iter <= config.max_iterations; ++iter) {
    const double stopping = solver.pass(rng);
    r.iterations = iter, r.gap = std::max(stopping, 0.0);
    const bool stop = r.stop_requested(progress, [&](Progress& p) {
      const std::vector<float> wf(solver.w.begin(), solver.w.end());
      const auto e = MulticlassProblem(rows, labels, map, cost).evaluate(wf.data(), Surrogate::MarginRescaled);
      double norm = 0;
      for (double v : solver.w) norm += v * v;
      p.epoch = iter;
      p.objective = 0.5 * norm + config.C * rows.rows() * e.surrogate;
      p.training_error = e.error;
    });
    if (stop) break;
    if (stopping < eps_shrink) {
      if (stopping < config.eps && start_from_all) {
        r.converged = true;
        break;
      }
      solver.unshrink();
      eps_shrink = std::max(eps_shrink / 2, config.eps);
      start_from_all = true;
    } else {
      start_from_all = false;
    }
  }
  if (report) *report = r;
  return std::vector<float>(solver.w.begin(), solver.w.end());
}

}  // namespace argmax
