#include "io/parse_number.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace argmax {
namespace {

constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

bool is_digit(char c) { return unsigned(c) - '0' <= 9; }

// strtod on a token already known to be a well-formed decimal number; it needs a terminated copy.
double strtod_of(const char* b, const char* e) {
  char small[64];
  const size_t n = size_t(e - b);
  if (n < sizeof small) {
    std::copy(b, e, small);
    small[n] = '\0';
    return std::strtod(small, nullptr);
  }
  return std::strtod(std::string(b, e).c_str(), nullptr);
}

}  // namespace

bool parse_double(const char* b, const char* e, double& out) {
  const char* const start = b;
  const bool negative = b < e && *b == '-';
  if (b < e && (*b == '-' || *b == '+')) ++b;

  uint64_t mantissa = 0;  // the first 19 significant digits
  int significant = 0;    // significant digits seen (leading zeros are not)
  int exponent = 0;       // power of ten that scales `mantissa`
  bool any_digit = false;
  for (; b < e && is_digit(*b); ++b, any_digit = true) {
    if (mantissa == 0 && *b == '0') continue;
    if (significant++ < 19) mantissa = mantissa * 10 + unsigned(*b - '0');
    else ++exponent;  // digits past the 19th still scale the value
  }
  if (b < e && *b == '.') {
    for (++b; b < e && is_digit(*b); ++b, any_digit = true) {
      if (mantissa == 0 && *b == '0') {
        --exponent;
        continue;
      }
      if (significant++ < 19) mantissa = mantissa * 10 + unsigned(*b - '0'), --exponent;
    }
  }
  if (!any_digit) return false;
  if (b < e && (*b == 'e' || *b == 'E')) {
    ++b;
    const bool exp_negative = b < e && *b == '-';
    if (b < e && (*b == '-' || *b == '+')) ++b;
    if (b == e) return false;
    int written = 0;
    for (; b < e; ++b) {
      if (!is_digit(*b)) return false;
      if (written < 100000) written = written * 10 + (*b - '0');  // far past any double: the value is 0 or inf
    }
    exponent += exp_negative ? -written : written;
  }
  if (b != e) return false;

  if (mantissa == 0) {
    out = negative ? -0.0 : 0.0;
  } else if (significant <= 19 && mantissa <= (uint64_t(1) << 53) && exponent >= -22 && exponent <= 22) {
    const double m = double(mantissa);
    const double v = exponent < 0 ? m / kExactPowers[-exponent] : m * kExactPowers[exponent];
    out = negative ? -v : v;
  } else {
    out = strtod_of(start, e);
  }
  return true;
}

}  // namespace argmax
