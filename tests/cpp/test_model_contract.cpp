// One model contract for every model kind: to_bytes() / from_bytes() round-trip, and a loader refuses a
// model whose bytes carry a non-finite weight (NaN or +Inf) under a valid checksum, or options a model cannot
// have been trained with, with a message saying so. Each case trains a small model, overwrites one value the
// model computes with (found by its bit pattern in the bytes), fixes the checksum as io/bytes.cpp computes it
// (FNV-1a 64 of everything before it) and loads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <string>

#include "binary/binary_learners.hpp"
#include "binary/kernel_svm.hpp"
#include "binary/linear_model.hpp"
#include "binary/tree_binary.hpp"
#include "boosting/adaboost_mh.hpp"
#include "clusters.hpp"
#include "model_bytes.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "ranking/ranker.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "sequence/sequence_trainer.hpp"
#include "trees/decision_tree.hpp"

using namespace argmax;

namespace {

using Bytes = std::vector<uint8_t>;
using Load = std::function<void(const Bytes&)>;

using test::with_checksum;

// The bytes with the first copy of `from` in the payload (after magic and version) replaced by `to`.
template <class T>
Bytes replaced(Bytes b, T from, T to) {
  uint8_t f[sizeof(T)], t[sizeof(T)];
  std::memcpy(f, &from, sizeof(T));
  std::memcpy(t, &to, sizeof(T));
  const auto at = std::search(b.begin() + 12, b.end() - 8, f, f + sizeof(T));
  REQUIRE(at != b.end() - 8);
  std::copy(t, t + sizeof(T), at);
  return with_checksum(std::move(b));
}

// The bytes with the first copy of string `from` replaced by `to` (same length).
Bytes replaced_text(Bytes b, const std::string& from, const std::string& to) {
  REQUIRE(from.size() == to.size());
  const auto at = std::search(b.begin() + 12, b.end() - 8, from.begin(), from.end());
  REQUIRE(at != b.end() - 8);
  std::copy(to.begin(), to.end(), at);
  return with_checksum(std::move(b));
}

template <class T>
T first_nonzero(const std::vector<T>& v) {
  const auto it = std::find_if(v.begin(), v.end(), [](T x) { return x != 0; });
  REQUIRE(it != v.end());
  return *it;
}

// The bytes load; with `value` overwritten by NaN, then by +Inf, they are refused as non-finite.
template <class T>
void refuses_non_finite(const Bytes& bytes, T value, const Load& load) {
  REQUIRE_NOTHROW(load(bytes));
  CHECK_THROWS_WITH(load(replaced(bytes, value, std::numeric_limits<T>::quiet_NaN())), Catch::Contains("non-finite"));
  CHECK_THROWS_WITH(load(replaced(bytes, value, std::numeric_limits<T>::infinity())), Catch::Contains("non-finite"));
  CHECK_THROWS_WITH(load(replaced(bytes, value, -std::numeric_limits<T>::infinity())), Catch::Contains("non-finite"));
}

const Clusters data_ = clusters(60, 3, 2, 0.4, 7);  // labels 0, 1, 2

std::vector<int8_t> signs_of(const Clusters& d) {
  std::vector<int8_t> s;
  for (int32_t y : d.y) s.push_back(y == d.y[0] ? 1 : -1);
  return s;
}

void tagged_corpus(Sentences& tokens, Sentences& tags) {
  const std::vector<std::vector<std::string>> w = {{"the", "dog", "runs"}, {"a", "cat", "eats"}, {"the", "car", "runs"},
                                                   {"a", "dog", "eats"}};
  for (int r = 0; r < 3; ++r)
    for (const auto& s : w) tokens.push_back(s), tags.push_back({"DET", "NOUN", "VERB"});
}

Load binary_load = [](const Bytes& b) { BinaryModel::from_bytes(b.data(), b.size()); };

}  // namespace

