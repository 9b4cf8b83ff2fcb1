#include "core/parse_number.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

// ---- Eisel–Lemire (Lemire, "Number parsing at a gigabyte per second", 2021) for what Clinger cannot take.

constexpr int kSmallestPower = -342, kLargestPower = 308;  // w·10^q is 0 below, infinite above, for w < 10^19

struct U128 {
  uint64_t high, low;
};

// An unsigned integer of any size, 32-bit limbs, least significant first: just enough to build the table.
struct BigNumber {
  std::vector<uint32_t> limbs;

  int bits() const {
    int top = int(limbs.size()) - 1;
    while (top >= 0 && limbs[size_t(top)] == 0) --top;
    if (top < 0) return 0;
    int b = 32;
    while (!(limbs[size_t(top)] >> (b - 1))) --b;
    return top * 32 + b;
  }
  bool bit(int i) const { return size_t(i / 32) < limbs.size() && (limbs[size_t(i / 32)] >> (i % 32)) & 1; }
  void multiply(uint32_t m) {
    uint64_t carry = 0;
    for (uint32_t& l : limbs) {
      carry += uint64_t(l) * m;
      l = uint32_t(carry), carry >>= 32;
    }
    if (carry) limbs.push_back(uint32_t(carry));
  }
  void divide(uint32_t d) {  // floor division
    uint64_t rest = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      rest = (rest << 32) | limbs[i];
      limbs[i] = uint32_t(rest / d), rest %= d;
    }
  }
  void add_one() {
    for (uint32_t& l : limbs)
      if (++l != 0) return;
    limbs.push_back(1);
  }
  // The 128 most significant bits (the number shifted left when it is shorter), truncated.
  U128 top128() const {
    const int n = bits();
    U128 out{0, 0};
    for (int i = 0; i < 128; ++i) {
      const int source = n - 1 - i;
      if (source >= 0 && bit(source)) (i < 64 ? out.high : out.low) |= uint64_t(1) << (63 - i % 64);
    }
    return out;
  }
};

uint32_t small_power_of_five(int e) {  // e ≤ 13: 5^13 < 2^32
  uint32_t p = 1;
  while (e-- > 0) p *= 5;
  return p;
}

BigNumber power_of_two(int b) {
  BigNumber x{std::vector<uint32_t>(size_t(b / 32 + 1), 0)};
  x.limbs[size_t(b / 32)] = uint32_t(1) << (b % 32);
  return x;
}

// 5^q to 128 bits for q in [kSmallestPower, kLargestPower], normalised (top bit set): truncated for q ≥ 0; for
// q < 0 the 128-bit reciprocal floor(2^b / 5^-q) + 1, with b = bits(5^-q) + 127 for q ≥ -27 (exact there) and
// 2·bits(5^-q) + 128 below, truncated to 128 bits. Built once, on the first number that needs it.
const std::vector<U128>& powers_of_five() {
  static const std::vector<U128> table = [] {
    std::vector<U128> t(size_t(kLargestPower - kSmallestPower + 1));
    BigNumber five{{1}};
    for (int q = 0; q <= kLargestPower; ++q, five.multiply(5)) t[size_t(q - kSmallestPower)] = five.top128();
    five = BigNumber{{1}};
    for (int n = 1; n <= -kSmallestPower; ++n) {
      five.multiply(5);
      const int z = five.bits();
      BigNumber c = power_of_two(n <= 27 ? z + 127 : 2 * z + 128);
      for (int left = n; left > 0; left -= 13) c.divide(small_power_of_five(std::min(left, 13)));
      c.add_one();
      t[size_t(-n - kSmallestPower)] = c.top128();
    }
    return t;
  }();
  return table;
}

U128 multiply(uint64_t a, uint64_t b) {
  const unsigned __int128 p = (unsigned __int128)a * b;
  return {uint64_t(p >> 64), uint64_t(p)};
}

