// Hostile sizes: model bytes whose dimension fields multiply past 32 bits (on wasm32 they used to wrap
// back to a small, consistent-looking size), counts whose tables would not fit, and text numbers that
// are finite as doubles but overflow float. Each model is written field by field with ByteWriter (so the
// checksum is right); a benign twin written by the same helper must load, so the hostile one is
// refused by the size check and not by some earlier format error.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "binary/binary_model.hpp"
#include "boosting/adaboost_mh.hpp"
#include "core/sizes.hpp"
#include "io/bytes.hpp"
#include "io/letor.hpp"
#include "io/libsvm.hpp"
#include "io/multilabel.hpp"
#include "io/svmhmm.hpp"
#include "metrics/ranking_metrics.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "ranking/ndcg_oracle.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "sequence/nbest.hpp"
#include "io/quantized_weights.hpp"
#include "sequence/slack_rescaling.hpp"
#include "sequence/sequence_model.hpp"
#include "trees/decision_tree.hpp"

using namespace argmax;

namespace {

constexpr int32_t k2to26 = int32_t(1) << 26, k2to30 = int32_t(1) << 30;
const auto kLimit = Catch::Contains("exceed the limit");

// A sequence model as SequenceModel::to_bytes lays it out, with empty lexicons and options.
std::vector<uint8_t> sequence_bytes(int labels, SequenceInput input, const std::string& templates, int32_t bits,
                                    int32_t columns, size_t weights) {
  ByteWriter w("sequence");
  std::vector<std::string> names;
  for (int y = 0; y < labels; ++y) names.push_back("L" + std::to_string(y));
  w.put_strings(names);
  w.put<uint8_t>(uint8_t(input));
  w.put_string(templates);
  w.put<int32_t>(bits);
  w.put_vector(std::vector<uint64_t>{});  // dictionary keys
  w.put_vector(std::vector<uint64_t>{});  // tag lexicon keys
  w.put_vector(std::vector<uint64_t>{});  // tag lexicon classes
  w.put<uint64_t>(0);                     // word lexicon: words
  w.put_vector(std::vector<uint8_t>{});   // word lexicon fingerprint gaps
  w.put_vector(std::vector<uint8_t>{});   // word lexicon class ids
  w.put_vector(std::vector<uint64_t>{});  // word lexicon sets
  w.put<int32_t>(columns);
  w.put<uint8_t>(1);  // bias column
  w.put_options({});
  put_weights(w, std::vector<float>(weights, 0.f), 32);
  return w.finish();
}

SequenceModel load_sequence(const std::vector<uint8_t>& b) { return SequenceModel::from_bytes(b.data(), b.size()); }

// A Multivector linear multiclass model without bias: k classes, `cols` columns, `weights` weights.
std::vector<uint8_t> multiclass_bytes(int32_t k, int32_t cols, size_t weights) {
  ByteWriter w("linear-multiclass");
  w.put_string("cs");
  w.put_options({});
  w.put<uint8_t>(0);  // Multivector
  w.put<int32_t>(k);
  w.put<int32_t>(cols);
  w.put<float>(0.f);  // no bias feature
  w.put_vector(std::vector<float>{});
  std::vector<int32_t> labels;
  for (int y = 0; y < k; ++y) labels.push_back(y);
  w.put_vector(labels);
  w.put_vector(std::vector<float>(weights, 0.f));
  return w.finish();
}

// A tree payload of `nodes` leaves (node 0 alone is reached) and `dist` class fractions.
void put_tree(ByteWriter& w, int32_t classes, int32_t nodes, size_t dist) {
  w.put<int32_t>(classes);
  w.put<int32_t>(1);  // columns
  w.put_vector(std::vector<int32_t>(nodes, -1));
  w.put_vector(std::vector<float>(nodes, 0.f));
  w.put_vector(std::vector<uint8_t>(nodes, 2));
  w.put_vector(std::vector<int32_t>(nodes, -1));
  w.put_vector(std::vector<int32_t>(nodes, -1));
  w.put_vector(std::vector<double>(nodes, 1.0));
  w.put_vector(std::vector<double>(nodes, 0.0));
  w.put_vector(std::vector<float>(dist, 0.5f));
  std::vector<int32_t> labels;
  for (int c = 0; c < classes; ++c) labels.push_back(c);
  w.put_vector(labels);
}

std::vector<uint8_t> tree_bytes(int32_t classes, int32_t nodes, size_t dist) {
  ByteWriter w("tree");
  put_tree(w, classes, nodes, dist);
  return w.finish();
}

// A reduction header with a k × c code of alternating signs (models and labels left out: the code is
// checked first).
std::vector<uint8_t> reduction_header(int32_t k, int32_t c, size_t entries) {
  ByteWriter w("reduction");
  w.put_string("ecoc");  // a reduction the loader knows (it checks the name first)
  w.put_string("perceptron");
  w.put_string("hamming");
  w.put<int32_t>(k);
  w.put<int32_t>(c);
  std::vector<int8_t> code(entries, 1);
  for (size_t j = 1; j < entries; j += 2) code[j] = -1;
  w.put_vector(code);
  return w.finish();
}

}  // namespace

