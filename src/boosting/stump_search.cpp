#include "boosting/stump_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace argmax {

StumpChoice best_stump(const std::vector<float>& columns, const std::vector<std::vector<int32_t>>& order,
                       const std::vector<double>& D, const LabelMatrix& y) {
  const int m = y.rows, k = y.labels;
  const int32_t d = int32_t(order.size());
  std::vector<double> u(size_t(m) * k), total(k, 0.0), prefix(k);  // u_il = D_il y_il
  for (int i = 0; i < m; ++i)
    for (int l = 0; l < k; ++l) {
      u[size_t(i) * k + l] = D[size_t(i) * k + l] * y.at(i, l);
      total[l] += u[size_t(i) * k + l];
    }
  // The constant stump (θ = −∞) first, then every feature's thresholds in ascending order.
  StumpChoice best;
  for (int l = 0; l < k; ++l) best.edge += std::fabs(total[l]);
  best.threshold = -std::numeric_limits<double>::infinity();
  best.r = total;
  for (int32_t j = 0; j < d; ++j) {
    const float* col = &columns[size_t(j) * m];
    const std::vector<int32_t>& ord = order[j];
    std::fill(prefix.begin(), prefix.end(), 0.0);
    for (int p = 0; p + 1 < m; ++p) {
      const int32_t i = ord[p];
      for (int l = 0; l < k; ++l) prefix[l] += u[size_t(i) * k + l];
      if (!(col[i] < col[ord[p + 1]])) continue;
      double s = 0;
      for (int l = 0; l < k; ++l) s += std::fabs(total[l] - 2 * prefix[l]);
      if (s > best.edge + 1e-12) {
        best.edge = s, best.feature = j;
        float th = float(0.5 * (double(col[i]) + double(col[ord[p + 1]])));
        if (!(th < col[ord[p + 1]])) th = col[i];
        best.threshold = th;
        for (int l = 0; l < k; ++l) best.r[l] = total[l] - 2 * prefix[l];
      }
    }
  }
  return best;
}

}  // namespace argmax
