#include <catch2/catch.hpp>

#include <cerrno>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/parse_number.hpp"

using namespace argmax;

namespace {

uint64_t bits_of(double v) {
  uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}
uint32_t bits_of(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}

// The reference: strtod over the whole token, then the float check the readers have always made.
bool reference_float(const std::string& token, float& out) {
  char* stop = nullptr;
  const double v = std::strtod(token.c_str(), &stop);
  if (token.empty() || stop != token.c_str() + token.size() || !(std::fabs(v) <= FLT_MAX)) return false;
  out = float(v);
  return true;
}

// Checks one well-formed decimal token against strtod, bit for bit, as double and as float.
void check_against_strtod(const std::string& token) {
  INFO("token '" << token << "'");
  const char* b = token.data();
  const char* e = b + token.size();
  double parsed = 0;
  REQUIRE(parse_double(b, e, parsed));
  CHECK(bits_of(parsed) == bits_of(std::strtod(token.c_str(), nullptr)));
  float want = 0, got = 0;
  const bool ok = reference_float(token, want);
  REQUIRE(parse_finite_float(b, e, got) == ok);
  if (ok) CHECK(bits_of(got) == bits_of(want));
}

bool refused_as_double(const std::string& token) {
  double v = 0;
  return !parse_double(token.data(), token.data() + token.size(), v);
}

// A random decimal token: sign, leading zeros, up to 25 digits either side of an optional point, exponent.
std::string random_token(std::mt19937_64& rng) {
  auto pick = [&rng](int n) { return int(rng() % uint64_t(n)); };
  std::string t;
  const int sign = pick(3);
  if (sign == 1) t += '-';
  if (sign == 2) t += '+';
  const int zeros = pick(4) == 0 ? pick(5) : 0;
  t.append(size_t(zeros), '0');
  const int whole = pick(4) == 0 ? pick(26) : pick(8);
  for (int i = 0; i < whole; ++i) t += char('0' + pick(10));
  int fraction = pick(3) == 0 ? 0 : (pick(4) == 0 ? pick(26) : pick(10));
  if (zeros + whole == 0 && fraction == 0) fraction = 1;
  if (fraction > 0 || pick(5) == 0) {
    t += '.';
    if (pick(4) == 0) t.append(size_t(pick(12)), '0');  // small numbers: 0.000000123
    for (int i = 0; i < fraction; ++i) t += char('0' + pick(10));
  }
  switch (pick(4)) {
    case 0: break;
    case 1: t += (pick(2) ? 'e' : 'E') + std::to_string(pick(45) - 22); break;             // the fast path's range
    case 2: t += 'e' + std::string(pick(2) ? "-" : "+") + std::to_string(pick(360)); break;  // double's whole range
    default: t += 'e' + std::to_string(pick(100) - 60); break;                               // float's limits
  }
  return t;
}

}  // namespace

TEST_CASE("number parser: edge cases give strtod's double and the readers' float", "[core][parse_number]") {
  for (const char* token :
       {"0", "-0", "+0", "0.0", "-0.0", "00000", "0e0", "0e-999999", "0e999999", "1", "-1", "+1", ".5", "5.", "-.5",
        "+5.", "0.1", "0.2", "0.3", "-0.466667", "1e-1", "1E+2", "1e22", "1e23", "9007199254740992", "9007199254740993",
        "9007199254740991e22", "9999999999999999999", "99999999999999999999", "12345678901234567890123456789",
        "0.000000000000000000000000000000000001", "000000000000000000000000123.456000000000000000000000",
        "1.00000000000000000000000000000000000001", "3.4028234663852886e38", "3.4028235e38", "3.40282347e38",
        "-3.4028234e38", "1e38", "1e39", "-1e39", "1e300", "1.7976931348623157e308", "1.7976931348623159e308", "1e309",
        "2e308", "1.17549435e-38", "1.4e-45", "1e-45", "7e-46", "1e-46", "2.2250738585072014e-308",
        "2.2250738585072011e-308", "4.9406564584124654e-324", "5e-324", "3e-324", "2e-324", "1e-400", "-1e-400",
        "2.4703282292062328e-324", "123456789012345678e-30", "0.1e-22", "1e-22", "1e-23", "4503599627370496.5",
        "4503599627370497.5", "1e00000000000000000000000000001", "1e-00000000000000000000000000001",
        "1000000000000000000000000e-24", "8.589973e9", "1.00000005960464477539062", "1.0000000596046447753906250001"})
    check_against_strtod(token);
}

TEST_CASE("number parser: anything but a decimal number is refused", "[core][parse_number]") {
  for (const char* token : {"", "+", "-", ".", "-.", "+.", "e5", ".e5", "1e", "1e+", "1e-", "1E", "inf", "-inf", "+inf",
                            "INF", "infinity", "Infinity", "nan", "NaN", "-nan", "nan(1)", "0x10", "0x1p3", "-0x1",
                            "0X1P-2", " 1", "1 ", "\t1", "1\n", "\v1", "1.2.3", "1..2", "--1", "+-1", "-+1", "1e5.5",
                            "1e5e5", "1,5", "1_000", "1f", "1d", "0b1", "e", "E", "abc", "1:2"})
    CHECK(refused_as_double(token));
  float f = 0;
  for (const char* token : {"1e39", "-1e39", "3.5e38", "1e300", "1e309", "-1e999999", "inf", "nan"})
    CHECK_FALSE(parse_finite_float(token, token + std::strlen(token), f));
}

