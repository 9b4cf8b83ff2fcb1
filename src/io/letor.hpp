// SVMlight / LETOR ranking text: one document per line,
//   rel qid:Q idx:val idx:val … # comment
// rel a number (graded relevance, or ±1), Q the query id, indices 1-based and increasing.
// The documents of one query must be contiguous (as in every LETOR file).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>

#include "io/lines.hpp"
#include "core/queries.hpp"

namespace argmax {

// The LETOR parser for ChunkedReader: columns = the largest index seen (at least min_cols), stored 0-based
// and sparse.
class LetorParser {
 public:
  explicit LetorParser(int32_t min_cols = 0);
  void reserve(std::string_view chunk);
  void line(const Line& line);  // throws InputError "line N: …"
  OwnedQueries finish();

 private:
  OwnedQueries data_;
  int32_t min_cols_, max_index_ = 0;
  std::unordered_set<std::string> finished_;  // queries already closed (a later line may not reopen them)
  std::string current_;
};

// Parses a whole text; throws InputError "line N: …" on the first malformed line.
OwnedQueries read_letor(std::string_view text, int32_t min_cols = 0);

}  // namespace argmax
