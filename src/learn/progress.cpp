#include "learn/progress.hpp"

#include <sstream>

namespace argmax {

std::string TrainingReport::warning() const {
  std::ostringstream out;
  out.precision(3);
  if (!converged) {
    if (stopped_by_callback) out << "stopped by the progress callback after " << iterations << " iterations";
    else out << "stopped at maxIter=" << cap;
    out << " with " << measure << " " << gap << " (tolerance " << tolerance << ")";
    if (!stopped_by_callback && !hint.empty()) out << "; " << hint;
    if (!caution.empty()) out << "; ";
  }
  out << caution;
  return out.str();
}

}  // namespace argmax
