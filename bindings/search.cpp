// Embind glue for search (search/search_index.hpp): the index, its documents (their ids and text as UTF-8 bytes
// that JS encoded into wasm memory, a batch at a time), search, the features of (query, document) pairs, save and load.
#include <algorithm>
#include <cstring>

#include "common.hpp"
#include "model_binding.hpp"
#include "search_hits.hpp"
#include "search/features.hpp"
#include "search/search_index.hpp"

namespace argmax::js {
namespace {

// Both return a new object that the JS handle owns (a failed call returns null: the index has no empty state).
SearchIndex* create(val text_fields, val numeric_fields, std::string options) {
  return new SearchIndex(strings(text_fields), strings(numeric_fields), option_lines(options));
}
SearchIndex* load(uintptr_t data, int size) { return new SearchIndex(SearchIndex::from_bytes(bytes_at(data), size_t(size))); }

// The end of the UTF-8 that TextEncoder made of `units` UTF-16 code units starting at p (never past limit): a
// code point beyond U+FFFF is 4 bytes and 2 units, any other 1 to 3 bytes and 1 unit (a lone surrogate became
// U+FFFD). ASCII goes 8 bytes at a time.
const char* utf8_end(const char* p, const char* limit, size_t units) {
  while (units > 0 && p < limit) {
    uint64_t eight;
    if (units >= 8 && limit - p >= 8 && (std::memcpy(&eight, p, 8), (eight & 0x8080808080808080ull) == 0)) {
      p += 8, units -= 8;
      continue;
    }
    const unsigned char lead = static_cast<unsigned char>(*p);
    const size_t bytes = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    p += std::min<size_t>(bytes, size_t(limit - p));
    units -= bytes == 4 && units >= 2 ? 2 : 1;
  }
  return p;
}

// `count` documents, each an id and then its text fields, lengths[k] UTF-16 code units each (value j of document
// i is k = i·(F + 1) + j: j = 0 the id, j = f + 1 field f), joined by '\n' and encoded as UTF-8 by JS straight
// into wasm memory, `size` bytes at text; numbers[i·N …], languages[i] (language 'auto'; else languages is
// empty). The ids cross with the text rather than as JS strings one at a time (no call back into JS per
// document); they are distinct (the JS API checks that, and that none is in the index when a call takes several
// batches). Every document is checked before the first goes in, so a refused batch changes nothing.
void put(SearchIndex& index, int count, val language_array, uintptr_t text, int size, uintptr_t lengths,
         uintptr_t numbers, bool update) {
  const std::vector<std::string> languages = strings(language_array);
  const size_t n = size_t(count);
  require(languages.empty() || languages.size() == n, languages.size(), " languages for ", n, " documents");
  const size_t fields = index.text_fields().size(), numerics = index.numeric_fields().size(), per_document = fields + 1;
  const int32_t* length = reinterpret_cast<const int32_t*>(lengths);
  const double* number = reinterpret_cast<const double*>(numbers);
  const char* p = reinterpret_cast<const char*>(text);
  const char* const limit = p + size;
  // UTF-8 has as many bytes as UTF-16 has units only when every unit is ASCII: then each value's length is its
  // bytes, and the text needs no scan (this loop is a page's one call, which V8 never optimises).
  uint64_t units = n * per_document - (n > 0);  // the '\n's
  for (size_t k = 0; k < n * per_document; ++k) units += uint32_t(length[k]);  // (a negative one: never `size`)
  const bool ascii = units == uint64_t(size);
  // Each value's bytes, found first: the documents are checked whole before any goes in, and then made one at
  // a time in one Document (no allocation a document in this loop, which runs in V8's baseline tier).
  std::vector<std::string_view> values(n * per_document);
  for (size_t k = 0; k < values.size(); ++k) {
    const char* begin = p;
    p = ascii ? p + length[k] : utf8_end(p, limit, size_t(length[k]));
    values[k] = std::string_view(begin, size_t(p - begin));
    if (p < limit) ++p;  // the '\n' after it
  }
  require(p == limit, "a batch of ", size, " bytes of text holds ", size_t(p - reinterpret_cast<const char*>(text)),
          " bytes of its documents' values");
  Document d;
  for (size_t i = 0; i < n; ++i) {
    d.id = values[i * per_document];
    if (update) require(index.has(d.id), "no document with id '", d.id, "' to update (add puts a new one in)");
    else require(!index.has(d.id), "a document with id '", d.id, "' is already in the index (update replaces it)");
  }
  // Called through a pointer, so that the wasm linker's optimiser does not inline a document's indexing into
  // this loop: V8 moves a wasm function to optimised code only between its calls, and this call may be the only
  // one of a page's indexing (docs/search.md, "Speed and memory").
  void (SearchIndex::*put_one)(const Document&) = update ? &SearchIndex::update : &SearchIndex::add;
  for (size_t i = 0; i < n; ++i) {
    d.id = values[i * per_document];
    d.texts.assign(values.begin() + long(i * per_document + 1), values.begin() + long((i + 1) * per_document));
    if (numerics > 0) d.numbers.assign(number + i * numerics, number + (i + 1) * numerics);
    if (!languages.empty()) d.language = languages[i];
    (index.*put_one)(d);
  }
}

bool remove(SearchIndex& index, std::string id) { return index.remove(id); }
bool has(const SearchIndex& index, std::string id) { return index.has(id); }
int size(const SearchIndex& index) { return int(index.size()); }

// {ids: string[], scores: Float64Array, phrasesAsTerms}, best first.
// language: the query's ISO 639 code (language 'auto'), or ""; options: the search options as "key=value" lines.
val search(SearchIndex& index, std::string query, int k, std::string language, std::string options) {
  require(k >= 0, "k must be ≥ 0; got ", k);
  return hits_to_js(index, index.search(query, size_t(k), language, SearchIndex::phrases_option(option_lines(options))));
}

val features(SearchIndex& index, std::string query, val ids, std::string language) {
  return typed_array("Float64Array", index.features(query, strings(ids), language));
}

std::string language(const SearchIndex& index, std::string id) { return index.language(id); }
val languages(const SearchIndex& index) { return string_array(index.languages()); }
bool per_document_language(const SearchIndex& index) { return index.per_document_language(); }

val feature_names(const SearchIndex& index) { return string_array(index.feature_names()); }
val text_fields(const SearchIndex& index) { return string_array(index.text_fields()); }
val numeric_fields(const SearchIndex& index) { return string_array(index.numeric_fields()); }
std::string options_of(const SearchIndex& index) { return option_text(index.settings()); }

std::string schema() { return schema_json(SearchIndex::option_specs()); }
std::string search_schema() { return schema_json(SearchIndex::search_option_specs()); }
std::string help() { return describe(SearchIndex::option_specs()); }

// [{name, perField, formula, help}]: the feature table, for the docs and the types.
val feature_table() {
  val out = val::array();
  for (const FeatureSpec& f : search_feature_table()) {
    val row = val::object();
    row.set("name", std::string(f.name));
    row.set("perField", f.per_field);
    row.set("formula", std::string(f.formula));
    row.set("help", std::string(f.help));
    out.call<void>("push", row);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_search) {
  using namespace emscripten;
  class_<SearchIndex>("SearchIndex")
      .class_function("create", &Guard<&create>::call, allow_raw_pointers())
      .class_function("load", &Guard<&load>::call, allow_raw_pointers())
      .function("save", &Guard<&model_bytes<SearchIndex>>::call)
      .function("put", &Guard<&put>::call)
      .function("remove", &Guard<&remove>::call)
      .function("has", &Guard<&has>::call)
      .function("language", &Guard<&language>::call)
      .function("languages", &Guard<&languages>::call)
      .function("perDocumentLanguage", &Guard<&per_document_language>::call)
      .function("size", &Guard<&size>::call)
      .function("search", &Guard<&search>::call)
      .function("features", &Guard<&features>::call)
      .function("featureNames", &Guard<&feature_names>::call)
      .function("textFields", &Guard<&text_fields>::call)
      .function("numericFields", &Guard<&numeric_fields>::call)
      .function("options", &Guard<&options_of>::call);
  function("searchSchema", &Guard<&schema>::call);
  function("searchOptionsSchema", &Guard<&search_schema>::call);
  function("searchHelp", &Guard<&help>::call);
  function("searchFeatureTable", &Guard<&feature_table>::call);
}

}  // namespace argmax::js
