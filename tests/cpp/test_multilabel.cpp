// Multi-label: the LIBSVM multi-label reader, the metrics on hand-computed cases, binary relevance.
#include <catch2/catch.hpp>

#include "boosting/adaboost_mh.hpp"
#include "core/rng.hpp"
#include "io/multilabel.hpp"
#include "metrics/multilabel_metrics.hpp"
#include "reductions/binary_relevance.hpp"

using namespace argmax;

TEST_CASE("the multi-label reader parses label sets, empty sets and comments") {
  const MultilabelData d = read_multilabel_text("2,0 1:0.5 3:-1\n\n# comment\n 2:4\n5 1:1 # trailing\n1,1 4:2\n");
  REQUIRE(d.label_sets.size() == 4);
  CHECK(d.label_sets[0] == std::vector<int32_t>{0, 2});
  CHECK(d.label_sets[1].empty());
  CHECK(d.label_sets[2] == std::vector<int32_t>{5});
  CHECK(d.label_sets[3] == std::vector<int32_t>{1});  // repeated labels count once
  CHECK(d.labels == 6);
  CHECK(d.features.cols == 4);
  const Rows rows = d.features.view();
  CHECK(rows.row(0).size == 2);
  CHECK(rows.row(0).index[1] == 2);
  CHECK(rows.row(0).value[1] == -1.f);
  CHECK(rows.row(1).index[0] == 1);
  const LabelMatrix y = LabelMatrix::from_sets(d.label_sets, d.labels);
  CHECK(y.at(0, 0) == 1);
  CHECK(y.at(0, 1) == -1);
  CHECK(y.at(2, 5) == 1);
}

TEST_CASE("the multi-label reader names the line of an error") {
  auto message = [](const std::string& text) {
    try {
      read_multilabel_text(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("0 1:1\n1,x 2:1\n").find("line 2") != std::string::npos);
  CHECK(message("0 1:1\n0 2:1\n0 3:1 2:1\n").find("line 3") != std::string::npos);  // decreasing index
  CHECK(message("0 0:1\n").find("line 1") != std::string::npos);                     // 1-based
  CHECK(message("0 1:abc\n").find("line 1") != std::string::npos);
  CHECK(message("-1 1:1\n").find("line 1") != std::string::npos);
  CHECK(message("0 1:1\n1,,2 1:1\n") == "line 2: empty label in '1,,2' (the line starts at byte offset 6)");
  CHECK(message("1, 1:1\n") == "line 1: empty label in '1,' (the line starts at byte offset 0)");
  CHECK(message(",1 1:1\n") == "line 1: empty label in ',1' (the line starts at byte offset 0)");
}

TEST_CASE("multi-label metrics on a hand-computed case") {
  // truth    predicted
  // + − +    + − −      1 wrong
  // − − +    − − +      exact
  // + + −    − + +      2 wrong
  LabelMatrix t(3, 3), p(3, 3);
  t.y = {1, -1, 1, -1, -1, 1, 1, 1, -1};
  p.y = {1, -1, -1, -1, -1, 1, -1, 1, 1};
  CHECK(hamming_loss(t, p) == Approx(3.0 / 9));
  CHECK(subset_accuracy(t, p) == Approx(1.0 / 3));
  // TP = 3 ((0,0), (1,2), (2,1)), FP = 1 ((2,2)), FN = 2 ((0,2), (2,0))
  CHECK(micro_f1(t, p) == Approx(6.0 / (6 + 1 + 2)));
  // label 0: TP 1 FN 1 → 2/3; label 1: TP 1 → 1; label 2: TP 1 FP 1 FN 1 → 2/4
  CHECK(macro_f1(t, p) == Approx((2.0 / 3 + 1 + 0.5) / 3));
  LabelMatrix wrong_shape(3, 2);
  CHECK_THROWS_AS(hamming_loss(t, wrong_shape), InputError);
}

TEST_CASE("binary relevance and AdaBoost.MH learn labels that each depend on one feature") {
  Rng rng(6);
  const int m = 300, d = 4, k = 3;
  std::vector<float> x;
  LabelMatrix y(m, k);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < d; ++j) x.push_back(float(rng.uniform() * 2 - 1));
    for (int l = 0; l < k; ++l) y.at(i, l) = x[i * d + l] > 0.1f * l ? 1 : -1;
  }
  const Rows rows = Rows::dense(x.data(), m, d);
  const BinaryRelevanceModel br = BinaryRelevanceModel::train(rows, y, "linear", {{"C", "100"}});
  const LabelMatrix p = br.predict(rows);
  CHECK(hamming_loss(y, p) < 0.02);
  auto bytes = br.to_bytes();
  const BinaryRelevanceModel again = BinaryRelevanceModel::from_bytes(bytes.data(), bytes.size());
  CHECK(again.predict(rows).y == p.y);
  CHECK((br.cols() == d && again.cols() == d));
  CHECK_THROWS_AS(BinaryRelevanceModel::from_bytes(bytes.data(), bytes.size() - 1), InputError);

  AdaBoostMHConfig config;
  config.rounds = 40;
  const AdaBoostMH mh = AdaBoostMH::train(rows, y, config);
  CHECK(hamming_loss(y, mh.predict_labels(rows)) < 0.02);

  // Both multi-label models share the kind "multilabel"; the method inside tells them apart.
  const auto mh_bytes = mh.to_multilabel_bytes();
  CHECK(model_kind(mh_bytes.data(), mh_bytes.size()) == "multilabel");
  CHECK(multilabel_method(mh_bytes.data(), mh_bytes.size()) == "adaboost-mh");
  CHECK(multilabel_method(bytes.data(), bytes.size()) == "br");
  CHECK(AdaBoostMH::from_bytes(mh_bytes.data(), mh_bytes.size()).predict_labels(rows).y == mh.predict_labels(rows).y);
  CHECK_THROWS_AS(BinaryRelevanceModel::from_bytes(mh_bytes.data(), mh_bytes.size()), InputError);
  CHECK_THROWS_AS(AdaBoostMH::from_bytes(bytes.data(), bytes.size()), InputError);
}
