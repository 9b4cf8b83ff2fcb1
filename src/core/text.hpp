// Messages and option text without iostreams (whose locale machinery is a large share of a wasm module):
// text("row ", i, " has ", n, " features") appends each part as `std::ostream <<` prints it with default
// flags: integers in decimal, char as a character, bool as 1 or 0, floating point as printf's %g with six
// significant digits, or with_digits(x, d) for d.
#pragma once
#include <string>
#include <string_view>
#include <type_traits>

namespace argmax {

struct WithDigits {
  double value;
  int digits;
};
inline WithDigits with_digits(double value, int digits) { return {value, digits}; }

void append_text(std::string& out, long long value);
void append_text(std::string& out, unsigned long long value);
void append_text(std::string& out, WithDigits number);

template <class Part>
void append_part(std::string& out, const Part& part) {
  using T = std::decay_t<Part>;
  if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char> || std::is_same_v<T, unsigned char>) {
    out += char(part);
  } else if constexpr (std::is_same_v<T, bool>) {
    out += part ? '1' : '0';
  } else if constexpr (std::is_floating_point_v<T>) {
    append_text(out, WithDigits{double(part), 6});
  } else if constexpr (std::is_same_v<T, WithDigits>) {
    append_text(out, part);
  } else if constexpr (std::is_enum_v<T> || std::is_signed_v<T>) {
    append_text(out, (long long)(part));
  } else if constexpr (std::is_integral_v<T>) {
    append_text(out, (unsigned long long)(part));
  } else {
    out += std::string_view(part);
  }
}

template <class... Parts>
std::string text(const Parts&... parts) {
  std::string out;
  (append_part(out, parts), ...);
  return out;
}

}  // namespace argmax
