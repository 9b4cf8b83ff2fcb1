// Feature scaling: hand-computed statistics and scaled values, and models trained with scale=X that score raw
// rows as models trained on rows scaled here by hand score the scaled rows (multiclass, reductions, binary
// relevance, ranking), through save and load; models in bytes written before the option existed still load.
#include <catch2/catch.hpp>

#include <cmath>

#include "clusters.hpp"
#include "io/bytes.hpp"
#include "learn/feature_scaling.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "ranking/ranker.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;

namespace {

// Column-wise minmax or standard scaling, written out again for the test: (x − min)/(max − min) or
// (x − mean)/std; constant columns are only shifted.
std::vector<float> scaled_by_hand(const std::vector<float>& x, int cols, bool minmax) {
  const size_t m = x.size() / cols;
  std::vector<float> out(x.size());
  for (int j = 0; j < cols; ++j) {
    double lo = INFINITY, hi = -INFINITY, sum = 0, sq = 0;
    for (size_t i = 0; i < m; ++i) {
      const double v = x[i * cols + j];
      lo = std::min(lo, v), hi = std::max(hi, v), sum += v;
    }
    const double mean = sum / double(m);
    for (size_t i = 0; i < m; ++i) sq += (x[i * cols + j] - mean) * (x[i * cols + j] - mean);
    const double sd = std::sqrt(sq / double(m));
    const double centre = minmax ? lo : mean, spread = minmax ? hi - lo : sd;
    for (size_t i = 0; i < m; ++i) out[i * cols + j] = float((x[i * cols + j] - centre) / (spread > 0 ? spread : 1));
  }
  return out;
}

// Clusters in features of very different ranges (×1000, ×0.01, + 500), as raw data often is.
Clusters uneven_clusters(int m, uint64_t seed) {
  Clusters d = clusters(m, 3, 3, 0.8, seed);
  for (size_t p = 0; p < d.x.size(); p += 3) d.x[p] *= 1000, d.x[p + 1] *= 0.01f, d.x[p + 2] += 500;
  return d;
}

void check_close(const std::vector<float>& a, const std::vector<float>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == Approx(b[i]).margin(2e-3).epsilon(1e-3));
}

std::vector<float> multiclass_scores(const LinearMulticlass& model, const Rows& rows) {
  std::vector<float> s(size_t(rows.rows()) * model.classes());
  model.scores(rows, s.data());
  return s;
}

}  // namespace

TEST_CASE("minmax and standard scaling of dense rows match hand-computed values", "[scaling]") {
  const std::vector<float> x = {1, 10, 3, 10, 2, 10};  // column 1 is constant
  const Rows rows = Rows::dense(x.data(), 3, 2);
  const FeatureScaling minmax = FeatureScaling::fit(rows, "minmax");
  CHECK(minmax.scale() == std::vector<float>{0.5f, 1.f});
  CHECK(minmax.centre() == std::vector<float>{1.f, 10.f});
  CHECK(minmax.apply(rows).values == std::vector<float>{0, 0, 1, 0, 0.5f, 0});

  // column 0: mean 2, variance (1 + 1 + 0)/3 = 2/3
  const FeatureScaling standard = FeatureScaling::fit(rows, "standard");
  const double s = 1 / std::sqrt(2.0 / 3);
  CHECK(standard.scale()[0] == Approx(s));
  CHECK(standard.centre()[0] == Approx(2));
  const std::vector<float> z = standard.apply(rows).values;
  CHECK(z[0] == Approx(-s));
  CHECK(z[2] == Approx(s));
  CHECK(z[4] == Approx(0).margin(1e-6));
  CHECK(FeatureScaling::fit(rows, "none").identity());
  CHECK_THROWS_WITH(FeatureScaling::fit(rows, "log"), Catch::Contains("unknown scaling 'log'"));
}

