#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "search/features.hpp"
#include "search/search_index.hpp"
#include "search/word_terms.hpp"

using namespace argmax;

namespace {

// Documents of plain lower-case words (language none: each word is its own term, so a test can count them).
struct Doc {
  std::string id;
  std::vector<std::string> fields;
};

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

void add(SearchIndex& index, const Doc& d) {
  index.add({d.id, {d.fields.begin(), d.fields.end()}, {}});
}

SearchIndex make(const std::vector<Doc>& docs, std::vector<std::string> fields, OptionList options = {}) {
  options.emplace_back("language", "none");
  SearchIndex index(std::move(fields), {}, options);
  for (const Doc& d : docs) add(index, d);
  return index;
}

std::vector<std::string> ids(SearchIndex& index, const std::string& query, size_t k = 100,
                             Phrases phrases = Phrases::fallback) {
  std::vector<std::string> out;
  for (const Hit& h : index.search(query, k, {}, phrases)) out.push_back(index.id(h.doc));
  return out;
}

const std::vector<Doc> kThree = {
    {"d0", {"a b", "c d a"}},
    {"d1", {"c", "a a b e"}},
    {"d2", {"a", "f"}},
};

// The reference BM25F, written from the formula over the documents' words.
struct Reference {
  std::vector<std::vector<std::vector<std::string>>> words;  // document, field, word
  std::vector<double> w;
  double k1, b;
  Reference(const std::vector<Doc>& docs, std::vector<double> weights, double k1_, double b_)
      : w(std::move(weights)), k1(k1_), b(b_) {
    for (const Doc& d : docs) {
      words.emplace_back();
      for (const auto& f : d.fields) words.back().push_back(split_words(f));
    }
  }
  double bm25f(size_t d, const std::vector<std::string>& query) const {
    const size_t fields = w.size(), n = words.size();
    std::vector<double> avg(fields, 0);
    for (const auto& e : words)
      for (size_t f = 0; f < fields; ++f) avg[f] += double(e[f].size()) / n;
    std::map<std::string, int> count;
    for (const auto& t : query) ++count[t];
    double score = 0;
    for (const auto& [t, c] : count) {
      double df = 0, pseudo = 0;
      for (const auto& e : words) {
        bool any = false;
        for (size_t f = 0; f < fields; ++f) any = any || std::count(e[f].begin(), e[f].end(), t) > 0;
        df += any;
      }
      for (size_t f = 0; f < fields; ++f) {
        const auto& ws = words[d][f];
        pseudo += w[f] * double(std::count(ws.begin(), ws.end(), t)) / (1 - b + b * ws.size() / avg[f]);
      }
      if (pseudo > 0) score += c * std::log(1 + (n - df + 0.5) / (df + 0.5)) * pseudo * (k1 + 1) / (k1 + pseudo);
    }
    return score;
  }
};

// Occurrences of the consecutive words `phrase` in the text.
int reference_phrase_count(const std::string& text, const std::vector<std::string>& phrase) {
  auto ws = split_words(text);
  int count = 0;
  for (size_t i = 0; i + phrase.size() <= ws.size(); ++i)
    count += std::equal(phrase.begin(), phrase.end(), ws.begin() + long(i));
  return count;
}

std::vector<Doc> random_docs(std::mt19937& rng, int n, int vocabulary, int fields) {
  std::vector<Doc> docs;
  for (int i = 0; i < n; ++i) {
    Doc d{"doc" + std::to_string(i), {}};
    for (int f = 0; f < fields; ++f) {
      std::string text;
      const int length = int(rng() % (f == 0 ? 5 : 25));
      for (int j = 0; j < length; ++j) text += "w" + std::to_string(rng() % vocabulary) + " ";
      d.fields.push_back(text);
    }
    docs.push_back(d);
  }
  return docs;
}

}  // namespace

