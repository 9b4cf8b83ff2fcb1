// Crammer & Singer (2001) multiclass SVM, the LIBLINEAR -s 4 problem (with its C convention), extended to a
// cost matrix Δ:
//   min_W ½ Σ_y ‖w_y‖² + C Σ_i ξ_i   s.t.  w_{y_i}·x_i − w_y·x_i ≥ Δ(y, y_i) − ξ_i  for all y,
// i.e. ½‖W‖² + C Σ_i max_y [Δ(y, y_i) + w_y·x_i − w_{y_i}·x_i]. The bias feature, when present, is
// regularised like any other feature, as in LIBLINEAR.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"
#include "learn/progress.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/feature_map.hpp"

namespace argmax {

struct CrammerSingerConfig {
  double C = 1.0;
  double eps = 0.1;        // stop when the largest KKT violation of a pass is below eps (LIBLINEAR's default)
  int max_iterations = 100000;  // LIBLINEAR's cap: on unscaled features (a large effective C) it needs many passes
  uint64_t seed = 1;
};

// Returns the weights in FeatureMap's multivector layout (feature-major, bias last).
// Progress: epoch = outer iteration, objective = the primal objective above, training_error = mean Δ.
// report (optional): whether the stopping rule was met, with the last pass's largest KKT violation.
std::vector<float> train_crammer_singer(const Rows& rows, const std::vector<int32_t>& labels, const FeatureMap& map,
                                        const CostMatrix& cost, const CrammerSingerConfig& config,
                                        const ProgressFn& progress, TrainingReport* report = nullptr);

}  // namespace argmax
