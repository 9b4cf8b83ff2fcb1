// Embind glue for training learned re-rankers (bindings/search_ranker.cpp has the model): from judgments or
// clicks, the position-bias EM and the click simulator. Arrays arrive as pointers into wasm memory that
// bindings/js/api/search-ranker.js allocated; strings (query texts, document ids) as JS arrays. Each trainer
// returns a new SearchRanker that the JS handle owns.
#include <cmath>

#include "common.hpp"
#include "training_report.hpp"
#include "search/clicks.hpp"
#include "search/search_ranker.hpp"

namespace argmax::js {
namespace {

template <class T>
std::vector<T> array_at(uintptr_t p, int n) {
  require(n >= 0, "negative array length");
  const T* data = reinterpret_cast<const T*>(p);
  return std::vector<T>(data, data + n);
}

// A click log as search-ranker.js packs it: per session its query and the end of its documents; per document
// shown its id number and click flag.
ClickLog click_log(uintptr_t query, uintptr_t ends, int sessions, uintptr_t shown, uintptr_t clicked, int entries) {
  ClickLog log;
  log.query = array_at<int32_t>(query, sessions);
  const std::vector<int32_t> end = array_at<int32_t>(ends, sessions);
  log.offsets.insert(log.offsets.end(), end.begin(), end.end());
  log.shown = array_at<int32_t>(shown, entries);
  log.clicked = array_at<uint8_t>(clicked, entries);
  return log;
}

// texts[q] (in languages[q], or languages empty) with the ids and grades [offsets[q], offsets[q+1]) of the flat
// arrays.
SearchRanker* train(SearchIndex& index, val texts, val languages, val ids, uintptr_t grades, uintptr_t offsets,
                   std::string options, val on_progress) {
  const std::vector<std::string> text = strings(texts), language = strings(languages), id = strings(ids);
  require(language.empty() || language.size() == text.size(), language.size(), " query languages for ", text.size(), " queries");
  const std::vector<int32_t> off = array_at<int32_t>(offsets, int(text.size()) + 1);
  const std::vector<double> grade = array_at<double>(grades, int(id.size()));
  std::vector<SearchRanker::Judged> judged(text.size());
  for (size_t q = 0; q < text.size(); ++q) {
    require(off[q] >= 0 && off[q] <= off[q + 1] && size_t(off[q + 1]) <= id.size(), "judgment offsets are malformed");
    judged[q].text = text[q];
    if (!language.empty()) judged[q].language = language[q];
    judged[q].ids.assign(id.begin() + off[q], id.begin() + off[q + 1]);
    judged[q].grades.assign(grade.begin() + off[q], grade.begin() + off[q + 1]);
  }
  return new SearchRanker(SearchRanker::train(index, judged, option_lines(options), progress_from(on_progress)));
}

SearchRanker* train_from_clicks(SearchIndex& index, val texts, val languages, val ids, uintptr_t query, uintptr_t ends,
                               int sessions, uintptr_t shown, uintptr_t clicked, int entries, uintptr_t propensity,
                               int ranks, std::string options, val on_progress) {
  return new SearchRanker(SearchRanker::train_from_clicks(index, strings(texts), strings(languages), strings(ids),
                                                          click_log(query, ends, sessions, shown, clicked, entries),
                                                          option_lines(options), array_at<double>(propensity, ranks),
                                                          nullptr, progress_from(on_progress)));
}

// { propensity: Float64Array (rank 1 first, θ_1 = 1), logLikelihood, training: how EM ended, as a model's };
// max_iterations 0: the default.
val position_bias(uintptr_t query, uintptr_t ends, int sessions, uintptr_t shown, uintptr_t clicked, int entries,
                  int ranks, int max_iterations) {
  PositionBiasOptions options;
  options.ranks = ranks;
  if (max_iterations > 0) options.max_iterations = max_iterations;
  const PositionBias fit = estimate_position_bias(click_log(query, ends, sessions, shown, clicked, entries), options);
  val out = val::object();
  out.set("propensity", typed_array("Float64Array", fit.propensity));
  out.set("logLikelihood", fit.log_likelihood);
  out.set("training", training_report_to_js(fit.training));
  return out;
}

// { query: Int32Array, ends: Int32Array, shown: Int32Array, clicked: Uint8Array } (as click_log reads them).
val simulate(uintptr_t offsets, int lists, uintptr_t documents, uintptr_t grades, int entries, double eta,
             double noise, double max_grade, int sessions, double shuffled, double seed) {
  JudgedLists judged;
  judged.offsets = array_at<int32_t>(offsets, lists + 1);
  judged.documents = array_at<int32_t>(documents, entries);
  judged.grades = array_at<float>(grades, entries);
  require(seed >= 0 && seed <= 4294967295.0 && seed == std::floor(seed), "seed must be an integer in [0, 2^32)");
  const ClickLog log = simulate_clicks(judged, {eta, noise, max_grade, sessions, shuffled, uint64_t(seed)});
  val out = val::object();
  out.set("query", typed_array("Int32Array", log.query));
  out.set("ends", typed_array("Int32Array", std::vector<int32_t>(log.offsets.begin() + 1, log.offsets.end())));
  out.set("shown", typed_array("Int32Array", log.shown));
  out.set("clicked", typed_array("Uint8Array", log.clicked));
  return out;
}

std::string help() { return describe(SearchRanker::option_specs()); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_search_ranker_training) {
  using namespace emscripten;
  function("trainSearchRanker", &Guard<&train>::call, allow_raw_pointers());
  function("trainSearchRankerFromClicks", &Guard<&train_from_clicks>::call, allow_raw_pointers());
  function("positionBias", &Guard<&position_bias>::call);
  function("simulateClicks", &Guard<&simulate>::call);
  function("searchRankerHelp", &Guard<&help>::call);
}

}  // namespace argmax::js
