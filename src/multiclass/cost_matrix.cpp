#include "multiclass/cost_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {

CostMatrix CostMatrix::zero_one(int k) {
  CostMatrix c;
  c.k_ = k;
  c.cost_.assign(size_t(k) * k, 1.f);
  for (int y = 0; y < k; ++y) c.cost_[y * k + y] = 0.f;
  return c;
}

CostMatrix CostMatrix::from_rows(const std::vector<float>& rows, int k) {
  require(k > 0 && rows.size() == size_t(k) * k, "cost matrix must be ", k, "×", k, " (one row and column per class); got ",
          rows.size(), " entries");
  for (int t = 0; t < k; ++t)
    for (int p = 0; p < k; ++p) {
      const float c = rows[t * k + p];
      require(std::isfinite(c) && c >= 0, "cost matrix entry [", t, "][", p, "] must be finite and non-negative; got ", c);
      require(t != p || c == 0, "cost matrix diagonal entry [", t, "][", t, "] must be 0; got ", c);
    }
  CostMatrix m;
  m.k_ = k;
  m.cost_ = rows;
  return m;
}

float CostMatrix::max() const { return cost_.empty() ? 0.f : *std::max_element(cost_.begin(), cost_.end()); }

}  // namespace argmax
