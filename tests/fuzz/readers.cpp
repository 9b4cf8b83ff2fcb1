// libFuzzer target for one text reader, chosen at compile time (-DREADER=libsvm|multilabel|conllu|columns|
// svmhmm|letor). A reader either throws InputError or returns data whose every index is in range and every
// value finite; anything else (a crash, a sanitizer report, another exception) is a bug. The same text cut
// into chunks at points drawn from its hash must read exactly as when whole (the same result, or the same
// error message).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "io/conll.hpp"
#include "io/letor.hpp"
#include "io/libsvm.hpp"
#include "io/multilabel.hpp"
#include "io/svmhmm.hpp"
#include "core/hash.hpp"
#include "../cpp/reader_results.hpp"

namespace {

using namespace argmax;

// Every stored index within [0, cols), every value finite, offsets non-decreasing and ending at the values.
void check(const OwnedRows& rows) {
  try {
    rows.view().validate("fuzzed rows");
  } catch (const InputError&) {
    __builtin_trap();
  }
  if (rows.sparse && rows.offsets.back() != int32_t(rows.values.size())) __builtin_trap();
}

void check(const TaggedText& t) {
  std::vector<std::vector<std::string>> tokens, tags;
  try {
    tokens = t.token_sentences(), tags = t.tag_sentences();
  } catch (const InputError&) {  // the words do not add up to the lengths
    __builtin_trap();
  }
  if (tokens.size() != tags.size()) __builtin_trap();
  for (size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].size() != tags[i].size() || tokens[i].empty()) __builtin_trap();
}

void read(const std::string& text) {
#if READER_libsvm
  check(read_libsvm(text).rows);
#elif READER_multilabel
  const MultilabelData d = read_multilabel_text(text);
  check(d.features);
  for (const auto& set : d.label_sets)
    for (int32_t l : set)
      if (l < 0 || l >= d.labels) __builtin_trap();
#elif READER_conllu
  check(read_conllu(text));
#elif READER_columns
  check(read_columns(text));
#elif READER_svmhmm
  const NumericSequences s = read_svmhmm(text);
  check(s.rows);
  if (s.starts.back() != s.rows.rows() || s.tags.size() + 1 != s.starts.size()) __builtin_trap();
#elif READER_letor
  const OwnedQueries q = read_letor(text);
  check(q.features);
  if (q.offsets.back() != q.features.rows() || q.relevance.size() != size_t(q.features.rows())) __builtin_trap();
  for (float r : q.relevance)
    if (!std::isfinite(r)) __builtin_trap();
#else
#error "define READER_<name>"
#endif
}

auto parser() {
#if READER_libsvm
  return LibsvmParser();
#elif READER_multilabel
  return MultilabelParser();
#elif READER_conllu
  return ConlluParser();
#elif READER_columns
  return ColumnsParser();
#elif READER_svmhmm
  return SvmhmmParser();
#elif READER_letor
  return LetorParser();
#endif
}

// Up to three cut points (sorted, possibly equal) drawn from the text's hash.
std::vector<size_t> cuts(const std::string& text) {
  uint64_t h = fnv1a(text);
  std::vector<size_t> out;
  for (int i = 0; i < 3; ++i, h = h * 6364136223846793005ull + 1442695040888963407ull)
    out.push_back(size_t((h >> 33) % (text.size() + 1)));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    read(text);
  } catch (const InputError&) {
  }
  if (read_cut(parser(), text, {}) != read_cut(parser(), text, cuts(text))) __builtin_trap();
  return 0;
}
