// The search index: documents with a string id, named text fields and numeric fields; an inverted index with
// term positions per field; BM25 per field and BM25F over fields; exact top-k; the (query, document) features
// of search/features.hpp. Documents are added, updated and removed; the index saves to bytes and loads back.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/options.hpp"
#include "search/query.hpp"
#include "search/word_terms.hpp"
#include "text/analyzer.hpp"

namespace argmax {

struct Document {
  std::string id;
  std::vector<std::string_view> texts;  // one per text field, in the index's order
  std::vector<double> numbers;          // one per numeric field
  std::string language;                 // language 'auto': its ISO 639 code ("und": unknown); else empty
};

struct Hit {
  uint32_t doc;  // the document's place in document order (SearchIndex::id)
  double score;
};

// How a search reads the query's "quoted phrases": every result holds each of them (required); or the same,
// unless no document does, when the query is answered with the phrases' words as plain terms (fallback, as web
// search engines answer a quoted phrase found nowhere).
enum class Phrases { fallback, required };

// Results, best first, and whether the quoted phrases were read as plain terms (Phrases::fallback).
struct Hits : std::vector<Hit> {
  bool phrases_as_terms = false;
};

// BM25's idf, in the form that stays positive (Lucene's): ln(1 + (N − df + 0.5) / (df + 0.5)).
double bm25_idf(double documents, double df);

class SearchIndex {
 public:
  // The analysis options (Analyzer::option_specs), then the scorer's.
  static const std::vector<OptionSpec>& option_specs();

  // Throws InputError for no text field, a duplicate or empty field name, or bad options.
  SearchIndex(std::vector<std::string> text_fields, std::vector<std::string> numeric_fields,
              const OptionList& options);

  const std::vector<std::string>& text_fields() const { return text_fields_; }
  const std::vector<std::string>& numeric_fields() const { return numeric_fields_; }
  const OptionList& settings() const { return settings_; }
  // Language 'auto': each document is analysed in the language its code names (a Snowball stemmer and stop
  // words where there are, else none), each query in the language given with it.
  bool per_document_language() const { return per_document_language_; }
  // A document's language code (language 'auto'), or "" (one language for all); InputError for an unknown id.
  const std::string& language(const std::string& id) const;
  // The codes of the documents' languages, in byte order (language 'auto'; else none).
  std::vector<std::string> languages() const;

  // add throws InputError naming the id when it is already there; update when it is not (the document then
  // moves to the end of document order); remove returns whether it was there. Wrong counts of fields and
  // non-finite numbers are errors naming the document and the field.
  void add(const Document& doc);
  void update(const Document& doc);
  bool remove(const std::string& id);
  bool has(const std::string& id) const { return slot_of_.count(id) != 0; }
  size_t size() const { return slot_of_.size(); }

  // The options of one search (this search and a SearchRanker's), declared as the index's are: they belong to
  // a query, not to the index, so they are not saved with it. phrases_option reads `phrases` from given ones.
  static const std::vector<OptionSpec>& search_option_specs();
  static Phrases phrases_option(const OptionList& options);

  // The k best documents for the query by the scorer (BM25F or BM25 summed over fields), best first, ties in
  // document order. A result holds at least one query term and every quoted phrase (with Phrases::fallback,
  // unless no document holds them all: then phrases_as_terms). An empty query (or one of stop words only) has
  // no results. `language` is the query's ISO 639 code, for language 'auto' only; there, without one, the
  // query is analysed in the language most of the documents have.
  Hits search(std::string_view query, size_t k, const std::string& language = {}, Phrases phrases = Phrases::fallback);
  const std::string& id(uint32_t doc) const { return ids_[doc]; }

  // The features of search/features.hpp for each listed id (row-major, feature_names().size() per row).
  // Throws InputError naming an id that is not in the index.
  std::vector<std::string> feature_names() const;
  std::vector<double> features(std::string_view query, const std::vector<std::string>& ids,
                               const std::string& language = {});