TEST_CASE("number parser: 300000 random tokens equal strtod bit for bit", "[core][parse_number]") {
  std::mt19937_64 rng(20261123);
  for (int i = 0; i < 200000; ++i) check_against_strtod(random_token(rng));
  // Printed doubles and floats at every precision, as writers of data files produce them.
  char buf[64];
  for (int i = 0; i < 100000; ++i) {
    uint64_t u = rng();
    double v = 0;
    std::memcpy(&v, &u, sizeof v);
    if (!std::isfinite(v)) continue;
    if (i % 2) v = double(float(std::ldexp(double(rng() % (1u << 24)), int(rng() % 60) - 40)));
    std::snprintf(buf, sizeof buf, "%.*g", 1 + int(rng() % 17), v);
    check_against_strtod(buf);
  }
}

TEST_CASE("number parser: long digit strings at every power of ten equal strtod bit for bit", "[core][parse_number]") {
  // The Eisel–Lemire path: 16 to 19 digits (printed doubles, numpy's %.18e) and longer ones, for every power
  // of ten whose 128-bit power of five it reads, and past both ends of that table.
  std::mt19937_64 rng(20261124);
  for (int q = -360; q <= 320; ++q) {
    for (int i = 0; i < 60; ++i) {
      const int digits = 16 + int(rng() % 4) + (i % 10 == 0 ? int(rng() % 12) : 0);
      std::string t = (i % 2 ? "-" : "") + std::to_string(1 + rng() % 9);
      for (int d = 1; d < digits; ++d) t += char('0' + rng() % 10);
      if (i % 3 == 0) t.insert(t.size() - 1 - size_t(rng() % 10), ".");
      check_against_strtod(t + "e" + std::to_string(q));
    }
  }
  // Halfway and near-halfway values between consecutive doubles, where rounding to even decides.
  for (int i = 0; i < 20000; ++i) {
    const double v = std::ldexp(double((rng() >> 11) | 1), int(rng() % 200) - 100);
    char buf[64];
    const double next = std::nextafter(v, INFINITY);
    std::snprintf(buf, sizeof buf, "%.25g", v + (next - v) / 2);  // may round while printing: near-halfway
    check_against_strtod(buf);
    std::snprintf(buf, sizeof buf, "%.17g", v);
    check_against_strtod(buf);
  }
  for (const char* token : {"9007199254740993", "9007199254740995", "18014398509481985", "18014398509481987",
                            "4503599627370496.5", "4503599627370497.5", "2.4703282292062327e-324",
                            "2.4703282292062328e-324", "4.9406564584124654e-324", "2.2250738585072011e-308",
                            "2.2250738585072012e-308", "1.7976931348623158e308", "1.7976931348623159e308",
                            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017"
                            "977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273"
                            "854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704"
                            "342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999",
                            "7.2057594037927933e16", "1.0000000000000001110223024625156540423631668090820312500001",
                            "1.00000000000000011102230246251565404236316680908203125",
                            "0.30000000000000004440892098500626161694526672363281250"})
    check_against_strtod(token);
}

TEST_CASE("integer parser: whole int32 values only, as strtol reads them", "[core][parse_number]") {
  auto parsed = [](const std::string& t, int32_t& v) { return parse_int(t.data(), t.data() + t.size(), v); };
  int32_t v = 0;
  for (const char* t : {"0", "-0", "+0", "7", "+7", "-12", "2147483647", "-2147483648", "000000000000000000042",
                        "-0000000000002147483648"}) {
    INFO(t);
    REQUIRE(parsed(t, v));
    CHECK(v == std::strtol(t, nullptr, 10));
  }
  for (const char* t : {"", "-", "+", "2147483648", "-2147483649", "99999999999", "1.0", "1e3", "12a", " 1", "1 ",
                        "0x10", "--1", "+-1", "inf"}) {
    INFO(t);
    CHECK_FALSE(parsed(t, v));
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    const int64_t x = int64_t(rng() % 8589934592u) - 4294967296;  // beyond int32 both ways
    const std::string t = std::to_string(x);
    const bool fits = x >= INT32_MIN && x <= INT32_MAX;
    REQUIRE(parsed(t, v) == fits);
    if (fits) CHECK(v == x);
  }
}

TEST_CASE("short number parser: strtod's double whenever it answers, and an answer for short decimals",
          "[core][parse_number]") {
  std::mt19937_64 rng(20261128);
  int answered = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::string token = random_token(rng);
    INFO("token '" << token << "'");
    double short_value = 0, full_value = 0;
    REQUIRE(parse_double(token.data(), token.data() + token.size(), full_value));
    if (!parse_short_double(token.data(), token.data() + token.size(), short_value)) continue;
    ++answered;
    CHECK(bits_of(short_value) == bits_of(std::strtod(token.c_str(), nullptr)));
  }
  CHECK(answered > 50000);  // the fast path is taken, not only refused
  // What option tables and JS's String(number) give: all short.
  for (const char* token : {"0", "-0", "1", "-3", "0.75", "1.2", "1e-4", "1e-7", "1e+21", "0.1",
                            "123456.789", "1e22", "9007199254740992", "2.5e-10", "100000", ".5", "5."}) {
    INFO("token '" << token << "'");
    double v = 0;
    REQUIRE(parse_short_double(token, token + std::strlen(token), v));
    CHECK(bits_of(v) == bits_of(std::strtod(token, nullptr)));
  }
  // Beyond the fast path, and anything parse_double refuses, is left to the caller.
  for (const char* token : {"1e23", "9007199254740993", "0.30000000000000004", "12345678901234567890", "5e-324", "1e-400", "1e309",
                            "0.1e-22", " 1", "0x10", "inf", "nan", "", "1e", "-"}) {
    INFO("token '" << token << "'");
    double v = 0;
    CHECK_FALSE(parse_short_double(token, token + std::strlen(token), v));
  }
}