TEST_CASE("model contract: every kind refuses NaN and infinite weights with a valid checksum", "[model-contract]") {
  const Clusters& d = data_;
  const Rows rows = d.rows();

  SECTION("linear-multiclass") {
    const LinearMulticlass m = LinearMulticlass::train(rows, d.y, {}, {});
    refuses_non_finite(m.to_bytes(), first_nonzero(m.weights()),
                       [](const Bytes& b) { LinearMulticlass::from_bytes(b.data(), b.size()); });
  }
  for (const char* decomposition : {"all-pairs", "crammer-singer"}) {
    DYNAMIC_SECTION("kernel-multiclass: support-vector coefficients, " << decomposition) {
      const KernelMulticlass m = KernelMulticlass::train(rows, d.y, {{"kernel", "rbf"}, {"gamma", "0.5"}, {"decomposition", decomposition}}, {});
      refuses_non_finite(m.to_bytes(), first_nonzero(m.coefficients()),
                         [](const Bytes& b) { KernelMulticlass::from_bytes(b.data(), b.size()); });
    }
  }
  SECTION("sequence, float weights") {
    Sentences tokens, tags;
    tagged_corpus(tokens, tags);
    const SequenceModel m = train_tagger(tokens, tags, {});
    refuses_non_finite(m.to_bytes(), first_nonzero(m.weights),
                       [](const Bytes& b) { SequenceModel::from_bytes(b.data(), b.size()); });
  }
  SECTION("sequence, quantised weights: a scale that overflows the levels to infinity") {
    Sentences tokens, tags;
    tagged_corpus(tokens, tags);
    const SequenceModel m = train_tagger(tokens, tags, {{"weightBits", "8"}});
    Bytes b = m.to_bytes();
    const Load load = [](const Bytes& x) { SequenceModel::from_bytes(x.data(), x.size()); };
    REQUIRE_NOTHROW(load(b));
    // put_weights: u8 bits, u64 dim, the position gaps (u64 length + bytes), then u64 blocks + one int16 scale
    // exponent per block, then the levels.
    const uint64_t dim = m.layout().dim(), blocks = (dim + 255) / 256;
    uint8_t head[9] = {8};
    std::memcpy(head + 1, &dim, 8);
    auto at = std::search(b.begin() + 12, b.end() - 8, head, head + 9);
    REQUIRE(at != b.end() - 8);
    size_t p = size_t(at - b.begin()) + 9;
    uint64_t gaps;
    std::memcpy(&gaps, &b[p], 8);
    p += 8 + size_t(gaps);
    uint64_t stored_blocks;
    std::memcpy(&stored_blocks, &b[p], 8);
    REQUIRE(stored_blocks == blocks);
    p += 8;
    const int16_t huge = 128;  // allowed as a scale, but any level ≥ 1 times 2^128 is +Inf as a float
    for (uint64_t i = 0; i < blocks; ++i) std::memcpy(&b[p + 2 * i], &huge, 2);
    CHECK_THROWS_WITH(load(with_checksum(b)), Catch::Contains("non-finite"));
  }
  SECTION("ranker") {
    OwnedQueries q;
    q.features = OwnedRows::dense(2);
    for (int i = 0; i < 40; ++i) {
      q.features.values.push_back(d.x[2 * i]), q.features.values.push_back(d.x[2 * i + 1]);
      q.relevance.push_back(float(d.y[i]));  // grades 0..2
      if (i % 8 == 7) q.offsets.push_back(i + 1);
    }
    const Ranker m = Ranker::train(q.view(), {});
    refuses_non_finite(m.to_bytes(), first_nonzero(m.weights()),
                       [](const Bytes& b) { Ranker::from_bytes(b.data(), b.size()); });
  }
  SECTION("binary models of every learner") {
    const BinarySample sample = BinarySample::all(rows, signs_of(d));
    for (const std::string trainer : {"dcd", "pegasos", "newton", "perceptron"}) {
      INFO(trainer);
      const auto m = make_binary_trainer("linear", {{"trainer", trainer}})(sample, 1);
      const auto& linear = dynamic_cast<const LinearBinaryModel&>(*m);
      refuses_non_finite(m->to_bytes(), first_nonzero(linear.weights()), binary_load);
    }
    const auto kernel = make_binary_trainer("kernel", {{"kernel", "rbf"}, {"gamma", "0.375"}})(sample, 1);
    const auto& k = dynamic_cast<const KernelBinaryModel&>(*kernel);
    refuses_non_finite(kernel->to_bytes(), first_nonzero(k.support_vectors().coefficients()), binary_load);
    refuses_non_finite(kernel->to_bytes(), 0.375, binary_load);  // the kernel's γ
    for (const std::string learner : {"stump", "tree"}) {
      INFO(learner);
      const auto m = make_binary_trainer(learner, {})(sample, 1);
      const DecisionTree& t = dynamic_cast<const TreeBinaryModel&>(*m).tree();
      refuses_non_finite(m->to_bytes(), t.node(0).threshold, binary_load);
      refuses_non_finite(m->to_bytes(), t.node(0).weight, binary_load);
    }
  }
  SECTION("reduction, and its random-feature map") {
    ReductionConfig c;
    const ReductionModel m = ReductionModel::train_on_labels(rows, d.y.data(), c);
    const Load load = [](const Bytes& b) { ReductionModel::from_bytes(b.data(), b.size()); };
    refuses_non_finite(m.to_bytes(), first_nonzero(dynamic_cast<const LinearBinaryModel&>(m.binary(0)).weights()), load);
    c.rff = 16, c.rff_gamma = 0.625;
    refuses_non_finite(ReductionModel::train_on_labels(rows, d.y.data(), c).to_bytes(), 0.625, load);
  }
  SECTION("tree") {
    const DecisionTree t = DecisionTree::train_on_labels(rows, d.y.data(), TreeConfig{});
    const Load load = [](const Bytes& b) { DecisionTree::from_bytes(b.data(), b.size()); };
    refuses_non_finite(t.to_bytes(), t.node(0).threshold, load);
    refuses_non_finite(t.to_bytes(), t.node(0).risk, load);
  }
  SECTION("adaboost-mh, mono-label and multi-label") {
    const AdaBoostMH m = AdaBoostMH::train_on_labels(rows, d.y.data(), AdaBoostMHConfig{20});
    refuses_non_finite(m.to_bytes(), m.stumps()[0].alpha,
                       [](const Bytes& b) { AdaBoostMH::from_bytes(b.data(), b.size()); });
    refuses_non_finite(m.to_multilabel_bytes(), m.stumps()[0].alpha,
                       [](const Bytes& b) { AdaBoostMH::from_bytes(b.data(), b.size()); });
  }
  SECTION("multilabel binary relevance") {
    const BinaryRelevanceModel m = BinaryRelevanceModel::train(rows, LabelMatrix::from_classes(d.y, 3), "linear", {});
    refuses_non_finite(m.to_bytes(), first_nonzero(dynamic_cast<const LinearBinaryModel&>(m.binary(1)).weights()),
                       [](const Bytes& b) { BinaryRelevanceModel::from_bytes(b.data(), b.size()); });
    // 16-bit weights (format version 4): the bias is still a float
    const BinaryRelevanceModel q = BinaryRelevanceModel::train(rows, LabelMatrix::from_classes(d.y, 3), "linear", {{"weightBits", "16"}});
    refuses_non_finite(q.to_bytes(), dynamic_cast<const LinearBinaryModel&>(q.binary(1)).bias(),
                       [](const Bytes& b) { BinaryRelevanceModel::from_bytes(b.data(), b.size()); });
  }
}

