// Learned re-ranking of a search index's results: the first stage (BM25F or BM25) finds the top `depth`
// documents of a query, the index computes their (query, document) features (search/features.hpp), and a
// Ranker (ranking/ranker.hpp: any measure, loss and trainer it has; the NDCG structured hinge by default)
// orders them. Results below the depth keep the first stage's order after them.
//
// It trains from judgments (query text, graded document ids) or from a click log. From clicks, each
// (query, document) pair shown gets a relevance estimated from its clicks (search/clicks.hpp), and the
// candidates learned from are those shown: by inverse
// propensity scoring with the propensities of each rank fitted by EM on the log (or given, e.g. from result
// randomisation), or naively as its click rate. The NDCG and Kendall losses of the Ranker are linear in the
// relevance values, so IPS relevance makes the loss of each query an unbiased estimate of the loss under the
// true relevance (Joachims, Swaminathan & Schnabel 2017), up to the normalisation of NDCG by its ideal.
//
// The model is the Ranker with the feature names it was trained on and its own options; the index is not in
// it (an index changes with its documents, a ranker only when retrained). Searching with an index whose
// features differ is an error naming the first difference.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.hpp"
#include "learn/progress.hpp"
#include "ranking/ranker.hpp"
#include "search/clicks.hpp"
#include "search/search_index.hpp"

namespace argmax {

class SearchRanker {
 public:
  // Its own options (depth, normalize, clicks, clip, propensityRanks), then the Ranker's.
  static const std::vector<OptionSpec>& option_specs();

  // A training query: its text and its judged documents (grade ≥ 0). With `complete`, a candidate not listed
  // has grade 0 (judgments); without, only the candidates listed are learned from (clicks: a document never
  // shown has no click to tell its relevance, so taking it as irrelevant would teach the first stage's
  // blind spots).
  struct Judged {
    std::string text;
    std::vector<std::string> ids;
    std::vector<double> grades;
    bool complete = true;
    std::string language = {};  // the query's, as SearchIndex::search takes it ("": the index's own or main one)
  };
  static SearchRanker train(SearchIndex& index, const std::vector<Judged>& queries, const OptionList& options,
                            const ProgressFn& progress = {});

  // From clicks: log sessions name their query by its index in `queries` and their documents by their index
  // in `ids`; query_languages holds each query's language (or is empty). The propensities used (fitted, given,
  // or empty for naive clicks) are returned in *propensity.
  static SearchRanker train_from_clicks(SearchIndex& index, const std::vector<std::string>& queries,
                                        const std::vector<std::string>& query_languages,
                                        const std::vector<std::string>& ids, const ClickLog& log,
                                        const OptionList& options, const std::vector<double>& given_propensity,
                                        std::vector<double>* propensity = nullptr, const ProgressFn& progress = {});

  SearchRanker() = default;  // an empty model, trained on no features

  // The k best documents: the top `depth` of the first stage re-ranked by the Ranker, then the rest of the
  // first stage's top k in its order. Scores are the Ranker's for the re-ranked documents; those below them
  // keep the first stage's scores, shifted to stay below. `language` and `phrases`: as SearchIndex::search takes them.
  Hits search(SearchIndex& index, std::string_view query, size_t k, const std::string& language = {},
              Phrases phrases = Phrases::fallback) const;

  const Ranker& ranker() const { return ranker_; }
  const std::vector<std::string>& feature_names() const { return feature_names_; }
  const OptionList& settings() const { return settings_; }  // its own options, as trained

  std::vector<uint8_t> to_bytes() const;
  static SearchRanker from_bytes(const uint8_t* data, size_t size);

 private:
  SearchRanker(Ranker ranker, std::vector<std::string> feature_names, OptionList settings);
  // The candidates of one query (first-stage hits) and their feature rows, normalised as the options say.
  std::vector<float> candidate_features(SearchIndex& index, std::string_view query, const std::vector<Hit>& hits,
                                        const std::string& language = {}) const;

  Ranker ranker_;
  std::vector<std::string> feature_names_;
  OptionList settings_;
  int32_t depth_ = 100;
  bool per_query_ = true;
};

}  // namespace argmax
