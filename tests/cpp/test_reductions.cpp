// Reductions: code distances by hand, ECOC error correction up to ⌊(d−1)/2⌋ flips and failure beyond,
// all-pairs votes against a brute-force count, SSBD Example 17.1, end-to-end training and bytes.
#include <catch2/catch.hpp>

#include <cmath>
#include <algorithm>
#include <functional>
#include <set>

#include "binary/linear_learners.hpp"
#include "core/rng.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "reductions/reduction.hpp"

using namespace argmax;

TEST_CASE("code matrices have the hand-computed minimum distances") {
  CHECK(CodeMatrix::one_vs_all(5).minimum_distance() == 2);
  CHECK(CodeMatrix::one_vs_all(5).correctable_errors() == 0);
  // OvO: rows i, j differ on column (i,j) (1); the 2(k−2) columns with one 0 and the C(k−2, 2) columns
  // with two 0s count ½ each: 1 + (k−2) + (k−2)(k−3)/4.
  CHECK(CodeMatrix::one_vs_one(4).columns() == 6);
  CHECK(CodeMatrix::one_vs_one(4).minimum_distance() == 3.5);
  CHECK(CodeMatrix::one_vs_one(6).minimum_distance() == 8);
  // Exhaustive: 2^(k−1) − 1 columns, d = 2^(k−2).
  for (int k = 3; k <= 7; ++k) {
    const CodeMatrix c = CodeMatrix::exhaustive(k);
    CHECK(c.columns() == (1 << (k - 1)) - 1);
    CHECK(c.minimum_distance() == (1 << (k - 2)));
    std::set<std::vector<int>> columns;  // all distinct, none the complement of another
    for (int j = 0; j < c.columns(); ++j) {
      std::vector<int> col, neg;
      for (int l = 0; l < k; ++l) col.push_back(c.at(l, j)), neg.push_back(-c.at(l, j));
      CHECK(columns.count(col) == 0);
      CHECK(columns.count(neg) == 0);
      columns.insert(col);
    }
  }
  CHECK(CodeMatrix::exhaustive(5).correctable_errors() == 3);
  CHECK_THROWS_AS(CodeMatrix::exhaustive(11), InputError);
  CHECK_THROWS_AS(CodeMatrix(3, 1, {1, 1, 0}), InputError);  // a column without −1
  CHECK_THROWS_AS(CodeMatrix(2, 1, {1, 2}), InputError);
}

namespace {

// Decodes row `l` of a binary code with the bits in `flips` inverted.
int decode_flipped(const CodeMatrix& code, int l, const std::vector<int>& flips, Decoding rule) {
  std::vector<float> f(code.columns());
  for (int j = 0; j < code.columns(); ++j) f[j] = code.at(l, j);
  for (int j : flips) f[j] = -f[j];
  return decode(code, rule, f.data());
}

// Every subset of {0..c−1} of size ≤ t.
void subsets(int c, int t, int start, std::vector<int>& cur, const std::function<void(const std::vector<int>&)>& f) {
  f(cur);
  if (int(cur.size()) == t) return;
  for (int j = start; j < c; ++j) {
    cur.push_back(j);
    subsets(c, t, j + 1, cur, f);
    cur.pop_back();
  }
}

}  // namespace

TEST_CASE("Hamming decoding corrects floor((d-1)/2) flipped bits and fails beyond") {
  Rng rng(5);
  std::vector<CodeMatrix> codes = {CodeMatrix::exhaustive(4), CodeMatrix::exhaustive(5),
                                   CodeMatrix::dense_random(6, 15, rng), CodeMatrix::dense_random(4, 11, rng)};
  for (const CodeMatrix& code : codes) {
    const int t = code.correctable_errors();
    INFO("k=" << code.classes() << " c=" << code.columns() << " d=" << code.minimum_distance());
    REQUIRE(code.minimum_distance() >= 3);
    for (Decoding rule : {Decoding::Hamming, Decoding::Hinge}) {  // with ±1 confidences both agree
      for (int l = 0; l < code.classes(); ++l) {
        std::vector<int> cur;
        int tried = 0;
        subsets(code.columns(), t, 0, cur, [&](const std::vector<int>& flips) {
          ++tried;
          if (decode_flipped(code, l, flips, rule) != l) FAIL("row " << l << " misdecoded with " << flips.size() << " flips");
        });
        CHECK(tried > 1);
      }
    }
    // t + 1 flips, taken among the bits where two closest rows r < s differ, move s to r (or to a tie,
    // which goes to r, the lower index).
    int r = 0, s = 1;
    for (int a = 0; a < code.classes(); ++a)
      for (int b = a + 1; b < code.classes(); ++b)
        if (code.row_distance(a, b) < code.row_distance(r, s)) r = a, s = b;
    std::vector<int> flips;
    for (int j = 0; j < code.columns() && int(flips.size()) < t + 1; ++j)
      if (code.at(r, j) != code.at(s, j)) flips.push_back(j);
    CHECK(decode_flipped(code, s, flips, Decoding::Hamming) == r);
  }
}

