#include "metrics/cost_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/labels.hpp"

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

LabelCosts label_costs(const std::vector<int32_t>& raw_labels, const std::vector<float>& cost_rows) {
  LabelCosts out;
  if (cost_rows.empty()) {
    LabelIndex indexed = index_labels(raw_labels.data(), raw_labels.size());
    out.labels = std::move(indexed.labels);
    out.index = std::move(indexed.index);
    out.cost = CostMatrix::zero_one(int(out.labels.size()));
    return out;
  }
  const int k = int(std::lround(std::sqrt(double(cost_rows.size()))));
  out.cost = CostMatrix::from_rows(cost_rows, k);
  for (size_t i = 0; i < raw_labels.size(); ++i)
    require(raw_labels[i] >= 0 && raw_labels[i] < k, "label ", raw_labels[i], " of row ", i, " is outside the ", k, "×",
            k, " cost matrix (labels must be 0..", k - 1, ")");
  out.index = raw_labels;
  for (int y = 0; y < k; ++y) out.labels.push_back(y);
  return out;
}

}  // namespace argmax