TEST_CASE("model contract: saved options are checked on load", "[model-contract]") {
  Sentences tokens, tags;
  tagged_corpus(tokens, tags);
  const Load load = [](const Bytes& b) { SequenceModel::from_bytes(b.data(), b.size()); };
  const Bytes crf = train_tagger(tokens, tags, {{"trainer", "lbfgs"}, {"loss", "log"}, {"maxIter", "5"}, {"weightBits", "16"}}).to_bytes();
  REQUIRE_NOTHROW(load(crf));
  CHECK_THROWS_WITH(load(replaced_text(crf, std::string("\x0a\0\0\0" "weightBits", 14), std::string("\x0a\0\0\0" "weightBitz", 14))), Catch::Contains("weightBitz"));
  CHECK_THROWS_WITH(load(replaced_text(crf, std::string("\x02\0\0\0" "c2", 6), std::string("\x02\0\0\0" "c3", 6))), Catch::Contains("c3"));
  const Bytes b33 = replaced_text(crf, std::string("\x02\0\0\0" "16", 6), std::string("\x02\0\0\0" "33", 6));
  CHECK_THROWS_WITH(load(b33), Catch::Contains("weightBits"));
  const Bytes eta = train_tagger(tokens, tags, {{"trainer", "sgd"}, {"loss", "hinge"}, {"eta", "0.5"}}).to_bytes();
  REQUIRE_NOTHROW(load(eta));
  CHECK_THROWS_AS(load(replaced_text(eta, std::string("\x03\0\0\0" "0.5", 7), std::string("\x03\0\0\0" "nan", 7))),
                  InputError);

  const Clusters& d = data_;
  const Bytes linear = LinearMulticlass::train(d.rows(), d.y, {{"trainer", "pegasos"}, {"epochs", "3"}}, {}).to_bytes();
  REQUIRE_NOTHROW(LinearMulticlass::from_bytes(linear.data(), linear.size()));
  const Bytes bad = replaced_text(linear, "epochs", "epocks");
  CHECK_THROWS_WITH(LinearMulticlass::from_bytes(bad.data(), bad.size()), Catch::Contains("epocks"));
}