TEST_CASE("loss-based decoding scores are the hand-computed sums") {
  const CodeMatrix ova = CodeMatrix::one_vs_all(3);
  const float f[3] = {0.5f, -2.f, 0.3f};
  double s[3];
  decode_scores(ova, Decoding::Hinge, f, s);
  // row 0: L(0.5) + L(2) + L(−0.3) = 0.5 + 0 + 1.3; row 1: 1.5 + 3 + 1.3; row 2: 1.5 + 0 + 0.7
  CHECK(s[0] == Approx(-1.8));
  CHECK(s[1] == Approx(-5.8));
  CHECK(s[2] == Approx(-2.2));
  decode_scores(ova, Decoding::Exponential, f, s);
  CHECK(s[0] == Approx(-(std::exp(-0.5) + std::exp(-2.0) + std::exp(0.3))));
  decode_scores(ova, Decoding::Logistic, f, s);
  CHECK(s[2] == Approx(-(std::log1p(std::exp(0.5)) + std::log1p(std::exp(-2.0)) + std::log1p(std::exp(-0.3)))));
  decode_scores(ova, Decoding::Hamming, f, s);  // signs (+,−,+): row 0 differs on column 2, row 2 on column 0
  CHECK(s[0] == -1);
  CHECK(s[1] == -3);
  CHECK(s[2] == -1);
  CHECK(decode(ova, Decoding::Hamming, f) == 0);  // tie between 0 and 2: the lowest index
  CHECK(decode(ova, Decoding::Argmax, f) == 0);
  // a ternary code: a 0 counts ½ against every sign
  const CodeMatrix ovo = CodeMatrix::one_vs_one(3);  // columns (0,1), (0,2), (1,2)
  const float g[3] = {1, 1, -1};
  decode_scores(ovo, Decoding::Hamming, g, s);
  CHECK(s[0] == Approx(-0.5));   // (+,+,0) vs (+,+,−): 0 + 0 + ½
  CHECK(s[1] == Approx(-2.5));   // (−,0,+) vs (+,+,−): 1 + ½ + 1
  CHECK(s[2] == Approx(-1.5));   // (0,−,−) vs (+,+,−): ½ + 1 + 0
}

TEST_CASE("all-pairs votes equal a brute-force count of pairwise wins") {
  Rng rng(17);
  for (int k : {3, 5, 7}) {
    const CodeMatrix ovo = CodeMatrix::one_vs_one(k);
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<float> f(ovo.columns());
      for (float& v : f) v = float(rng.uniform() * 2 - 1);
      std::vector<int> wins(k, 0);
      int j = 0;
      for (int a = 0; a < k; ++a)
        for (int b = a + 1; b < k; ++b, ++j) ++wins[f[j] > 0 ? a : b];
      std::vector<double> majority(k), signed_vote(k);
      decode_scores(ovo, Decoding::MajorityVote, f.data(), majority.data());
      decode_scores(ovo, Decoding::SignedVote, f.data(), signed_vote.data());
      int best = 0;
      for (int l = 0; l < k; ++l) {
        CHECK(majority[l] == wins[l]);
        CHECK(signed_vote[l] == 2 * wins[l] - (k - 1));  // wins − losses
        if (wins[l] > wins[best]) best = l;
      }
      CHECK(decode(ovo, Decoding::MajorityVote, f.data()) == best);
      CHECK(decode(ovo, Decoding::SignedVote, f.data()) == best);
    }
  }
}

