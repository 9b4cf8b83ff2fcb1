// Multi-label data: Y = {−1, +1}^k per example, and the LIBSVM multi-label text format
//   l1,l2,… idx:val idx:val …     (labels 0-based integers, features 1-based, a line may have no label)
// A multiclass LIBSVM file (one label per line) reads as multi-label data with one label per example.
#pragma once
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "core/rows.hpp"
#include "core/sizes.hpp"
#include "io/lines.hpp"

namespace argmax {

// m×k signs, row-major: at(i, l) = +1 iff example i has label l.
struct LabelMatrix {
  int rows = 0, labels = 0;
  std::vector<int8_t> y;

  LabelMatrix() = default;
  LabelMatrix(int m, int k) : rows(m), labels(k), y(checked_count<int8_t>("label matrix (rows × labels)", {m, k}), -1) {}
  int8_t at(int i, int l) const { return y[size_t(i) * labels + l]; }
  int8_t& at(int i, int l) { return y[size_t(i) * labels + l]; }
  // From label sets; k = 1 + the largest label when k = 0.
  static LabelMatrix from_sets(const std::vector<std::vector<int32_t>>& sets, int k = 0);
  // Mono-label as multi-label: y_i[l] = +1 iff l = labels[i].
  static LabelMatrix from_classes(const std::vector<int32_t>& labels, int k);
  void validate() const;  // entries ±1
};

struct MultilabelData {
  OwnedRows features;                        // sparse, 0-based columns
  std::vector<std::vector<int32_t>> label_sets;  // sorted, distinct
  int labels = 0;                            // 1 + the largest label seen
};

// The multi-label parser for ChunkedReader; `min_features` widens the column count.
class MultilabelParser {
 public:
  explicit MultilabelParser(int32_t min_features = 0) { data_.features.cols = min_features; }
  void reserve(std::string_view chunk);
  void line(const Line& line);  // throws InputError naming the line
  MultilabelData finish();

 private:
  MultilabelData data_;
};

// Throws InputError naming the line for anything malformed. `min_features` widens the column count
// (a test file must match its training file's width).
MultilabelData read_multilabel(std::istream& in, int32_t min_features = 0);
MultilabelData read_multilabel_text(std::string_view text, int32_t min_features = 0);
MultilabelData read_multilabel_file(const std::string& path, int32_t min_features = 0);

}  // namespace argmax