TEST_CASE("sparse rows are scaled, never shifted, and their zeros count", "[scaling]") {
  // rows {0: 2}, {1: −4}, {0: 4, 1: 4}: column 0 spans [0, 4], column 1 [−4, 4]
  const std::vector<int32_t> offsets = {0, 1, 2, 4}, index = {0, 1, 0, 1};
  const std::vector<float> values = {2, -4, 4, 4};
  const Rows rows = Rows::sparse(offsets.data(), index.data(), values.data(), 3, 2);
  const FeatureScaling minmax = FeatureScaling::fit(rows, "minmax");
  CHECK(minmax.centre().empty());
  CHECK(minmax.scale() == std::vector<float>{0.25f, 0.125f});
  const OwnedRows scaled = minmax.apply(rows);
  CHECK(scaled.values == std::vector<float>{0.5f, -0.5f, 1, 0.5f});
  CHECK((scaled.indices == index && scaled.offsets == offsets));
  // column 0 holds 2, 0, 4: mean 2, variance 8/3; column 1 holds 0, −4, 4: mean 0, variance 32/3
  const FeatureScaling standard = FeatureScaling::fit(rows, "standard");
  CHECK(standard.scale()[0] == Approx(1 / std::sqrt(8.0 / 3)));
  CHECK(standard.scale()[1] == Approx(1 / std::sqrt(32.0 / 3)));
}

TEST_CASE("folding scaled weights gives the same scores on raw rows", "[scaling]") {
  const std::vector<float> x = {1, 10, 3, 20, 2, 40};
  const Rows rows = Rows::dense(x.data(), 3, 2);
  const FeatureScaling f = FeatureScaling::fit(rows, "standard");
  const OwnedRows z = f.apply(rows);
  // two interleaved scorers (w[j·2 + o]) and a bias entry past the columns, which folding keeps
  std::vector<float> w = {0.5f, -1, 2, 0.25f, 7, 7};
  const std::vector<float> trained = w;
  const std::vector<double> offset = f.fold(w, 2);
  CHECK((w[4] == 7 && w[5] == 7));
  for (int i = 0; i < 3; ++i)
    for (int o = 0; o < 2; ++o) {
      const double on_scaled = trained[o] * z.values[i * 2] + trained[2 + o] * z.values[i * 2 + 1];
      const double on_raw = w[o] * x[i * 2] + w[2 + o] * x[i * 2 + 1] + offset[o];
      CHECK(on_raw == Approx(on_scaled).margin(1e-5));
    }
}

TEST_CASE("a multiclass model trained with scale scores raw rows as one trained on scaled rows", "[scaling]") {
  const Clusters train = uneven_clusters(300, 21), test = uneven_clusters(100, 22);
  for (const std::string kind : {"minmax", "standard"}) {
    for (const std::string algo : {"dcd", "cutting-plane"}) {  // convex solvers: one optimum, whatever the rounding
      INFO(kind << " " << algo);
      const bool minmax = kind == "minmax";
      const std::vector<float> pre = scaled_by_hand(train.x, 3, minmax);
      const LinearMulticlass scaled = LinearMulticlass::train(train.rows(), train.y, {{"trainer", algo}, {"scale", kind}}, {});
      const LinearMulticlass plain = LinearMulticlass::train(Rows::dense(pre.data(), 300, 3), train.y, {{"trainer", algo}, {"scale", "none"}}, {});
      // raw test rows through the scaled model vs test rows scaled as the training rows were
      const FeatureScaling f = FeatureScaling::fit(train.rows(), kind);
      const OwnedRows test_scaled = f.apply(test.rows());
      check_close(multiclass_scores(scaled, test.rows()), multiclass_scores(plain, test_scaled.view()));

      const std::vector<uint8_t> bytes = scaled.to_bytes();
      const LinearMulticlass loaded = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
      CHECK(multiclass_scores(loaded, test.rows()) == multiclass_scores(scaled, test.rows()));
      CHECK(loaded.options() == scaled.options());
    }
  }
}

TEST_CASE("scale with the TF-IDF feature map is refused before anything is fitted", "[scaling]") {
  const std::vector<float> counts = {1, 0, 2, 3, 0, 1};
  CHECK_THROWS_WITH(LinearMulticlass::train(Rows::dense(counts.data(), 3, 2), {0, 1, 0}, {{"trainer", "pegasos"}, {"features", "tfidf"}, {"scale", "standard"}}, {}),
                    Catch::Contains("takes raw word counts; leave scale at auto or none"));
}