namespace {

// k Gaussian blobs on a circle of radius 3.
void blobs(int k, int per_class, uint64_t seed, std::vector<float>& x, std::vector<int32_t>& y) {
  Rng rng(seed);
  for (int i = 0; i < k * per_class; ++i) {
    const int c = i % k;
    const double angle = 6.283185307 * c / k;
    for (int d = 0; d < 2; ++d) {
      const double g = std::sqrt(-2 * std::log(1 - rng.uniform())) * std::cos(6.283185307 * rng.uniform());
      x.push_back(float(3 * (d ? std::sin(angle) : std::cos(angle)) + 0.4 * g));
    }
    y.push_back(c);
  }
}

// ERM over halfspaces of the plane (brute force over lines through pairs of points, each side, shifted
// a little either way), ±1 outputs; the all-negative classifier comes first, so it wins ties.
class HalfspaceModel : public BinaryModel {
 public:
  double a0 = 0, a1 = 0, b = -1;
  std::string learner() const override { return "erm-halfspace"; }
  float score(const RowView& x) const override { return a0 * x.value[0] + a1 * x.value[1] + b > 0 ? 1.f : -1.f; }
  int32_t cols() const override { return 2; }
  void save(ByteWriter&) const override { fail("not saved"); }
};

std::unique_ptr<BinaryModel> erm_halfspace(const BinarySample& s, uint64_t) {
  auto best = std::make_unique<HalfspaceModel>();
  auto errors = [&](const HalfspaceModel& h) {
    int e = 0;
    for (int k = 0; k < s.size(); ++k) e += h.predict(s.row(k)) != s.label[k];
    return e;
  };
  int best_errors = errors(*best);
  HalfspaceModel h;
  for (int p = 0; p < s.size(); ++p)
    for (int q = p + 1; q < s.size(); ++q) {
      const RowView u = s.row(p), v = s.row(q);
      const double n0 = -(v.value[1] - u.value[1]), n1 = v.value[0] - u.value[0];
      for (double sign : {1.0, -1.0})
        for (double shift : {1e-6, -1e-6}) {
          h.a0 = sign * n0, h.a1 = sign * n1, h.b = -(h.a0 * u.value[0] + h.a1 * u.value[1]) + shift;
          const int e = errors(h);
          if (e < best_errors) best_errors = e, *best = h;
        }
    }
  return best;
}

}  // namespace

TEST_CASE("SSBD Example 17.1: one-vs-all with ERM halfspaces misclassifies the middle class; multivector does not") {
  // Three balls on a line, class 1 (index 1) in the middle, masses 40/20/40%. The middle ball is smaller,
  // so every halfspace holding one of its points holds a deeper cap of an outer ball.
  Rng rng(21);
  std::vector<float> x;
  std::vector<int32_t> y;
  const int counts[3] = {40, 20, 40};
  const double centre[3] = {-2, 0, 2}, radius[3] = {0.5, 0.3, 0.5};
  for (int c = 0; c < 3; ++c)
    for (int i = 0; i < counts[c]; ++i) {
      double px, py;
      do px = rng.uniform() * 2 - 1, py = rng.uniform() * 2 - 1;
      while (px * px + py * py > 1);
      x.push_back(float(centre[c] + radius[c] * px)), x.push_back(float(radius[c] * py)), y.push_back(c);
    }
  const Rows rows = Rows::dense(x.data(), 100, 2);

  ReductionConfig config;
  config.reduction = "ova";
  const ReductionModel ova = ReductionModel::train(rows, y, 3, config, erm_halfspace);
  // The middle-vs-rest ERM is the all-negative classifier (20% error, the best a halfspace can do).
  for (int i = 0; i < 100; ++i) CHECK(ova.binary(1).score(rows.row(i)) == -1);
  int wrong_middle = 0, wrong_outer = 0;
  for (int i = 0; i < 100; ++i) (y[i] == 1 ? wrong_middle : wrong_outer) += ova.predict(rows.row(i)) != y[i];
  CHECK(wrong_middle == 20);  // all three scores are −1: the tie goes to class 0
  CHECK(wrong_outer == 0);

  // The multivector predictor: SSBD's hand-made w (with a bias feature) and a trained batch perceptron.
  const float w[3][3] = {{-1, 0, -1}, {0, 0, 0}, {1, 0, -1}};  // ⟨w_y, (x, 1)⟩
  for (int i = 0; i < 100; ++i) {
    float s[3];
    for (int c = 0; c < 3; ++c) s[c] = w[c][0] * x[2 * i] + w[c][1] * x[2 * i + 1] + w[c][2];
    CHECK(int(std::max_element(s, s + 3) - s) == y[i]);
  }
  const LinearMulticlass mv =
      LinearMulticlass::train(rows, y, {{"trainer", "perceptron"}, {"bias", "1"}, {"epochs", "10000"}}, {});
  std::vector<int32_t> predicted(100);
  mv.predict(rows, predicted.data());
  CHECK(predicted == y);
}

