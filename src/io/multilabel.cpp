#include "io/multilabel.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace argmax {

LabelMatrix LabelMatrix::from_sets(const std::vector<std::vector<int32_t>>& sets, int k) {
  if (k == 0)
    for (const auto& s : sets)
      for (int32_t l : s) k = std::max(k, l + 1);
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

namespace {

long parse_int(const std::string& s, size_t line, const char* what) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(s.c_str(), &end, 10);
  require(!s.empty() && end == s.c_str() + s.size() && errno == 0, "line ", line, ": ", what, " '", s,
          "' is not an integer");
  return v;
}

}  // namespace

MultilabelData read_multilabel(std::istream& in, int32_t min_features) {
  MultilabelData d;
  d.features.cols = min_features;
  std::string line;
  size_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream tokens(line);
    std::string tok;
    std::vector<std::string> items;
    while (tokens >> tok) items.push_back(tok);
    if (items.empty()) continue;  // blank or comment line
    size_t first = 0;
    std::vector<int32_t> set;
    if (items[0].find(':') == std::string::npos) {  // the label field (absent: no labels)
      first = 1;
      std::string field = items[0];
      size_t start = 0;
      while (start <= field.size()) {
        const size_t comma = field.find(',', start);
        const std::string part = field.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!part.empty()) {
          const long l = parse_int(part, number, "label");
          require(l >= 0 && l < (1 << 24), "line ", number, ": label ", l, " out of range (0-based, < 2^24)");
          set.push_back(int32_t(l));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
    long last = 0;
    for (size_t t = first; t < items.size(); ++t) {
      const size_t colon = items[t].find(':');
      require(colon != std::string::npos, "line ", number, ": expected idx:val, got '", items[t], "'");
      const long idx = parse_int(items[t].substr(0, colon), number, "feature index");
      require(idx >= 1 && idx < (1L << 30), "line ", number, ": feature index ", idx, " out of range (1-based)");
      require(idx > last, "line ", number, ": feature indices must increase (", idx, " after ", last, ")");
      last = idx;
      const std::string vs = items[t].substr(colon + 1);
      char* end = nullptr;
      const float v = std::strtof(vs.c_str(), &end);
      require(!vs.empty() && end == vs.c_str() + vs.size() && std::isfinite(v), "line ", number,
              ": feature value '", vs, "' is not a finite number");
      d.features.indices.push_back(int32_t(idx - 1));
      d.features.values.push_back(v);
      d.features.cols = std::max<int32_t>(d.features.cols, int32_t(idx));
    }
    d.features.offsets.push_back(int32_t(d.features.indices.size()));
    for (int32_t l : set) d.labels = std::max(d.labels, l + 1);
    d.label_sets.push_back(std::move(set));
  }
  return d;
}

MultilabelData read_multilabel_text(const std::string& text, int32_t min_features) {
  std::istringstream in(text);
  return read_multilabel(in, min_features);
}

MultilabelData read_multilabel_file(const std::string& path, int32_t min_features) {
  std::ifstream in(path);
  require(bool(in), "cannot open '", path, "'");
  return read_multilabel(in, min_features);
}

}  // namespace argmax
