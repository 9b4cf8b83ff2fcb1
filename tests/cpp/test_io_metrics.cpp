#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "io/libsvm.hpp"
#include "metrics/classification.hpp"

using namespace argmax;

TEST_CASE("LIBSVM reader: sparse rows, any integer labels, comments", "[io]") {
  const auto d = read_libsvm("# header comment\n+1 1:0.5 3:2\n-3 2:1e-1   # trailing\n\n7\n1.0 4:-1\n");
  CHECK(d.labels == std::vector<int32_t>{1, -3, 7, 1});
  CHECK(d.rows.cols == 4);
  CHECK(d.rows.offsets == std::vector<int32_t>{0, 2, 3, 3, 4});
  CHECK(d.rows.indices == std::vector<int32_t>{0, 2, 1, 3});
  CHECK(d.rows.values[1] == 2.f);
  CHECK(d.lines == std::vector<int64_t>{2, 3, 5, 6});
}

TEST_CASE("LIBSVM reader: a malformed line is an error naming it", "[io]") {
  CHECK_THROWS_WITH(read_libsvm("1 1:1\n2 3:1 2:1\n"), Catch::Contains("line 2") && Catch::Contains("must increase"));
  CHECK_THROWS_WITH(read_libsvm("1 1:1\n\nx 1:1\n"), Catch::Contains("line 3") && Catch::Contains("not an integer"));
  CHECK_THROWS_WITH(read_libsvm("1 0:1\n"), Catch::Contains("line 1") && Catch::Contains("start at 1"));
  CHECK_THROWS_WITH(read_libsvm("1 1:abc\n"), Catch::Contains("bad value"));
  CHECK_THROWS_WITH(read_libsvm("1 1:nan\n"), Catch::Contains("finite number"));
  CHECK_THROWS_WITH(read_libsvm("1 2\n"), Catch::Contains("index:value"));
}

TEST_CASE("LIBSVM reader: values are strtod's, rounded to float; only decimal numbers are accepted", "[io]") {
  const auto d = read_libsvm("1 1:0.1 2:-.5 3:5. 4:1e-45 5:3.4028234e38 6:0 7:-0.0 8:7e-46 9:1.00000005960464477539062\n");
  CHECK(d.rows.indices == std::vector<int32_t>{0, 1, 2, 3, 4, 8});  // zeros, and what rounds to zero, are not stored
  CHECK(d.rows.values == std::vector<float>{float(0.1), -0.5f, 5.f, float(1e-45), float(3.4028234e38),
                                            float(1.00000005960464477539062)});
  for (const char* bad : {"1 1:0x10\n", "1 1:inf\n", "1 1:-infinity\n", "1 1:1e39\n", "1 1:1.5.\n", "1 1:\n"})
    CHECK_THROWS_WITH(read_libsvm(bad), Catch::Contains("line 1") && Catch::Contains("bad value"));
  CHECK_THROWS_WITH(read_libsvm("1 1:1\n0x1 1:1\n"), Catch::Contains("line 2") && Catch::Contains("not an integer"));
  CHECK_THROWS_WITH(read_libsvm("1 0x1:1\n"), Catch::Contains("index:value"));
  CHECK_THROWS_WITH(read_libsvm("1 2147483648:1\n"), Catch::Contains("index:value"));
  CHECK(read_libsvm("2.0 2147483647:1\n").rows.cols == 2147483647);
}

TEST_CASE("classification report matches a hand-computed case", "[metrics]") {
  // truth: a a a b b c ; predicted: a a b b c c
  const int32_t truth[] = {1, 1, 1, 2, 2, 3}, pred[] = {1, 1, 2, 2, 3, 3};
  const auto r = classification_report(truth, pred, 6);
  CHECK(r.accuracy == Approx(4.0 / 6));
  CHECK(r.confusion == std::vector<int64_t>{2, 1, 0, 0, 1, 1, 0, 0, 1});
  // class 1: P = 2/2, R = 2/3; class 2: P = 1/2, R = 1/2; class 3: P = 1/2, R = 1
  CHECK(r.per_class[0].precision == Approx(1.0));
  CHECK(r.per_class[0].recall == Approx(2.0 / 3));
  CHECK(r.per_class[0].f1 == Approx(0.8));
  CHECK(r.per_class[2].f1 == Approx(2.0 / 3));
  CHECK(r.macro.f1 == Approx((0.8 + 0.5 + 2.0 / 3) / 3));
  CHECK(r.micro.f1 == Approx(4.0 / 6));
  CHECK_THROWS_AS(classification_report(truth, pred, 0), InputError);
}

TEST_CASE("average cost and margin loss", "[metrics]") {
  const int32_t truth[] = {0, 1, 1}, pred[] = {1, 1, 0};
  CHECK(average_cost(truth, pred, 3, {0, 2, 5, 0}, 2) == Approx((2.0 + 0 + 5.0) / 3));
  const float margins[] = {2.0f, 0.5f, -1.0f, 0.0f};
  // Φ_1: 0, 0.5, 1, 1
  CHECK(margin_loss(margins, 4, 1.0) == Approx(2.5 / 4));
  CHECK_THROWS_AS(margin_loss(margins, 4, 0.0), InputError);
  // A cost matrix follows the training cost matrix's rules: finite, non-negative, zero diagonal.
  CHECK_THROWS_WITH(average_cost(truth, pred, 3, {0, -2, 5, 0}, 2), Catch::Contains("[0][1] must be finite and non-negative"));
  CHECK_THROWS_WITH(average_cost(truth, pred, 3, {1, 2, 5, 0}, 2), Catch::Contains("diagonal"));
  const float with_nan[] = {2.0f, std::nanf("")};
  CHECK_THROWS_WITH(margin_loss(with_nan, 2, 1.0), "margin 1 is nan, expected a finite number");
}
