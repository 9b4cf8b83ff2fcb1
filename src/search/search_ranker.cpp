#include "search/search_ranker.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "core/error.hpp"
#include "core/queries.hpp"
#include "io/bytes.hpp"

namespace argmax {

namespace {

const std::vector<OptionSpec>& own_specs() {
  static const std::vector<OptionSpec> specs = {
      integer_option("depth", "100", 1, 100000, "the first stage's results the ranker re-orders"),
      choice_option("normalize", "query", {"query", "none"},
       "query: each feature scaled to [0, 1] over the candidates of its query (LETOR's query-level "
       "normalisation), so that weights learned on one query apply to another; none: raw values"),
      choice_option("clicks", "ips", {"ips", "naive"},
       "how clicks become relevance: ips, the clicks of a (query, document) pair weighted by 1/propensity of "
       "the rank it was shown at (unbiased under the position-based model); naive, its click rate"),
      real_option("clip", "0.2", 0, 1,
       "IPS weights are 1/max(propensity, clip): a cap on the weight of deep clicks (0: no cap; 0.2 came within "
       "0.011 of judgments on Cranfield and CACM, where no cap fell 0.03 short on CACM)"),
  };
  return specs;
}

bool is_own(const std::string& name) {
  for (const OptionSpec& s : own_specs())
    if (s.name == name) return true;
  return false;
}

// The given options split into the search ranker's and the Ranker's.
std::pair<Options, OptionList> split_options(const OptionList& given) {
  OptionList own, rest;
  for (const auto& entry : given) (is_own(entry.first) ? own : rest).push_back(entry);
  return {Options::parse(own_specs(), own, "search ranker"), rest};
}

void require_same_features(const std::vector<std::string>& index, const std::vector<std::string>& model) {
  for (size_t i = 0; i < std::max(index.size(), model.size()); ++i) {
    require(i < index.size() && i < model.size() && index[i] == model[i], "the search ranker was trained on feature ",
            i < model.size() ? "'" + model[i] + "'" : std::string("(none)"), " in column ", i,
            " but the index computes ", i < index.size() ? "'" + index[i] + "'" : std::string("no such column"),
            " (an index with the same fields and options as the one it was trained with)");
  }
}

}  // namespace

const std::vector<OptionSpec>& SearchRanker::option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = own_specs();
    append(s, Ranker::option_specs());
    return s;
  }();
  return specs;
}

SearchRanker::SearchRanker(Ranker ranker, std::vector<std::string> feature_names, OptionList settings)
    : ranker_(std::move(ranker)), feature_names_(std::move(feature_names)), settings_(std::move(settings)) {
  const Options own = Options::parse(own_specs(), settings_, "search ranker");
  depth_ = own.integer("depth");
  per_query_ = own.choice("normalize") == "query";
}

std::vector<float> SearchRanker::candidate_features(SearchIndex& index, std::string_view query,
                                                    const std::vector<Hit>& hits, const std::string& language) const {
  std::vector<std::string> ids;
  ids.reserve(hits.size());
  for (const Hit& h : hits) ids.push_back(index.id(h.doc));
  const std::vector<double> x = index.features(query, ids, language);
  const size_t cols = feature_names_.size(), rows = hits.size();
  std::vector<float> out(x.size());
  for (size_t j = 0; j < cols; ++j) {
    double low = INFINITY, high = -INFINITY;
    for (size_t i = 0; i < rows; ++i) {
      low = std::min(low, x[i * cols + j]);
      high = std::max(high, x[i * cols + j]);
    }
    for (size_t i = 0; i < rows; ++i) {
      const double v = x[i * cols + j];
      out[i * cols + j] = float(!per_query_ ? v : high > low ? (v - low) / (high - low) : 0.0);
    }
  }
  return out;
}

SearchRanker SearchRanker::train(SearchIndex& index, const std::vector<Judged>& queries, const OptionList& options,
                                 const ProgressFn& progress) {
  const auto [own, ranker_options] = split_options(options);
  Ranker::check_options(ranker_options);
  SearchRanker model(Ranker(), index.feature_names(), own.entries());
  const size_t cols = model.feature_names_.size();

  // Each query's candidates (its first-stage top depth) with their features and grades.
  std::vector<float> features, relevance;
  std::vector<int32_t> offsets{0};
  std::unordered_map<std::string, double> grade_of;
  for (size_t q = 0; q < queries.size(); ++q) {
    const Judged& judged = queries[q];
    require(judged.ids.size() == judged.grades.size(), "query ", q, " has ", judged.ids.size(), " judged ids and ",
            judged.grades.size(), " grades");
    grade_of.clear();
    for (size_t i = 0; i < judged.ids.size(); ++i) {
      require(std::isfinite(judged.grades[i]) && judged.grades[i] >= 0, "query ", q, ": document '", judged.ids[i],
              "' has grade ", judged.grades[i], " (grades are finite and ≥ 0)");
      require(grade_of.emplace(judged.ids[i], judged.grades[i]).second, "query ", q, " grades document '",
              judged.ids[i], "' twice");
    }
    const std::vector<Hit> hits = index.search(judged.text, size_t(model.depth_), judged.language);
    if (hits.empty()) continue;  // nothing to re-rank
    const std::vector<float> x = model.candidate_features(index, judged.text, hits, judged.language);
    for (size_t i = 0; i < hits.size(); ++i) {
      const auto found = grade_of.find(index.id(hits[i].doc));
      if (found == grade_of.end() && !judged.complete) continue;
      features.insert(features.end(), x.begin() + long(i * cols), x.begin() + long((i + 1) * cols));
      relevance.push_back(found == grade_of.end() ? 0.0f : float(found->second));
    }
    if (relevance.size() > size_t(offsets.back())) offsets.push_back(int32_t(relevance.size()));
  }
  require(offsets.size() > 1, "none of the ", queries.size(), " training queries has a result in the index");

  QuerySet data;
  data.features = Rows::dense(features.data(), int32_t(relevance.size()), int32_t(cols));
  data.relevance = relevance.data();
  data.offsets = offsets;
  model.ranker_ = Ranker::train(data, ranker_options, progress);
  return model;
}

