#include "io/lines.hpp"

#include <algorithm>

namespace argmax {

std::vector<std::string> split_tabs(const char* b, const char* e) {
  std::vector<std::string> fields;
  while (true) {
    const char* tab = std::find(b, e, '\t');
    fields.emplace_back(b, tab);
    if (tab == e) return fields;
    b = tab + 1;
  }
}

std::vector<std::string> split_blanks(const char* b, const char* e) {
  std::vector<std::string> fields;
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (b < e) {
    while (b < e && blank(*b)) ++b;
    const char* start = b;
    while (b < e && !blank(*b)) ++b;
    if (b > start) fields.emplace_back(start, b);
  }
  return fields;
}

}  // namespace argmax
