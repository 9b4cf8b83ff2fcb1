// SVMlight / LETOR ranking text: one document per line,
//   rel qid:Q idx:val idx:val … # comment
// rel a number (graded relevance, or ±1), Q the query id, indices 1-based and increasing.
// The documents of one query must be contiguous (as in every LETOR file).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "ranking/queries.hpp"

namespace argmax {

// Parses `text`; columns = the largest index seen (at least min_cols), stored 0-based and sparse.
// Throws InputError "line N: …" on the first malformed line.
OwnedQueries read_letor(std::string_view text, int32_t min_cols = 0);

}  // namespace argmax
