// LIBSVM / SVMlight text: one example per line, `label idx:val idx:val … # comment`, indices 1-based and
// increasing. The feature part is shared with the multi-label format.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/rows.hpp"
#include "io/lines.hpp"

namespace argmax {

struct LabeledRows {
  OwnedRows rows;                // sparse CSR, 0-based columns
  std::vector<int32_t> labels;
  std::vector<int64_t> lines;    // source line of each example (1-based), for messages
};

// The LIBSVM parser for ChunkedReader: cols = 1 + the largest index seen (at least min_cols).
class LibsvmParser {
 public:
  explicit LibsvmParser(int32_t min_cols = 0) : cols_(min_cols) {}
  void reserve(std::string_view chunk);
  void line(const Line& line);  // throws InputError naming the line
  LabeledRows finish();

 private:
  LabeledRows data_;
  int32_t cols_;
};

// Reads a whole text; throws InputError naming the line.
LabeledRows read_libsvm(std::string_view text, int32_t min_cols = 0);

// Parses the `idx:val …` tokens of one line from p (up to a '#' or the end) into rows, appending a row:
// the one parser of every format with such features (LIBSVM, multi-label, SVM^hmm, LETOR). Zeros are not
// stored (an absent feature is 0). Throws InputError "line N: …". Returns the largest 1-based index (0 if none).
int32_t parse_features(const char* p, const char* end, int64_t line, OwnedRows& rows);

// Makes room in rows for every `idx:val` item and line of a chunk (one quick count of ':' and '\n'), growing
// the arrays geometrically, so that parse_features seldom regrows them: copying them costs more than parsing.
void reserve_features(std::string_view chunk, OwnedRows& rows);

}  // namespace argmax
