#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/error.hpp"
#include "binary/kernel_svm.hpp"
#include "core/rng.hpp"
#include "learn/kernels/kernel_cache.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/kernel_crammer_singer.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "multiclass/multiclass_problem.hpp"
#include "clusters.hpp"
#include "kernel_all_pairs_before.hpp"
#include "model_bytes.hpp"

using namespace argmax;

namespace {

// h(x_i, y) = Σ_j α_j^y K(x_j, x_i), summed directly.
std::vector<double> brute_force_scores(const Clusters& d, const Kernel& kernel, const std::vector<double>& alpha, int k) {
  const int m = int(d.y.size());
  std::vector<double> f(size_t(m) * k, 0.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < m; ++j) {
      double dot = 0, ni = 0, nj = 0;
      for (int c = 0; c < d.cols; ++c) {
        const double a = d.x[i * d.cols + c], b = d.x[j * d.cols + c];
        dot += a * b, ni += a * a, nj += b * b;
      }
      const double kij = kernel(dot, ni, nj);
      for (int y = 0; y < k; ++y) f[size_t(i) * k + y] += alpha[size_t(j) * k + y] * kij;
    }
  return f;
}

// ½‖W‖² + C Σ_i max_y [Δ(y, y_i) + h(x_i, y) − h(x_i, y_i)] of a linear model, from its weights.
double linear_primal(const LinearMulticlass& model, const Clusters& d, const CostMatrix& cost, double C) {
  const auto e = MulticlassProblem(d.rows(), d.y, model.feature_map(), cost).evaluate(model.weights().data(), Surrogate::MarginRescaled);
  double norm = 0;
  for (float v : model.weights()) norm += double(v) * v;
  return 0.5 * norm + C * d.y.size() * e.surrogate;
}

template <class Model>
std::vector<int32_t> predictions(const Clusters& d, const Model& model) {
  std::vector<int32_t> out(d.y.size());
  model.predict(d.rows(), out.data());
  return out;
}

// Explicit features of the degree-2 polynomial kernel (⟨x, x'⟩ + 1)² in two dimensions.
Clusters degree_two_monomials(const Clusters& d) {
  Clusters out{{}, d.y, 6};
  const float r2 = std::sqrt(2.f);
  for (size_t i = 0; i < d.y.size(); ++i) {
    const float a = d.x[2 * i], b = d.x[2 * i + 1];
    for (float v : {1.f, r2 * a, r2 * b, a * a, b * b, r2 * a * b}) out.x.push_back(v);
  }
  return out;
}

}  // namespace

TEST_CASE("kernel Crammer–Singer with the linear kernel solves the linear problem, cost matrix included", "[kernel]") {
  const Clusters d = clusters(150, 4, 3, 2.5, 11);  // overlapping: many support vectors
  const std::vector<float> cost_rows = {0, 1, 2, 3, 1, 0, 1, 2, 2, 1, 0, 1, 3, 2, 1, 0};
  const CostMatrix cost = CostMatrix::from_rows(cost_rows, 4);
  const double C = 0.5;
  const auto linear = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"C", "0.5"}, {"eps", "1e-6"}, {"maxIter", "100000"}, {"bias", "0"}}, cost_rows);
  KernelCrammerSingerConfig config;
  config.C = C, config.eps = 1e-6, config.max_iterations = 100000;
  const auto kernel = train_kernel_crammer_singer(d.rows(), d.y, Kernel::named("linear", 1, 0, 1), cost, config, nullptr);
  CHECK(kernel.primal == Approx(linear_primal(linear, d, cost, C)).epsilon(1e-4));
  CHECK(kernel.primal - kernel.dual == Approx(0).margin(1e-4 * kernel.primal));

  const auto model = KernelMulticlass::train(d.rows(), d.y, {{"decomposition", "crammer-singer"}, {"kernel", "linear"}, {"C", "0.5"}, {"eps", "1e-6"}, {"maxIter", "100000"}}, cost_rows);
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "linear"}}, cost_rows),
                    Catch::Contains("a cost matrix is read by decomposition 'crammer-singer'"));
  std::vector<float> margins(d.y.size());
  linear.margins(d.rows(), predictions(d, linear).data(), margins.data());
  const auto a = predictions(d, linear), b = predictions(d, model);
  for (size_t i = 0; i < a.size(); ++i)
    if (margins[i] > 1e-3) CHECK(a[i] == b[i]);
}