TEST_CASE("checked_count multiplies in 64 bits against the 1 GiB buffer limit", "[limits]") {
  CHECK(checked_count<float>("x", {3, 5, 7}) == 105);
  CHECK(checked_count<float>("x", {}) == 1);
  CHECK(checked_count<float>("x", {int64_t(1) << 40, 0}) == 0);  // a zero factor wins over a huge one
  CHECK(checked_count<float>("x", {int64_t(1) << 28}) == size_t(1) << 28);  // exactly 1 GiB of floats
  CHECK_THROWS_WITH(checked_count<float>("weights", {(int64_t(1) << 28) + 1}),
                    Catch::Contains("weights") && kLimit);
  CHECK_THROWS_WITH(checked_count<double>("table", {k2to30, k2to30, k2to30}), Catch::Contains("table") && kLimit);
  // 2^32 · 2^32 wraps a 64-bit product to 0: the check must not be fooled.
  CHECK_THROWS_WITH(checked_count<int8_t>("wrap", {int64_t(1) << 32, int64_t(1) << 32}), kLimit);
  CHECK_THROWS_WITH(checked_count<float>("columns", {-3}), Catch::Contains("columns: negative size (-3)"));
}

TEST_CASE("a chain layout whose weight count would wrap 32 bits is refused", "[limits][sequence]") {
  CHECK(ChainLayout{10, 3}.dim() == 10 * 3 + 3 * 3 + 2 * 3);
  CHECK_THROWS_WITH((ChainLayout{k2to30 + 8, 4}.dim()), kLimit);  // (2^30 + 8)·4 + 24 ≡ 56 mod 2^32
  CHECK_THROWS_WITH((ChainLayout{k2to26, 64}.dim()), kLimit);     // 2^26 · 64 ≡ 0 mod 2^32
}

TEST_CASE("sequence model bytes with huge dimension fields do not load", "[limits][sequence]") {
  // Benign twins: 3 columns + bias, 4 labels → 4·4 + 16 + 8 weights; hashed 2^4 rows, 3 labels.
  CHECK(load_sequence(sequence_bytes(4, SequenceInput::Numeric, "", 0, 3, 4 * 4 + 16 + 8)).numeric_columns == 3);
  CHECK(load_sequence(sequence_bytes(3, SequenceInput::Tokens, "lower[0]", 4, 0, 16 * 3 + 9 + 6)).weights.size() ==
        16 * 3 + 9 + 6);
  // numeric_columns = 7 + 2^30: with the bias, (2^30 + 8)·4 + 4·4 + 8 wraps to 56 weights in 32 bits.
  CHECK_THROWS_WITH(load_sequence(sequence_bytes(4, SequenceInput::Numeric, "", 0, 7 + k2to30, 56)), kLimit);
  // 2^26 − 1 columns + bias = 2^26 rows × 64 labels ≡ 0 mod 2^32, leaving 64·64 + 128 weights.
  CHECK_THROWS_WITH(load_sequence(sequence_bytes(64, SequenceInput::Numeric, "", 0, k2to26 - 1, 64 * 64 + 128)),
                    kLimit);
  // The hashed-feature path: 2^26 buckets × 64 labels.
  CHECK_THROWS_WITH(load_sequence(sequence_bytes(64, SequenceInput::Tokens, "lower[0]", 26, 0, 64 * 64 + 128)),
                    kLimit);
  CHECK_THROWS_WITH(load_sequence(sequence_bytes(4, SequenceInput::Numeric, "", 0, INT32_MAX, 56)), kLimit);
  CHECK_THROWS_WITH(load_sequence(sequence_bytes(4, SequenceInput::Numeric, "", 0, -1, 56)),
                    Catch::Contains("negative size"));
}

