// libFuzzer target for model bytes of every kind. A model either fails to load with InputError, or loads
// and then predicts on inputs of every width up to and past its own without touching memory outside its
// buffers (AddressSanitizer watches). The custom mutator edits the payload and recomputes the checksum, so
// mutations reach the parser behind it; half of them write a boundary value (2^k ± small, 2^30 + n, …)
// into an aligned integer field, the sizes and counts a hostile file would claim.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "binary/binary_model.hpp"
#include "boosting/adaboost_mh.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/bytes.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "ranking/ranker.hpp"
#include "reductions/binary_relevance.hpp"
#include "reductions/reduction.hpp"
#include "search/search_ranker.hpp"
#include "search/search_index.hpp"
#include "sequence/sequence_model.hpp"
#include "sequence/tokenizer.hpp"
#include "text/vectorizer.hpp"
#include "textclass/text_classifier.hpp"
#include "trees/decision_tree.hpp"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

using namespace argmax;

// A row of `cols` columns, dense and sparse (first, middle and last column). A model may claim a width
// (up to 2^31 − 1 columns) too large to build a dense row for: then only the sparse row is used.
struct Inputs {
  static constexpr int32_t kMaxDense = 1 << 16;
  std::vector<float> dense;
  std::vector<int32_t> offsets{0}, indices;
  std::vector<float> values;
  int32_t cols;

  explicit Inputs(int32_t c) : cols(c) {
    for (int32_t j = 0; j < std::min(cols, kMaxDense); ++j) dense.push_back(float(j % 7) - 3.f);
    for (int32_t j : {0, cols / 2, cols - 1})
      if (j >= 0 && (indices.empty() || j > indices.back())) indices.push_back(j), values.push_back(1.5f);
    offsets.push_back(int32_t(indices.size()));
  }
  Rows dense_rows() const { return cols <= kMaxDense ? Rows::dense(dense.data(), 1, cols) : sparse_rows(); }
  Rows sparse_rows() const { return Rows::sparse(offsets.data(), indices.data(), values.data(), 1, cols); }
};

// Calls f(rows) with what the bindings let through for a model of `cols` columns: dense rows of exactly
// that width, sparse rows of that width, and sparse rows wider than it (columns it never saw).
template <class F>
void each_input(int64_t cols, F&& f) {
  if (cols < 0 || cols > INT32_MAX - 3) return;
  const Inputs exact{int32_t(cols)}, wider{int32_t(cols) + 3};
  f(exact.dense_rows()), f(exact.sparse_rows()), f(wider.sparse_rows());
}