TEST_CASE("BM25 and BM25F match hand-computed values on three documents") {
  // One field: d0 "a b c", d1 "a a d", d2 "b e f g"; N 3, avgdl 10/3, k1 1.2, b 0.75; idf(a) = ln 1.6.
  // d0: ln 1.6 · 2.2 / (1 + 1.2 · 0.925) = 0.490051177413; d1: ln 1.6 · 4.4 / (2 + 1.2 · 0.925) = 0.664956903113.
  SearchIndex one = make({{"d0", {"a b c"}}, {"d1", {"a a d"}}, {"d2", {"b e f g"}}}, {"body"});
  auto hits = one.search("a", 10);
  REQUIRE(hits.size() == 2);
  CHECK(one.id(hits[0].doc) == "d1");
  CHECK(hits[0].score == Approx(0.664956903113).epsilon(1e-11));
  CHECK(hits[1].score == Approx(0.490051177413).epsilon(1e-11));

  // Two fields, title weight 2 (values computed from the BM25F formula by hand, in Python).
  SearchIndex two = make(kThree, {"title", "body"}, {{"weights", "2,1"}});
  hits = two.search("a b", 10);
  REQUIRE(hits.size() == 3);
  CHECK(ids(two, "a b") == std::vector<std::string>{"d0", "d1", "d2"});
  CHECK(hits[0].score == Approx(0.761570537070).epsilon(1e-11));
  CHECK(hits[1].score == Approx(0.551161042217).epsilon(1e-11));
  CHECK(hits[2].score == Approx(0.197491807579).epsilon(1e-11));
  CHECK(ids(two, "a") == std::vector<std::string>{"d2", "d0", "d1"});

  // Default weights: title √(8 / 4) (the body's total length over the title's), body 1.
  SearchIndex automatic = make(kThree, {"title", "body"});
  CHECK(automatic.field_weights() == std::vector<double>{std::sqrt(2.0), 1.0});
  hits = automatic.search("a b", 10);
  REQUIRE(hits.size() == 3);
  CHECK(hits[0].score == Approx(0.658822165343).epsilon(1e-11));
  CHECK(hits[1].score == Approx(0.551161042217).epsilon(1e-11));
  CHECK(hits[2].score == Approx(0.173886587929).epsilon(1e-11));

  // BM25 per field, summed with the weights: title 1.204465034327, 0, 0.523548346502 and body
  // 0.447138587823, 1.380853059570, 0 for "a b".
  SearchIndex sum = make(kThree, {"title", "body"}, {{"weights", "2,1"}, {"scorer", "bm25"}});
  hits = sum.search("a b", 10);
  REQUIRE(hits.size() == 3);
  CHECK(sum.id(hits[0].doc) == "d0");
  CHECK(hits[0].score == Approx(2 * 1.204465034327 + 0.447138587823).epsilon(1e-11));
  CHECK(sum.id(hits[1].doc) == "d1");
  CHECK(hits[1].score == Approx(1.380853059570).epsilon(1e-11));
  CHECK(hits[2].score == Approx(2 * 0.523548346502).epsilon(1e-11));
  const auto names = sum.feature_names();
  const auto row = sum.features("a b", {"d0"});
  CHECK(row[size_t(std::find(names.begin(), names.end(), "title.bm25") - names.begin())] == Approx(1.204465034327));
  CHECK(row[size_t(std::find(names.begin(), names.end(), "bm25f") - names.begin())] == Approx(0.761570537070));
}

