// Test data shared by the multiclass suites: k clusters in `cols` dimensions, centres drawn from the seed.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "core/rows.hpp"

namespace argmax {

struct Clusters {
  std::vector<float> x;
  std::vector<int32_t> y;
  int cols;
  Rows rows() const { return Rows::dense(x.data(), int32_t(y.size()), cols); }
};

inline Clusters clusters(int m, int k, int cols, double spread, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> centre(size_t(k) * cols);
  for (auto& c : centre) c = float(4 * rng.uniform() - 2);
  Clusters d{{}, {}, cols};
  for (int i = 0; i < m; ++i) {
    const int y = int(rng.below(k));
    d.y.push_back(y);
    for (int j = 0; j < cols; ++j) d.x.push_back(centre[y * cols + j] + float(spread * (2 * rng.uniform() - 1)));
  }
  return d;
}

}  // namespace argmax
