// Adding a document: analysis and the postings, on its own so that the wasm build compiles it for speed
// (CMakeLists.txt), as indexing spends its time here.
#include <algorithm>

#include "core/error.hpp"
#include "search/search_index.hpp"

namespace argmax {

uint32_t SearchIndex::term_id(std::string_view term) {
  auto [at, added] = term_ids_.emplace(std::string(term), uint32_t(terms_.size()));
  if (added) {
    terms_.emplace_back(term);
    postings_.resize(postings_.size() + text_fields_.size());
    doc_frequency_.push_back(0);
  }
  return at->second;
}

void SearchIndex::add(const Document& doc) {
  check(doc);
  require(!has(doc.id), "a document with id '", doc.id, "' is already in the index (update replaces it)");
  const size_t fields = text_fields_.size();
  const uint32_t slot = uint32_t(ids_.size());
  Analysis& analysis = this->analysis(doc.language);
  std::vector<uint32_t> distinct;
  for (size_t f = 0; f < fields; ++f) {
    scratch_.clear();
    const uint32_t words = analysis.analyzer.words(doc.texts[f], scratch_);
    uint32_t length = 0;
    for (size_t i = 0; i < scratch_.size(); ++i) {
      const std::string_view word = scratch_[i];
      uint32_t t = analysis.word_terms.find(word);
      if (t == WordTerms::kUnknown) {
        const std::string term = analysis.analyzer.term_of(std::string(word));
        t = term.empty() ? WordTerms::kNoTerm : term_id(term);
        analysis.word_terms.remember(word, t);
      }
      if (t == WordTerms::kNoTerm) continue;
      ++length;
      Postings& p = postings_[t * fields + f];
      if (p.docs.empty() || p.docs.back() != slot) {
        p.docs.push_back(slot);
        p.ends.push_back(uint32_t(p.positions.size()));
        distinct.push_back(t);
      }
      p.positions.push_back(scratch_.positions[i]);
      ++p.ends.back();
    }
    lengths_.push_back(length);
    words_.push_back(words);
    total_lengths_[f] += length;
  }
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (uint32_t t : distinct) ++doc_frequency_[t];
  numbers_.insert(numbers_.end(), doc.numbers.begin(), doc.numbers.end());
  distinct.shrink_to_fit();  // kept for the document's life: no room to grow
  doc_terms_.push_back(std::move(distinct));
  ids_.push_back(doc.id);
  languages_.push_back(doc.language);
  if (per_document_language_) ++language_counts_[doc.language];
  slot_of_.emplace(doc.id, slot);
}

}  // namespace argmax