TEST_CASE("the degree-2 polynomial kernel equals linear Crammer–Singer on the explicit monomials", "[kernel]") {
  const Clusters d = rings(120, 5), explicit_features = degree_two_monomials(d);
  const auto linear = LinearMulticlass::train(explicit_features.rows(), d.y, {{"trainer", "dcd"}, {"C", "2"}, {"eps", "1e-6"}, {"maxIter", "100000"}, {"bias", "0"}, {"scale", "none"}}, {});
  KernelCrammerSingerConfig config;
  config.C = 2, config.eps = 1e-6, config.max_iterations = 100000;
  const auto kernel = train_kernel_crammer_singer(d.rows(), d.y, Kernel::named("poly", 1, 1, 2), CostMatrix::zero_one(3), config, nullptr);
  CHECK(kernel.primal == Approx(linear_primal(linear, explicit_features, CostMatrix::zero_one(3), 2)).epsilon(1e-4));

  const auto model = KernelMulticlass::train(d.rows(), d.y, {{"decomposition", "crammer-singer"}, {"kernel", "poly"}, {"gamma", "1"}, {"coef0", "1"}, {"degree", "2"}, {"C", "2"}, {"eps", "1e-6"}, {"maxIter", "100000"}}, {});
  std::vector<float> linear_scores(d.y.size() * 3), kernel_scores(d.y.size() * 3);
  linear.scores(explicit_features.rows(), linear_scores.data());
  model.scores(d.rows(), kernel_scores.data());
  for (size_t i = 0; i < linear_scores.size(); ++i) CHECK(kernel_scores[i] == Approx(linear_scores[i]).margin(2e-3));
  CHECK(predictions(d, model) == d.y);  // a quadratic boundary separates the rings
}

TEST_CASE("the RBF solution meets the KKT conditions, recomputed by brute force", "[kernel]") {
  const Clusters d = rings(90, 8);
  const int k = 3;
  const double C = 3, eps = 1e-3;
  const Kernel rbf = Kernel::named("rbf", 0.7, 0, 1);
  KernelCrammerSingerConfig config;
  config.C = C, config.eps = eps;
  TrainingReport report;
  const auto s = train_kernel_crammer_singer(d.rows(), d.y, rbf, CostMatrix::zero_one(k), config, nullptr, &report);
  CHECK(report.converged);
  CHECK(report.gap <= eps);
  const auto f = brute_force_scores(d, rbf, s.alpha, k);
  double half_norm = 0, slack = 0;
  for (size_t i = 0; i < d.y.size(); ++i) {
    const double* a = &s.alpha[i * k];
    const double* g = &f[i * k];
    double sum = 0, maxG = -1e300, minG = 1e300, worst = 0;
    for (int y = 0; y < k; ++y) {
      const double bound = y == d.y[i] ? C : 0.0, G = (y != d.y[i]) + g[y];
      sum += a[y];
      CHECK(a[y] <= bound + 1e-12);
      maxG = std::max(maxG, G);
      if (a[y] < bound) minG = std::min(minG, G);
      half_norm += 0.5 * a[y] * g[y];
      worst = std::max(worst, G - g[d.y[i]]);
    }
    slack += worst;
    CHECK(sum == Approx(0).margin(1e-9));
    CHECK(maxG - minG <= eps + 1e-5);  // the float kernel cache accounts for the slack
  }
  CHECK(s.primal == Approx(half_norm + C * slack).epsilon(1e-5));
  CHECK(s.primal >= s.dual - 1e-6);  // weak duality
  CHECK(s.primal - s.dual <= 0.01 * s.primal);
}

TEST_CASE("RBF kernel model: separates the rings, keeps only support vectors, survives save/load", "[kernel][io]") {
  const Clusters d = rings(200, 3), test = rings(200, 4);
  const auto model = KernelMulticlass::train(d.rows(), d.y, {{"decomposition", "crammer-singer"}, {"kernel", "rbf"}, {"gamma", "1"}, {"C", "10"}}, {});
  size_t ok = 0;
  const auto p = predictions(test, model);
  for (size_t i = 0; i < p.size(); ++i) ok += p[i] == test.y[i];
  CHECK(ok >= 0.97 * p.size());
  const auto linear = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "dcd"}, {"bias", "1"}}, {});
  const auto q = predictions(test, linear);
  size_t linear_ok = 0;
  for (size_t i = 0; i < q.size(); ++i) linear_ok += q[i] == test.y[i];
  CHECK(linear_ok < 0.7 * q.size());  // what the kernel buys
  CHECK(model.support_vectors() > 0);
  CHECK(model.support_vectors() < int(d.y.size()));
  for (int s = 0; s < model.support_vectors(); ++s) {
    double norm = 0;
    for (int y = 0; y < model.classes(); ++y) norm += std::fabs(model.coefficients()[s * model.classes() + y]);
    CHECK(norm > 0);
  }

  const auto bytes = model.to_bytes();
  const auto again = KernelMulticlass::from_bytes(bytes.data(), bytes.size());
  std::vector<float> a(test.y.size() * 3), b(test.y.size() * 3);
  model.scores(test.rows(), a.data());
  again.scores(test.rows(), b.data());
  CHECK(a == b);
  CHECK(again.options() == model.options());
  auto corrupt = bytes;
  corrupt[corrupt.size() / 2] ^= 0x40;
  CHECK_THROWS_AS(KernelMulticlass::from_bytes(corrupt.data(), corrupt.size()), InputError);
  CHECK_THROWS_AS(KernelMulticlass::from_bytes(bytes.data(), bytes.size() - 3), InputError);
  CHECK_THROWS_WITH(LinearMulticlass::from_bytes(bytes.data(), bytes.size()), Catch::Contains("kernel-multiclass"));
}

