#include "search/query.hpp"

#include <unordered_map>

namespace argmax {

Query parse_query(std::string_view text, Analyzer& analyzer) {
  Query query;
  std::unordered_map<std::string, int> index_of;
  Terms terms;
  // The segments between quotes alternate: plain, phrase, plain, …
  bool in_phrase = false;
  uint32_t position = 0;
  for (size_t start = 0; start <= text.size();) {
    const size_t quote = std::min(text.find('"', start), text.size());
    terms.clear();
    // A segment starts one position past the previous, so no bigram spans a quote.
    position += analyzer.analyze(text.substr(start, quote - start), terms, position) + 1;
    Phrase segment;
    for (size_t i = 0; i < terms.size(); ++i) {
      std::string term(terms[i]);
      auto [at, added] = index_of.emplace(term, int(query.terms.size()));
      if (added) {
        query.terms.push_back(std::move(term));
        query.counts.push_back(0);
      }
      ++query.counts[at->second];
      segment.terms.push_back(at->second);
      segment.offsets.push_back(terms.positions[i] - terms.positions[0]);
    }
    for (size_t i = 1; i < segment.terms.size(); ++i)
      query.bigrams.push_back({{segment.terms[i - 1], segment.terms[i]},
                               {0, segment.offsets[i] - segment.offsets[i - 1]}});
    if (in_phrase && segment.terms.size() >= 2) query.phrases.push_back(std::move(segment));
    in_phrase = !in_phrase;
    start = quote + 1;
  }
  return query;
}

}  // namespace argmax
