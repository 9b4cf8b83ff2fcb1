// The binary kernel SVM (learner kernel): with the linear kernel its scores are w·x + b and it ends at a zero
// duality gap and a KKT point, with the degree-2 polynomial kernel it solves the linear problem on the explicit
// monomials; the model saves and loads (old bytes too), and serves the reductions.
#include <catch2/catch.hpp>

#include <cmath>

#include "binary/binary_learners.hpp"
#include "binary/kernel_svm.hpp"
#include "clusters.hpp"
#include "core/rng.hpp"
#include "io/bytes.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;

namespace {

using Points = BinaryPoints;

// Two overlapping Gaussian-ish blobs in 3-D (not separable: some α reach C).
Points blobs(uint64_t seed, int m) {
  Rng rng(seed);
  Points p{{}, {}, 3};
  for (int i = 0; i < m; ++i) {
    const int8_t y = i % 2 ? 1 : -1;
    for (int j = 0; j < 3; ++j) p.x.push_back(float(0.6 * y * (j == 0) + rng.uniform() + rng.uniform() - 1));
    p.y.push_back(y);
  }
  return p;
}

// Inside or outside the circle of radius 1 (with a few flipped labels): a quadratic boundary.
Points disc(uint64_t seed, int m) {
  Rng rng(seed);
  Points p{{}, {}, 2};
  for (int i = 0; i < m; ++i) {
    const float a = float(3 * rng.uniform() - 1.5), b = float(3 * rng.uniform() - 1.5);
    p.x.push_back(a), p.x.push_back(b);
    p.y.push_back((a * a + b * b < 1) != (rng.uniform() < 0.05) ? 1 : -1);
  }
  return p;
}

double hinge_sum(const std::vector<double>& f, const std::vector<int8_t>& y) {
  double s = 0;
  for (size_t i = 0; i < y.size(); ++i) s += std::max(0.0, 1 - y[i] * f[i]);
  return s;
}

KernelSvmConfig tight(const Kernel& kernel, double C) {
  KernelSvmConfig c;
  c.kernel = kernel, c.C = C, c.tol = 1e-6, c.max_iterations = 100000;
  return c;
}

std::vector<double> scores_of(const BinaryModel& m, const Rows& rows) {
  std::vector<float> f(size_t(rows.rows()));
  m.scores(rows, f.data());
  return {f.begin(), f.end()};
}

}  // namespace

TEST_CASE("the kernel learner with the linear kernel ends at a KKT point with a zero duality gap", "[kernel][binary]") {
  const Points p = blobs(3, 160);
  const BinarySample data = BinarySample::all(p.rows(), p.y);
  const double C = 0.5;
  const KernelSvm kernel = solve_kernel_svm(data, tight(Kernel::named("linear", 1, 0, 1), C));
  REQUIRE(kernel.model->report.converged);
  const std::vector<double> f = scores_of(*kernel.model, p.rows());
  // w = Σ_i α_i y_i x_i, by hand: the model's scores are w·x + b.
  const double b = kernel.model->intercept();
  double w[3] = {0, 0, 0}, alpha_sum = 0, signed_sum = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    for (int j = 0; j < 3; ++j) w[j] += kernel.alpha[i] * p.y[i] * p.x[i * 3 + j];
    alpha_sum += kernel.alpha[i], signed_sum += kernel.alpha[i] * p.y[i];
  }
  for (size_t i = 0; i < f.size(); ++i)
    CHECK(f[i] == Approx(w[0] * p.x[i * 3] + w[1] * p.x[i * 3 + 1] + w[2] * p.x[i * 3 + 2] + b).margin(1e-5));
  CHECK(signed_sum == Approx(0).margin(1e-12));
  // Primal ½‖w‖² + C Σ hinge at (w, b) and dual Σ α − ½‖w‖² meet at the optimum (a gap of tol-sized violations).
  const double half_norm = 0.5 * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
  const double primal = half_norm + C * hinge_sum(f, p.y), dual = alpha_sum - half_norm;
  CHECK(primal >= dual - 1e-6);
  CHECK(primal - dual <= 1e-5 * primal);
  // KKT: α_i = 0 → y f ≥ 1; 0 < α_i < C → y f = 1; α_i = C → y f ≤ 1 (within the tolerance and float columns).
  int bounded = 0, free = 0;
  for (size_t i = 0; i < f.size(); ++i) {
    const double margin = p.y[i] * f[i], a = kernel.alpha[i];
    INFO("example " << i << " alpha " << a << " margin " << margin);
    CHECK(a >= 0);
    CHECK(a <= C);
    if (a == 0) {
      CHECK(margin >= 1 - 1e-4);
    } else if (a == C) {
      CHECK(margin <= 1 + 1e-4);
      ++bounded;
    } else {
      CHECK(margin == Approx(1).margin(1e-4));
      ++free;
    }
  }
  CHECK(bounded > 0);  // the blobs overlap: the test covers all three cases
  CHECK(free > 0);
}