TEST_CASE("all-pairs (the default) votes as a binary kernel SVM per pair of classes, trained apart, and survives save/load",
          "[kernel][io]") {
  const Clusters d = clusters(160, 4, 3, 2.0, 5), test = clusters(120, 4, 3, 2.0, 6);  // the same centres
  const auto model = KernelMulticlass::train(d.rows(), d.y, {{"kernel", "rbf"}, {"gamma", "0.5"}, {"C", "2"}, {"eps", "1e-3"}, {"scale", "none"}}, {});
  REQUIRE(model.all_pairs());
  CHECK(model.training_report().converged);
  CHECK(model.training_report().measure == "largest KKT violation");
  // Labels ascending; the machines' classes in LIBSVM's order, as first seen in the rows.
  std::vector<int32_t> first_seen;
  for (int32_t label : d.y)
    if (std::find(first_seen.begin(), first_seen.end(), label) == first_seen.end()) first_seen.push_back(label);
  REQUIRE(first_seen != std::vector<int32_t>({0, 1, 2, 3}));  // (so that the order is tested)
  CHECK(model.labels() == std::vector<int32_t>({0, 1, 2, 3}));
  CHECK(model.class_order() == first_seen);  // (labels 0..3: a label is its position)
  // The reference: each pair's machine on its own (+1: the class seen first), then the votes counted by hand.
  const int k = 4;
  KernelSvmConfig config;
  config.kernel = Kernel::named("rbf", 0.5, 0, 1), config.C = 2, config.tol = 1e-3;
  std::vector<float> votes(test.y.size() * k, 0.f);
  std::vector<double> smallest(test.y.size(), 1e300);
  std::vector<bool> support(d.y.size(), false);
  for (int y = 0; y < k; ++y)
    for (int z = y + 1; z < k; ++z) {
      BinarySample pair;
      pair.rows = d.rows();
      for (int32_t i = 0; i < int32_t(d.y.size()); ++i)
        if (d.y[i] == first_seen[y] || d.y[i] == first_seen[z])
          pair.index.push_back(i), pair.label.push_back(d.y[i] == first_seen[y] ? 1 : -1);
      const KernelSvm svm = solve_kernel_svm(pair, config);
      for (int t = 0; t < pair.size(); ++t)
        if (svm.alpha[t] != 0) support[pair.index[t]] = true;
      for (size_t i = 0; i < test.y.size(); ++i) {
        const double f = svm.model->score(test.rows().row(int32_t(i)));
        votes[i * k + size_t(first_seen[f > 0 ? y : z])] += 1;
        smallest[i] = std::min(smallest[i], std::fabs(f));
      }
    }
  std::vector<float> scores(test.y.size() * k);
  model.scores(test.rows(), scores.data());
  int compared = 0;
  for (size_t i = 0; i < test.y.size(); ++i) {
    if (smallest[i] < 1e-4) continue;  // a machine at 0 may vote either way after rounding
    ++compared;
    for (int y = 0; y < k; ++y) CHECK(scores[i * k + y] == votes[i * k + y]);
  }
  CHECK(compared > 100);
  // The most votes; a tie to the class seen first, as in svm-predict.
  const std::vector<int32_t> predicted = predictions(test, model);
  for (size_t i = 0; i < test.y.size(); ++i) {
    if (smallest[i] < 1e-4) continue;
    int32_t best = first_seen[0];
    for (int32_t c : first_seen)
      if (votes[i * k + size_t(c)] > votes[i * k + size_t(best)]) best = c;
    CHECK(predicted[i] == best);
  }
  CHECK(model.support_vectors() == std::count(support.begin(), support.end(), true));  // each row kept once
  CHECK(model.coefficients().size() == size_t(model.support_vectors()) * (k - 1));

  const auto bytes = model.to_bytes();
  const auto again = KernelMulticlass::from_bytes(bytes.data(), bytes.size());
  std::vector<float> reloaded(scores.size());
  again.scores(test.rows(), reloaded.data());
  CHECK(reloaded == scores);
  CHECK(again.all_pairs());
  CHECK(again.class_order() == model.class_order());
  CHECK_THROWS_AS(KernelMulticlass::from_bytes(bytes.data(), bytes.size() - 3), InputError);

  // One class (allowed by the caller): no machine, no support vector, that label for every row.
  const std::vector<int32_t> sevens(d.y.size(), 7);
  const auto single = KernelMulticlass::train(d.rows(), sevens, {}, {});
  CHECK(single.support_vectors() == 0);
  const auto single_bytes = single.to_bytes();
  const auto one = predictions(test, KernelMulticlass::from_bytes(single_bytes.data(), single_bytes.size()));
  CHECK(std::all_of(one.begin(), one.end(), [](int32_t v) { return v == 7; }));
}