TEST_CASE("the training statistics scale the test rows (checked against the hand-scaled rows)", "[scaling]") {
  const Clusters train = uneven_clusters(200, 23);
  for (const bool minmax : {true, false}) {
    const std::vector<float> pre = scaled_by_hand(train.x, 3, minmax);
    const OwnedRows mine = FeatureScaling::fit(train.rows(), minmax ? "minmax" : "standard").apply(train.rows());
    for (size_t p = 0; p < pre.size(); ++p) REQUIRE(mine.values[p] == Approx(pre[p]).margin(1e-5));
  }
}

TEST_CASE("a model trained with scale on sparse rows predicts dense and sparse rows alike", "[scaling]") {
  const Clusters train = uneven_clusters(200, 24);
  OwnedRows sparse;  // the same rows in CSR
  sparse.cols = 3;
  for (size_t i = 0; i < train.y.size(); ++i) {
    for (int j = 0; j < 3; ++j) sparse.indices.push_back(j), sparse.values.push_back(train.x[i * 3 + j]);
    sparse.offsets.push_back(int32_t(sparse.indices.size()));
  }
  // sparse: scaled only, so the same as training unscaled-but-divided rows
  const LinearMulticlass from_sparse = LinearMulticlass::train(sparse.view(), train.y, {{"trainer", "dcd"}, {"scale", "standard"}}, {});
  const FeatureScaling f = FeatureScaling::fit(sparse.view(), "standard");
  std::vector<float> divided = train.x;
  for (size_t p = 0; p < divided.size(); ++p) divided[p] *= f.scale()[p % 3];
  const LinearMulticlass plain = LinearMulticlass::train(Rows::dense(divided.data(), 200, 3), train.y, {{"trainer", "dcd"}, {"scale", "none"}}, {});
  check_close(multiclass_scores(from_sparse, sparse.view()), multiclass_scores(plain, Rows::dense(divided.data(), 200, 3)));
  // a model trained on dense rows (centred) scores sparse rows exactly as the same rows dense
  const LinearMulticlass from_dense = LinearMulticlass::train(train.rows(), train.y, {{"trainer", "dcd"}, {"scale", "minmax"}}, {});
  CHECK(multiclass_scores(from_dense, sparse.view()) == multiclass_scores(from_dense, train.rows()));
}

TEST_CASE("models in bytes written before the scale option load and predict", "[scaling]") {
  // A linear-multiclass payload as earlier builds wrote it: algorithm, options (no scale), map, labels, weights.
  ByteWriter out("linear-multiclass");
  out.put_string("cs");
  out.put_options({{"C", "1"}, {"eps", "0.1"}, {"max_iter", "1000"}, {"bias", "0"}, {"seed", "1"}});
  FeatureMap::multivector(2, 2, 0).save(out);
  out.put_vector(std::vector<int32_t>{5, 9});
  out.put_vector(std::vector<float>{1, -1, -1, 1});  // w[j·k + y]: class 5 likes x0, class 9 likes x1
  const std::vector<uint8_t> bytes = out.finish();
  const LinearMulticlass m = LinearMulticlass::from_bytes(bytes.data(), bytes.size());
  const std::vector<float> x = {3, 1, 0, 2};
  int32_t predicted[2];
  m.predict(Rows::dense(x.data(), 2, 2), predicted);
  CHECK((predicted[0] == 5 && predicted[1] == 9));
}

