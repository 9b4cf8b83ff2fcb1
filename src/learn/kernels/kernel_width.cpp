#include "learn/kernels/kernel_width.hpp"

#include <cmath>

namespace argmax {

double gamma_from_data(const Rows& rows) {
  const double entries = double(rows.rows()) * double(rows.cols());
  if (!(entries > 0)) return 1;
  // Two passes (the mean, then the squares about it), so a large mean does not cancel the variance away.
  double sum = 0, stored = 0;
  for (int32_t i = 0; i < rows.rows(); ++i)
    rows.row(i).for_each([&](int32_t, float v) { sum += v, stored += 1; });
  const double mean = sum / entries;
  double squares = (entries - stored) * mean * mean;  // the absent entries of sparse rows: zeros
  for (int32_t i = 0; i < rows.rows(); ++i)
    rows.row(i).for_each([&](int32_t, float v) { squares += (v - mean) * (v - mean); });
  const double variance = squares / entries, gamma = 1 / (double(rows.cols()) * variance);
  return variance > 0 && std::isfinite(gamma) && gamma > 0 ? gamma : 1;
}

}  // namespace argmax
