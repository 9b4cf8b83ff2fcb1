#include "binary/binary_sample.hpp"

#include <cmath>

namespace argmax {

BinarySample BinarySample::all(const Rows& rows, const std::vector<int8_t>& labels) {
  require(int(labels.size()) == rows.rows(), "got ", labels.size(), " labels for ", rows.rows(), " rows");
  BinarySample s;
  s.rows = rows;
  s.index.resize(rows.rows());
  for (int32_t i = 0; i < rows.rows(); ++i) s.index[i] = i;
  s.label = labels;
  return s;
}

void BinarySample::validate() const {
  require(label.size() == index.size(), "binary sample: ", label.size(), " labels for ", index.size(), " rows");
  require(weight.empty() || weight.size() == index.size(), "binary sample: ", weight.size(), " weights for ",
          index.size(), " rows");
  for (size_t k = 0; k < index.size(); ++k) {
    require(index[k] >= 0 && index[k] < rows.rows(), "binary sample: row ", index[k], " out of range");
    require(label[k] == 1 || label[k] == -1, "binary labels must be +1 or -1; row ", index[k], " has ",
            int(label[k]));
    if (!weight.empty())
      require(std::isfinite(weight[k]) && weight[k] >= 0, "example weights must be finite and >= 0; row ",
              index[k], " has ", weight[k]);
  }
}

void BinarySample::require_finite_features(const char* learner) const {
  for (int32_t r : index) {
    const RowView x = rows.row(r);
    for (int32_t p = 0; p < x.size; ++p)
      require(std::isfinite(x.value[p]), learner, ": row ", r, " has a non-finite feature (", x.value[p],
              ") at column ", x.index ? x.index[p] : p, "; only trees accept NaN (as missing)");
  }
}

}  // namespace argmax