void use(const uint8_t* data, size_t size) {
  const std::string kind = model_kind(data, size);
  if (kind == "linear-multiclass") {
    const LinearMulticlass m = LinearMulticlass::from_bytes(data, size);
    std::vector<float> scores(size_t(m.classes()));
    int32_t label;
    each_input(m.cols(), [&](const Rows& x) { m.predict(x, &label), m.scores(x, scores.data()); });
  } else if (kind == "kernel-multiclass") {
    const KernelMulticlass m = KernelMulticlass::from_bytes(data, size);
    std::vector<float> scores(m.labels().size());
    int32_t label;
    each_input(m.cols(), [&](const Rows& x) { m.predict(x, &label), m.scores(x, scores.data()); });
  } else if (kind == "tree") {
    const DecisionTree t = DecisionTree::from_bytes(data, size);
    each_input(t.cols(), [&](const Rows& x) { t.predict(x.row(0)); });
  } else if (kind == "adaboost-mh" || kind == "multilabel") {
    if (kind == "multilabel") {
      try {
        const BinaryRelevanceModel br = BinaryRelevanceModel::from_bytes(data, size);
        each_input(br.cols(), [&](const Rows& x) { br.predict(x); });
        return;
      } catch (const InputError&) {  // a multi-label AdaBoost.MH model
      }
    }
    const AdaBoostMH a = AdaBoostMH::from_bytes(data, size);
    each_input(a.cols(), [&](const Rows& x) { a.predict_classes(x), a.predict_labels(x); });
  } else if (kind == "reduction") {
    const ReductionModel r = ReductionModel::from_bytes(data, size);
    each_input(r.cols(), [&](const Rows& x) { r.predict(x); });
  } else if (kind == "binary") {
    const auto b = BinaryModel::from_bytes(data, size);
    each_input(b->cols(), [&](const Rows& x) { b->score(x.row(0)); });
  } else if (kind == "ranking") {
    const Ranker r = Ranker::from_bytes(data, size);
    each_input(int64_t(r.dim()), [&](const Rows& x) { r.score(x); });
  } else if (kind == "search-ranker") {  // its Ranker scores rows of its feature columns
    const SearchRanker m = SearchRanker::from_bytes(data, size);
    each_input(int64_t(m.feature_names().size()), [&](const Rows& x) { m.ranker().score(x); });
  } else if (kind == "text-classifier") {
    const TextClassifier m = TextClassifier::from_bytes(data, size);
    const std::vector<std::string_view> texts = {"", "a red apple", "zzzz zz"};
    std::vector<float> p(texts.size() * size_t(m.classes_count()));
    m.probabilities(texts, p.data());
    if (m.multilabel()) m.predict_sets(texts);
    else m.predict(texts);
    m.explain(texts[1], 0, 5);
  } else if (kind == "text-vectorizer") {
    TextVectorizer::from_bytes(data, size).transform({"", "a red apple"});
  } else if (kind == "sequence") {
    const SequenceModel m = SequenceModel::from_bytes(data, size);
    if (m.input == SequenceInput::Tokens) {
      m.tag({{"The", "dog", "barked", "."}, {"x"}});
    } else {
      each_input(m.numeric_columns, [&](const Rows& x) {
        SequenceBatch batch;
        m.featurize(x, {0, 1}, batch);
        m.decode(batch);
      });
    }
  } else if (kind == "tokenizer") {  // loaded, it tokenizes a text of one cluster per (ASCII) character
    const TokenizerModel m = TokenizerModel::from_bytes(data, size);
    ClusterText text{"The dog barked. Then it ran.", {}};
    for (size_t i = 1; i <= text.text.size(); ++i) text.ends.push_back(int32_t(i));
    m.tokenize(text);
  } else if (kind == "search-index") {  // loaded, it searches, gives features, and takes changes
    SearchIndex index = SearchIndex::from_bytes(data, size);
    const auto hits = index.search("a b \"a b\" c", 5);
    std::vector<std::string> ids;
    for (const Hit& h : hits) ids.push_back(index.id(h.doc));
    index.features("a b \"b c\"", ids);
    if (!ids.empty()) index.remove(ids[0]);
    index.to_bytes();
  }
}

// A value a hostile header would use for a size or count.
uint64_t boundary_value(unsigned seed) {
  const int k = int(seed % 64), delta = int((seed / 64) % 5) - 2;
  switch ((seed / 320) % 4) {
    case 0: return (uint64_t(1) << k) + uint64_t(int64_t(delta));
    case 1: return (uint64_t(1) << 30) + uint64_t(seed % 97);
    case 2: return ~uint64_t(0) - uint64_t(seed % 3);
    default: return uint64_t(1) << (k % 32);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    use(data, size);
  } catch (const InputError&) {
  }
  return 0;
}

// Mutates the payload (everything before the 8-byte checksum), then writes a fresh checksum.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  if (size < 16 || max_size < 16) return LLVMFuzzerMutate(data, size, max_size);
  size_t payload = size - 8;
  const uint64_t r = (uint64_t(seed) + 1) * 0x9e3779b97f4a7c15ull;
  if (r >> 63) {
    payload = LLVMFuzzerMutate(data, payload, max_size - 8);
  } else {
    const size_t width = (r >> 62) & 1 ? 8 : 4;  // fields are not aligned: any offset
    const uint64_t v = boundary_value(unsigned(r >> 20));
    std::memcpy(data + (r >> 32) % (payload - width + 1), &v, width);
  }
  const uint64_t sum = fnv1a(data, payload);
  std::memcpy(data + payload, &sum, 8);
  return payload + 8;
}