TEST_CASE("reductions and binary relevance with scale score raw rows as on hand-scaled rows", "[scaling]") {
  const Clusters train = uneven_clusters(300, 25), test = uneven_clusters(80, 26);
  const std::vector<float> pre = scaled_by_hand(train.x, 3, false);
  const OwnedRows test_scaled = FeatureScaling::fit(train.rows(), "standard").apply(test.rows());
  ReductionConfig c;
  c.learner = "linear", c.learner_options = {{"trainer", "newton"}};
  c.scale = "none";
  ReductionConfig scaled_config = c;
  scaled_config.scale = "standard";
  const ReductionModel scaled = ReductionModel::train(train.rows(), train.y, 3, scaled_config);
  const ReductionModel plain = ReductionModel::train(Rows::dense(pre.data(), 300, 3), train.y, 3, c);
  const std::vector<uint8_t> bytes = scaled.to_bytes();
  const ReductionModel loaded = ReductionModel::from_bytes(bytes.data(), bytes.size());
  std::vector<float> a(3), b(3), l(3);
  for (int32_t i = 0; i < test.rows().rows(); ++i) {
    scaled.confidences(test.rows().row(i), a.data());
    plain.confidences(test_scaled.view().row(i), b.data());
    loaded.confidences(test.rows().row(i), l.data());
    check_close(a, b);
    CHECK(l == a);
  }
  ReductionConfig tree = scaled_config;
  tree.learner = "tree", tree.learner_options = {};
  CHECK_THROWS_WITH(ReductionModel::train(train.rows(), train.y, 3, tree), Catch::Contains("scale needs a linear or kernel learner"));

  const LabelMatrix y = LabelMatrix::from_classes(train.y, 3);
  const BinaryRelevanceModel br_scaled = BinaryRelevanceModel::train(train.rows(), y, "linear", {}, 1, {}, {}, "standard");
  const BinaryRelevanceModel br_plain = BinaryRelevanceModel::train(Rows::dense(pre.data(), 300, 3), y, "linear", {}, 1, {}, {}, "none");
  std::vector<float> all_a(size_t(test.rows().rows()) * 3), all_b(all_a.size());
  br_scaled.scores(test.rows(), all_a.data());
  br_plain.scores(test_scaled.view(), all_b.data());
  check_close(all_a, all_b);
}

TEST_CASE("a ranker trained with scale scores raw rows as one trained on hand-scaled rows", "[scaling]") {
  const Clusters docs = uneven_clusters(240, 27);
  std::vector<float> relevance;
  for (int32_t y : docs.y) relevance.push_back(y == 0 ? 1.f : -1.f);
  const std::vector<float> pre = scaled_by_hand(docs.x, 3, true);
  QuerySet raw, scaled_rows;
  raw.features = docs.rows(), scaled_rows.features = Rows::dense(pre.data(), 240, 3);
  raw.relevance = scaled_rows.relevance = relevance.data();
  raw.offsets = scaled_rows.offsets = {0, 120, 240};
  for (const OptionList& objective : {OptionList{{"measure", "f1"}}, OptionList{{"loss", "squared"}}}) {
    INFO(objective[0].second);
    OptionList minmax = objective;
    minmax.emplace_back("scale", "minmax");
    const Ranker scaled = Ranker::train(raw, minmax);
    const Ranker plain = Ranker::train(scaled_rows, objective);
    const std::vector<double> a = scaled.score(raw.features), b = plain.score(scaled_rows.features);
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == Approx(b[i]).margin(2e-3));
    const std::vector<uint8_t> bytes = scaled.to_bytes();
    CHECK(Ranker::from_bytes(bytes.data(), bytes.size()).score(raw.features) == a);
  }
}

TEST_CASE("scale=auto divides every feature by the largest |value| above 10 and leaves [-10, 10] alone", "[scaling]") {
  // (columns whose mean is within 10 standard deviations of 0, so nothing is centred)
  const std::vector<float> within = {0.5f, -10, 0, 7}, beyond = {2, -16, 0, 4};
  CHECK(FeatureScaling::fit(Rows::dense(within.data(), 2, 2), "auto").identity());
  const FeatureScaling f = FeatureScaling::fit(Rows::dense(beyond.data(), 2, 2), "auto");
  CHECK(f.scale() == std::vector<float>{0.0625f, 0.0625f});
  CHECK(f.centre().empty());
  CHECK(f.apply(Rows::dense(beyond.data(), 2, 2)).values == std::vector<float>{0.125f, -1, 0, 0.25f});
}