// w·10^q correctly rounded to double, for w ≠ 0 exact (at most 19 digits); false when the product cannot
// settle the rounding cheaply, or the result is subnormal or infinite: strtod decides those.
bool eisel_lemire(uint64_t w, int q, double& out) {
  if (q < kSmallestPower || q > kLargestPower) return false;
  const U128& power = powers_of_five()[size_t(q - kSmallestPower)];
  const int lz = __builtin_clzll(w);
  w <<= lz;
  U128 product = multiply(w, power.high);
  if ((product.high & 0x1FF) == 0x1FF) {  // the low bits may carry: add the next 64 bits of the power
    const U128 second = multiply(w, power.low);
    product.low += second.high;
    if (second.high > product.low) ++product.high;
  }
  if (product.low == ~uint64_t(0) && !(q >= -27 && q <= 55)) return false;  // a carry may still be missing
  const int upper = int(product.high >> 63);
  uint64_t mantissa = product.high >> (upper + 9);  // 54 bits: the double's 53 and one to round with
  int exponent = int(((int64_t(152170 + 65536) * q) >> 16) + 63) + upper - lz + 1023;
  if (exponent <= 0) return false;  // subnormal
  // Exactly halfway between two doubles (only possible for small q): round to even rather than up.
  if (product.low <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1 && (mantissa << (upper + 9)) == product.high)
    mantissa &= ~uint64_t(1);
  mantissa += mantissa & 1;
  mantissa >>= 1;
  if (mantissa >= uint64_t(2) << 52) mantissa = uint64_t(1) << 52, ++exponent;
  if (exponent >= 2047) return false;  // infinite
  const uint64_t bits = (mantissa & ~(uint64_t(1) << 52)) | (uint64_t(exponent) << 52);
  std::memcpy(&out, &bits, sizeof out);
  return true;
}

// A decimal token: ±mantissa·10^exponent, with the first 19 significant digits in mantissa.
struct Decimal {
  bool negative = false;
  uint64_t mantissa = 0;
  int significant = 0;  // significant digits seen (leading zeros are not)
  int exponent = 0;     // power of ten that scales `mantissa`
};

bool scan_decimal(const char* b, const char* e, Decimal& d) {
  d.negative = b < e && *b == '-';
  if (b < e && (*b == '-' || *b == '+')) ++b;
  bool any_digit = false;
  for (; b < e && is_digit(*b); ++b, any_digit = true) {
    if (d.mantissa == 0 && *b == '0') continue;
    if (d.significant++ < 19) d.mantissa = d.mantissa * 10 + unsigned(*b - '0');
    else ++d.exponent;  // digits past the 19th still scale the value
  }
  if (b < e && *b == '.') {
    for (++b; b < e && is_digit(*b); ++b, any_digit = true) {
      if (d.mantissa == 0 && *b == '0') {
        --d.exponent;
        continue;
      }
      if (d.significant++ < 19) d.mantissa = d.mantissa * 10 + unsigned(*b - '0'), --d.exponent;
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
    d.exponent += exp_negative ? -written : written;
  }
  return b == e;
}

// Zero, or Clinger's fast path: false when the value needs more.
bool exact_in_one_step(const Decimal& d, double& out) {
  if (d.mantissa == 0) {
    out = d.negative ? -0.0 : 0.0;
    return true;
  }
  if (d.significant > 19 || d.mantissa > (uint64_t(1) << 53) || d.exponent < -22 || d.exponent > 22) return false;
  const double m = double(d.mantissa);
  const double v = d.exponent < 0 ? m / kExactPowers[-d.exponent] : m * kExactPowers[d.exponent];
  out = d.negative ? -v : v;
  return true;
}

}  // namespace

bool parse_short_double(const char* b, const char* e, double& out) {
  Decimal d;
  return scan_decimal(b, e, d) && exact_in_one_step(d, out);
}

bool parse_double(const char* b, const char* e, double& out) {
  Decimal d;
  if (!scan_decimal(b, e, d)) return false;
  if (exact_in_one_step(d, out)) return true;
  // Past 19 digits the value lies between m·10^q and (m+1)·10^q: when both round alike, that is it.
  double v = 0, above = 0;
  if (!eisel_lemire(d.mantissa, d.exponent, v) ||
      (d.significant > 19 && !(eisel_lemire(d.mantissa + 1, d.exponent, above) && above == v))) {
    out = strtod_of(b, e);
    return true;
  }
  out = d.negative ? -v : v;
  return true;
}

}  // namespace argmax
