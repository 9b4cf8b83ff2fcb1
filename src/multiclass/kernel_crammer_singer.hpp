// The Crammer–Singer multiclass SVM in its dual with a PDS kernel K (FML 9.3.1): the problem of
// multiclass/crammer_singer.hpp (same C, same cost matrix Δ) with w_y = Σ_i α_i^y Φ(x_i), so that
//   h(x, y) = Σ_i α_i^y K(x_i, x),   Σ_y α_i^y = 0,   α_i^y ≤ C·1[y = y_i],
// and the objective needs K alone. No bias feature (as in LIBSVM's and LIBLINEAR's C–S).
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"
#include "learn/progress.hpp"
#include "metrics/cost_matrix.hpp"
#include "learn/kernels/kernel.hpp"

namespace argmax {

struct KernelCrammerSingerConfig {
  double C = 1.0;
  double eps = 0.1;  // stop when the largest KKT violation of a pass is below eps (as the linear solver)
  int max_iterations = 1000;
  double cache_mb = 200;  // kernel column cache
  uint64_t seed = 1;
};

struct KernelCrammerSinger {
  std::vector<double> alpha;  // m×k, row-major: α_i^y
  double primal = 0;          // ½‖W‖² + C Σ_i max_y [Δ(y, y_i) + h(x_i, y) − h(x_i, y_i)]
  double dual = 0;            // −(½‖W‖² + Σ_i Σ_y Δ(y, y_i) α_i^y): primal − dual ≥ 0 is the duality gap
};

// labels in [0, cost.size()). Progress: epoch = pass, objective = primal, training_error = mean Δ.
KernelCrammerSinger train_kernel_crammer_singer(const Rows& rows, const std::vector<int32_t>& labels,
                                                const Kernel& kernel, const CostMatrix& cost,
                                                const KernelCrammerSingerConfig& config, const ProgressFn& progress,
                                                TrainingReport* report = nullptr);

}  // namespace argmax
