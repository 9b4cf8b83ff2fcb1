// The weak learner of AdaBoost.MH (adaboost_mh.hpp): the stump of largest Σ_l |r_l|, found by one sweep over each
// sorted column. A file of its own because a round spends its time here, and the wasm build compiles this loop
// for speed and the rest of the library for size (CMakeLists.txt).
#pragma once
#include <cstdint>
#include <vector>

#include "io/multilabel.hpp"

namespace argmax {

struct StumpChoice {
  double edge = 0;        // Σ_l |r_l|
  int32_t feature = 0;
  double threshold = 0;   // −∞: the constant stump (φ ≡ +1)
  std::vector<double> r;  // r_l, whose signs are the votes
};

// columns[j·m + i] is example i's feature j, and order[j] lists the examples by ascending column j; D is the
// m×k distribution over (example, label) pairs, y the labels' signs.
StumpChoice best_stump(const std::vector<float>& columns, const std::vector<std::vector<int32_t>>& order,
                       const std::vector<double>& D, const LabelMatrix& y);

}  // namespace argmax
