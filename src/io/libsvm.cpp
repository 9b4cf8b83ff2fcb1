#include "io/libsvm.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

#include "core/error.hpp"

namespace argmax {

bool parse_int(const std::string& token, int32_t& out) {
  if (token.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(token.c_str(), &end, 10);
  if (end != token.c_str() + token.size() || errno == ERANGE || v < INT32_MIN || v > INT32_MAX) return false;
  out = int32_t(v);
  return true;
}

int32_t parse_features(const char* p, const char* end, int64_t line, OwnedRows& rows) {
  int32_t last = 0;
  for (std::string item = next_blank_field(p, end); !item.empty(); item = next_blank_field(p, end)) {
    const size_t colon = item.find(':');
    int32_t index = 0;
    require(colon != std::string::npos && parse_int(item.substr(0, colon), index), "line ", line,
            ": expected index:value, got '", item, "'");
    require(index >= 1, "line ", line, ": feature index ", index, " (indices start at 1)");
    require(index > last, "line ", line, ": feature index ", index, " after ", last, " (indices must increase)");
    float value = 0;
    require(parse_finite_float(item.substr(colon + 1), value), "line ", line, ": bad value in '", item,
            "' (expected a finite number within float range)");
    if (value != 0) {  // an explicit zero is the same as an absent feature; storing it costs memory
      rows.indices.push_back(index - 1);
      rows.values.push_back(value);
    }
    last = index;
  }
  rows.offsets.push_back(int32_t(rows.indices.size()));
  return last;
}

LabeledRows read_libsvm(const std::string& text, int32_t min_cols) {
  LabeledRows data;
  int32_t cols = min_cols;
  for_each_data_line(text, [&](int64_t line, const char* p, const char* e) {
    const std::string label = next_blank_field(p, e);
    int32_t y = 0;
    if (!parse_int(label, y)) {  // accept integral reals such as "1.0" or "+1"
      char* stop = nullptr;
      const double v = std::strtod(label.c_str(), &stop);
      require(stop == label.c_str() + label.size() && v == std::floor(v) && std::fabs(v) < 2e9, "line ", line,
              ": label '", label, "' is not an integer");
      y = int32_t(v);
    }
    data.labels.push_back(y);
    data.lines.push_back(line);
    cols = std::max(cols, parse_features(p, e, line, data.rows));
  });
  data.rows.cols = cols;
  return data;
}

}  // namespace argmax
