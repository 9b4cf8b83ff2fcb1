// Feature rows as views over caller memory: dense row-major m×n, or sparse CSR.
// Both are read through RowView, so learners are written once for either layout.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/error.hpp"

namespace argmax {

// One example's features. Dense when index == nullptr (value[0..size) are columns 0..size),
// else sparse (size pairs of column index[p] and value[p]).
struct RowView {
  const int32_t* index = nullptr;
  const float* value = nullptr;
  int32_t size = 0;

  // f(column, value) for each entry. f is called from one place, so that even the size-optimised build inlines
  // it (CMakeLists.txt); dot and axpy are inlined there too.
  template <class F>
  void for_each(F&& f) const {
    for (int32_t p = 0; p < size; ++p) f(index ? index[p] : p, value[p]);
  }

  // ⟨w, x⟩ where w has at least `cols` entries.
  [[gnu::always_inline]] float dot(const float* w) const {
    float s = 0.f;
    if (index) {
      for (int32_t p = 0; p < size; ++p) s += w[index[p]] * value[p];
    } else {
      for (int32_t j = 0; j < size; ++j) s += w[j] * value[j];
    }
    return s;
  }

  // w += a·x
  [[gnu::always_inline]] void axpy(float a, float* w) const {
    if (index) {
      for (int32_t p = 0; p < size; ++p) w[index[p]] += a * value[p];
    } else {
      for (int32_t j = 0; j < size; ++j) w[j] += a * value[j];
    }
  }

  float squared_norm() const {
    float s = 0.f;
    for (int32_t p = 0; p < size; ++p) s += value[p] * value[p];
    return s;
  }
};

// What a NaN feature means to whoever reads the rows: an error, or a missing value (trees).
enum class NanFeatures { rejected, missing };

// m rows of n columns, dense or CSR; does not own its memory.
class Rows {
 public:
  Rows() = default;
  static Rows dense(const float* data, int32_t rows, int32_t cols) {
    Rows r;
    r.values_ = data, r.rows_ = rows, r.cols_ = cols;
    return r;
  }
  static Rows sparse(const int32_t* offsets, const int32_t* indices, const float* values, int32_t rows,
                     int32_t cols) {
    Rows r;
    r.offsets_ = offsets, r.indices_ = indices, r.values_ = values, r.rows_ = rows, r.cols_ = cols;
    return r;
  }

  // One row as a matrix of cols columns; a sparse row reads offsets, {0, x.size}, which must outlive the result.
  static Rows of_row(const RowView& x, int32_t cols, const int32_t* offsets) {
    return x.index ? sparse(offsets, x.index, x.value, 1, cols) : dense(x.value, 1, x.size);
  }
  // Rows [begin, end) of the same storage. CSR offsets stay absolute, so a slice is read, never validated.
  Rows slice(int32_t begin, int32_t end) const {
    Rows r = *this;
    r.rows_ = end - begin;
    if (offsets_) r.offsets_ += begin;
    else r.values_ += int64_t(begin) * cols_;
    return r;
  }

  int32_t rows() const { return rows_; }
  int32_t cols() const { return cols_; }
  bool is_sparse() const { return offsets_ != nullptr; }

  RowView row(int32_t i) const {
    if (!offsets_) return {nullptr, values_ + int64_t(i) * cols_, cols_};
    return {indices_ + offsets_[i], values_ + offsets_[i], offsets_[i + 1] - offsets_[i]};
  }

  // Throws InputError naming the first problem: broken offsets, a column out of range, Inf, or NaN
  // unless the reader takes NaN as a missing value (trees do). (In rows.cpp, which the wasm build compiles for
  // speed: every fit and prediction passes here.)
  void validate(const char* what = "features", NanFeatures nan = NanFeatures::rejected) const;

 private:
  // Every stored column index in [0, cols) and every value finite (or NaN, where NaN means missing), in loops
  // without an early exit so that they vectorise: checking costs a fraction of a pass over the data.
  bool entries_valid(NanFeatures nan) const;

  const int32_t* offsets_ = nullptr;
  const int32_t* indices_ = nullptr;
  const float* values_ = nullptr;
  int32_t rows_ = 0, cols_ = 0;
};

// Rows that own their storage (used by file readers and tests).
struct OwnedRows {
  std::vector<int32_t> offsets{0}, indices;
  std::vector<float> values;
  int32_t cols = 0;
  bool sparse = true;

  // An empty dense matrix of cols columns; rows are appended to values.
  static OwnedRows dense(int32_t cols) {
    OwnedRows m;
    m.offsets.clear(), m.cols = cols, m.sparse = false;
    return m;
  }

  int32_t rows() const {
    return sparse ? int32_t(offsets.size()) - 1 : (cols ? int32_t(values.size() / cols) : 0);
  }
  Rows view() const {
    return sparse ? Rows::sparse(offsets.data(), indices.data(), values.data(), rows(), cols)
                  : Rows::dense(values.data(), rows(), cols);
  }
  // Valid rows (Rows::validate) in their layout, each stored value v of column j replaced by f(j, v).
  template <class F>
  static OwnedRows transformed(const Rows& rows, F f) {
    OwnedRows out;
    out.cols = rows.cols(), out.sparse = rows.is_sparse();
    if (!out.sparse) out.values.reserve(size_t(rows.rows()) * size_t(rows.cols()));
    for (int32_t i = 0; i < rows.rows(); ++i) {
      rows.row(i).for_each([&](int32_t j, float v) {
        if (out.sparse) out.indices.push_back(j);
        out.values.push_back(f(j, v));
      });
      if (out.sparse) out.offsets.push_back(int32_t(out.values.size()));
    }
    return out;
  }
  // A copy of valid rows.
  static OwnedRows copy_of(const Rows& rows) { return transformed(rows, [](int32_t, float v) { return v; }); }
};

}  // namespace argmax
