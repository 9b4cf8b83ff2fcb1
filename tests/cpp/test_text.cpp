// core/text.hpp builds messages without iostreams; each part must read as `std::ostream <<` (default flags)
// prints it, and with_digits(x, d) as it prints with precision(d).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"

using namespace argmax;

namespace {

template <class T>
std::string streamed(const T& value, int precision = 6) {
  std::ostringstream out;
  out.precision(precision);
  out << value;
  return out.str();
}

enum Plain { kFirst, kSecond = 7 };

}  // namespace

TEST_CASE("text prints integers, characters and booleans as a stream does") {
  for (long long v : {0LL, 1LL, -1LL, 42LL, -987654321LL, std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()}) {
    CHECK(text(v) == streamed(v));
  }
  CHECK(text(std::numeric_limits<uint64_t>::max()) == streamed(std::numeric_limits<uint64_t>::max()));
  CHECK(text(int32_t(-7), uint16_t(65535), size_t(12)) == "-76553512");
  CHECK(text('x', true, false) == streamed('x') + streamed(true) + streamed(false));
  CHECK(text(static_cast<signed char>('a'), static_cast<unsigned char>('b')) == "ab");
  CHECK(text(kSecond) == streamed(kSecond));
  CHECK(text("row ", 3, std::string(" of "), std::string_view("5")) == "row 3 of 5");
}

TEST_CASE("text prints floating point as a stream does, with six digits or with_digits") {
  const double values[] = {0.0, -0.0, 1.0, 0.1, 1.0 / 3, -2.5e-7, 123456.0, 1234567.0, 1e300, -1e-300, 4.9e-324,
                           std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity(),
                           -std::numeric_limits<double>::infinity(), std::nan("")};
  for (double v : values) {
    CHECK(text(v) == streamed(v));
    CHECK(text(float(v)) == streamed(float(v)));
    for (int digits : {1, 3, 15, 17}) CHECK(text(with_digits(v, digits)) == streamed(v, digits));
  }
}

TEST_CASE("fail throws InputError with the message its parts make") {
  try {
    fail("row ", 12, " has ", 15, " features, expected ", 16.5);
    FAIL("fail returned");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "row 12 has 15 features, expected 16.5");
  }
  CHECK_NOTHROW(require(true, "never"));
  CHECK_THROWS_WITH(require(false, "x = ", -3), "x = -3");
}