  std::vector<uint8_t> to_bytes() const;
  // Refuses bytes of another kind, a wrong checksum or version, and any inconsistent content (InputError).
  static SearchIndex from_bytes(const uint8_t* data, size_t size);

  // What features.cpp reads (the index's statistics and postings).
  // One term in one field. Positions are kept as the gaps between them in varints (io/varint.hpp; the first
  // from 0), most of which take one byte: a quarter of the memory of 32-bit numbers (docs/search.md).
  struct Postings {
    // A document slot and where its positions start: one entry a document, so that a list's new document is
    // one append (and a new list one allocation, besides its positions).
    struct Entry {
      uint32_t doc, start;
    };
    std::vector<Entry> entries;      // ascending document slots
    std::vector<uint8_t> positions;  // word positions in the field, ascending per document
    uint32_t occurrences = 0;        // positions of every document: the term's frequency in the field
    size_t size() const { return entries.size(); }  // the documents with the term in the field
    uint32_t doc(size_t i) const { return entries[i].doc; }
    // The positions of doc(i) are the varints of bytes [begin(i), end(i)).
    uint32_t begin(size_t i) const { return entries[i].start; }
    uint32_t end(size_t i) const { return i + 1 < entries.size() ? entries[i + 1].start : uint32_t(positions.size()); }
    // The term's frequency in doc(i): its varints, one final byte (below 0x80) each.
    uint32_t tf(size_t i) const {
      uint32_t n = 0;
      for (uint32_t j = begin(i), e = end(i); j < e; ++j) n += positions[j] < 0x80;
      return n;
    }
    // Calls f(position) for each position of doc(i), in order.
    template <class F>
    void for_each_position(size_t i, F&& f) const {
      uint32_t position = 0, gap = 0;
      int shift = 0;
      for (uint32_t j = begin(i), e = end(i); j < e; ++j) {
        gap |= uint32_t(positions[j] & 0x7f) << shift, shift += 7;
        if (positions[j] & 0x80) continue;
        f(position += gap);
        gap = 0, shift = 0;
      }
    }
    // Appends an occurrence at `position` in document `doc` (≥ the last document; a later position when the
    // same). Another occurrence in the last document touches only this header and the positions' last bytes
    // (indexing waits for memory more than it computes).
    [[gnu::always_inline]] void add(uint32_t doc, uint32_t position) {
      if (doc != last_doc_) start(doc);
      uint32_t gap = position - last_position_;
      for (; gap >= 0x80; gap >>= 7) positions.push_back(uint8_t(gap & 0x7f) | 0x80);
      positions.push_back(uint8_t(gap));
      last_position_ = position;
      ++occurrences;
    }
    // Removes doc(i) and its positions.
    void erase(size_t i);

   private:
    void start(uint32_t doc);
    static constexpr uint32_t kNoDoc = UINT32_MAX;
    uint32_t last_doc_ = kNoDoc, last_position_ = 0;  // of the last add
  };
  // The postings of a term in a field, or null when the term was never indexed.
  const Postings* postings(const std::string& term, size_t field) const;
  // The place of doc in p, or -1.
  static long find(const Postings& p, uint32_t doc);
  uint32_t documents() const { return uint32_t(slot_of_.size()); }
  uint32_t document_frequency(const std::string& term) const;  // documents with the term in any field
  uint32_t length(uint32_t doc, size_t field) const { return lengths_[doc * text_fields_.size() + field]; }
  uint32_t words(uint32_t doc, size_t field) const { return words_[doc * text_fields_.size() + field]; }
  double average_length(size_t field) const;
  double total_length(size_t field) const { return total_lengths_[field]; }
  double number(uint32_t doc, size_t field) const { return numbers_[doc * numeric_fields_.size() + field]; }
  const std::vector<uint32_t>& terms_of(uint32_t doc) const { return doc_terms_[doc]; }
  const std::string& term(uint32_t id) const { return terms_[id]; }
  double option(const std::string& name) const { return options_.real(name); }
  // The fields' weights: the option's, or by default √(longest mean field length / the field's).
  std::vector<double> field_weights() const;
  // Analyses a query as the documents of its language were (`language` as for search).
  Query parse(std::string_view query, const std::string& language = {});
  // BM25F (or BM25 summed over fields) for a weighted query: scores[doc] for every slot (0 where no term
  // matched).
  void score_all(const std::vector<std::string>& terms, const std::vector<double>& weights,
                 std::vector<double>& scores, bool bm25f) const;
  bool ranks_by_bm25f() const { return options_.choice("scorer") == "bm25f"; }
  // How often the phrase occurs in the field of doc.
  uint32_t phrase_count(const Query& query, const Phrase& phrase, uint32_t doc, size_t field) const;

