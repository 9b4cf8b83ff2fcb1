#include "learn/structured_oracle.hpp"

#include <cmath>

namespace argmax {

void SparseAccumulator::add(const SparseVector& v, double scale) {
  for (size_t q = 0; q < v.index.size(); ++q) add(v.index[q], scale * v.value[q]);
}

SparseVector SparseAccumulator::take() {
  SparseVector out;
  out.index.reserve(touched_.size()), out.value.reserve(touched_.size());
  for (uint32_t j : touched_) {
    if (sum_[j] != 0) out.index.push_back(j), out.value.push_back(sum_[j]);
    sum_[j] = 0, seen_[j] = 0;
  }
  touched_.clear();
  return out;
}

void check_structured_svm(const StructuredSvmConfig& config, int examples) {
  require(config.C > 0 && std::isfinite(config.C), "C must be a finite number > 0; got ", config.C);
  require(config.eps > 0 && std::isfinite(config.eps), "eps must be a finite number > 0; got ", config.eps);
  require(config.max_iterations >= 1, "maxIter must be ≥ 1; got ", config.max_iterations);
  require(config.surrogate == Surrogate::MarginRescaled || config.surrogate == Surrogate::SlackRescaled,
          "the exact structured solvers take margin or slack rescaling only");
  require(examples > 0, "no training examples");
}

}  // namespace argmax