TEST_CASE("the kernel cache evicts the least recently used column, extends short ones, follows swaps", "[kernel]") {
  // Column i over positions j holds 10·e(i) + e(j), e = the example at the position (swaps permute them).
  std::vector<int> example = {0, 1, 2, 3};
  int fills = 0, filled = 0;
  KernelCache cache(4, 2 * 4 * sizeof(float) / double(1 << 20), [&](int i, int from, int to, float* out) {
    ++fills, filled += to - from;
    for (int j = from; j < to; ++j) out[j] = float(10 * example[i] + example[j]);
  });
  CHECK(cache.budget() == 8);  // floats: two full columns
  for (int i : {0, 1, 0, 2, 1}) CHECK(cache.column(i, 4)[3] == float(10 * i + 3));
  CHECK(fills == 4);  // 0, 1, (0 hit), 2 evicts 1, 1 evicts 0
  CHECK(cache.column(2, 4)[0] == 20.f);
  CHECK(fills == 4);
  // Short columns: three fit in the room of two full ones; a longer prefix computes only what is missing.
  KernelCache shrunk(4, 2 * 4 * sizeof(float) / double(1 << 20), [&](int i, int from, int to, float* out) {
    ++fills, filled += to - from;
    for (int j = from; j < to; ++j) out[j] = float(10 * example[i] + example[j]);
  });
  fills = filled = 0;
  for (int i : {0, 1, 2}) shrunk.column(i, 2);
  CHECK(fills == 3);
  CHECK(filled == 6);
  const float* c0 = shrunk.column(0, 4);  // extends 0 by two entries, evicting 1 (least recent)
  CHECK(filled == 8);
  CHECK(c0[0] == 0.f);
  CHECK(c0[3] == 3.f);
  shrunk.column(2, 2);
  CHECK(fills == 4);  // 2 still held
  // Positions 1 and 3 exchange examples: column 0 (length 4) swaps its entries; column 2 (length 2) holds
  // position 1 but not 3 and keeps only its first entry.
  shrunk.swap(1, 3);
  std::swap(example[1], example[3]);
  CHECK(shrunk.column(0, 4)[1] == 3.f);
  CHECK(shrunk.column(0, 4)[3] == 1.f);
  CHECK(fills == 4);
  filled = 0;
  const float* c2 = shrunk.column(2, 2);
  CHECK(filled == 1);  // position 1 again
  CHECK(c2[0] == 20.f);
  CHECK(c2[1] == 23.f);
  // The column at position 3 is now example 1's; it was evicted, so it is computed afresh.
  CHECK(shrunk.column(3, 4)[0] == 10.f);
}

