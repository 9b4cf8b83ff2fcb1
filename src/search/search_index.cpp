#include "search/search_index.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "search/features.hpp"

namespace argmax {

namespace {

constexpr const char* kKind = "search-index";

}  // namespace

const std::vector<OptionSpec>& SearchIndex::option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> s = Analyzer::option_specs();
    append(s, {
        {"scorer", OptionType::Choice, "bm25f", 0, -1, false,
         "how search ranks: bm25f (the fields' weighted, length-normalised term counts saturated once: Robertson, "
         "Zaragoza and Taylor 2004) or bm25 (BM25 per field, times the field's weight, summed)",
         {"bm25f", "bm25"}},
        {"k1", OptionType::Real, "1.2", 0, 1000, true, "BM25's term-frequency saturation"},
        {"b", OptionType::Real, "0.75", 0, 1, false, "BM25's length normalisation (0: none, 1: full)"},
        {"weights", OptionType::RealList, "", 0, 1e6, false,
         "one weight per text field, in the fields' order (empty: 1 each)"},
        {"dirichletMu", OptionType::Real, "2000", 0, 1e9, true,
         "μ of the Dirichlet-smoothed language-model feature (Zhai and Lafferty 2001)"},
        {"jmLambda", OptionType::Real, "0.1", 0, 1, true,
         "λ, the collection's share in the Jelinek–Mercer language-model feature (Zhai and Lafferty 2001)"},
        {"feedbackDocs", OptionType::Integer, "10", 1, 1000, false,
         "the top documents that the rm3 feature's relevance model is estimated from"},
        {"feedbackTerms", OptionType::Integer, "20", 1, 1000, false, "the terms the rm3 feature adds to the query"},
        {"feedbackWeight", OptionType::Real, "0.5", 0, 1, false,
         "the original query's share in the rm3 feature's expanded query"},
    });
    return s;
  }();
  return specs;
}

SearchIndex::SearchIndex(std::vector<std::string> text_fields, std::vector<std::string> numeric_fields,
                         const OptionList& options)
    : text_fields_(std::move(text_fields)),
      numeric_fields_(std::move(numeric_fields)),
      options_(Options::parse(option_specs(), options, "a search index")),
      settings_(options_.entries()),
      analyzer_(options_) {
  require(!text_fields_.empty(), "a search index needs at least one text field");
  std::vector<std::string> names = text_fields_;
  names.insert(names.end(), numeric_fields_.begin(), numeric_fields_.end());
  for (const std::string& name : names) require(!name.empty(), "a field name must not be empty");
  names = feature_names();
  std::sort(names.begin(), names.end());
  const auto twice = std::adjacent_find(names.begin(), names.end());
  require(twice == names.end(), "two fields give the feature name '", twice == names.end() ? "" : *twice,
          "' (field names must differ from each other and from the document features)");
  weights_ = options_.reals("weights");
  if (weights_.empty()) weights_.assign(text_fields_.size(), 1.0);
  require(weights_.size() == text_fields_.size(), "option 'weights' has ", weights_.size(),
          " weights for ", text_fields_.size(), " text fields (", join(text_fields_), ")");
  total_lengths_.assign(text_fields_.size(), 0.0);
}