TEST_CASE("the kernel learner with (γ⟨x,x'⟩ + c)² is the linear kernel on the explicit degree-2 monomials", "[kernel][binary]") {
  const Points p = disc(4, 200), test = disc(5, 100);
  const double gamma = 0.5, c = 1, C = 2;
  auto monomials = [&](const Points& q) {  // φ(x)·φ(x') = (γ x·x' + c)²
    Points out{{}, q.y, 6};
    const double g = gamma, r = std::sqrt(2 * gamma * c);
    for (size_t i = 0; i < q.y.size(); ++i) {
      const double a = q.x[2 * i], b = q.x[2 * i + 1];
      for (double v : {g * a * a, g * b * b, std::sqrt(2.0) * g * a * b, r * a, r * b, c}) out.x.push_back(float(v));
    }
    return out;
  };
  const Points mapped = monomials(p), mapped_test = monomials(test);
  const auto kernel = train_kernel_svm(BinarySample::all(p.rows(), p.y), tight(Kernel::named("poly", gamma, c, 2), C));
  const auto linear = train_kernel_svm(BinarySample::all(mapped.rows(), mapped.y), tight(Kernel::named("linear", 1, 0, 1), C));
  const std::vector<double> fk = scores_of(*kernel, test.rows()), fl = scores_of(*linear, mapped_test.rows());
  for (size_t i = 0; i < fk.size(); ++i) CHECK(fk[i] == Approx(fl[i]).margin(1e-3));
  int correct = 0;
  for (size_t i = 0; i < fk.size(); ++i) correct += (fk[i] > 0 ? 1 : -1) == test.y[i];
  CHECK(correct >= 85);  // the quadratic boundary is learned
}

TEST_CASE("the kernel learner models save and load; one-vs-all on the kernel learner separates the rings", "[kernel][binary][reductions]") {
  const Points p = disc(6, 150);
  const auto model = train_kernel_svm(BinarySample::all(p.rows(), p.y), KernelSvmConfig{Kernel::named("rbf", 2, 0, 1)});
  const std::vector<uint8_t> bytes = model->to_bytes();
  const auto again = BinaryModel::from_bytes(bytes.data(), bytes.size());
  CHECK(again->learner() == "kernel");
  CHECK(again->cols() == 2);
  for (int32_t i = 0; i < p.rows().rows(); ++i) CHECK(again->score(p.rows().row(i)) == model->score(p.rows().row(i)));
  CHECK(again->to_bytes() == bytes);
  // Sparse rows score as dense ones.
  const int32_t index[1] = {1};
  const float value[1] = {0.5f}, dense[2] = {0, 0.5f};
  CHECK(model->score(RowView{index, value, 1}) == model->score(RowView{nullptr, dense, 2}));

  const Clusters three = rings(300, 7);
  const Rows rows = three.rows();
  const std::vector<int32_t>& y = three.y;
  ReductionConfig config;
  config.reduction = "ova", config.learner = "kernel", config.learner_options = {{"gamma", "1"}, {"C", "10"}};
  const ReductionModel ova = ReductionModel::train(rows, y, 3, config);
  const std::vector<int32_t> predicted = ova.predict(rows);
  int correct = 0;
  for (int i = 0; i < 300; ++i) correct += predicted[i] == y[i];
  CHECK(correct >= 290);
  const auto ova_bytes = ova.to_bytes();
  CHECK(ReductionModel::from_bytes(ova_bytes.data(), ova_bytes.size()).predict(rows) == predicted);
}

