// Numbers in text, parsed straight from a byte range [b, e) without copying the token.
// Decimal only: an optional sign, digits with an optional '.', an optional exponent ("-1.5e-3", ".5", "5.").
// Anything else — blanks, "inf", "nan", hex, trailing bytes — is refused.
#pragma once
#include <cstdint>

namespace argmax {

// The double strtod gives for the same token, bit for bit. Tokens whose digits fit in 53 bits with a power of
// ten up to 10^22 take Clinger's fast path: the digits and the power are both exact in double, so one
// correctly rounded multiplication or division is the correctly rounded value. Longer digit strings (printed
// doubles have 17) and larger powers take Eisel and Lemire's: the first 19 digits times a 128-bit power of
// five settle the rounding unless the result is subnormal or too close to call. strtod takes the rest.
bool parse_double(const char* b, const char* e, double& out);

// The same for a token that needs no more than Clinger's fast path (short decimals such as option values: "0.75",
// "1e-4"), false for any other; it leaves out Eisel and Lemire's table, for modules that read only such numbers.
bool parse_short_double(const char* b, const char* e, double& out);

// A number finite as a float: the double above rounded to float; false when it overflows float (1e39).
// Values below float's range round towards 0.
inline bool parse_finite_float(const char* b, const char* e, float& out) {
  double v = 0;
  if (!parse_double(b, e, v) || !(v <= 3.4028234663852886e38 && v >= -3.4028234663852886e38)) return false;
  out = float(v);
  return true;
}

// A whole decimal integer within int32 ("+7", "-12"); false for anything else.
inline bool parse_int(const char* b, const char* e, int32_t& out) {
  const bool negative = b < e && *b == '-';
  if (b < e && (*b == '-' || *b == '+')) ++b;
  if (b == e) return false;
  while (e - b > 1 && *b == '0') ++b;  // leading zeros, keeping the last digit
  if (e - b > 10) return false;         // more digits than any int32 has
  int64_t v = 0;
  for (; b < e; ++b) {
    const unsigned d = unsigned(*b) - '0';
    if (d > 9) return false;
    v = v * 10 + d;
  }
  if (negative) v = -v;
  if (v < INT32_MIN || v > INT32_MAX) return false;
  out = int32_t(v);
  return true;
}

}  // namespace argmax