TEST_CASE("linear multiclass bytes with 2^30 columns do not load", "[limits][multiclass]") {
  const auto ok = multiclass_bytes(4, 3, 12);
  CHECK(LinearMulticlass::from_bytes(ok.data(), ok.size()).cols() == 3);
  const auto wrap = multiclass_bytes(4, k2to30, 0);  // 2^30 · 4 ≡ 0 mod 2^32
  CHECK_THROWS_WITH(LinearMulticlass::from_bytes(wrap.data(), wrap.size()), kLimit);
}

TEST_CASE("a tree of 65,536 leaves × 65,536 classes does not load", "[limits][tree]") {
  const auto ok = tree_bytes(3, 2, 6);
  CHECK(DecisionTree::from_bytes(ok.data(), ok.size()).classes() == 3);
  const auto wrap = tree_bytes(65536, 65536, 0);  // 2^16 · 2^16 ≡ 0 mod 2^32
  CHECK_THROWS_WITH(DecisionTree::from_bytes(wrap.data(), wrap.size()), kLimit);
}

TEST_CASE("a binary tree model must have two classes", "[limits][binary]") {
  // score() reads p₊ − p₋ at the leaf: a one-class tree would read past its class table.
  for (int classes : {1, 2}) {
    ByteWriter w("binary");
    w.put_string("tree");
    put_tree(w, classes, 1, size_t(classes));
    const auto b = w.finish();
    if (classes == 2) {
      CHECK(BinaryModel::from_bytes(b.data(), b.size())->learner() == "tree");
    } else {
      CHECK_THROWS_WITH(BinaryModel::from_bytes(b.data(), b.size()), Catch::Contains("needs 2 classes"));
    }
  }
}

TEST_CASE("reduction, binary relevance and AdaBoost.MH bytes with huge label counts do not load", "[limits]") {
  // Reduction: a 65,536 × 65,536 code (≡ 0 entries mod 2^32). Its benign twin gets past the code check
  // and fails later, at the missing class labels.
  const auto small = reduction_header(2, 1, 2);
  CHECK_THROWS_WITH(ReductionModel::from_bytes(small.data(), small.size()), Catch::Contains("truncated"));
  const auto code = reduction_header(65536, 65536, 0);
  CHECK_THROWS_WITH(ReductionModel::from_bytes(code.data(), code.size()), Catch::Contains("code matrix") && kLimit);

  ByteWriter br("multilabel");
  br.put_string("br");
  br.put_string("perceptron");
  br.put<int32_t>(k2to30);
  const auto labels = br.finish();
  CHECK_THROWS_WITH(BinaryRelevanceModel::from_bytes(labels.data(), labels.size()), kLimit);

  ByteWriter ada("adaboost-mh");
  ada.put<int32_t>(k2to30);
  ada.put<int32_t>(1);
  const auto boost = ada.finish();
  CHECK_THROWS_WITH(AdaBoostMH::from_bytes(boost.data(), boost.size()), kLimit);
}

TEST_CASE("a vector length past the end of the model bytes is refused before allocating", "[limits]") {
  ByteWriter w("ranking");
  w.put_options({});
  w.put<uint64_t>(uint64_t(1) << 62);  // a float vector of 2^62 items
  const auto b = w.finish();
  ByteReader in(b.data(), b.size(), "ranking");
  in.get_options();
  CHECK_THROWS_WITH(in.get_vector<float>(), Catch::Contains("past the end"));
}

TEST_CASE("n-best refuses a count whose table would pass the limit", "[limits][nbest]") {
  ChainScores s(3, 5);
  for (size_t j = 0; j < s.emit.size(); ++j) s.emit[j] = float(j % 7);
  // 3 · 5 · 286331154 entries ≡ 14 mod 2^32 as a 32-bit count of 12-byte entries.
  CHECK_THROWS_WITH(nbest(s, 286331154), Catch::Contains("n-best table") && kLimit);
  CHECK_THROWS_WITH(nbest(s, INT32_MAX), kLimit);
  // A count above the 5^3 labellings but within the limit lists them all.
  CHECK(nbest(s, 1000).size() == 125);
}

