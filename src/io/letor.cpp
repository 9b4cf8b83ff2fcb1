#include "io/letor.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "io/libsvm.hpp"
#include "core/parse_number.hpp"

namespace argmax {

LetorParser::LetorParser(int32_t min_cols) : min_cols_(min_cols) { data_.features.sparse = true; }

void LetorParser::reserve(std::string_view chunk) { reserve_features(chunk, data_.features); }

void LetorParser::line(const Line& line) {
  const char* p = line.b;
  const char* end = line.e;
  if (!data_part(p, end)) return;
  std::string_view token = next_blank_field(p, end);
  float rel = 0;
  require(parse_finite_float(token.data(), token.data() + token.size(), rel), "line ", line.number, ": relevance '",
          token, "' is not a finite number within float range");
  token = next_blank_field(p, end);
  require(token.rfind("qid:", 0) == 0 && token.size() > 4, "line ", line.number,
          ": expected 'qid:<id>' after the relevance, got '", token, "'");
  const std::string_view qid = token.substr(4);
  if (qid != current_) {
    const std::string id(qid);
    require(!finished_.count(id), "line ", line.number, ": query ", qid,
            " appears again after other queries; the documents of a query must be contiguous");
    if (!current_.empty()) {
      finished_.insert(current_);
      data_.offsets.push_back(int32_t(data_.relevance.size()));
    }
    current_ = id;
    data_.qids.push_back(id);
  }
  max_index_ = std::max(max_index_, parse_features(p, end, line.number, data_.features));
  data_.relevance.push_back(rel);
}

OwnedQueries LetorParser::finish() {
  if (!current_.empty()) data_.offsets.push_back(int32_t(data_.relevance.size()));
  data_.features.cols = std::max(max_index_, min_cols_);
  return std::move(data_);
}

OwnedQueries read_letor(std::string_view text, int32_t min_cols) { return read_whole(text, LetorParser(min_cols)); }

}  // namespace argmax