TEST_CASE("top-k is the brute-force order: score, then document order") {
  std::mt19937 rng(11);
  const auto docs = random_docs(rng, 300, 30, 2);
  SearchIndex index = make(docs, {"title", "body"}, {{"weights", "3,1"}, {"k1", "0.9"}, {"b", "0.4"}});
  const Reference reference(docs, {3, 1}, 0.9, 0.4);
  for (int trial = 0; trial < 40; ++trial) {
    std::vector<std::string> query;
    for (int j = 0, n = 1 + int(rng() % 4); j < n; ++j) query.push_back("w" + std::to_string(rng() % 30));
    std::string text;
    for (const auto& t : query) text += t + " ";
    std::vector<std::pair<double, size_t>> all;
    for (size_t d = 0; d < docs.size(); ++d) {
      const double s = reference.bm25f(d, query);
      if (s > 0) all.emplace_back(-s, d);
    }
    std::sort(all.begin(), all.end());
    const size_t k = 1 + rng() % 20;
    const auto hits = index.search(text, k);
    REQUIRE(hits.size() == std::min(k, all.size()));
    for (size_t i = 0; i < hits.size(); ++i) {
      CHECK(hits[i].score == Approx(-all[i].first).epsilon(1e-12));
      // The same documents in the same order, except where two scores tie to rounding.
      if (std::abs(all[i].first - (i + 1 < all.size() ? all[i + 1].first : 1e9)) > 1e-9 &&
          (i == 0 || std::abs(all[i].first - all[i - 1].first) > 1e-9))
        CHECK(index.id(hits[i].doc) == docs[all[i].second].id);
      if (i > 0) CHECK((hits[i - 1].score > hits[i].score || (hits[i - 1].score == hits[i].score && hits[i - 1].doc < hits[i].doc)));
    }
  }
  // Exact ties: identical documents come in the order they were added.
  SearchIndex same = make({{"x", {"p q"}}, {"y", {"r"}}, {"z", {"p q"}}, {"w", {"p q"}}}, {"body"});
  CHECK(ids(same, "p") == std::vector<std::string>{"x", "z", "w"});
  CHECK(ids(same, "p", 2) == std::vector<std::string>{"x", "z"});
}

TEST_CASE("phrases match exactly where brute force finds them") {
  std::mt19937 rng(5);
  const auto docs = random_docs(rng, 200, 6, 2);
  SearchIndex index = make(docs, {"title", "body"});
  const auto names = index.feature_names();
  const size_t phrase_column = size_t(std::find(names.begin(), names.end(), "phrases") - names.begin());
  std::vector<std::string> all_ids;
  for (const Doc& d : docs) all_ids.push_back(d.id);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<std::string> phrase;
    for (int j = 0, n = 2 + int(rng() % 2); j < n; ++j) phrase.push_back("w" + std::to_string(rng() % 6));
    std::string text = "\"";
    for (const auto& t : phrase) text += t + " ";
    text += "\"";
    const auto rows = index.features(text, all_ids);
    std::vector<std::string> expected, as_terms;
    for (size_t d = 0; d < docs.size(); ++d) {
      const int count = reference_phrase_count(docs[d].fields[0], phrase) + reference_phrase_count(docs[d].fields[1], phrase);
      CHECK(rows[d * names.size() + phrase_column] == count);
      if (count > 0) expected.push_back(docs[d].id);
      bool any = false;
      for (const std::string& t : phrase)
        any = any || reference_phrase_count(docs[d].fields[0], {t}) + reference_phrase_count(docs[d].fields[1], {t}) > 0;
      if (any) as_terms.push_back(docs[d].id);
    }
    std::sort(expected.begin(), expected.end());
    std::sort(as_terms.begin(), as_terms.end());
    auto required = ids(index, text, 1000, Phrases::required);
    std::sort(required.begin(), required.end());
    CHECK(required == expected);
    // By default a phrase that no document holds is read as its words, each a plain term.
    const Hits hits = index.search(text, 1000);
    CHECK(hits.phrases_as_terms == expected.empty());
    auto found = ids(index, text, 1000);
    std::sort(found.begin(), found.end());
    CHECK(found == (expected.empty() ? as_terms : expected));
  }
  // A stop word inside a phrase keeps its place.
  SearchIndex english(std::vector<std::string>{"body"}, {}, {});
  english.add({"1", {"flow of air"}, {}});
  english.add({"2", {"flow air"}, {}});
  english.add({"3", {"air flow of the air"}, {}});
  CHECK(ids(english, "\"flow of air\"") == std::vector<std::string>{"1"});
  CHECK(ids(english, "\"flow air\"") == std::vector<std::string>{"2"});
  CHECK(ids(english, "\"air flow\" unrelated").size() == 1);
  // Two phrases: results hold both, or (fallback) the query reads all their words as plain terms, with the
  // scores of that query.
  CHECK(ids(english, "\"flow of air\" \"air flow\"", 100, Phrases::required).empty());
  const Hits both = english.search("\"flow of air\" \"air flow\"", 100), plain = english.search("flow of air air flow", 100);
  CHECK(both.phrases_as_terms);
  REQUIRE(both.size() == 3);
  for (size_t i = 0; i < both.size(); ++i) CHECK((both[i].doc == plain[i].doc && both[i].score == plain[i].score));
  CHECK(!english.search("\"air flow\" flow", 100).phrases_as_terms);
  CHECK(SearchIndex::phrases_option({}) == Phrases::fallback);
  CHECK(SearchIndex::phrases_option({{"phrases", "required"}}) == Phrases::required);
  CHECK_THROWS_WITH(SearchIndex::phrases_option({{"phrases", "strict"}}), Catch::Contains("phrases"));
  CHECK_THROWS_WITH(SearchIndex::phrases_option({{"k", "3"}}), Catch::Contains("'k'"));
}

