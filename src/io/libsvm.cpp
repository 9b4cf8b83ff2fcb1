#include "io/libsvm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/parse_number.hpp"

namespace argmax {

int32_t parse_features(const char* p, const char* end, int64_t line, OwnedRows& rows) {
  int32_t last = 0;
  for (std::string_view item = next_blank_field(p, end); !item.empty(); item = next_blank_field(p, end)) {
    const char* b = item.data();
    const char* e = b + item.size();
    const char* colon = std::find(b, e, ':');
    int32_t index = 0;
    require(colon != e && parse_int(b, colon, index), "line ", line, ": expected index:value, got '", item, "'");
    require(index >= 1, "line ", line, ": feature index ", index, " (indices start at 1)");
    require(index > last, "line ", line, ": feature index ", index, " after ", last, " (indices must increase)");
    float value = 0;
    require(parse_finite_float(colon + 1, e, value), "line ", line, ": bad value in '", item,
            "' (expected a finite number within float range)");
    if (value != 0) {  // an explicit zero is the same as an absent feature; storing it costs memory
      rows.indices.push_back(index - 1);
      rows.values.push_back(value);
    }
    last = index;
  }
  require(rows.indices.size() <= size_t(std::numeric_limits<int32_t>::max()), "line ", line,
          ": more than 2^31 - 1 stored features in all");
  rows.offsets.push_back(int32_t(rows.indices.size()));
  return last;
}

namespace {
template <class T>
void grow_for(std::vector<T>& v, size_t more) {
  if (v.size() + more > v.capacity()) v.reserve(std::max(v.size() + more, v.capacity() * 2));
}
}  // namespace

void reserve_features(std::string_view chunk, OwnedRows& rows) {
  size_t items = 0, lines = 1;
  for (const char c : chunk) items += c == ':', lines += c == '\n';
  grow_for(rows.indices, items);
  grow_for(rows.values, items);
  grow_for(rows.offsets, lines);
}

void LibsvmParser::reserve(std::string_view chunk) { reserve_features(chunk, data_.rows); }

void LibsvmParser::line(const Line& line) {
  const char* p = line.b;
  const char* e = line.e;
  if (!data_part(p, e)) return;
  const std::string_view label = next_blank_field(p, e);
  const char* label_end = label.data() + label.size();
  int32_t y = 0;
  if (!parse_int(label.data(), label_end, y)) {  // accept integral reals such as "1.0"
    double v = 0;
    require(parse_double(label.data(), label_end, v) && v == std::floor(v) && std::fabs(v) < 2e9, "line ",
            line.number, ": label '", label, "' is not an integer");
    y = int32_t(v);
  }
  data_.labels.push_back(y);
  data_.lines.push_back(line.number);
  cols_ = std::max(cols_, parse_features(p, e, line.number, data_.rows));
}

LabeledRows LibsvmParser::finish() {
  data_.rows.cols = cols_;
  return std::move(data_);
}

LabeledRows read_libsvm(std::string_view text, int32_t min_cols) { return read_whole(text, LibsvmParser(min_cols)); }

}  // namespace argmax
