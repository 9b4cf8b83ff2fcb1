#include "text/unicode.hpp"

#include <algorithm>

#include "text/unicode_tables.hpp"

namespace argmax {

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  } else {
    out += char(0xF0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3F));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

WordClass word_class(char32_t c) {
  using namespace unicode_tables;
  if (c < 0x80) {
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return WordClass::letter;
    return c >= '0' && c <= '9' ? WordClass::digit : WordClass::separator;
  }
  const uint32_t* run = std::upper_bound(class_starts, class_starts + class_runs, uint32_t(c)) - 1;
  return WordClass(class_of_run[run - class_starts]);
}

namespace {

// Appends the image of c under one generated mapping (ASCII: lower case), or c itself when the mapping leaves it.
void append_mapped(std::string& out, char32_t c, const uint32_t* code_points, const uint16_t* starts, size_t count,
                   const unsigned char* text) {
  if (c < 0x80) {
    out += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
    return;
  }
  const uint32_t* at = std::lower_bound(code_points, code_points + count, uint32_t(c));
  if (at == code_points + count || *at != c) return append_utf8(out, c);
  const size_t i = size_t(at - code_points);
  out.append(reinterpret_cast<const char*>(text) + starts[i], starts[i + 1] - starts[i]);
}

}  // namespace

void append_folded(std::string& out, char32_t c) {
  using namespace unicode_tables;
  append_mapped(out, c, fold_code_points, fold_starts, fold_count, fold_text);
}

void append_lower(std::string& out, char32_t c) {
  using namespace unicode_tables;
  append_mapped(out, c, lower_code_points, lower_starts, lower_count, lower_text);
}

}  // namespace argmax