TEST_CASE("readers refuse numbers that overflow float, naming the line", "[limits][io]") {
  CHECK_THROWS_WITH(read_libsvm("1 1:1\n1 1:1e300\n"), Catch::Contains("line 2") && Catch::Contains("1e300"));
  CHECK_THROWS_WITH(read_libsvm("1 1:-1e39\n"), Catch::Contains("line 1"));
  CHECK(read_libsvm("1 1:3e38\n").rows.values[0] == 3e38f);  // the largest floats still read
  CHECK(read_libsvm("1 1:1e-50\n").rows.values.empty());      // below float's range rounds to 0, not stored
  CHECK_THROWS_WITH(read_multilabel_text("0,1 1:1e39\n"), Catch::Contains("line 1"));
  CHECK_THROWS_WITH(read_letor("0 qid:1 1:1\n1e39 qid:1 1:1\n"), Catch::Contains("line 2") && Catch::Contains("relevance"));
  CHECK_THROWS_WITH(read_letor("1 qid:1 1:1e300\n"), Catch::Contains("line 1") && Catch::Contains("bad value in '1:1e300'"));
  CHECK(read_letor("1 qid:1 1:1e-50\n").features.values.empty());  // a value that rounds to 0 is not stored
  CHECK_THROWS_WITH(read_svmhmm("A qid:1 1:1\nB qid:1 1:1e39\n"), Catch::Contains("line 2"));
}

TEST_CASE("a multi-label file with a huge label on a few lines is refused", "[limits][io]") {
  std::string text;
  for (int i = 0; i < 80; ++i) text += "16777215 1:1\n";  // 80 × 2^24 label matrix entries = 1.34 GB
  CHECK_THROWS_WITH(read_multilabel_text(text), Catch::Contains("label matrix") && kLimit);
  CHECK(read_multilabel_text("16777215 1:1\n").labels == 1 << 24);  // one line: 16 MB, fine
  CHECK_THROWS_WITH(LabelMatrix(80, 1 << 24), kLimit);
  CHECK_THROWS_WITH(LabelMatrix::from_sets({{INT32_MAX}}), kLimit);  // 2^31 labels, counted without overflow
}

TEST_CASE("a ranking report for a huge max k is refused", "[limits][ranking]") {
  OwnedQueries data;
  data.features.cols = 1;
  data.features.offsets = {0, 0};
  data.relevance = {1};
  data.offsets = {0, 1};
  const double scores[] = {1};
  CHECK(evaluate_ranking(data.view(), scores, EvalConvention::Common, 3).ndcg.size() == 3);
  CHECK_THROWS_WITH(evaluate_ranking(data.view(), scores, EvalConvention::Common, INT32_MAX), kLimit);
}

TEST_CASE("inference tables sized by the input are held to the limit before they are allocated", "[limits]") {
  // 11,586² doubles of Hungarian costs pass 1 GiB (and r² wraps 32 bits from r = 65,536).
  const int32_t r = 11586;
  const std::vector<double> s(r, 0.5), beta(r, 1.0);
  CHECK_THROWS_WITH(ndcg_argmax_hungarian(s.data(), beta.data(), r, 10), Catch::Contains("NDCG assignment") && kLimit);
  CHECK(ndcg_argmax_hungarian(s.data(), beta.data(), 3, 10).size() == 3);
  // 2^20 positions × 2^9 labels of chain scores.
  CHECK_THROWS_WITH(ChainScores(1 << 20, 1 << 9), Catch::Contains("chain scores") && kLimit);
  // Slack rescaling keeps positions × labels × (positions + 1) back-pointers: 4,000 × 20 × 4,001 ints.
  const ChainScores chain(4000, 20);
  const std::vector<int> gold(4000, 0);
  CHECK_THROWS_WITH(slack_rescaled_argmax(chain, gold.data(), 1.0), Catch::Contains("slack-rescaled") && kLimit);
}