TEST_CASE("scale=auto brings values below 0.1 up by one factor and centres dense columns far from 0", "[scaling]") {
  const std::vector<float> small = {0.01f, -0.02f, 0, 0.04f};  // largest 0.04: × 25; means within 10 sd of 0
  const FeatureScaling up = FeatureScaling::fit(Rows::dense(small.data(), 2, 2), "auto");
  CHECK(up.scale() == std::vector<float>{25, 25});
  CHECK(up.centre().empty());
  check_close(up.apply(Rows::dense(small.data(), 2, 2)).values, {0.25f, -0.5f, 0, 1});
  // column 0: mean 1002, sd √(8/3): centred; column 1: mean 0: kept. Then the largest |value| is 2: no factor.
  const std::vector<float> offset = {1000, 1, 1002, -1, 1004, 0};
  const FeatureScaling shifted = FeatureScaling::fit(Rows::dense(offset.data(), 3, 2), "auto");
  CHECK(shifted.centre() == std::vector<float>{1002, 0});
  CHECK(shifted.scale() == std::vector<float>{1, 1});
  CHECK(shifted.apply(Rows::dense(offset.data(), 3, 2)).values == std::vector<float>{-2, 1, 0, -1, 2, 0});
  // sparse rows are never shifted: the same values as CSR are only divided by their largest |value|
  const std::vector<int32_t> offsets = {0, 2, 4, 6}, indices = {0, 1, 0, 1, 0, 1};
  const FeatureScaling sparse = FeatureScaling::fit(Rows::sparse(offsets.data(), indices.data(), offset.data(), 3, 2), "auto");
  CHECK(sparse.centre().empty());
  CHECK(sparse.scale() == std::vector<float>{1.f / 1004, 1.f / 1004});
}

TEST_CASE("unfold is the inverse of fold: weights for the scaled rows and their constants", "[scaling]") {
  const std::vector<float> x = {1000, 1, 1002, -1, 1004, 0};
  const FeatureScaling f = FeatureScaling::fit(Rows::dense(x.data(), 3, 2), "standard");
  const std::vector<float> raw = {0.5f, -2, 1.5f, 3, 7, 9};  // 2 columns × 2 outputs, then 2 bias weights
  std::vector<float> w = raw;
  const std::vector<double> in = f.unfold(w, 2);
  // output 0 scores raw row 0 as ⟨raw weights, x⟩; the unfolded weights score the scaled row, plus the constant
  const OwnedRows scaled = f.apply(Rows::dense(x.data(), 3, 2));
  CHECK(w[0] * scaled.values[0] + w[2] * scaled.values[1] + in[0] == Approx(0.5 * 1000 + 1.5 * 1));
  const std::vector<double> out = f.fold(w, 2);
  for (size_t i = 0; i < w.size(); ++i) CHECK(w[i] == Approx(raw[i]));
  CHECK(out[0] == Approx(-in[0]));
  CHECK(out[1] == Approx(-in[1]));
}

TEST_CASE("with the default scale, every linear trainer fits clusters ×2⁻¹⁰ or moved by 1000 as the original", "[scaling]") {
  const Clusters d = clusters(200, 3, 2, 0.2, 33);
  std::vector<float> small = d.x, moved = d.x;
  for (size_t p = 0; p < d.x.size(); ++p) small[p] = d.x[p] / 1024, moved[p] = d.x[p] + 1000;
  const auto accuracy = [&](const LinearMulticlass& model, const std::vector<float>& x) {
    std::vector<int32_t> p(d.y.size());
    model.predict(Rows::dense(x.data(), 200, 2), p.data());
    int right = 0;
    for (size_t i = 0; i < p.size(); ++i) right += p[i] == d.y[i];
    return right / 200.0;
  };
  for (const char* trainer : {"dcd", "sgd", "pegasos", "perceptron"}) {
    INFO(trainer);
    const double original = accuracy(LinearMulticlass::train(d.rows(), d.y, {{"trainer", trainer}}, {}), d.x);
    CHECK(original >= 0.9);
    for (const auto* x : {&small, &moved})
      CHECK(accuracy(LinearMulticlass::train(Rows::dense(x->data(), 200, 2), d.y, {{"trainer", trainer}}, {}), *x) >= original - 0.02);
  }
}

