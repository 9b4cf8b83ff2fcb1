#include "core/text.hpp"

#include <charconv>
#include <cstdio>

namespace argmax {

void append_text(std::string& out, long long value) {
  char buffer[24];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void append_text(std::string& out, unsigned long long value) {
  char buffer[24];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

void append_text(std::string& out, WithDigits number) {
  char buffer[32];  // %.17g of a double takes at most 24 characters
  const int n = std::snprintf(buffer, sizeof buffer, "%.*g", number.digits, number.value);
  out.append(buffer, size_t(n));
}

}  // namespace argmax
