#include "core/rows.hpp"

#include <cmath>
#include <limits>

namespace argmax {

void Rows::validate(const char* what, NanFeatures nan) const {
  require(rows_ >= 0 && cols_ >= 0, what, ": negative shape");
  if (offsets_) {
    require(offsets_[0] == 0, what, ": CSR offsets must start at 0");
    for (int32_t i = 0; i < rows_; ++i)
      require(offsets_[i + 1] >= offsets_[i], what, ": CSR offsets decrease at row ", i);
  }
  if (entries_valid(nan)) return;
  for (int32_t i = 0; i < rows_; ++i) {  // name the first bad entry
    RowView r = row(i);
    for (int32_t p = 0; p < r.size; ++p) {
      if (r.index) require(r.index[p] >= 0 && r.index[p] < cols_, what, ": row ", i, " has column ",
                           r.index[p], ", expected 0..", cols_ - 1);
      require(std::isfinite(r.value[p]) || (nan == NanFeatures::missing && std::isnan(r.value[p])), what,
              ": row ", i, " has a non-finite value (", r.value[p], ") at column ", r.index ? r.index[p] : p);
    }
  }
}

bool Rows::entries_valid(NanFeatures nan) const {
  const int64_t n = offsets_ ? offsets_[rows_] : int64_t(rows_) * cols_;
  constexpr float inf = std::numeric_limits<float>::infinity();
  bool bad = false;
  if (nan == NanFeatures::missing)
    for (int64_t p = 0; p < n; ++p) bad |= std::fabs(values_[p]) == inf;
  else
    for (int64_t p = 0; p < n; ++p) bad |= !(std::fabs(values_[p]) < inf);
  if (offsets_)
    for (int64_t p = 0; p < n; ++p) bad |= uint32_t(indices_[p]) >= uint32_t(cols_);
  return !bad;
}

}  // namespace argmax
