// A search query: plain terms and "quoted phrases", analysed as documents are.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/analyzer.hpp"

namespace argmax {

// A run of query terms that must appear at the same distances in a document (a quoted phrase, or two terms
// next to each other in the query for the bigram feature).
struct Phrase {
  std::vector<int> terms;          // indices into Query::terms
  std::vector<uint32_t> offsets;   // each term's word position from the phrase's first (stop words count)
};

struct Query {
  std::vector<std::string> terms;  // the distinct terms, in order of first occurrence
  std::vector<int> counts;         // how often each occurs in the query
  std::vector<Phrase> phrases;     // the quoted phrases of two terms or more: a result must hold each
  std::vector<Phrase> bigrams;     // each pair of terms next to each other in the query (as a phrase)

  bool empty() const { return terms.empty(); }
};

// Text between double quotes is a phrase; a quote left open runs to the end of the query. A phrase of one
// term is a plain term; stop words inside a phrase keep their places (positions count them).
Query parse_query(std::string_view text, Analyzer& analyzer);

}  // namespace argmax
