// Search results as the JS API reads them: {ids: string[], scores: Float64Array, phrasesAsTerms}, best first
// (the index's search and the search ranker's).
#pragma once
#include <string>
#include <vector>

#include "common.hpp"
#include "search/search_index.hpp"

namespace argmax::js {

inline val hits_to_js(const SearchIndex& index, const Hits& hits) {
  std::vector<std::string> ids;
  std::vector<double> scores;
  for (const Hit& h : hits) ids.push_back(index.id(h.doc)), scores.push_back(h.score);
  val out = val::object();
  out.set("ids", string_array(ids));
  out.set("scores", typed_array("Float64Array", scores));
  out.set("phrasesAsTerms", hits.phrases_as_terms);
  return out;
}

}  // namespace argmax::js