TEST_CASE("each feature matches a direct computation") {
  const std::vector<Doc> docs = {
      {"d0", {"x y", "y z x y"}},
      {"d1", {"z", "q q q"}},
      {"d2", {"y", "x q z y"}},
  };
  SearchIndex index = make(docs, {"title", "body"}, {{"dirichletMu", "10"}, {"jmLambda", "0.3"}});
  const auto names = index.feature_names();
  const auto rows = index.features("x y \"z x\"", {"d0", "d1", "d2"});
  const auto value = [&](size_t d, const std::string& name) {
    const auto at = std::find(names.begin(), names.end(), name);
    REQUIRE(at != names.end());
    return rows[d * names.size() + size_t(at - names.begin())];
  };
  // Query terms x (2: once plain, once in the phrase), y (1), z (1). N = 3.
  const auto idf = [](double df) { return std::log(1 + (3 - df + 0.5) / (df + 0.5)); };
  // title of d0 "x y": x tf 1 (df 1), y tf 1 (df 2), z tf 0 (df 1).
  CHECK(value(0, "title.matched") == 2);
  CHECK(value(0, "title.tf") == 2 * 1 + 1);
  CHECK(value(0, "title.idf") == Approx(2 * idf(1) + idf(2) + idf(1)));
  CHECK(value(0, "title.tfidf") == Approx(2 * idf(1) + idf(2)));
  CHECK(value(0, "title.length") == 2);
  // body of d0 "y z x y": dl 4, avgdl 11/3; cf: x 2, y 3, z 2 (q 4) of |C| 11.
  const double norm = 1 - 0.75 + 0.75 * 4 / (11.0 / 3);
  const auto bm = [&](double tf, double df) { return idf(df) * tf * 2.2 / (tf + 1.2 * norm); };
  CHECK(value(0, "body.bm25") == Approx(2 * bm(1, 2) + bm(2, 2) + bm(1, 2)));
  const auto dir = [](double tf, double cf) { return std::log((tf + 10 * cf / 11) / (4 + 10.0)); };
  CHECK(value(0, "body.lmDirichlet") == Approx(2 * dir(1, 2) + dir(2, 3) + dir(1, 2)));
  const auto jm = [](double tf, double cf) { return std::log(0.7 * tf / 4 + 0.3 * cf / 11); };
  CHECK(value(0, "body.lmJelinekMercer") == Approx(2 * jm(1, 2) + jm(2, 3) + jm(1, 2)));
  CHECK(value(0, "matchedFraction") == 1);
  CHECK(value(1, "matchedFraction") == Approx(1.0 / 3));
  // Phrase "z x": body of d0 holds it once; d2 "x q z y" not.
  CHECK(value(0, "phrases") == 1);
  CHECK(value(2, "phrases") == 0);
  // Bigrams of the query: (x y), (z x): d0 title "x y" 1, body "y z x y": (x y) 1, (z x) 1.
  CHECK(value(0, "bigrams") == 3);
  // Document positions: title then body. d0: x0 y1 | y2 z3 x4 y5 → first 0, window {x,y,z}: 2..4 = 3 (z3 x4 y5 also 3).
  CHECK(value(0, "firstPosition") == 0);
  CHECK(value(0, "minWindow") == 3);
  // d1: z0 | q1 q2 q3 → window 1; d2: y0 | x1 q2 z3 y4 → x1..z3 with y0: y0..z3 = 4, x1..y4 = 4.
  CHECK(value(1, "minWindow") == 1);
  CHECK(value(2, "minWindow") == 4);
  // Default field weights: title √(11 / 4), from the fields' total lengths.
  CHECK(value(2, "bm25f") == Approx(Reference(docs, {std::sqrt(11.0 / 4), 1}, 1.2, 0.75).bm25f(2, {"x", "y", "z", "x"})));
  // Empty query: rows of the right width, no matches.
  const auto empty = index.features("  ", {"d1"});
  CHECK(empty.size() == names.size());
  CHECK(empty[size_t(std::find(names.begin(), names.end(), "matchedFraction") - names.begin())] == 0);
}

