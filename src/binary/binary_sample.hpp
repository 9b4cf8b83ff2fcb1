// A binary training set as a view: a subset of the rows of a Rows, each with a label ±1 and an
// optional weight. Reductions build one per column of their code without copying features.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"

namespace argmax {

struct BinarySample {
  Rows rows;                    // all features; only `index` rows take part
  std::vector<int32_t> index;   // rows of `rows` in the sample
  std::vector<int8_t> label;    // ±1, one per entry of index
  std::vector<double> weight;   // one per entry of index, or empty for all 1

  int size() const { return int(index.size()); }
  RowView row(int k) const { return rows.row(index[k]); }
  double weight_of(int k) const { return weight.empty() ? 1.0 : weight[k]; }

  // Every row of `rows`, labels given as ±1.
  static BinarySample all(const Rows& rows, const std::vector<int8_t>& labels);
  // Throws InputError naming the first bad label, weight or index.
  void validate() const;
  // Throws InputError naming the first row of the sample with a NaN or infinite feature (linear learners;
  // trees accept NaN as a missing value).
  void require_finite_features(const char* learner) const;
};

}  // namespace argmax
