#include <catch2/catch.hpp>

#include <algorithm>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;

namespace {

// Three classes on a line around −2, 0 and 2.
struct Line {
  std::vector<float> x;
  std::vector<int32_t> y;
  Rows rows() const { return Rows::dense(x.data(), int32_t(y.size()), 1); }
};
Line line(int m, uint64_t seed) {
  Rng rng(seed);
  Line d;
  for (int i = 0; i < m; ++i) {
    const int label = i % 3;
    d.y.push_back(label);
    d.x.push_back(float(2 * label - 2 + 0.6 * (rng.uniform() - 0.5)));
  }
  return d;
}

double accuracy(const std::vector<int32_t>& predicted, const std::vector<int32_t>& truth) {
  size_t ok = 0;
  for (size_t i = 0; i < truth.size(); ++i) ok += predicted[i] == truth[i];
  return double(ok) / truth.size();
}

// One binary scorer, trained to tell classes 0 and 1 (code +1) from class 2 (code −1): the code gives
// classes 0 and 1 the same row, so no decoding of the code matrix can tell them apart.
ReductionConfig one_column(const std::string& decoding, const std::string& kernel) {
  ReductionConfig c;
  c.reduction = "ecoc", c.code = "user", c.user_code = {1, 1, -1}, c.user_code_columns = 1;
  c.decoding = decoding;
  c.learned.kernel = kernel, c.learned.gamma = 1, c.learned.C = 10;
  return c;
}

}  // namespace

TEST_CASE("a learned RBF code separates classes that share a codeword; the code matrix cannot", "[reductions][learned]") {
  const Line train = line(150, 1), test = line(150, 2);
  const auto hamming = ReductionModel::train(train.rows(), train.y, 3, one_column("hamming", "linear"));
  const auto hinge = ReductionModel::train(train.rows(), train.y, 3, one_column("hinge", "linear"));
  const auto rbf = ReductionModel::train(train.rows(), train.y, 3, one_column("learned", "rbf"));
  const auto linear = ReductionModel::train(train.rows(), train.y, 3, one_column("learned", "linear"));
  CHECK(accuracy(hamming.predict(test.rows()), test.y) <= 2.0 / 3 + 1e-9);  // classes 0 and 1 tie
  CHECK(accuracy(hinge.predict(test.rows()), test.y) <= 2.0 / 3 + 1e-9);
  CHECK(accuracy(rbf.predict(test.rows()), test.y) >= 0.97);
  // A linear code without bias scores M_l·f(x) with f one-dimensional: argmax_l M_l wins wherever f > 0 and
  // argmin_l M_l wherever f < 0, so at most two classes are ever predicted.
  auto p = linear.predict(test.rows());
  std::sort(p.begin(), p.end());
  CHECK(std::unique(p.begin(), p.end()) - p.begin() <= 2);
}

TEST_CASE("with a linear kernel the learned code is Crammer–Singer on the confidences", "[reductions][learned]") {
  Rng rng(4);
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < 240; ++i) {  // four overlapping clusters in 3-D
    const int label = i % 4;
    y.push_back(label);
    for (int j = 0; j < 3; ++j) x.push_back(float((j == label % 3 ? 1.5 : 0) + (label == 3 ? -1 : 0) + 1.2 * (rng.uniform() - 0.5)));
  }
  const Rows rows = Rows::dense(x.data(), 240, 3);
  ReductionConfig c;
  c.reduction = "ecoc", c.code = "dense", c.code_size = 6, c.decoding = "learned";
  c.learned.C = 0.5;
  const auto model = ReductionModel::train(rows, y, 4, c);
  std::vector<float> f(240 * 6);
  for (int i = 0; i < 240; ++i) model.confidences(rows.row(i), &f[i * 6]);
  const Rows confidences = Rows::dense(f.data(), 240, 6);
  const auto direct = LinearMulticlass::train(confidences, y, {{"trainer", "dcd"}, {"C", "0.5"}, {"eps", "1e-4"}, {"maxIter", "100000"}}, {});
  std::vector<int32_t> expected(240);
  direct.predict(confidences, expected.data());
  CHECK(accuracy(model.predict(rows), expected) >= 0.97);  // both solved to a KKT tolerance, not exactly
}

TEST_CASE("a learned code is saved with the model and decoding can switch away and back", "[reductions][learned][io]") {
  const Line train = line(90, 3);
  auto model = ReductionModel::train(train.rows(), train.y, 3, one_column("learned", "rbf"));
  const auto bytes = model.to_bytes();
  const auto again = ReductionModel::from_bytes(bytes.data(), bytes.size());
  CHECK(again.decoding() == Decoding::Learned);
  CHECK(again.predict(train.rows()) == model.predict(train.rows()));
  const auto learned = model.predict(train.rows());
  model.set_decoding(Decoding::Hamming);
  CHECK(model.predict(train.rows()) != learned);
  model.set_decoding(Decoding::Learned);
  CHECK(model.predict(train.rows()) == learned);

  auto plain = ReductionModel::train(train.rows(), train.y, 3, one_column("hamming", "linear"));
  CHECK_THROWS_WITH(plain.set_decoding(Decoding::Learned), Catch::Contains("trained with decoding=learned"));
  const float f[1] = {0.5f};
  CHECK_THROWS_WITH(decode_scores(plain.code(), Decoding::Learned, f, std::vector<double>(3).data()), Catch::Contains("learned"));
}
