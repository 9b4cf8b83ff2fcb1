#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <string>

#include "core/options.hpp"

using namespace argmax;

namespace {

double parsed(const std::string& value) {
  const std::vector<OptionSpec> specs = {real_option("x", "0.5", -1e308, 1e308, "a number")};
  return Options::parse(specs, {{"x", value}}, "test").real("x");
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("option numbers read as strtod reads them, short or not", "[options]") {
  for (const char* value : {"0.75", "-3", "1e-4", "1e+21", "-0", ".5", "5.", "1e23", "0.30000000000000004",
                            "9007199254740993", "1e-300", "5e-324", " 0.25", "\t7", "0x10", "0x1p-3"}) {
    INFO("value '" << value << "'");
    CHECK(same_bits(parsed(value), std::strtod(value, nullptr)));
  }
  for (const char* value : {"", "1e400", "-1e400", "inf", "nan", "0.5x", "1e", "0.5 ", "--1"}) {
    INFO("value '" << value << "'");
    CHECK_THROWS_WITH(parsed(value), Catch::Contains("option 'x' must be a number"));
  }
}

TEST_CASE("number_text gives the shorter digits that read back exactly", "[options]") {
  CHECK(number_text(0.1) == "0.1");
  CHECK(number_text(1e-4) == "0.0001");
  CHECK(number_text(0.1 + 0.2) == "0.30000000000000004");
  CHECK(number_text(1.0 / 3) == "0.33333333333333331");
  CHECK(number_text(1e23) == "1e+23");
}
