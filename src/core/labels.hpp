// Integer class labels as models use them: the sorted distinct values, and each example's position
// among them (models predict positions and report the original labels).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace argmax {

struct LabelIndex {
  std::vector<int32_t> labels;  // sorted, distinct
  std::vector<int32_t> index;   // index[i] = position of y[i] in labels
};

inline LabelIndex index_labels(const int32_t* y, size_t n) {
  LabelIndex out;
  out.labels.assign(y, y + n);
  std::sort(out.labels.begin(), out.labels.end());
  out.labels.erase(std::unique(out.labels.begin(), out.labels.end()), out.labels.end());
  out.index.reserve(n);
  for (size_t i = 0; i < n; ++i)
    out.index.push_back(int32_t(std::lower_bound(out.labels.begin(), out.labels.end(), y[i]) - out.labels.begin()));
  return out;
}

}  // namespace argmax