TEST_CASE("every reduction learns separable blobs and round-trips through bytes") {
  std::vector<float> x;
  std::vector<int32_t> y;
  blobs(5, 40, 3, x, y);
  const Rows rows = Rows::dense(x.data(), 200, 2);
  struct Case { std::string reduction, code, decoding, learner; OptionList options = {}; };
  const std::vector<Case> cases = {
      {"ova", "", "auto", "linear"},         {"ova", "", "auto", "linear", {{"trainer", "newton"}}},
      {"allpairs", "", "auto", "linear", {{"loss", "hinge"}}}, {"allpairs", "", "majority-vote", "linear", {{"trainer", "perceptron"}}},
      {"ecoc", "exhaustive", "hamming", "linear"}, {"ecoc", "dense", "hinge", "linear", {{"trainer", "newton"}, {"loss", "log"}}},
      {"ecoc", "sparse", "exponential", "linear", {{"trainer", "pegasos"}}}, {"ecoc", "ovo", "hinge", "tree"},
      {"allpairs", "", "auto", "stump"},
  };
  for (const Case& c : cases) {
    INFO(c.reduction << " " << c.code << " " << c.decoding << " " << c.learner);
    ReductionConfig config;
    config.reduction = c.reduction, config.code = c.code, config.decoding = c.decoding, config.learner = c.learner;
    config.learner_options = c.options;
    ReductionModel model = ReductionModel::train(rows, y, 5, config);
    CHECK(model.class_labels() == std::vector<int32_t>{0, 1, 2, 3, 4});
    model.set_class_labels({-3, 7, 9, 11, 40});
    const std::vector<int32_t> p = model.predict(rows);
    int right = 0;
    for (int i = 0; i < 200; ++i) right += p[i] == y[i];
    CHECK(right >= (c.learner == "stump" ? 150 : 195));
    const auto bytes = model.to_bytes();
    const ReductionModel again = ReductionModel::from_bytes(bytes.data(), bytes.size());
    CHECK(again.predict(rows) == p);
    CHECK((model.cols() == 2 && again.cols() == 2));
    CHECK(again.code().entries() == model.code().entries());
    CHECK(again.class_labels() == std::vector<int32_t>{-3, 7, 9, 11, 40});
    CHECK_THROWS_AS(model.set_class_labels({1, 1, 2, 3, 4}), InputError);
  }
}

TEST_CASE("an all-pairs model predicts the brute-force vote winner of its own binary models") {
  std::vector<float> x;
  std::vector<int32_t> y;
  blobs(4, 30, 9, x, y);
  for (float& v : x) v *= 0.4f;  // overlapping blobs: votes are not unanimous
  const Rows rows = Rows::dense(x.data(), 120, 2);
  ReductionConfig config;
  config.reduction = "allpairs", config.learner = "linear", config.learner_options = {{"trainer", "newton"}};
  const ReductionModel model = ReductionModel::train(rows, y, 4, config);
  for (int i = 0; i < 120; ++i) {
    std::vector<int> wins(4, 0);
    int j = 0;
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b, ++j) ++wins[model.binary(j).score(rows.row(i)) > 0 ? a : b];
    CHECK(model.predict(rows.row(i)) == int(std::max_element(wins.begin(), wins.end()) - wins.begin()));
  }
}

TEST_CASE("reductions reject bad input with clear errors") {
  std::vector<float> x = {0, 1, 2, 3};
  const Rows rows = Rows::dense(x.data(), 4, 1);
  ReductionConfig config;
  CHECK_THROWS_AS(ReductionModel::train(rows, {0, 1, 2, 3}, 3, config), InputError);  // label 3 with k = 3
  config.reduction = "ecoc", config.code = "user", config.user_code = {1, -1}, config.user_code_columns = 1;
  CHECK_THROWS_AS(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config), InputError);  // 2 entries for 3 classes
  config.user_code = {1, 1, 1};
  CHECK_THROWS_AS(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config), InputError);  // a column without −1
  config.user_code = {1, -1, -1, 1, 0, 1}, config.user_code_columns = 2;
  CHECK_NOTHROW(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config));
  config.code = "ova", config.decoding = "argmax";
  CHECK_NOTHROW(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config));
  config.code = "dense";
  CHECK_THROWS_AS(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config), InputError);  // argmax needs OvA
  config = ReductionConfig{};
  config.learner_options = {{"lambda", "1"}};  // not an option of the linear learner's default trainer, dcd
  CHECK_THROWS_AS(ReductionModel::train(rows, {0, 1, 2, 0}, 3, config), InputError);
  auto bytes = ReductionModel::train(rows, {0, 1, 2, 0}, 3, ReductionConfig{}).to_bytes();
  bytes.resize(bytes.size() - 3);
  CHECK_THROWS_AS(ReductionModel::from_bytes(bytes.data(), bytes.size()), InputError);
}
