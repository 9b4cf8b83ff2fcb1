// The first stage's scoring loop, on its own so that the wasm build compiles it for speed (CMakeLists.txt).
#include <cmath>

#include "search/search_index.hpp"

namespace argmax {

double bm25_idf(double documents, double df) { return std::log(1.0 + (documents - df + 0.5) / (df + 0.5)); }

// BM25 (Robertson and Zaragoza 2009, eq. 3.15 with the idf above), for a term of weight w (its count in the
// query) in a field of length dl:  w · idf · tf (k1 + 1) / (tf + k1 (1 − b + b dl / avgdl)).
// BM25F (Robertson, Zaragoza and Taylor 2004; Zaragoza et al. 2004): the fields' counts are normalised and
// weighted first, tf~ = Σ_f w_f tf_f / (1 − b + b dl_f / avgdl_f), and saturated once:
// w · idf · tf~ (k1 + 1) / (k1 + tf~), with idf from the documents holding the term in any field.
void SearchIndex::score_all(const std::vector<std::string>& terms, const std::vector<double>& weights,
                            std::vector<double>& scores, bool bm25f) const {
  const size_t fields = text_fields_.size(), slots = ids_.size();
  const double k1 = options_.real("k1"), b = options_.real("b"), n = documents();
  const std::vector<double> field_weight = field_weights();
  scores.assign(slots, 0.0);
  std::vector<double> pseudo_tf(bm25f ? slots : 0, 0.0);
  std::vector<uint32_t> touched;
  std::vector<double> avgdl(fields);
  for (size_t f = 0; f < fields; ++f) avgdl[f] = average_length(f);
  const auto normaliser = [&](uint32_t doc, size_t f) {
    return avgdl[f] > 0 ? 1.0 - b + b * lengths_[doc * fields + f] / avgdl[f] : 1.0;
  };
  for (size_t q = 0; q < terms.size(); ++q) {
    auto at = term_ids_.find(terms[q]);
    if (at == term_ids_.end() || weights[q] == 0) continue;
    const uint32_t t = at->second;
    for (size_t f = 0; f < fields; ++f) {
      const Postings& p = postings_[t * fields + f];
      if (p.size() == 0 || field_weight[f] == 0) continue;
      if (bm25f) {
        for (size_t i = 0; i < p.size(); ++i) {
          const uint32_t d = p.doc(i);
          if (pseudo_tf[d] == 0) touched.push_back(d);
          pseudo_tf[d] += field_weight[f] * p.tf(i) / normaliser(d, f);
        }
      } else {
        const double idf = bm25_idf(n, double(p.size()));
        for (size_t i = 0; i < p.size(); ++i) {
          const uint32_t d = p.doc(i);
          const double tf = p.tf(i);
          scores[d] += weights[q] * field_weight[f] * idf * tf * (k1 + 1) / (tf + k1 * normaliser(d, f));
        }
      }
    }
    if (!bm25f) continue;
    const double idf = bm25_idf(n, doc_frequency_[t]);
    for (uint32_t d : touched) {
      scores[d] += weights[q] * idf * pseudo_tf[d] * (k1 + 1) / (k1 + pseudo_tf[d]);
      pseudo_tf[d] = 0;
    }
    touched.clear();
  }
}

}  // namespace argmax