void SearchIndex::check(const Document& doc) const {
  require(!doc.id.empty(), "a document id must not be empty");
  require(doc.texts.size() == text_fields_.size(), "document '", doc.id, "' has ", doc.texts.size(),
          " text fields; the index has ", text_fields_.size(), " (", join(text_fields_), ")");
  require(doc.numbers.size() == numeric_fields_.size(), "document '", doc.id, "' has ", doc.numbers.size(),
          " numeric fields; the index has ", numeric_fields_.size(), " (", join(numeric_fields_), ")");
  for (size_t j = 0; j < doc.numbers.size(); ++j)
    require(std::isfinite(doc.numbers[j]), "document '", doc.id, "': numeric field '", numeric_fields_[j],
            "' is not a finite number (", doc.numbers[j], ")");
}

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
  std::vector<uint32_t> distinct;
  for (size_t f = 0; f < fields; ++f) {
    scratch_.clear();
    const uint32_t words = analyzer_.analyze(doc.texts[f], scratch_);
    for (size_t i = 0; i < scratch_.size(); ++i) {
      const uint32_t t = term_id(scratch_[i]);
      Postings& p = postings_[t * fields + f];
      if (p.docs.empty() || p.docs.back() != slot) {
        p.docs.push_back(slot);
        p.ends.push_back(uint32_t(p.positions.size()));
        distinct.push_back(t);
      }
      p.positions.push_back(scratch_.positions[i]);
      ++p.ends.back();
    }
    lengths_.push_back(uint32_t(scratch_.size()));
    words_.push_back(words);
    total_lengths_[f] += double(scratch_.size());
  }
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (uint32_t t : distinct) ++doc_frequency_[t];
  numbers_.insert(numbers_.end(), doc.numbers.begin(), doc.numbers.end());
  doc_terms_.push_back(std::move(distinct));
  ids_.push_back(doc.id);
  slot_of_.emplace(doc.id, slot);
}

void SearchIndex::update(const Document& doc) {
  check(doc);
  require(has(doc.id), "no document with id '", doc.id, "' to update (add puts a new one in)");
  remove(doc.id);
  add(doc);
}

long SearchIndex::find(const Postings& p, uint32_t doc) {
  auto at = std::lower_bound(p.docs.begin(), p.docs.end(), doc);
  return at != p.docs.end() && *at == doc ? long(at - p.docs.begin()) : -1;
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
      if (i < 0) continue;
      const uint32_t begin = i == 0 ? 0 : p.ends[i - 1], tf = p.ends[i] - begin;
      p.positions.erase(p.positions.begin() + begin, p.positions.begin() + p.ends[i]);
      p.docs.erase(p.docs.begin() + i);
      p.ends.erase(p.ends.begin() + i);
      for (size_t j = size_t(i); j < p.ends.size(); ++j) p.ends[j] -= tf;
    }
    --doc_frequency_[t];
  }
  for (size_t f = 0; f < fields; ++f) {
    total_lengths_[f] -= lengths_[slot * fields + f];
    lengths_[slot * fields + f] = words_[slot * fields + f] = 0;
  }
  std::vector<uint32_t>().swap(doc_terms_[slot]);
  ids_[slot].clear();
  slot_of_.erase(found);
  return true;
}

const SearchIndex::Postings* SearchIndex::postings(const std::string& term, size_t field) const {
  auto at = term_ids_.find(term);
  return at == term_ids_.end() ? nullptr : &postings_[at->second * text_fields_.size() + field];
}

uint32_t SearchIndex::document_frequency(const std::string& term) const {
  auto at = term_ids_.find(term);
  return at == term_ids_.end() ? 0 : doc_frequency_[at->second];
}