TEST_CASE("rm3 scores the query expanded by its feedback documents' terms") {
  // "a" retrieves d0 (a b b b) and d1 (a c) with equal scores (b = 0: no length normalisation). The relevance
  // model weighs a 1/4 + 1/2, b 3/4, c 1/2: its two best terms are a and b, so d2 ("b" alone) scores under rm3
  // and d3 ("c") does not.
  const std::vector<Doc> docs = {{"d0", {"a b b b"}}, {"d1", {"a c"}}, {"d2", {"b"}}, {"d3", {"c"}}};
  SearchIndex index = make(docs, {"body"}, {{"b", "0"}, {"feedbackDocs", "2"}, {"feedbackTerms", "2"}});
  const auto names = index.feature_names();
  const size_t rm3 = size_t(std::find(names.begin(), names.end(), "rm3") - names.begin());
  const auto rows = index.features("a", {"d2", "d3"});
  CHECK(rows[rm3] > 0);
  CHECK(rows[names.size() + rm3] == 0);
}

TEST_CASE("an index after removals and updates is the index built afresh") {
  std::mt19937 rng(3);
  auto docs = random_docs(rng, 120, 40, 2);
  SearchIndex changed = make(docs, {"title", "body"});
  std::vector<Doc> now;
  for (size_t i = 0; i < docs.size(); ++i) {
    if (i % 3 == 0) {
      CHECK(changed.remove(docs[i].id));
    } else if (i % 5 == 0) {
      Doc d = docs[i];
      d.fields[1] += " w1 w2 extra";
      changed.update({d.id, {d.fields.begin(), d.fields.end()}, {}});
    } else {
      now.push_back(docs[i]);
    }
  }
  for (size_t i = 0; i < docs.size(); ++i)
    if (i % 3 != 0 && i % 5 == 0) {  // updated documents moved to the end, in the order of their updates
      Doc d = docs[i];
      d.fields[1] += " w1 w2 extra";
      now.push_back(d);
    }
  SearchIndex fresh = make(now, {"title", "body"});
  CHECK(changed.size() == now.size());
  CHECK(changed.to_bytes() == fresh.to_bytes());
  for (const char* q : {"w1", "w2 w3", "extra w7", "\"w1 w2\""}) {
    const auto a = changed.search(q, 50), b = fresh.search(q, 50);
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
      CHECK(changed.id(a[i].doc) == fresh.id(b[i].doc));
      CHECK(a[i].score == b[i].score);
    }
  }
  CHECK(!changed.remove(docs[0].id));
  CHECK(!changed.has(docs[0].id));
}

TEST_CASE("an index saves to bytes and loads back the same, and refuses corrupt bytes") {
  std::mt19937 rng(9);
  SearchIndex index(std::vector<std::string>{"title", "body"}, {"year"}, {{"k1", "0.9"}});
  for (const Doc& d : random_docs(rng, 30, 20, 2)) index.add({d.id, {d.fields.begin(), d.fields.end()}, {double(rng() % 50)}});
  const auto bytes = index.to_bytes();
  SearchIndex again = SearchIndex::from_bytes(bytes.data(), bytes.size());
  CHECK(again.to_bytes() == bytes);
  CHECK(again.settings() == index.settings());
  CHECK(again.numeric_fields() == std::vector<std::string>{"year"});
  const std::vector<std::string> some = {"doc1", "doc7", "doc20"};
  CHECK(again.features("w1 w2 \"w3 w4\"", some) == index.features("w1 w2 \"w3 w4\"", some));
  auto a = again.search("w5 w6", 10), b = index.search("w5 w6", 10);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK((a[i].doc == b[i].doc && a[i].score == b[i].score));
  // Loaded, it keeps working: add, update, remove.
  again.add({"new", {"w1", "w1 w1"}, {1}});
  CHECK(again.search("w1", 1).size() == 1);

  for (size_t i = 0; i < bytes.size(); i += 7) {
    auto bad = bytes;
    bad[i] ^= 0x5A;
    CHECK_THROWS_AS(SearchIndex::from_bytes(bad.data(), bad.size()), InputError);
  }
  for (size_t n : {size_t(0), size_t(10), bytes.size() / 2, bytes.size() - 1})
    CHECK_THROWS_AS(SearchIndex::from_bytes(bytes.data(), n), InputError);
}

