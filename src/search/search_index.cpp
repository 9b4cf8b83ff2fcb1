#include "search/search_index.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "search/features.hpp"
#include "text/stemmer.hpp"

namespace argmax {

namespace {

constexpr const char* kKind = "search-index";

// An ISO 639 code as the language identifier answers: two or three lower-case letters ("fr", "hsb", "und").
bool is_language_code(const std::string& code) {
  return (code.size() == 2 || code.size() == 3) &&
         std::all_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

const std::vector<OptionSpec>& SearchIndex::option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = Analyzer::option_specs();
    append(s, {
        choice_option("scorer", "bm25f", {"bm25f", "bm25"},
         "how search ranks: bm25f (the fields' weighted, length-normalised term counts saturated once: Robertson, "
         "Zaragoza and Taylor 2004) or bm25 (BM25 per field, times the field's weight, summed)"),
        positive_option("k1", "1.2", 1000, "BM25's term-frequency saturation"),
        real_option("b", "0.75", 0, 1, "BM25's length normalisation (0: none, 1: full)"),
        real_list_option("weights", "", 0, 1e6,
         "one weight per text field, in the fields' order; empty: each field's is √(L / L_f), L_f its mean "
         "length and L the longest field's, halfway (in log scale) between weighing every word alike and "
         "every field alike (Cranfield and CACM: NDCG@10 0.380 and 0.497, against 0.374 and 0.482 with 1 each)"),
        positive_option("dirichletMu", "2000", 1e9,
         "μ of the Dirichlet-smoothed language-model feature (Zhai and Lafferty 2001)"),
        positive_option("jmLambda", "0.1", 1,
         "λ, the collection's share in the Jelinek–Mercer language-model feature (Zhai and Lafferty 2001)"),
        integer_option("feedbackDocs", "6", 1, 1000,
         "the top documents that the rm3 feature's relevance model is estimated from (the learned re-ranker did "
         "better with 5 to 7 than with 10 on Cranfield and CACM)"),
        integer_option("feedbackTerms", "20", 1, 1000, "the terms the rm3 feature adds to the query"),
        real_option("feedbackWeight", "0.5", 0, 1,
         "the original query's share in the rm3 feature's expanded query"),
    });
    return s;
  }();
  return specs;
}

const std::vector<OptionSpec>& SearchIndex::search_option_specs() {
  static const std::vector<OptionSpec> specs = {
      choice_option("phrases", "fallback", {"fallback", "required"},
       "\"quoted phrases\": required, every result holds each one; fallback, the same unless no document holds "
       "them all, when the query is answered with their words as plain terms and the results say so "
       "(phrasesAsTerms), as web search engines do"),
  };
  return specs;
}

Phrases SearchIndex::phrases_option(const OptionList& options) {
  return Options::parse(search_option_specs(), options, "a search").choice("phrases") == "required"
             ? Phrases::required
             : Phrases::fallback;
}

SearchIndex::SearchIndex(std::vector<std::string> text_fields, std::vector<std::string> numeric_fields,
                         const OptionList& options)
    : text_fields_(std::move(text_fields)),
      numeric_fields_(std::move(numeric_fields)),
      options_(Options::parse(option_specs(), options, "a search index")),
      settings_(options_.entries()),
      per_document_language_(options_.choice("language") == "auto") {
  require(!text_fields_.empty(), "a search index needs at least one text field");
  std::vector<std::string> names = text_fields_;
  names.insert(names.end(), numeric_fields_.begin(), numeric_fields_.end());
  for (const std::string& name : names) require(!name.empty(), "a field name must not be empty");
  names = feature_names();
  std::sort(names.begin(), names.end());
  const auto twice = std::adjacent_find(names.begin(), names.end());
  require(twice == names.end(), "two fields give the feature name '", twice == names.end() ? "" : *twice,
          "' (field names must differ from each other and from the document features)");
  const std::vector<double>& weights = options_.reals("weights");
  require(weights.empty() || weights.size() == text_fields_.size(), "option 'weights' has ", weights.size(),
          " weights for ", text_fields_.size(), " text fields (", join(text_fields_), ")");
  total_lengths_.assign(text_fields_.size(), 0.0);
}

void SearchIndex::check(const Document& doc) const {
  require(!doc.id.empty(), "a document id must not be empty");
  // (fail, not require: the message's list of fields is made only when it is needed)
  if (doc.texts.size() != text_fields_.size())
    fail("document '", doc.id, "' has ", doc.texts.size(), " text fields; the index has ", text_fields_.size(), " (",
         join(text_fields_), ")");
  if (doc.numbers.size() != numeric_fields_.size())
    fail("document '", doc.id, "' has ", doc.numbers.size(), " numeric fields; the index has ",
         numeric_fields_.size(), " (", join(numeric_fields_), ")");
  if (const char* why = refused_language(doc.language, false)) fail("document '", doc.id, "': language '", doc.language, why);
  for (size_t j = 0; j < doc.numbers.size(); ++j)
    require(std::isfinite(doc.numbers[j]), "document '", doc.id, "': numeric field '", numeric_fields_[j],
            "' is not a finite number (", doc.numbers[j], ")");
}

void SearchIndex::update(const Document& doc) {
  check(doc);
  require(has(doc.id), "no document with id '", doc.id, "' to update (add puts a new one in)");
  remove(doc.id);
  add(doc);
}

void SearchIndex::Postings::erase(size_t i) {
  const uint32_t from = begin(i), to = end(i);
  occurrences -= tf(i);
  positions.erase(positions.begin() + from, positions.begin() + to);
  entries.erase(entries.begin() + long(i));
  for (size_t j = i; j < entries.size(); ++j) entries[j].start -= to - from;
  if (i == entries.size()) last_doc_ = kNoDoc;  // the next add starts a document afresh
}

long SearchIndex::find(const Postings& p, uint32_t doc) {
  auto at = std::lower_bound(p.entries.begin(), p.entries.end(), doc,
                             [](const Postings::Entry& e, uint32_t d) { return e.doc < d; });
  return at != p.entries.end() && at->doc == doc ? long(at - p.entries.begin()) : -1;
}

bool SearchIndex::remove(const std::string& id) {
  auto found = slot_of_.find(id);
  if (found == slot_of_.end()) return false;
  const uint32_t slot = found->second;
  const size_t fields = text_fields_.size();
  for (uint32_t t : doc_terms_[slot]) {
    for (size_t f = 0; f < fields; ++f) {
      Postings& p = postings_[t * fields + f];
      const long i = find(p, slot);
      if (i >= 0) p.erase(size_t(i));
    }
    --doc_frequency_[t];
  }
  for (size_t f = 0; f < fields; ++f) {
    total_lengths_[f] -= lengths_[slot * fields + f];
    lengths_[slot * fields + f] = words_[slot * fields + f] = 0;
  }
  std::vector<uint32_t>().swap(doc_terms_[slot]);
  if (per_document_language_ && --language_counts_[languages_[slot]] == 0) language_counts_.erase(languages_[slot]);
  ids_[slot].clear();
  languages_[slot].clear();
  slot_of_.erase(found);
  return true;
}

const std::string& SearchIndex::language(const std::string& id) const {
  const auto found = slot_of_.find(id);
  require(found != slot_of_.end(), "no document with id '", id, "' in the index");
  return languages_[found->second];
}

std::vector<std::string> SearchIndex::languages() const {
  std::vector<std::string> codes;
  for (const auto& entry : language_counts_) codes.push_back(entry.first);
  std::sort(codes.begin(), codes.end());
  return codes;
}

SearchIndex::Analysis& SearchIndex::find_analysis(const std::string& code) {
  std::string language = options_.choice("language");
  if (per_document_language_) {
    language = stemmer_language_of_code(code);
    if (language.empty()) language = "none";
  }
  for (const auto& analysis : analyses_)
    if (analysis->language == language) return *analysis;
  analyses_.push_back(std::make_unique<Analysis>(Analysis{language, Analyzer(options_, language), {}}));
  return *analyses_.back();
}

std::string SearchIndex::common_language() const {
  std::string best = "und";
  uint32_t most = 0;
  for (const auto& [code, count] : language_counts_)
    if (count > most || (count == most && code < best)) best = code, most = count;
  return best;
}

const char* SearchIndex::refused_language(const std::string& code, bool may_be_empty) const {
  if (!per_document_language_)
    return code.empty() ? nullptr : "' is for an index of language 'auto' (this one analyses every text in one)";
  return (code.empty() ? may_be_empty : is_language_code(code)) ? nullptr
                                                                : "' is not an ISO 639 code such as 'fr' ('und' when unknown)";
}

Query SearchIndex::parse(std::string_view query, const std::string& language) {
  if (const char* why = refused_language(language, true)) fail("the query's language '", language, why);
  const bool common = per_document_language_ && language.empty();
  return parse_query(query, analysis(common ? common_language() : language).analyzer);
}

const SearchIndex::Postings* SearchIndex::postings(const std::string& term, size_t field) const {
  auto at = term_ids_.find(term);
  return at == term_ids_.end() ? nullptr : &postings_[at->second * text_fields_.size() + field];
}

uint32_t SearchIndex::document_frequency(const std::string& term) const {
  auto at = term_ids_.find(term);
  return at == term_ids_.end() ? 0 : doc_frequency_[at->second];
}

std::vector<double> SearchIndex::field_weights() const {
  std::vector<double> weights = options_.reals("weights");
  if (!weights.empty()) return weights;
  const double longest = *std::max_element(total_lengths_.begin(), total_lengths_.end());
  for (double total : total_lengths_) weights.push_back(total > 0 ? std::sqrt(longest / total) : 1.0);
  return weights;
}

double SearchIndex::average_length(size_t field) const {
  return documents() == 0 ? 0.0 : total_lengths_[field] / documents();
}

uint32_t SearchIndex::phrase_count(const Query& query, const Phrase& phrase, uint32_t doc, size_t field) const {
  // The positions of each phrase term in this field of doc.
  std::vector<std::vector<uint32_t>> spans;
  for (int term : phrase.terms) {
    const Postings* p = postings(query.terms[term], field);
    const long i = p ? find(*p, doc) : -1;
    if (i < 0) return 0;
    std::vector<uint32_t>& span = spans.emplace_back();
    p->for_each_position(size_t(i), [&](uint32_t x) { span.push_back(x); });
  }
  uint32_t count = 0;
  for (uint32_t x : spans[0]) {
    bool all = true;
    for (size_t j = 1; j < spans.size() && all; ++j)
      all = std::binary_search(spans[j].begin(), spans[j].end(), x + phrase.offsets[j]);
    count += all;
  }
  return count;
}

Hits SearchIndex::search(std::string_view text, size_t k, const std::string& language, Phrases phrases) {
  const Query query = parse(text, language);
  if (query.empty() || k == 0) return {};
  std::vector<double> scores;
  score_all(query.terms, std::vector<double>(query.counts.begin(), query.counts.end()), scores,
            options_.choice("scorer") == "bm25f");
  // The scores do not depend on the phrases, which only filter: as plain terms, every scored document is a result.
  Hits hits, as_terms;
  for (uint32_t d = 0; d < scores.size(); ++d) {
    if (scores[d] <= 0) continue;
    bool holds_phrases = true;
    for (const Phrase& phrase : query.phrases) {
      uint32_t count = 0;
      for (size_t f = 0; f < text_fields_.size() && count == 0; ++f) count += phrase_count(query, phrase, d, f);
      holds_phrases = holds_phrases && count > 0;
    }
    if (holds_phrases) hits.push_back({d, scores[d]});
    else if (phrases == Phrases::fallback && hits.empty()) as_terms.push_back({d, scores[d]});
  }
  if (hits.empty() && !as_terms.empty()) {
    hits = std::move(as_terms);
    hits.phrases_as_terms = true;
  }
  const auto better = [](const Hit& a, const Hit& b) { return a.score > b.score || (a.score == b.score && a.doc < b.doc); };
  k = std::min(k, hits.size());
  std::partial_sort(hits.begin(), hits.begin() + k, hits.end(), better);
  hits.resize(k);
  return hits;
}

std::vector<std::string> SearchIndex::feature_names() const {
  return search_feature_names(text_fields_, numeric_fields_);
}

std::vector<double> SearchIndex::features(std::string_view text, const std::vector<std::string>& ids,
                                         const std::string& language) {
  std::vector<uint32_t> docs;
  for (const std::string& id : ids) {
    auto at = slot_of_.find(id);
    require(at != slot_of_.end(), "no document with id '", id, "' in the index");
    docs.push_back(at->second);
  }
  return search_features(*this, parse(text, language), docs);
}

// Bytes: options, the fields, the live documents in document order (ids, lengths, words, numbers), then the
// terms in byte order, each with its postings per field (documents renumbered 0..n-1), and with language
// 'auto' each document's language code. Removed documents leave no trace, so an index saves to the same bytes
// as one built afresh from its documents.
std::vector<uint8_t> SearchIndex::to_bytes() const {
  ByteWriter out(kKind);
  out.put_options(settings_);
  out.put_strings(text_fields_);
  out.put_strings(numeric_fields_);
  const size_t fields = text_fields_.size(), numerics = numeric_fields_.size();
  std::vector<uint32_t> renumbered(ids_.size(), 0);
  std::vector<std::string> ids, languages;
  std::vector<uint32_t> lengths, words;
  std::vector<double> numbers;
  for (uint32_t d = 0; d < ids_.size(); ++d) {
    if (ids_[d].empty()) continue;
    renumbered[d] = uint32_t(ids.size());
    ids.push_back(ids_[d]);
    languages.push_back(languages_[d]);
    lengths.insert(lengths.end(), lengths_.begin() + d * fields, lengths_.begin() + (d + 1) * fields);
    words.insert(words.end(), words_.begin() + d * fields, words_.begin() + (d + 1) * fields);
    numbers.insert(numbers.end(), numbers_.begin() + d * numerics, numbers_.begin() + (d + 1) * numerics);
  }
  out.put_strings(ids);
  out.put_vector(lengths);
  out.put_vector(words);
  out.put_vector(numbers);
  std::vector<uint32_t> live;
  for (uint32_t t = 0; t < terms_.size(); ++t)
    if (doc_frequency_[t] > 0) live.push_back(t);
  std::sort(live.begin(), live.end(), [&](uint32_t a, uint32_t b) { return terms_[a] < terms_[b]; });
  out.put<uint64_t>(live.size());
  for (uint32_t t : live) {
    out.put_string(terms_[t]);
    for (size_t f = 0; f < fields; ++f) {
      const Postings& p = postings_[t * fields + f];
      std::vector<uint32_t> docs(p.size());
      for (size_t i = 0; i < docs.size(); ++i) docs[i] = renumbered[p.doc(i)];
      // The bytes keep 32-bit positions, and ends counting them.
      std::vector<uint32_t> ends, positions;
      for (size_t i = 0; i < docs.size(); ++i) {
        p.for_each_position(i, [&](uint32_t x) { positions.push_back(x); });
        ends.push_back(uint32_t(positions.size()));
      }
      out.put_vector(docs);
      out.put_vector(ends);
      out.put_vector(positions);
    }
  }
  if (per_document_language_) out.put_strings(languages);
  return out.finish();
}

SearchIndex SearchIndex::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  const OptionList options = in.get_options();
  std::vector<std::string> text_fields = in.get_strings(), numeric_fields = in.get_strings();
  SearchIndex index(std::move(text_fields), std::move(numeric_fields), options);
  const size_t fields = index.text_fields_.size(), numerics = index.numeric_fields_.size();
  const auto corrupt = [](bool ok, const char* what) { require(ok, "search index bytes are corrupt (", what, ")"); };
  std::vector<std::string> ids = in.get_strings();
  const uint32_t n = uint32_t(ids.size());
  corrupt(ids.size() < UINT32_MAX, "too many documents");
  index.lengths_ = in.get_vector<uint32_t>();
  index.words_ = in.get_vector<uint32_t>();
  index.numbers_ = in.get_finite_vector<double>("numeric field");
  corrupt(index.lengths_.size() == size_t(n) * fields && index.words_.size() == size_t(n) * fields &&
              index.numbers_.size() == size_t(n) * numerics,
          "per-document tables of the wrong size");
  for (uint32_t d = 0; d < n; ++d) {
    corrupt(!ids[d].empty() && index.slot_of_.emplace(ids[d], d).second, "an empty or repeated id");
    for (size_t f = 0; f < fields; ++f) corrupt(index.lengths_[d * fields + f] <= index.words_[d * fields + f],
                                                "more terms than words");
  }
  index.ids_ = std::move(ids);
  index.doc_terms_.resize(n);
  const uint64_t terms = in.get<uint64_t>();
  std::vector<uint64_t> term_lengths(size_t(n) * fields, 0);
  std::string previous;
  for (uint64_t t = 0; t < terms; ++t) {
    std::string term = in.get_string();
    corrupt(!term.empty() && (t == 0 || previous < term), "terms out of order");
    const uint32_t id = index.term_id(term);
    for (size_t f = 0; f < fields; ++f) {
      Postings& p = index.postings_[id * fields + f];
      const std::vector<uint32_t> docs = in.get_vector<uint32_t>(), ends = in.get_vector<uint32_t>(),
                                  positions = in.get_vector<uint32_t>();
      corrupt(docs.size() == ends.size() && (ends.empty() ? positions.empty() : ends.back() == positions.size()),
              "postings of the wrong size");
      for (size_t i = 0; i < docs.size(); ++i)  // every end inside the positions before any is followed
        corrupt(docs[i] < n && (i == 0 || (docs[i - 1] < docs[i] && ends[i - 1] < ends[i])) && ends[i] > 0,
                "postings out of order");
      for (size_t i = 0; i < docs.size(); ++i) {
        const uint32_t d = docs[i], begin = i == 0 ? 0 : ends[i - 1];
        for (uint32_t j = begin; j < ends[i]; ++j) {
          corrupt(positions[j] < index.words_[d * fields + f] && (j == begin || positions[j - 1] < positions[j]),
                  "positions out of order");
          p.add(d, positions[j]);
        }
        term_lengths[d * fields + f] += ends[i] - begin;
        if (index.doc_terms_[d].empty() || index.doc_terms_[d].back() != id) index.doc_terms_[d].push_back(id);
      }
    }
    previous = std::move(term);
  }
  index.languages_.assign(n, std::string());
  if (index.per_document_language_) {
    index.languages_ = in.get_strings();
    corrupt(index.languages_.size() == n, "a language per document");
    for (const std::string& code : index.languages_) {
      corrupt(is_language_code(code), "a language that is not an ISO 639 code");
      ++index.language_counts_[code];
    }
  }
  in.expect_end();
  for (uint32_t d = 0; d < n; ++d) {
    for (uint32_t t : index.doc_terms_[d]) ++index.doc_frequency_[t];
    for (size_t f = 0; f < fields; ++f) {
      corrupt(term_lengths[d * fields + f] == index.lengths_[d * fields + f], "lengths that disagree with the postings");
      index.total_lengths_[f] += index.lengths_[d * fields + f];
    }
  }
  return index;
}

}  // namespace argmax
