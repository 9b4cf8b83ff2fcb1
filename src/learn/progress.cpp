#include "learn/progress.hpp"

#include <sstream>

namespace argmax {

std::string TrainingReport::warning() const {
  if (converged) return "";
  std::ostringstream out;
  out.precision(3);
  if (stopped_by_callback) out << "stopped by the progress callback after " << iterations << " iterations";
  else out << "stopped at max_iter=" << cap;
  out << " with " << measure << " " << gap << " (tolerance " << tolerance << ")";
  if (!stopped_by_callback && !hint.empty()) out << "; " << hint;
  return out.str();
}

}  // namespace argmax