double SearchIndex::average_length(size_t field) const {
  return documents() == 0 ? 0.0 : total_lengths_[field] / documents();
}

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
      if (p.docs.empty() || weights_[f] == 0) continue;
      if (bm25f) {
        for (size_t i = 0; i < p.docs.size(); ++i) {
          const uint32_t d = p.docs[i];
          if (pseudo_tf[d] == 0) touched.push_back(d);
          pseudo_tf[d] += weights_[f] * p.tf(i) / normaliser(d, f);
        }
      } else {
        const double idf = bm25_idf(n, double(p.docs.size()));
        for (size_t i = 0; i < p.docs.size(); ++i) {
          const uint32_t d = p.docs[i];
          const double tf = p.tf(i);
          scores[d] += weights[q] * weights_[f] * idf * tf * (k1 + 1) / (tf + k1 * normaliser(d, f));
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

uint32_t SearchIndex::phrase_count(const Query& query, const Phrase& phrase, uint32_t doc, size_t field) const {
  // The positions of each phrase term in this field of doc.
  std::vector<std::pair<const uint32_t*, const uint32_t*>> spans;
  for (int term : phrase.terms) {
    const Postings* p = postings(query.terms[term], field);
    const long i = p ? find(*p, doc) : -1;
    if (i < 0) return 0;
    const uint32_t* base = p->positions.data();
    spans.emplace_back(base + (i == 0 ? 0 : p->ends[i - 1]), base + p->ends[i]);
  }
  uint32_t count = 0;
  for (const uint32_t* x = spans[0].first; x != spans[0].second; ++x) {
    bool all = true;
    for (size_t j = 1; j < spans.size() && all; ++j)
      all = std::binary_search(spans[j].first, spans[j].second, *x + phrase.offsets[j]);
    count += all;
  }
  return count;
}

std::vector<Hit> SearchIndex::search(std::string_view text, size_t k) {
  const Query query = parse(text);
  if (query.empty() || k == 0) return {};
  std::vector<double> scores;
  score_all(query.terms, std::vector<double>(query.counts.begin(), query.counts.end()), scores,
            options_.choice("scorer") == "bm25f");
  std::vector<Hit> hits;
  for (uint32_t d = 0; d < scores.size(); ++d) {
    if (scores[d] <= 0) continue;
    bool holds_phrases = true;
    for (const Phrase& phrase : query.phrases) {
      uint32_t count = 0;
      for (size_t f = 0; f < text_fields_.size() && count == 0; ++f) count += phrase_count(query, phrase, d, f);
      holds_phrases = holds_phrases && count > 0;
    }
    if (holds_phrases) hits.push_back({d, scores[d]});
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

std::vector<double> SearchIndex::features(std::string_view text, const std::vector<std::string>& ids) {
  std::vector<uint32_t> docs;
  for (const std::string& id : ids) {
    auto at = slot_of_.find(id);
    require(at != slot_of_.end(), "no document with id '", id, "' in the index");
    docs.push_back(at->second);
  }
  return search_features(*this, parse(text), docs);
}

// Bytes: options, the fields, the live documents in document order (ids, lengths, words, numbers), then the
// terms in byte order, each with its postings per field (documents renumbered 0..n-1). Removed documents
// leave no trace, so an index saves to the same bytes as one built afresh from its documents.
std::vector<uint8_t> SearchIndex::to_bytes() const {
  ByteWriter out(kKind);
  out.put_options(settings_);
  out.put_strings(text_fields_);
  out.put_strings(numeric_fields_);
  const size_t fields = text_fields_.size(), numerics = numeric_fields_.size();
  std::vector<uint32_t> renumbered(ids_.size(), 0);
  std::vector<std::string> ids;
  std::vector<uint32_t> lengths, words;
  std::vector<double> numbers;
  for (uint32_t d = 0; d < ids_.size(); ++d) {
    if (ids_[d].empty()) continue;
    renumbered[d] = uint32_t(ids.size());
    ids.push_back(ids_[d]);
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
      std::vector<uint32_t> docs(p.docs.size());
      for (size_t i = 0; i < docs.size(); ++i) docs[i] = renumbered[p.docs[i]];
      out.put_vector(docs);
      out.put_vector(p.ends);
      out.put_vector(p.positions);
    }
  }
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
      p.docs = in.get_vector<uint32_t>();
      p.ends = in.get_vector<uint32_t>();
      p.positions = in.get_vector<uint32_t>();
      corrupt(p.docs.size() == p.ends.size() && (p.ends.empty() ? p.positions.empty() : p.ends.back() == p.positions.size()),
              "postings of the wrong size");
      for (size_t i = 0; i < p.docs.size(); ++i) {
        const uint32_t d = p.docs[i], begin = i == 0 ? 0 : p.ends[i - 1];
        corrupt(d < n && (i == 0 || p.docs[i - 1] < d) && begin < p.ends[i], "postings out of order");
        for (uint32_t j = begin; j < p.ends[i]; ++j)
          corrupt(p.positions[j] < index.words_[d * fields + f] && (j == begin || p.positions[j - 1] < p.positions[j]),
                  "positions out of order");
        term_lengths[d * fields + f] += p.ends[i] - begin;
        if (index.doc_terms_[d].empty() || index.doc_terms_[d].back() != id) index.doc_terms_[d].push_back(id);
      }
    }
    previous = std::move(term);
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