SearchRanker SearchRanker::train_from_clicks(SearchIndex& index, const std::vector<std::string>& queries,
                                             const std::vector<std::string>& query_languages,
                                             const std::vector<std::string>& ids, const ClickLog& log,
                                             const OptionList& options, const std::vector<double>& given_propensity,
                                             std::vector<double>* propensity, const ProgressFn& progress) {
  log.validate();
  for (int32_t s = 0; s < log.sessions(); ++s)
    require(size_t(log.query[s]) < queries.size(), "click log: session ", s, " names query ", log.query[s], " of ",
            queries.size());
  for (const int32_t d : log.shown)
    require(size_t(d) < ids.size(), "click log: document ", d, " is not one of the ", ids.size(), " ids given");
  const auto [own, ranker_options] = split_options(options);
  Ranker::check_options(ranker_options);

  std::vector<double> used;
  if (own.choice("clicks") == "ips")
    used = given_propensity.empty() ? estimate_position_bias(log).propensity : given_propensity;
  const ClickRelevance estimate = click_relevance(log, used, own.real("clip"));

  std::vector<Judged> judged(queries.size());
  require(query_languages.empty() || query_languages.size() == queries.size(), query_languages.size(),
          " query languages for ", queries.size(), " queries");
  for (size_t q = 0; q < queries.size(); ++q) {
    judged[q].text = queries[q];
    if (!query_languages.empty()) judged[q].language = query_languages[q];
    judged[q].complete = false;
  }
  for (size_t p = 0; p < estimate.relevance.size(); ++p) {
    Judged& j = judged[size_t(estimate.query[p])];
    j.ids.push_back(ids[size_t(estimate.document[p])]);
    j.grades.push_back(estimate.relevance[p]);
  }
  if (propensity) *propensity = used;
  return train(index, judged, options, progress);
}

Hits SearchRanker::search(SearchIndex& index, std::string_view query, size_t k, const std::string& language,
                          Phrases phrases) const {
  require_same_features(index.feature_names(), feature_names_);
  const Hits hits = index.search(query, std::max(k, size_t(depth_)), language, phrases);
  const size_t top = std::min(hits.size(), size_t(depth_));
  if (top == 0 || k == 0) return {};
  const std::vector<Hit> candidates(hits.begin(), hits.begin() + long(top));
  const std::vector<float> x = candidate_features(index, query, candidates, language);
  const std::vector<double> scores =
      ranker_.score(Rows::dense(x.data(), int32_t(top), int32_t(feature_names_.size())));
  std::vector<size_t> order(top);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });

  Hits out;
  out.phrases_as_terms = hits.phrases_as_terms;
  out.reserve(std::min(k, hits.size()));
  double lowest = INFINITY;
  for (size_t i = 0; i < top && out.size() < k; ++i) {
    out.push_back({candidates[order[i]].doc, scores[order[i]]});
    lowest = std::min(lowest, scores[order[i]]);
  }
  // Below the re-ranked: the first stage's order, its scores shifted under the lowest re-ranked score.
  for (size_t i = top; i < hits.size() && out.size() < k; ++i)
    out.push_back({hits[i].doc, lowest - 1 - (hits[top].score - hits[i].score)});
  return out;
}

std::vector<uint8_t> SearchRanker::to_bytes() const {
  ByteWriter out("search-ranker");
  out.put_options(settings_);
  out.put_strings(feature_names_);
  out.put_vector(ranker_.to_bytes());
  return out.finish();
}

SearchRanker SearchRanker::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "search-ranker");
  OptionList settings = in.get_options();
  Options::parse(own_specs(), settings, "search ranker model");  // the options first: they must make sense
  std::vector<std::string> names = in.get_strings();
  const std::vector<uint8_t> ranker_bytes = in.get_vector<uint8_t>();
  in.expect_end();
  Ranker ranker = Ranker::from_bytes(ranker_bytes.data(), ranker_bytes.size());
  require(ranker.cols() <= int32_t(names.size()), "search ranker model is corrupt (a ranker of ", ranker.cols(),
          " columns over ", names.size(), " features)");
  return SearchRanker(std::move(ranker), std::move(names), std::move(settings));
}

}  // namespace argmax