TEST_CASE("kernel multiclass: bad parameters are InputErrors that say what is wrong", "[kernel]") {
  const Clusters d = rings(30, 1);
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"gamma", "-1"}}, {}), Catch::Contains("'gamma' must be ≥ 0"));
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "poly"}, {"degree", "0"}}, {}), Catch::Contains("'degree' must be"));
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"kernel", "sigmoid"}}, {}), Catch::Contains("must be one of linear, poly, rbf"));
  CHECK_THROWS_WITH(KernelMulticlass::train(d.rows(), d.y, {{"cache", "1e-7"}}, {}), Catch::Contains("cannot hold one column"));
  CHECK_THROWS_WITH(Kernel::named("rbf", -1, 0, 1), Catch::Contains("gamma must be > 0 (or 0: from the data)"));
  CHECK_THROWS_WITH(Kernel::named("poly", 1, 0, 0), Catch::Contains("degree must be ≥ 1"));
  const auto model = KernelMulticlass::train(d.rows(), d.y, {}, {});
  std::vector<int32_t> out(d.y.size());
  CHECK_THROWS_WITH(model.predict(Rows::dense(d.x.data(), 10, 3), out.data()), Catch::Contains("the model expects 2"));
  const int32_t unknown[1] = {7};
  std::vector<float> margin(1);
  CHECK_THROWS_WITH(model.margins(Rows::dense(d.x.data(), 1, 2), unknown, margin.data()), Catch::Contains("not one of the model's labels"));
}

TEST_CASE("all-pairs bytes of format version 3 load with ascending labels, their class order kept for ties", "[kernel][io]") {
  for (const test::OldAllPairs& old : test::old_all_pairs_models()) {
    INFO(old.name);
    const auto model = KernelMulticlass::from_bytes(old.bytes.data(), old.bytes.size());
    CHECK(model.labels() == std::vector<int32_t>({2, 5, 9}));
    REQUIRE(model.class_order().size() == 3);
    for (size_t r = 0; r < 3; ++r) CHECK(model.labels()[size_t(model.class_order()[r])] == old.saved_labels[r]);
    const Rows rows = Rows::dense(old.rows.data(), 6, 2);
    std::vector<float> scores(18);
    std::vector<int32_t> predicted(6);
    model.scores(rows, scores.data());
    model.predict(rows, predicted.data());
    for (int32_t i = 0; i < 6; ++i)
      for (size_t c = 0; c < 3; ++c) {
        const int column = label_position(model.labels(), old.saved_labels[c], i);
        CHECK(scores[size_t(i) * 3 + size_t(column)] == old.scores[size_t(i) * 3 + c]);
      }
    CHECK(predicted == old.predicted);  // ties included: to the class seen first, or the lowest label

    // Saved again, in version 4 (the labels ascending, the order beside them): the same model.
    const auto bytes = model.to_bytes();
    CHECK(bytes[8] == 4);
    const auto again = KernelMulticlass::from_bytes(bytes.data(), bytes.size());
    CHECK(again.class_order() == model.class_order());
    std::vector<float> reloaded(18);
    again.scores(rows, reloaded.data());
    CHECK(reloaded == scores);
    again.predict(rows, predicted.data());
    CHECK(predicted == old.predicted);

    // Corrupt under a valid checksum: an order that repeats a class, labels not ascending, a newer format.
    const size_t order_at = bytes.size() - 8 - 3 * sizeof(int32_t);
    auto repeated = bytes;
    std::memcpy(&repeated[order_at], &repeated[order_at + 4], 4);
    repeated = test::with_checksum(repeated);
    CHECK_THROWS_WITH(KernelMulticlass::from_bytes(repeated.data(), repeated.size()),
                      Catch::Contains("model bytes are corrupt (class order)"));
    auto unsorted = bytes;
    const int32_t ascending[3] = {2, 5, 9}, swapped[3] = {5, 2, 9};
    const auto labels_at = std::search(unsorted.begin() + 12, unsorted.end(), reinterpret_cast<const uint8_t*>(ascending),
                                       reinterpret_cast<const uint8_t*>(ascending) + 12);
    REQUIRE(labels_at != unsorted.end());
    std::memcpy(&*labels_at, swapped, 12);
    unsorted = test::with_checksum(unsorted);
    CHECK_THROWS_WITH(KernelMulticlass::from_bytes(unsorted.data(), unsorted.size()),
                      Catch::Contains("labels not ascending"));
    auto newer = bytes;
    newer[8] = 5;
    newer = test::with_checksum(newer);
    CHECK_THROWS_WITH(KernelMulticlass::from_bytes(newer.data(), newer.size()),
                      Catch::Contains("model format version 5 is not supported (this build reads 3 to 4)"));
  }
}

TEST_CASE("crammer-singer bytes stay in format version 3", "[kernel][io]") {
  const Clusters d = clusters(60, 3, 2, 1.0, 5);
  const auto model = KernelMulticlass::train(d.rows(), d.y, {{"decomposition", "crammer-singer"}, {"gamma", "0.5"}}, {});
  CHECK(model.to_bytes()[8] == 3);
  CHECK(model.class_order() == std::vector<int32_t>({0, 1, 2}));
}
