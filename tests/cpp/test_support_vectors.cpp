// Batched kernel scores: every batch size gives each row the scores it gets alone, and both are the brute-force
// sum Σ_s a_s K(x_s, x) (1e-9 relative).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "io/bytes.hpp"
#include "learn/kernels/support_vectors.hpp"

using namespace argmax;

namespace {

double brute_force(const Kernel& kernel, const std::vector<float>& sv, const std::vector<double>& a, int cols, int k,
                   const float* x, int y) {
  double f = 0, xx = 0;
  for (int j = 0; j < cols; ++j) xx += double(x[j]) * x[j];
  for (size_t s = 0; s * cols < sv.size(); ++s) {
    double dot = 0, ss = 0;
    for (int j = 0; j < cols; ++j) dot += double(sv[s * cols + j]) * x[j], ss += double(sv[s * cols + j]) * sv[s * cols + j];
    f += double(float(a[s * k + y])) * kernel(dot, ss, xx);
  }
  return f;
}

}  // namespace

TEST_CASE("batched kernel scores equal one-row scores and the brute-force sum", "[kernel]") {
  const int cols = 7, k = 3, count = 300, m = 600;  // m > one batch of 256 rows
  Rng rng(21);
  std::vector<float> sv(size_t(count) * cols), x(size_t(m) * cols);
  std::vector<double> a(size_t(count) * k);
  for (float& v : sv) v = rng.uniform() < 0.3 ? 0.f : float(2 * rng.uniform() - 1);  // some zeros: sparse rows
  for (float& v : x) v = float(2 * rng.uniform() - 1);
  for (double& v : a) v = 2 * rng.uniform() - 1;
  const Kernel kernels[] = {Kernel::named("linear", 1, 0, 1), Kernel::named("poly", 0.5, 1, 3),
                            Kernel::named("rbf", 0.3, 0, 1)};
  const SupportVectors model = SupportVectors::of(Rows::dense(sv.data(), count, cols), a.data(), k);
  REQUIRE(model.count() == count);
  ByteWriter w("test");
  model.save(w);
  const std::vector<uint8_t> bytes = w.finish();
  ByteReader r(bytes.data(), bytes.size(), "test");
  const SupportVectors loaded = SupportVectors::load(r, cols, k);
  for (const Kernel& kernel : kernels) {
    const std::vector<double> all = model.scores(kernel, Rows::dense(x.data(), m, cols));
    CHECK(loaded.scores(kernel, Rows::dense(x.data(), m, cols)) == all);
    for (int i = 0; i < m; i += 37) {
      const std::vector<double> one = model.scores(kernel, Rows::dense(&x[size_t(i) * cols], 1, cols));
      for (int y = 0; y < k; ++y) {
        const double expected = brute_force(kernel, sv, a, cols, k, &x[size_t(i) * cols], y);
        CHECK(one[y] == Approx(all[size_t(i) * k + y]).epsilon(1e-9));
        CHECK(all[size_t(i) * k + y] == Approx(expected).epsilon(1e-9).margin(1e-12));
      }
    }
  }
  // A column beyond the support vectors' adds to ‖x‖² only.
  const float wide[cols + 1] = {0, 0, 0, 0, 0, 0, 0, 2};
  const std::vector<double> far = model.scores(kernels[2], Rows::dense(wide, 1, cols + 1));
  const float zero[cols] = {};
  const std::vector<double> origin = model.scores(kernels[2], Rows::dense(zero, 1, cols));
  CHECK(far[0] == Approx(origin[0] * std::exp(-0.3 * 4)).epsilon(1e-12));
}

TEST_CASE("a model of any width scores through the columns its support vectors use (fuzz finding)", "[kernel]") {
  // A few bytes may claim 2³¹ − 1 columns: scoring once densified a batch over all of them (8 GB).
  const float sv[] = {1, 0, 2, 0, -1, 0};
  const double a[] = {0.5, -1};
  ByteWriter w("test");
  SupportVectors::of(Rows::dense(sv, 2, 3), a, 1).save(w);
  const std::vector<uint8_t> bytes = w.finish();
  ByteReader r3(bytes.data(), bytes.size(), "test"), wide_reader(bytes.data(), bytes.size(), "test");
  const SupportVectors narrow = SupportVectors::load(r3, 3, 1);
  const SupportVectors wide = SupportVectors::load(wide_reader, 2147483647, 1);
  const int32_t offsets[] = {0, 2}, far[] = {2, 2147483646}, one[] = {0, 1}, near[] = {2};
  const float values[] = {1, 5};
  const Kernel linear = Kernel::named("linear", 1, 0, 1);
  const std::vector<double> s = wide.scores(linear, Rows::sparse(offsets, far, values, 1, 2147483647));
  CHECK(s == narrow.scores(linear, Rows::sparse(one, near, values, 1, 3)));  // both see x₂ = 1 only: 0.5·2 − 1·0
  CHECK(s[0] == Approx(1.0));
}