TEST_CASE("bad input gives an error naming what is wrong, or an empty answer") {
  SearchIndex index(std::vector<std::string>{"title", "body"}, {"year"}, {});
  index.add({"a", {"Flow of air", "Air flows over the wing"}, {1999}});
  CHECK(index.search("", 10).empty());
  CHECK(index.search("   \t ", 10).empty());
  CHECK(index.search("the of", 10).empty());  // stop words only
  CHECK(index.search("\"\"", 10).empty());
  CHECK(index.search("air", 0).empty());
  CHECK_THROWS_WITH(index.add({"a", {"x", "y"}, {1}}), Catch::Contains("'a' is already in the index"));
  CHECK_THROWS_WITH(index.update({"zz", {"x", "y"}, {1}}), Catch::Contains("no document with id 'zz'"));
  CHECK_THROWS_WITH(index.add({"b", {"x"}, {1}}), Catch::Contains("document 'b' has 1 text fields") && Catch::Contains("title, body"));
  CHECK_THROWS_WITH(index.add({"b", {"x", "y"}, {}}), Catch::Contains("document 'b' has 0 numeric fields"));
  CHECK_THROWS_WITH(index.add({"b", {"x", "y"}, {NAN}}), Catch::Contains("document 'b': numeric field 'year'"));
  CHECK_THROWS_WITH(index.add({"", {"x", "y"}, {1}}), Catch::Contains("id must not be empty"));
  CHECK_THROWS_WITH(index.features("air", {"a", "nope"}), Catch::Contains("no document with id 'nope'"));
  CHECK_THROWS_WITH(SearchIndex({}, {}, {}), Catch::Contains("at least one text field"));
  CHECK_THROWS_WITH(SearchIndex({"t", "t"}, {}, {}), Catch::Contains("two fields give the feature name 't."));
  CHECK_THROWS_WITH(SearchIndex({"t"}, {"bm25f"}, {}), Catch::Contains("'bm25f'"));
  CHECK_THROWS_WITH(SearchIndex({"t", "u"}, {}, {{"weights", "1"}}), Catch::Contains("1 weights for 2 text fields"));
  CHECK_THROWS_WITH(SearchIndex({"t"}, {}, {{"k1", "-1"}}), Catch::Contains("option 'k1'"));
  CHECK(index.size() == 1);  // nothing above changed it
  // NUL and ill-formed UTF-8 are separators; the index keeps working.
  index.add({"nul", {std::string_view("wing\0tip", 8), "bad \xED\xA0\x80 bytes"}, {2000}});
  CHECK(ids(index, "tip") == std::vector<std::string>{"nul"});
  CHECK(ids(index, "bytes") == std::vector<std::string>{"nul"});
  // A query of 100,000 distinct terms: every term is looked up once.
  std::string huge;
  for (int i = 0; i < 100000; ++i) huge += "t" + std::to_string(i) + " ";
  huge += "wing";
  CHECK(index.search(huge, 10).size() == 2);
  CHECK(index.features(huge, {"a"}).size() == index.feature_names().size());
}

TEST_CASE("a 10 MB document is indexed whole") {
  std::string text;
  while (text.size() < 10'000'000) text += "alpha beta gamma ";
  text += "omega";
  SearchIndex index(std::vector<std::string>{"body"}, {}, {});
  index.add({"big", {text}, {}});
  index.add({"small", {"omega alpha"}, {}});
  CHECK(ids(index, "omega") == std::vector<std::string>{"small", "big"});
  CHECK(index.length(0, 0) > 1'700'000);
}