TEST_CASE("with the default scale, features ×100 train the model of the original features", "[scaling]") {
  // auto undoes a common factor exactly (a power of two here, so the scaled rows equal the originals bit for
  // bit): the same model, the same scores up to the factor folded into the weights, in the same passes.
  const Clusters d = clusters(200, 4, 3, 1.0, 31);
  float largest = 0;
  for (float v : d.x) largest = std::max(largest, std::fabs(v));
  std::vector<float> unit = d.x, times = d.x;
  for (size_t p = 0; p < unit.size(); ++p) unit[p] /= largest, times[p] = unit[p] * 128;
  const Rows original = Rows::dense(unit.data(), 200, 3), large = Rows::dense(times.data(), 200, 3);
  for (const std::string algo : {"dcd", "pegasos"}) {
    INFO(algo);
    const LinearMulticlass a = LinearMulticlass::train(original, d.y, {{"trainer", algo}}, {});
    const LinearMulticlass b = LinearMulticlass::train(large, d.y, {{"trainer", algo}}, {});
    CHECK(b.training_report().iterations == a.training_report().iterations);
    const std::vector<float> sa = multiclass_scores(a, original), sb = multiclass_scores(b, large);
    for (size_t i = 0; i < sa.size(); ++i) CHECK(sb[i] == Approx(sa[i]).margin(1e-5));
    // without it, the same rows are a problem with 128² times the C
    const LinearMulticlass raw = LinearMulticlass::train(large, d.y, {{"trainer", algo}, {"scale", "none"}}, {});
    const std::vector<float> sr = multiclass_scores(raw, large);
    double differ = 0;
    for (size_t i = 0; i < sa.size(); ++i) differ = std::max(differ, double(std::fabs(sr[i] - sa[i])));
    CHECK(differ > 0.01);
  }
}

TEST_CASE("scale=auto passes over what scaling does not change: trees and the TF-IDF map take raw values", "[scaling]") {
  const Clusters train = uneven_clusters(120, 32);
  ReductionConfig c;
  c.learner = "tree";  // scale stays auto
  const ReductionModel plain = ReductionModel::train(train.rows(), train.y, 3, c);
  c.scale = "none";
  const ReductionModel none = ReductionModel::train(train.rows(), train.y, 3, c);
  CHECK(plain.to_bytes() == none.to_bytes());
  const std::vector<float> counts = {1, 0, 2, 30, 0, 1, 5, 4, 0};  // beyond 10: auto would scale them
  const LinearMulticlass tfidf = LinearMulticlass::train(Rows::dense(counts.data(), 3, 3), {0, 1, 2}, {{"trainer", "perceptron"}, {"features", "tfidf"}}, {});
  const LinearMulticlass tfidf_none = LinearMulticlass::train(Rows::dense(counts.data(), 3, 3), {0, 1, 2}, {{"trainer", "perceptron"}, {"features", "tfidf"}, {"scale", "none"}}, {});
  CHECK(multiclass_scores(tfidf, Rows::dense(counts.data(), 3, 3)) ==
        multiclass_scores(tfidf_none, Rows::dense(counts.data(), 3, 3)));
}

TEST_CASE("ranking validation scales both sets by the training statistics", "[scaling]") {
  // features ×128 with scale=auto choose as the original features do, and score 128× smaller weights alike
  const Clusters docs = clusters(240, 3, 3, 1.0, 33);
  std::vector<float> unit = docs.x, times = docs.x, relevance;
  float largest = 0;
  for (float v : docs.x) largest = std::max(largest, std::fabs(v));
  for (size_t p = 0; p < unit.size(); ++p) unit[p] /= largest, times[p] = unit[p] * 128;
  for (int32_t y : docs.y) relevance.push_back(float(y));
  auto queries = [&](const std::vector<float>& x, int32_t from, int32_t to) {
    QuerySet q;
    q.features = Rows::dense(x.data() + from * 3, to - from, 3);
    q.relevance = relevance.data() + from;
    for (int32_t o = 30; o <= to - from; o += 30) q.offsets.push_back(o);
    return q;
  };
  const OptionList options = {{"measure", "kendall"}, {"epochs", "3"}};
  const Ranker a = Ranker::train_with_validation(queries(unit, 0, 180), queries(unit, 180, 240), options, {1e-4, 1e-2}, 5);
  const Ranker b = Ranker::train_with_validation(queries(times, 0, 180), queries(times, 180, 240), options, {1e-4, 1e-2}, 5);
  CHECK(a.settings() == b.settings());
  const std::vector<double> sa = a.score(queries(unit, 0, 240).features), sb = b.score(queries(times, 0, 240).features);
  for (size_t i = 0; i < sa.size(); ++i) CHECK(sb[i] == Approx(sa[i]).margin(1e-5));
}