TEST_CASE("kernel learner models saved before the free intercept load as the same function", "[kernel][binary][io]") {
  // The old layout, written out by hand: learner, trainer, loss, kernel, γ, coef0, degree, the bias β, columns,
  // support vectors with their α y; the function was f(x) = Σ_s a_s (K(x_s, x) + β²).
  const float x[4] = {0.5f, -1, 2, 0.25f};
  const double a[2] = {0.75, -0.5}, gamma = 0.5, beta = 2;
  ByteWriter out("binary");
  out.put_string("kernel"), out.put_string("dcd"), out.put_string("hinge");
  out.put_string("rbf"), out.put<double>(gamma), out.put<double>(0), out.put<int32_t>(1);
  out.put<double>(beta), out.put<int32_t>(2);
  SupportVectors::of(Rows::dense(x, 2, 2), a, 1).save(out);
  const std::vector<uint8_t> old = out.finish();
  const auto model = BinaryModel::from_bytes(old.data(), old.size());
  const float z[2] = {1, 0.5f};
  double expected = 0;
  for (int s = 0; s < 2; ++s) {
    const double d0 = x[2 * s] - z[0], d1 = x[2 * s + 1] - z[1];
    expected += a[s] * (std::exp(-gamma * (d0 * d0 + d1 * d1)) + beta * beta);
  }
  CHECK(model->score(RowView{nullptr, z, 2}) == Approx(expected).epsilon(1e-6));
  CHECK(dynamic_cast<const KernelBinaryModel&>(*model).intercept() == Approx(beta * beta * (a[0] + a[1])));
  // Saved again, it is in the new layout and the same function.
  const std::vector<uint8_t> again = model->to_bytes();
  CHECK(again != old);
  CHECK(BinaryModel::from_bytes(again.data(), again.size())->score(RowView{nullptr, z, 2}) == model->score(RowView{nullptr, z, 2}));
  CHECK_THROWS_AS(BinaryModel::from_bytes(again.data(), again.size() - 3), InputError);
}

TEST_CASE("reductions score rows in blocks exactly as one by one: kernel learners, random features, sparse rows", "[kernel][reductions]") {
  // 600 rows: two full blocks of 256 and a partial one; CSR, the odd rows without their second column.
  const Clusters three = rings(600, 9);
  OwnedRows sparse;
  sparse.cols = 2;
  for (int32_t i = 0; i < 600; ++i) {
    const RowView x = three.rows().row(i);
    for (int32_t j = 0; j < 2; ++j)
      if (i % 2 == 0 || j == 0) sparse.indices.push_back(j), sparse.values.push_back(x.value[j]);
    sparse.offsets.push_back(int32_t(sparse.indices.size()));
  }
  const Rows rows = sparse.view();
  ReductionConfig kernel, rff;
  kernel.reduction = "allpairs", kernel.learner = "kernel", kernel.learner_options = {{"gamma", "1"}};
  rff.reduction = "ova", rff.learner = "linear", rff.rff = 64;
  for (const ReductionConfig& config : {kernel, rff}) {
    INFO(config.learner);
    const ReductionModel model = ReductionModel::train(rows, three.y, 3, config);
    const int c = model.columns();
    std::vector<float> all(size_t(600) * size_t(c)), one(static_cast<size_t>(c));
    model.confidences(rows, all.data());
    const std::vector<int32_t> predicted = model.predict(rows);
    for (int32_t i = 0; i < 600; ++i) {
      model.confidences(rows.row(i), one.data());
      CHECK(std::vector<float>(all.begin() + size_t(i) * c, all.begin() + size_t(i + 1) * c) == one);
      CHECK(predicted[size_t(i)] == model.predict(rows.row(i)));
    }
  }
}

TEST_CASE("the kernel learner: bad options and a cache too small for one column are clear errors", "[kernel][binary]") {
  const Points p = disc(8, 50);
  const BinarySample data = BinarySample::all(p.rows(), p.y);
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"gamma", "-1"}}), Catch::Contains("'gamma' must be ≥ 0"));
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"kernel", "sigmoid"}}), Catch::Contains("must be one of linear, poly, rbf"));
  CHECK_THROWS_WITH(make_binary_trainer("kernel", {{"cache", "1e-7"}})(data, 1), Catch::Contains("cannot hold one column"));
  CHECK(make_binary_trainer("kernel", {{"kernel", "poly"}, {"degree", "2"}})(data, 1)->cols() == 2);
}
