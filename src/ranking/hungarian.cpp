#include "ranking/hungarian.hpp"

#include <cmath>
#include <limits>

#include "core/error.hpp"

namespace argmax {

std::vector<int32_t> min_cost_assignment(const std::vector<double>& cost, int32_t n, int32_t m) {
  require(n >= 0 && n <= m, "assignment needs rows ≤ columns (got ", n, "×", m, ")");
  require(cost.size() == size_t(n) * size_t(m), "assignment cost has ", cost.size(), " entries, expected ",
          size_t(n) * size_t(m));
  for (double c : cost) require(std::isfinite(c), "assignment costs must be finite numbers");
  const double inf = std::numeric_limits<double>::infinity();
  // 1-based as in the classical statement; column 0 is a virtual start column.
  std::vector<double> u(n + 1, 0.0), v(m + 1, 0.0), minv(m + 1);
  std::vector<int32_t> row_of(m + 1, 0), way(m + 1, 0);
  std::vector<char> used(m + 1);
  for (int32_t i = 1; i <= n; ++i) {
    row_of[0] = i;
    int32_t j0 = 0;
    std::fill(minv.begin(), minv.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    do {  // Dijkstra over reduced costs until a free column is reached
      used[j0] = 1;
      const int32_t i0 = row_of[j0];
      const double* c = cost.data() + size_t(i0 - 1) * m;
      double delta = inf;
      int32_t j1 = 0;
      for (int32_t j = 1; j <= m; ++j) {
        if (used[j]) continue;
        const double reduced = c[j - 1] - u[i0] - v[j];
        if (reduced < minv[j]) minv[j] = reduced, way[j] = j0;
        if (minv[j] < delta) delta = minv[j], j1 = j;
      }
      for (int32_t j = 0; j <= m; ++j) {
        if (used[j]) {
          u[row_of[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (row_of[j0] != 0);
    do {  // flip the augmenting path
      const int32_t j1 = way[j0];
      row_of[j0] = row_of[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<int32_t> col(n, -1);
  for (int32_t j = 1; j <= m; ++j)
    if (row_of[j] != 0) col[row_of[j] - 1] = j - 1;
  return col;
}

}  // namespace argmax
