// Adding a document: analysis and the postings, on its own so that the wasm build compiles it for speed
// (CMakeLists.txt), as indexing spends its time here.
#include "core/error.hpp"
#include "search/search_index.hpp"
#include "text/words.hpp"

namespace argmax {

uint32_t SearchIndex::term_id(std::string_view term) {
  auto [at, added] = term_ids_.emplace(std::string(term), uint32_t(terms_.size()));
  if (added) {
    terms_.emplace_back(term);
    postings_.resize(postings_.size() + text_fields_.size());
    doc_frequency_.push_back(0);
    last_slot_.push_back(kNoSlot);
  }
  return at->second;
}

uint32_t SearchIndex::first_meeting(Analysis& analysis, std::string_view word) {
  const std::string term = analysis.analyzer.term_of(std::string(word));
  const uint32_t t = term.empty() ? WordTerms::kNoTerm : term_id(term);
  analysis.word_terms.remember(word, t);
  return t;
}

void SearchIndex::Postings::start(uint32_t doc) {
  if (entries.empty()) {  // most lists stay short (Zipf): room for a few documents saves their first regrowths
    entries.reserve(4);
    positions.reserve(8);
  }
  entries.push_back({doc, uint32_t(positions.size())});
  last_doc_ = doc;
  last_position_ = 0;
}

void SearchIndex::index_field(Analysis& analysis, std::string_view text, uint32_t slot, size_t f) {
  // Words go straight from the splitter to the postings (no copy of the document's words): each word's term is
  // one probe of word_terms, and a term's first occurrence in the document is known by its last_slot_.
  const size_t fields = text_fields_.size();
  uint32_t position = 0, length = 0;
  for_each_word<true>(text, word_, [&](std::string_view word) {
    const uint32_t at = position++;
    uint32_t t = analysis.word_terms.find(word);
    if (t == WordTerms::kUnknown) t = first_meeting(analysis, word);
    if (t == WordTerms::kNoTerm) return;
    ++length;
    if (last_slot_[t] != slot) {
      last_slot_[t] = slot;
      ++doc_frequency_[t];
      distinct_.push_back(t);
    }
    postings_[t * fields + f].add(slot, at);
  });
  lengths_.push_back(length);
  words_.push_back(position);
  total_lengths_[f] += length;
}

void SearchIndex::add(const Document& doc) {
  check(doc);
  require(!has(doc.id), "a document with id '", doc.id, "' is already in the index (update replaces it)");
  const uint32_t slot = uint32_t(ids_.size());
  Analysis& analysis = this->analysis(doc.language);
  distinct_.clear();
  for (size_t f = 0; f < text_fields_.size(); ++f) index_field(analysis, doc.texts[f], slot, f);
  if (!doc.numbers.empty()) numbers_.insert(numbers_.end(), doc.numbers.begin(), doc.numbers.end());
  doc_terms_.emplace_back(distinct_.begin(), distinct_.end());  // of its exact size: kept for the document's life
  ids_.push_back(doc.id);
  languages_.push_back(doc.language);
  if (per_document_language_) ++language_counts_[doc.language];
  slot_of_.emplace(doc.id, slot);
}

}  // namespace argmax
