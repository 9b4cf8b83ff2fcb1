// Test data shared by the multiclass suites: k clusters in `cols` dimensions, centres drawn from the seed, and rings.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "core/rows.hpp"

namespace argmax {

// Rows with labels ±1, for the binary learners.
struct BinaryPoints {
  std::vector<float> x;
  std::vector<int8_t> y;
  int cols;
  Rows rows() const { return Rows::dense(x.data(), int32_t(y.size()), cols); }
};

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

// Two concentric rings (radius 1 and 2) and a disc at the centre: no linear separator exists.
inline Clusters rings(int m, uint64_t seed) {
  Rng rng(seed);
  Clusters d{{}, {}, 2};
  for (int i = 0; i < m; ++i) {
    const int y = int(rng.below(3));
    const double r = y + 0.3 * rng.uniform(), a = 6.283185307179586 * rng.uniform();
    d.x.push_back(float(r * std::cos(a)));
    d.x.push_back(float(r * std::sin(a)));
    d.y.push_back(y);
  }
  return d;
}

}  // namespace argmax
