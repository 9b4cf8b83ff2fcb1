// What the line-oriented text readers share: lines with their numbers (for messages that name
// them), data lines (comments and blank lines dropped), and splitting a line into fields.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace argmax {

// Calls f(number, begin, end) for every line, 1-based, without its "\n" or a trailing "\r".
template <class F>
void for_each_line(std::string_view text, F&& f) {
  int64_t number = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t stop = text.find('\n', pos);
    if (stop == std::string_view::npos) stop = text.size();
    const char* b = text.data() + pos;
    const char* e = text.data() + stop;
    if (e > b && e[-1] == '\r') --e;
    f(++number, b, e);
    pos = stop + 1;
  }
}

// The same for data lines: a '#' starts a comment, surrounding blanks are stripped, blank lines skipped.
template <class F>
void for_each_data_line(std::string_view text, F&& f) {
  for_each_line(text, [&f](int64_t number, const char* b, const char* e) {
    for (const char* c = b; c < e; ++c)
      if (*c == '#') {
        e = c;
        break;
      }
    while (b < e && (*b == ' ' || *b == '\t')) ++b;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) --e;
    if (b < e) f(number, b, e);
  });
}

// Fields separated by tabs, empty ones included ("a\t\tb" has three).
std::vector<std::string> split_tabs(const char* b, const char* e);
// Fields separated by runs of spaces and tabs; never empty.
std::vector<std::string> split_blanks(const char* b, const char* e);

// The next field of [p, end) separated by spaces and tabs, moving p past it; empty at the end.
inline std::string_view next_blank_field(const char*& p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\t')) ++p;
  const char* b = p;
  while (p < end && *p != ' ' && *p != '\t') ++p;
  return std::string_view(b, size_t(p - b));
}

inline bool is_blank(const char* b, const char* e) {
  for (; b < e; ++b)
    if (*b != ' ' && *b != '\t') return false;
  return true;
}

}  // namespace argmax
