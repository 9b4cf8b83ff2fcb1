#include "io/multilabel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "io/libsvm.hpp"
#include "core/parse_number.hpp"

namespace argmax {

LabelMatrix LabelMatrix::from_sets(const std::vector<std::vector<int32_t>>& sets, int k) {
  if (k == 0) {
    int64_t top = 0;  // 64 bits: a label of 2^31 − 1 makes 2^31 labels
    for (const auto& s : sets)
      for (int32_t l : s) top = std::max(top, int64_t(l) + 1);
    k = int(checked_count<int8_t>("label matrix labels", {top}));
  }
  LabelMatrix y(int(sets.size()), k);
  for (size_t i = 0; i < sets.size(); ++i)
    for (int32_t l : sets[i]) {
      require(l >= 0 && l < k, "example ", i, " has label ", l, ", expected 0..", k - 1);
      y.at(int(i), l) = 1;
    }
  return y;
}

LabelMatrix LabelMatrix::from_classes(const std::vector<int32_t>& labels, int k) {
  LabelMatrix y(int(labels.size()), k);
  for (size_t i = 0; i < labels.size(); ++i) {
    require(labels[i] >= 0 && labels[i] < k, "row ", i, " has label ", labels[i], ", expected 0..", k - 1);
    y.at(int(i), labels[i]) = 1;
  }
  return y;
}

void LabelMatrix::validate() const {
  require(rows >= 0 && labels >= 1 && y.size() == size_t(rows) * labels, "label matrix: ", y.size(),
          " entries for ", rows, "×", labels);
  for (size_t p = 0; p < y.size(); ++p)
    require(y[p] == 1 || y[p] == -1, "label matrix: row ", p / labels, " label ", p % labels, " is ", int(y[p]),
            ", expected +1 or -1");
}

MultilabelData read_multilabel(std::istream& in, int32_t min_features) {
  std::ostringstream text;
  text << in.rdbuf();
  return read_multilabel_text(text.str(), min_features);
}

void MultilabelParser::reserve(std::string_view chunk) { reserve_features(chunk, data_.features); }

// The label field is parsed here; the `idx:val …` part by the LIBSVM reader's parse_features.
void MultilabelParser::line(const Line& line) {
  const char* b = line.b;
  const char* e = line.e;
  if (!data_part(b, e)) return;
  const char* p = b;
  while (p < e && *p != ' ' && *p != '\t') ++p;
  std::vector<int32_t> set;
  if (std::find(b, p, ':') == p) {  // the first token is the label field (absent: no labels)
    const char* q = b;
    while (q <= p) {
      const char* comma = std::find(q, p, ',');
      const std::string_view part(q, size_t(comma - q));
      if (!part.empty()) {
        int32_t l = 0;
        require(parse_int(q, comma, l), "line ", line.number, ": label '", part, "' is not an integer");
        require(l >= 0 && l < kMaxLabels, "line ", line.number, ": label ", l, " out of range (0-based, < 2^24)");
        set.push_back(l);
      } else {  // an empty field (no labels) is fine; an empty item in a list ("1,,2", "1,") is not
        require(b == p, "line ", line.number, ": empty label in '", std::string(b, p), "'");
      }
      q = comma + 1;
    }
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    b = p;
  }
  const int32_t top = parse_features(b, e, line.number, data_.features);
  data_.features.cols = std::max(data_.features.cols, top);
  for (int32_t l : set) data_.labels = std::max(data_.labels, l + 1);
  data_.label_sets.push_back(std::move(set));
}

MultilabelData MultilabelParser::finish() {
  // The labels become a dense rows × labels matrix: a few lines with a huge label must not ask for gigabytes.
  checked_count<int8_t>("multi-label data: label matrix (rows × labels)",
                        {int64_t(data_.label_sets.size()), data_.labels});
  return std::move(data_);
}

MultilabelData read_multilabel_text(std::string_view text, int32_t min_features) {
  return read_whole(text, MultilabelParser(min_features));
}

MultilabelData read_multilabel_file(const std::string& path, int32_t min_features) {
  std::ifstream in(path);
  require(bool(in), "cannot open '", path, "'");
  return read_multilabel(in, min_features);
}

}  // namespace argmax
