#include "learn/progress.hpp"

#include "core/text.hpp"

namespace argmax {

std::string TrainingReport::warning() const {
  std::string out;
  if (!converged) {
    out = stopped_by_callback ? text("stopped by the progress callback after ", iterations, " iterations")
                              : text("stopped at maxIter=", cap);
    out += text(" with ", measure, " ", with_digits(gap, 3), " (tolerance ", with_digits(tolerance, 3), ")");
    if (!stopped_by_callback && !hint.empty()) out += text("; ", hint);
    if (!caution.empty()) out += "; ";
  }
  return out + caution;
}

}  // namespace argmax