// Snowball's stems, checked with its C: mangeaient and manger are French "mang" (English and German leave
// both whole), Häusern and Haus German "haus" (English and French leave häusern whole), running and run
// English "run" (French and German leave running whole).
const std::vector<std::pair<std::string, std::string>> kMixed = {  // (id, text); the id is the language
    {"en", "The children were running in the park"},
    {"fr", "Les enfants mangeaient du pain dans la cuisine"},
    {"de", "Die Kinder spielten in den Häusern"},
};
const std::vector<std::pair<std::string, std::string>> kMixedQueries = {  // (language, query): one document each
    {"en", "run"}, {"fr", "manger"}, {"de", "Haus"}};

std::vector<std::string> ids_in(SearchIndex& index, const std::string& query, const std::string& language) {
  std::vector<std::string> out;
  for (const Hit& h : index.search(query, 10, language)) out.push_back(index.id(h.doc));
  return out;
}

TEST_CASE("language auto analyses each document, and each query, in its own language") {
  SearchIndex mixed(std::vector<std::string>{"text"}, {}, {{"language", "auto"}});
  for (const auto& [code, text] : kMixed) mixed.add({code, {text}, {}, code});
  CHECK(mixed.per_document_language());
  for (const auto& [code, query] : kMixedQueries) CHECK(ids_in(mixed, query, code) == std::vector<std::string>{code});
  CHECK(ids_in(mixed, "dans la du", "fr").empty());  // French stop words
  CHECK(ids_in(mixed, "the were", "en").empty());
  // One language for every text misses a stemmed match in each of the others.
  for (const std::string language : {"english", "french", "german"}) {
    SearchIndex one(std::vector<std::string>{"text"}, {}, {{"language", language}});
    for (const auto& [code, text] : kMixed) one.add({code, {text}, {}});
    size_t found = 0;
    for (const auto& [code, query] : kMixedQueries) found += ids(one, query) == std::vector<std::string>{code};
    CHECK(found == 1);
  }
  // A language without a stemmer is analysed as none; a query without a language in the documents' most common.
  mixed.add({"pl", {"Dzieci jedzą chleb"}, {}, "pl"});
  CHECK(ids_in(mixed, "jedzą", "pl") == std::vector<std::string>{"pl"});
  mixed.add({"fr2", {"Ils mangeaient des pommes"}, {}, "fr"});
  CHECK(ids_in(mixed, "manger", "") == std::vector<std::string>{"fr2", "fr"});  // (the shorter first)
  CHECK(mixed.remove("fr2"));
  CHECK(mixed.remove("fr"));  // no language has two documents now: the first in byte order (de) is the most common
  CHECK(ids_in(mixed, "Haus", "") == std::vector<std::string>{"de"});
  CHECK(mixed.language("pl") == "pl");

  // The languages save with the index; the loaded index analyses as the saved one.
  const auto bytes = mixed.to_bytes();
  SearchIndex again = SearchIndex::from_bytes(bytes.data(), bytes.size());
  CHECK(again.to_bytes() == bytes);
  CHECK(again.language("de") == "de");
  CHECK(ids_in(again, "run", "en") == std::vector<std::string>{"en"});
  again.add({"fr", {kMixed[1].second}, {}, "fr"});
  CHECK(ids_in(again, "manger", "fr") == std::vector<std::string>{"fr"});
  // A language that is not a code is refused, even under a right checksum.
  SearchIndex strange(std::vector<std::string>{"text"}, {}, {{"language", "auto"}});
  strange.add({"a", {"x"}, {}, "en"});
  auto bad = strange.to_bytes();
  const size_t code = bad.size() - 8 - 2;  // the last string, before the checksum
  REQUIRE(std::string(bad.begin() + long(code), bad.begin() + long(code) + 2) == "en");
  bad[code] = 'E';
  const uint64_t checksum = fnv1a(bad.data(), bad.size() - 8);
  std::memcpy(&bad[bad.size() - 8], &checksum, 8);
  CHECK_THROWS_WITH(SearchIndex::from_bytes(bad.data(), bad.size()), Catch::Contains("not an ISO 639 code"));
}