TEST_CASE("model contract: reductions, trees and boosting keep the original labels", "[model-contract]") {
  const Clusters& d = data_;
  std::vector<int32_t> labels;
  for (int32_t y : d.y) labels.push_back(5 + 2 * y);  // 5, 7, 9
  const Rows rows = d.rows();
  const std::vector<int32_t> expected{5, 7, 9};
  const ReductionModel r = ReductionModel::train_on_labels(rows, labels.data(), ReductionConfig{});
  CHECK(r.class_labels() == expected);
  const Bytes rb = r.to_bytes();
  CHECK(ReductionModel::from_bytes(rb.data(), rb.size()).predict_labels(rows) == r.predict_labels(rows));
  const std::vector<int32_t> predicted = r.predict_labels(rows);
  CHECK(std::all_of(predicted.begin(), predicted.end(), [](int32_t y) { return y == 5 || y == 7 || y == 9; }));

  const DecisionTree t = DecisionTree::train_on_labels(rows, labels.data(), TreeConfig{});
  CHECK(t.class_labels() == expected);
  const Bytes tb = t.to_bytes();
  const DecisionTree t2 = DecisionTree::from_bytes(tb.data(), tb.size());
  for (int i = 0; i < rows.rows(); ++i) CHECK(t2.predict_label(rows.row(i)) == labels[size_t(i)]);  // a full tree fits

  const AdaBoostMH a = AdaBoostMH::train_on_labels(rows, labels.data(), AdaBoostMHConfig{20});
  CHECK(a.class_labels() == expected);
  const Bytes ab = a.to_bytes();
  const AdaBoostMH a2 = AdaBoostMH::from_bytes(ab.data(), ab.size());
  for (int i = 0; i < rows.rows(); ++i) CHECK(a2.predict_label(rows.row(i)) == a.predict_label(rows.row(i)));
}
