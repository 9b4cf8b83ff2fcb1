// Embind glue for learned re-ranking: the SearchRanker's search, save and load (its training, the position-bias EM
// and the click simulator are in search_ranker_training.cpp, which the argmax-search module leaves out).
#include <emscripten/bind.h>

#include "common.hpp"
#include "model_binding.hpp"
#include "search_hits.hpp"
#include "search/search_ranker.hpp"

namespace argmax::js {
namespace {

val search(const SearchRanker& m, SearchIndex& index, std::string query, int k, std::string language,
           std::string options) {
  require(k >= 0, "k must be ≥ 0, got ", k);
  return hits_to_js(index, m.search(index, query, size_t(k), language,
                                    SearchIndex::phrases_option(option_lines(options))));
}

val feature_names(const SearchRanker& m) { return string_array(m.feature_names()); }
std::string options(const SearchRanker& m) { return option_text(m.settings()) + option_text(m.ranker().settings()); }
std::string schema() { return schema_json(SearchRanker::option_specs()); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_search_ranker) {
  using namespace emscripten;
  bind_model<SearchRanker>("SearchRanker")
      .function("search", &Guard<&search>::call)
      .function("featureNames", &Guard<&feature_names>::call)
      .function("options", &Guard<&options>::call);
  function("searchRankerSchema", &Guard<&schema>::call);
}

}  // namespace argmax::js