 private:
  void check(const Document& doc) const;
  uint32_t term_id(std::string_view term);
  // How one language is analysed: its analyzer, and the term each word it read became (a cache: not saved).
  struct Analysis {
    std::string language;  // a Snowball language, or none
    Analyzer analyzer;
    WordTerms word_terms;
  };
  // The term of a word that an analysis reads for the first time (stemmed, looked up, remembered), or
  // WordTerms::kNoTerm. Out of the indexing loop, which meets a new word rarely (Zipf).
  [[gnu::noinline]] uint32_t first_meeting(Analysis& analysis, std::string_view word);
  // Indexes field f of the document in `slot` (add's loop over the words, on its own: V8 optimises it while a
  // page's first add runs, and a small function sooner; docs/search.md, "Speed and memory").
  [[gnu::noinline]] void index_field(Analysis& analysis, std::string_view text, uint32_t slot, size_t f);
  // The analysis of a document or query whose language is `code` (made on first use). Inline for an index of
  // one language, as add asks for every document.
  Analysis& analysis(const std::string& code) {
    return !per_document_language_ && !analyses_.empty() ? *analyses_.front() : find_analysis(code);
  }
  Analysis& find_analysis(const std::string& code);
  // The code most documents have (ties: the first in byte order; "und" for none).
  std::string common_language() const;
  // Why a document's (or, may_be_empty, a query's) language code cannot be used here, or null.
  const char* refused_language(const std::string& code, bool may_be_empty) const;

  std::vector<std::string> text_fields_, numeric_fields_;
  Options options_;
  OptionList settings_;
  bool per_document_language_;
  std::vector<std::unique_ptr<Analysis>> analyses_;  // one per language met (a handful: a list is enough)
  std::string word_;               // scratch of add: the word being read
  std::vector<uint32_t> distinct_;  // scratch of add: the document's distinct terms so far

  std::unordered_map<std::string, uint32_t> term_ids_;
  std::vector<std::string> terms_;
  std::vector<Postings> postings_;        // term * fields + field
  std::vector<uint32_t> doc_frequency_;   // per term: live documents with it in any field
  static constexpr uint32_t kNoSlot = UINT32_MAX;
  std::vector<uint32_t> last_slot_;       // per term: the last slot add gave it to (a scratch of add: not saved)

  // Per document slot, in document order; removed documents leave an empty id and no postings.
  std::vector<std::string> ids_;
  std::vector<std::string> languages_;          // language 'auto': each slot's code
  std::unordered_map<std::string, uint32_t> language_counts_;  // language 'auto': live documents per code
  std::vector<uint32_t> lengths_, words_;       // slot * fields + field: terms, and words with stop words
  std::vector<double> numbers_;                 // slot * numeric fields + field
  std::vector<std::vector<uint32_t>> doc_terms_;  // the distinct terms of each slot
  std::unordered_map<std::string, uint32_t> slot_of_;
  std::vector<double> total_lengths_;           // per field, over live documents
};

}  // namespace argmax
