// Shared by the reader tests and the reader fuzz targets: every reader's result written out in full, so that
// two reads compare as two strings, and what a reader makes of a text cut into chunks at given points.
#pragma once
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "io/conll.hpp"
#include "io/letor.hpp"
#include "io/libsvm.hpp"
#include "io/lines.hpp"
#include "io/multilabel.hpp"
#include "io/svmhmm.hpp"

namespace argmax {

// Each result written out in full, so that two reads compare as two strings.
template <class T>
void put(std::ostream& out, const std::vector<T>& v) {
  for (const auto& x : v) out << x << ' ';
  out << '|';
}
inline void put(std::ostream& out, const OwnedRows& r) {
  put(out, r.offsets), put(out, r.indices), put(out, r.values);
  out << r.cols << '|';
}
inline std::string show(const LabeledRows& d) {
  std::ostringstream out;
  put(out, d.rows), put(out, d.labels), put(out, d.lines);
  return out.str();
}
inline std::string show(const MultilabelData& d) {
  std::ostringstream out;
  put(out, d.features);
  for (const auto& s : d.label_sets) put(out, s);
  out << d.labels;
  return out.str();
}
inline std::string show(const OwnedQueries& d) {
  std::ostringstream out;
  put(out, d.features), put(out, d.relevance), put(out, d.offsets), put(out, d.qids);
  return out.str();
}
inline std::string show(const NumericSequences& d) {
  std::ostringstream out;
  put(out, d.rows), put(out, d.starts), put(out, d.qids);
  for (const auto& t : d.tags) put(out, t);
  return out.str();
}
inline std::string show(const TaggedText& d) {
  std::ostringstream out;
  out << d.tokens << '|' << d.tags << '|';
  put(out, d.lengths);
  return out.str();
}

// What a reader makes of `text` cut at the given points: the result shown, or the error's message.
template <class Parser>
std::string read_cut(const Parser& parser, const std::string& text, const std::vector<size_t>& cuts) {
  ChunkedReader<Parser> reader(parser);
  try {
    size_t from = 0;
    for (const size_t cut : cuts) reader.feed(std::string_view(text).substr(from, cut - from)), from = cut;
    reader.feed(std::string_view(text).substr(from));
    return show(reader.finish());
  } catch (const InputError& e) {
    return std::string("error: ") + e.what();
  }
}

}  // namespace argmax