TEST_CASE("languages that are not ISO 639 codes, or given to an index of one language, are errors") {
  SearchIndex mixed(std::vector<std::string>{"text"}, {}, {{"language", "auto"}});
  CHECK_THROWS_WITH(mixed.add({"a", {"x"}, {}, ""}), Catch::Contains("document 'a': language '' is not an ISO 639 code"));
  CHECK_THROWS_WITH(mixed.add({"a", {"x"}, {}, "French"}), Catch::Contains("'French'"));
  CHECK_THROWS_WITH(mixed.search("x", 10, "FR"), Catch::Contains("the query's language 'FR'"));
  CHECK(mixed.size() == 0);
  SearchIndex english(std::vector<std::string>{"text"}, {}, {});
  CHECK_THROWS_WITH(english.add({"a", {"x"}, {}, "fr"}), Catch::Contains("document 'a': language 'fr' is for an index of language 'auto'"));
  CHECK_THROWS_WITH(english.search("x", 10, "fr"), Catch::Contains("the query's language 'fr' is for an index of language 'auto'"));
  CHECK_THROWS_WITH(mixed.language("nope"), Catch::Contains("no document with id 'nope'"));
}

TEST_CASE("positions far into a field keep their places (gaps of one, two and three bytes)") {
  // "alpha beta" at word positions 3, 200 and 20,001 of a field of filler words.
  std::string text;
  for (int i = 0; i < 20003; ++i) text += (i == 3 || i == 200 || i == 20001) ? "alpha beta " : "filler ";
  SearchIndex index = make({{"e", {"alpha beta alpha"}}, {"d", {text}}}, {"body"});
  const auto names = index.feature_names();
  const auto column = [&](const char* name) { return size_t(std::find(names.begin(), names.end(), name) - names.begin()); };
  const auto row = index.features("\"alpha beta\"", {"d"});
  CHECK(row[column("phrases")] == 3);
  CHECK(row[column("firstPosition")] == 3);
  CHECK(row[column("body.tf")] == 6);
  CHECK(index.features("alpha", {"d"})[column("body.tf")] == 3);
  CHECK(ids(index, "\"beta filler filler alpha\"", 100, Phrases::required).empty());
  CHECK(ids(index, "\"alpha beta filler\"") == std::vector<std::string>{"d"});
  const auto bytes = index.to_bytes();
  CHECK(SearchIndex::from_bytes(bytes.data(), bytes.size()).to_bytes() == bytes);
  // Removing the document before it moves its positions' bytes; the index is the one built without it.
  CHECK(index.remove("e"));
  CHECK(index.to_bytes() == make({{"d", {text}}}, {"body"}).to_bytes());
  CHECK(index.features("\"alpha beta\"", {"d"})[column("phrases")] == 3);
}

TEST_CASE("the word cache answers as a map does, for words sharing their first 8 bytes and holding NUL") {
  // Words from a 3-letter alphabet and NUL, of 0 to 20 bytes: many share a head (their first 8 bytes) or
  // differ only in length by a trailing NUL, which the cache's key must tell apart.
  std::mt19937 rng(7);
  const char alphabet[] = {'a', 'b', '\0', 'c'};
  std::map<std::string, uint32_t> expected;
  WordTerms cache;
  for (int i = 0; i < 20000; ++i) {
    std::string word(rng() % 21, 'a');
    for (char& c : word) c = alphabet[rng() % 4];
    const auto known = expected.find(word);
    const uint32_t found = cache.find(word);
    if (known == expected.end()) {
      REQUIRE(found == WordTerms::kUnknown);
      const uint32_t term = i % 10 == 0 ? WordTerms::kNoTerm : uint32_t(expected.size());
      cache.remember(word, term);
      expected.emplace(word, term);
    } else {
      REQUIRE(found == known->second);
    }
  }
  for (const auto& [word, term] : expected) REQUIRE(cache.find(word) == term);  // after every regrowth
  CHECK(expected.size() > 5000);
}
