#include "search/features.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "search/search_index.hpp"

namespace argmax {

// Notation: t runs over the query's distinct terms, c(t,q) its count in the query; in field F of document d,
// tf = tf_F(t,d), dl = the field's length in terms, avgdl its mean, df_F(t) the documents holding t in F, N the
// documents, cf_F(t) the occurrences of t in F over the collection and |C_F| their total.
const std::vector<FeatureSpec>& search_feature_table() {
  static const std::vector<FeatureSpec> table = {
      {"matched", true, "Σ_t [tf > 0]", "how many of the query's distinct terms the field holds"},
      {"tf", true, "Σ_t c(t,q) tf", "the query terms' occurrences in the field"},
      {"idf", true, "Σ_t c(t,q) ln(1 + (N − df_F + 0.5) / (df_F + 0.5))",
       "the query terms' inverse document frequency in the field (the same for every document of a query)"},
      {"tfidf", true, "Σ_t c(t,q) tf idf_F(t)", "occurrences weighted by rarity"},
      {"bm25", true, "Σ_t c(t,q) idf_F(t) tf (k1 + 1) / (tf + k1 (1 − b + b dl / avgdl))",
       "BM25 of the field alone (Robertson and Zaragoza 2009)"},
      {"lmDirichlet", true, "Σ_{t: cf_F > 0} c(t,q) ln((tf + μ cf_F / |C_F|) / (dl + μ))",
       "query likelihood under Dirichlet smoothing, μ = dirichletMu (Zhai and Lafferty 2001)"},
      {"lmJelinekMercer", true, "Σ_{t: cf_F > 0} c(t,q) ln((1 − λ) tf / dl + λ cf_F / |C_F|)",
       "query likelihood under Jelinek–Mercer smoothing, λ = jmLambda (Zhai and Lafferty 2001)"},
      {"length", true, "dl", "the field's length in terms (stop words not counted)"},
      {"bm25f", false, "Σ_t c(t,q) idf(t) tf~ (k1 + 1) / (k1 + tf~), tf~ = Σ_F w_F tf_F / (1 − b + b dl_F / avgdl_F)",
       "BM25F over the fields with their weights; idf from the documents holding t in any field"},
      {"matchedFraction", false, "|{t : tf_F(t,d) > 0 for some F}| / |{t}|",
       "the share of the query's distinct terms that the document holds"},
      {"phrases", false, "Σ_phrases Σ_F occurrences", "exact occurrences of the query's quoted phrases"},
      {"bigrams", false, "Σ_(s,t) Σ_F occurrences",
       "occurrences of each pair of terms next to each other in the query, at the same distance"},
      {"minWindow", false, "min (last − first + 1) over spans holding every matched term",
       "the shortest span of the document (its fields end to end) that holds each query term it holds; 0 if none "
       "(Tao and Zhai 2007)"},
      {"firstPosition", false, "min position of a query term",
       "the word position of the first query term in the document (its fields end to end); its length if none"},
      {"rm3", false, "BM25F of q' = α q/|q| + (1 − α) top terms of Σ_{d ∈ top} P(w|d) s(d)/Σ s",
       "score of the query expanded by a relevance model of its top feedbackDocs results (RM3: Abdul-Jaleel et "
       "al. 2004), α = feedbackWeight, feedbackTerms terms"},
  };
  return table;
}

std::vector<std::string> search_feature_names(const std::vector<std::string>& text_fields,
                                              const std::vector<std::string>& numeric_fields) {
  std::vector<std::string> names;
  for (const std::string& field : text_fields)
    for (const FeatureSpec& f : search_feature_table())
      if (f.per_field) names.push_back(field + "." + f.name);
  for (const FeatureSpec& f : search_feature_table())
    if (!f.per_field) names.push_back(f.name);
  names.insert(names.end(), numeric_fields.begin(), numeric_fields.end());
  return names;
}

namespace {

// The RM3 query (Abdul-Jaleel et al. 2004, after Lavrenko and Croft 2001): the relevance model
// P(w|R) ∝ Σ_{d ∈ top} P(w|d) s(d) / Σ s over the top documents by the scorer, P(w|d) = tf(w,d) / |d| with the
// fields together, cut to its best terms and renormalised, mixed with the query: α c(t,q) / |q| + (1 − α) P(w|R).
void relevance_model_query(SearchIndex& index, const Query& query, const std::vector<Hit>& top,
                           std::vector<std::string>& terms, std::vector<double>& weights) {
  const size_t fields = index.text_fields().size();
  double score_sum = 0;
  for (const Hit& h : top) score_sum += h.score;
  std::map<std::string, double> relevance;
  for (const Hit& h : top) {
    double length = 0;
    for (size_t f = 0; f < fields; ++f) length += index.length(h.doc, f);
    for (uint32_t t : index.terms_of(h.doc)) {
      double tf = 0;
      for (size_t f = 0; f < fields; ++f) {
        const SearchIndex::Postings* p = index.postings(index.term(t), f);
        const long i = SearchIndex::find(*p, h.doc);
        if (i >= 0) tf += p->tf(size_t(i));
      }
      relevance[index.term(t)] += tf / length * h.score / score_sum;
    }
  }
  std::vector<std::pair<std::string, double>> best(relevance.begin(), relevance.end());
  const size_t keep = std::min(best.size(), size_t(index.option("feedbackTerms")));
  std::stable_sort(best.begin(), best.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  best.resize(keep);
  double best_sum = 0, query_sum = 0;
  for (const auto& b : best) best_sum += b.second;
  for (int c : query.counts) query_sum += c;
  const double alpha = index.option("feedbackWeight");
  std::map<std::string, double> mixed;
  for (size_t t = 0; t < query.terms.size(); ++t) mixed[query.terms[t]] += alpha * query.counts[t] / query_sum;
  for (const auto& b : best) mixed[b.first] += (1 - alpha) * b.second / best_sum;
  for (const auto& [term, weight] : mixed) {
    terms.push_back(term);
    weights.push_back(weight);
  }
}

// The shortest span holding each distinct term among the occurrences (position, term), sorted by position.
uint32_t shortest_window(const std::vector<std::pair<uint32_t, int>>& hits, size_t distinct) {
  std::map<int, int> inside;
  uint32_t best = UINT32_MAX;
  for (size_t lo = 0, hi = 0; hi < hits.size(); ++hi) {
    ++inside[hits[hi].second];
    while (inside.size() == distinct) {
      best = std::min(best, hits[hi].first - hits[lo].first + 1);
      if (--inside[hits[lo].second] == 0) inside.erase(hits[lo].second);
      ++lo;
    }
  }
  return best;
}

}  // namespace

std::vector<double> search_features(SearchIndex& index, const Query& query, const std::vector<uint32_t>& docs) {
  const size_t fields = index.text_fields().size(), numerics = index.numeric_fields().size();
  const size_t width = search_feature_names(index.text_fields(), index.numeric_fields()).size();
  std::vector<double> rows(docs.size() * width, 0.0);
  if (docs.empty()) return rows;
  const double k1 = index.option("k1"), b = index.option("b"), mu = index.option("dirichletMu"),
               lambda = index.option("jmLambda"), n = index.documents();
  std::vector<double> bm25f, rm3;
  const std::vector<double> counts(query.counts.begin(), query.counts.end());
  index.score_all(query.terms, counts, bm25f, true);
  std::vector<std::string> rm3_terms;
  std::vector<double> rm3_weights;
  if (!query.empty()) {
    std::vector<Hit> top;
    std::vector<double> first_stage;
    index.score_all(query.terms, counts, first_stage, index.ranks_by_bm25f());
    for (uint32_t d = 0; d < first_stage.size(); ++d)
      if (first_stage[d] > 0) top.push_back({d, first_stage[d]});
    const size_t keep = std::min(top.size(), size_t(index.option("feedbackDocs")));
    std::partial_sort(top.begin(), top.begin() + keep, top.end(), [](const Hit& a, const Hit& b) {
      return a.score > b.score || (a.score == b.score && a.doc < b.doc);
    });
    top.resize(keep);
    if (!top.empty()) relevance_model_query(index, query, top, rm3_terms, rm3_weights);
  }
  index.score_all(rm3_terms, rm3_weights, rm3, true);

  for (size_t r = 0; r < docs.size(); ++r) {
    const uint32_t d = docs[r];
    double* row = &rows[r * width];
    size_t column = 0;
    std::vector<bool> matched(query.terms.size(), false);
    std::vector<std::pair<uint32_t, int>> hits;  // (document position, term)
    uint32_t field_start = 0;
    for (size_t f = 0; f < fields; ++f) {
      const double dl = index.length(d, f), avgdl = index.average_length(f), collection = index.total_length(f);
      const double normaliser = avgdl > 0 ? 1 - b + b * dl / avgdl : 1;
      double m = 0, tf_sum = 0, idf_sum = 0, tfidf = 0, bm25 = 0, dirichlet = 0, jelinek_mercer = 0;
      for (size_t t = 0; t < query.terms.size(); ++t) {
        const double c = query.counts[t];
        const SearchIndex::Postings* p = index.postings(query.terms[t], f);
        const long i = p ? SearchIndex::find(*p, d) : -1;
        const double tf = i >= 0 ? p->tf(size_t(i)) : 0;
        const double df = p ? p->size() : 0, cf = p ? p->occurrences : 0;
        const double idf = bm25_idf(n, df);
        if (tf > 0) {
          m += 1;
          matched[t] = true;
          p->for_each_position(size_t(i), [&](uint32_t x) { hits.emplace_back(field_start + x, int(t)); });
        }
        tf_sum += c * tf;
        idf_sum += c * idf;
        tfidf += c * tf * idf;
        bm25 += c * idf * tf * (k1 + 1) / (tf + k1 * normaliser);
        if (cf > 0) {
          const double background = cf / collection;
          dirichlet += c * std::log((tf + mu * background) / (dl + mu));
          jelinek_mercer += c * std::log((1 - lambda) * (dl > 0 ? tf / dl : 0) + lambda * background);
        }
      }
      for (double x : {m, tf_sum, idf_sum, tfidf, bm25, dirichlet, jelinek_mercer, dl}) row[column++] = x;
      field_start += index.words(d, f);
    }
    row[column++] = bm25f[d];
    const size_t distinct = size_t(std::count(matched.begin(), matched.end(), true));
    row[column++] = query.empty() ? 0.0 : double(distinct) / query.terms.size();
    double phrases = 0, bigrams = 0;
    for (size_t f = 0; f < fields; ++f) {
      for (const Phrase& phrase : query.phrases) phrases += index.phrase_count(query, phrase, d, f);
      for (const Phrase& pair : query.bigrams) bigrams += index.phrase_count(query, pair, d, f);
    }
    row[column++] = phrases;
    row[column++] = bigrams;
    std::sort(hits.begin(), hits.end());
    row[column++] = hits.empty() ? 0.0 : double(shortest_window(hits, distinct));
    row[column++] = hits.empty() ? double(field_start) : double(hits.front().first);
    row[column++] = rm3[d];
    for (size_t j = 0; j < numerics; ++j) row[column++] = index.number(d, j);
  }
  return rows;
}

}  // namespace argmax
