#include "learn/structured_oracle.hpp"

#include <cmath>

namespace argmax {

void check_structured_svm(const StructuredSvmConfig& config, int examples) {
  require(config.C > 0 && std::isfinite(config.C), "C must be a finite number > 0; got ", config.C);
  require(config.eps > 0 && std::isfinite(config.eps), "eps must be a finite number > 0; got ", config.eps);
  require(config.max_iterations >= 1, "maxIter must be ≥ 1; got ", config.max_iterations);
  require(config.surrogate == Surrogate::MarginRescaled || config.surrogate == Surrogate::SlackRescaled,
          "the exact structured solvers take margin or slack rescaling only");
  require(examples > 0, "no training examples");
}

}  // namespace argmax
