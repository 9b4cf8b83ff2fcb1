// Token feature templates, the feature index, tagger training end to end, and model bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/rng.hpp"
#include "learn/feature_scaling.hpp"
#include "point_sequences.hpp"
#include "sequence/chain_scores.hpp"
#include "sequence/feature_index.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/token_features.hpp"

using namespace argmax;

namespace {

// Keys of position t of a sentence under one template.
std::vector<uint64_t> keys_at(const std::string& templates, const std::vector<std::string>& sentence, int t) {
  TokenFeaturizer f(templates);
  std::vector<uint64_t> keys;
  std::vector<int64_t> ends;
  f.extract(sentence.data(), int(sentence.size()), keys, ends);
  const int64_t from = t ? ends[t - 1] : 0;
  return std::vector<uint64_t>(keys.begin() + from, keys.begin() + ends[t]);
}

uint64_t key(const std::string& tmpl, const std::string& word) {
  auto k = keys_at(tmpl, {word}, 0);
  REQUIRE(k.size() == 1);
  return k[0];
}

}  // namespace

TEST_CASE("templates parse and reject bad items", "[sequence][features]") {
  auto t = parse_templates("lower[0] suffix3[-1]|word[2], bias");
  REQUIRE(t.size() == 3);
  REQUIRE(t[1].parts.size() == 2);
  REQUIRE(t[1].parts[0].attribute == Attribute::Suffix3);
  REQUIRE(t[1].parts[0].offset == -1);
  REQUIRE(t[1].parts[1].offset == 2);
  REQUIRE(t[2].parts[0].attribute == Attribute::Bias);
  REQUIRE_THROWS_WITH(parse_templates("lowr[0]"), Catch::Contains("unknown attribute 'lowr'"));
  REQUIRE_THROWS_WITH(parse_templates("lower[x]"), Catch::Contains("offset 'x'"));
  REQUIRE_THROWS_WITH(parse_templates("lower[0"), Catch::Contains("name[offset]"));
  REQUIRE_THROWS_AS(parse_templates("  "), InputError);
  REQUIRE(template_preset("crfsuite").find("prefix3[0]") != std::string::npos);
}

TEST_CASE("token attributes see what they should", "[sequence][features]") {
  // Same value → same key; different value → different key.
  REQUIRE(key("lower[0]", "The") == key("lower[0]", "the"));
  REQUIRE(key("word[0]", "The") != key("word[0]", "the"));
  REQUIRE(key("suffix2[0]", "walked") == key("suffix2[0]", "talked"));
  REQUIRE(key("suffix3[0]", "walked") != key("suffix3[0]", "walker"));
  REQUIRE(key("prefix2[0]", "Unhappy") == key("prefix2[0]", "under"));
  REQUIRE(key("prefix1[0]", "über") == key("prefix1[0]", "ünder"));  // both start with the code point ü
  REQUIRE(key("prefix1[0]", "über") != key("prefix1[0]", "uber"));
  REQUIRE(key("suffix1[0]", "café") == key("suffix1[0]", "né"));             // é is two bytes, one code point
  REQUIRE(key("suffix1[0]", "café") != key("suffix1[0]", "cafe"));
  REQUIRE(key("shape[0]", "Paris") == key("shape[0]", "Washington"));  // Xxxxx: runs cut at 4
  REQUIRE(key("shape[0]", "Paris") != key("shape[0]", "Rome"));
  REQUIRE(key("shortshape[0]", "Paris") == key("shortshape[0]", "Rome"));
  REQUIRE(key("shape[0]", "12-34") == key("shape[0]", "56-78"));
  REQUIRE(key("shape[0]", "12-34") != key("shape[0]", "12/34"));
  // Flags exist only when true.
  REQUIRE(keys_at("hasdigit[0]", {"abc"}, 0).empty());
  REQUIRE(keys_at("hasdigit[0]", {"a1c"}, 0).size() == 1);
  REQUIRE(keys_at("allcaps[0]", {"NASA"}, 0).size() == 1);
  REQUIRE(keys_at("allcaps[0]", {"NaSA"}, 0).empty());
  REQUIRE(keys_at("allcaps[0]", {"123"}, 0).empty());
  REQUIRE(keys_at("initcap[0]", {"Paris"}, 0).size() == 1);
  REQUIRE(keys_at("hashyphen[0]", {"well-known"}, 0).size() == 1);
  // A conjunction fires only when every part does.
  REQUIRE(keys_at("hasdigit[0]|lower[0]", {"abc"}, 0).empty());
  REQUIRE(keys_at("lower[-1]|lower[0]", {"a", "b"}, 1) != keys_at("lower[-1]|lower[0]", {"c", "b"}, 1));
}

TEST_CASE("neighbour templates read the right tokens and boundaries", "[sequence][features]") {
  const std::vector<std::string> s = {"the", "dog", "barks"};
  // lower[1] at position 0 reads "dog", like lower[0] at position 1 but under a different template.
  REQUIRE(keys_at("lower[1]", s, 0) == keys_at("lower[1]", {"a", "dog"}, 0));
  REQUIRE(keys_at("lower[1]", s, 0) != keys_at("lower[1]", {"a", "cat"}, 0));
  // Before the start: the same boundary symbol whatever the sentence, but −1 and −2 differ.
  REQUIRE(keys_at("lower[-1]", s, 0) == keys_at("lower[-1]", {"x"}, 0));
  REQUIRE(keys_at("lower[-2]", s, 0) != keys_at("lower[-2]", s, 1));
  REQUIRE(keys_at("lower[1]", s, 2) == keys_at("lower[1]", {"y"}, 0));
  // Every template yields at most one key per position; order of templates does not change keys.
  std::vector<uint64_t> a = keys_at("lower[0] suffix2[0]", s, 1), b = keys_at("suffix2[0] lower[0]", s, 1);
  std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
  REQUIRE(a == b);
}

TEST_CASE("chunk attributes read the run of characters between spaces", "[sequence][features]") {
  auto chars = [](const std::string& text) {
    std::vector<std::string> out;
    for (char c : text) out.emplace_back(1, c);
    return out;
  };
  const auto its = chars("its a");  // i t s ␣ a
  // The run and the place in it: "s" of "its" is "its"#3, whatever the case and whatever surrounds the run.
  REQUIRE(keys_at("chunk[0]", its, 2) == keys_at("chunk[0]", chars("ITS"), 2));
  REQUIRE(keys_at("chunk[0]", its, 2) == keys_at("chunk[0]", chars("so its"), 5));
  REQUIRE(keys_at("chunk[0]", its, 2) != keys_at("chunk[0]", its, 1));
  REQUIRE(keys_at("chunk[0]", its, 2) != keys_at("chunk[0]", chars("it's"), 2));
  REQUIRE(keys_at("chunk[0]", its, 2) != keys_at("chunk[0]", chars("itsy"), 2));
  // The runs are the chunk's, not a concatenation: "ab" + "c" differs from "a" + "bc".
  REQUIRE(keys_at("chunk[0]", chars("ab c"), 0) != keys_at("chunk[0]", chars("abc"), 0));
  // Every space reads the same chunk; its neighbours are the runs on either side.
  REQUIRE(keys_at("chunk[0]", its, 3) == keys_at("chunk[0]", chars("x y"), 1));
  REQUIRE(keys_at("prevchunk[0]", its, 3) == keys_at("prevchunk[0]", chars("its b"), 3));
  REQUIRE(keys_at("nextchunk[0]", its, 3) == keys_at("nextchunk[0]", chars("x a"), 1));
  // Every character of a run has the same neighbouring runs: "a" follows "its" at each of i, t, s, and nothing
  // follows "a" (as nothing follows "b": the boundary).
  REQUIRE(keys_at("nextchunk[0]", its, 0) == keys_at("nextchunk[0]", its, 2));
  REQUIRE(keys_at("nextchunk[0]", its, 0) == keys_at("nextchunk[0]", its, 3));
  REQUIRE(keys_at("nextchunk[0]", its, 0) != keys_at("nextchunk[0]", chars("its b"), 0));
  REQUIRE(keys_at("nextchunk[0]", its, 4) == keys_at("nextchunk[0]", chars("b"), 0));
  REQUIRE(keys_at("prevchunk[0]", its, 4) == keys_at("prevchunk[0]", chars("x its a"), 6));
  REQUIRE(keys_at("prevchunk[0]", its, 0) == keys_at("prevchunk[0]", chars("b"), 0));
  REQUIRE(keys_at("prevchunk[0]", its, 0) != keys_at("prevchunk[0]", its, 4));
  // chunkshape: the run's short shape and the token's step in it. The second "-" of "01-Feb-02" and of
  // "7-Mar-99" (d-Xx-d, step 5, its first token) read alike; the "b" of "Feb" and the "r" of "Mar" (step 4, not
  // its first token) too.
  REQUIRE(keys_at("chunkshape[0]", chars("01-Feb-02"), 6) == keys_at("chunkshape[0]", chars("7-Mar-99"), 5));
  REQUIRE(keys_at("chunkshape[0]", chars("01-Feb-02"), 5) == keys_at("chunkshape[0]", chars("x 7-Mar-99"), 6));
  REQUIRE(keys_at("chunkshape[0]", chars("01-Feb-02"), 4) != keys_at("chunkshape[0]", chars("01-Feb-02"), 5));
  REQUIRE(keys_at("chunkshape[0]", chars("01-Feb-02"), 2) != keys_at("chunkshape[0]", chars("01-Feb-02"), 6));
  REQUIRE(keys_at("chunkshape[0]", chars("01-Feb-02"), 6) != keys_at("chunkshape[0]", chars("01/Feb-02"), 6));
  REQUIRE(keys_at("chunkshape[0]", its, 3) == keys_at("chunkshape[0]", chars("x y"), 1));
  // Word sequences have no spaces: a sentence is one run.
  REQUIRE(keys_at("chunk[0]", {"the", "dog"}, 1) != keys_at("chunk[0]", {"the", "cat"}, 1));
}

TEST_CASE("class reads code points beyond ASCII by their Unicode class; lexbegin and lexend, listed words", "[sequence][features]") {
  // class: X x d and ASCII punctuation as shape; beyond ASCII, letters of other scripts L, marks M, digits D,
  // ideographs I, punctuation and symbols P; runs collapsed as in shortshape.
  REQUIRE(key("class[0]", "\xE3\x80\x8A") == key("class[0]", "\xE3\x8E\x9E"));   // 《 and ㎞: P
  REQUIRE(key("class[0]", "\xE3\x80\x8A") == key("class[0]", "\xC2\xA7"));        // and §
  REQUIRE(key("class[0]", "\xED\x95\x9C") == key("class[0]", "\xE0\xB8\x81"));   // 한 and Thai ก: L
  REQUIRE(key("class[0]", "\xED\x95\x9C") != key("class[0]", "\xE3\x8E\x9E"));   // 한 and ㎞
  REQUIRE(key("class[0]", "\xED\x95\x9C") != key("class[0]", "\xE4\xB8\xAD"));   // 한 and 中 (I)
  REQUIRE(key("class[0]", "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88") ==
          key("class[0]", "\xE0\xB8\x81\xE0\xB9\x87"));                          // ที่ and ก็: LM
  REQUIRE(key("class[0]", "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88") != key("class[0]", "\xE0\xB8\x97"));
  REQUIRE(key("class[0]", "\xC3\xA9") == key("class[0]", "e"));                       // é and e: x
  REQUIRE(key("class[0]", "ab") == key("class[0]", "a"));
  REQUIRE(key("class[0]", "7") != key("class[0]", "\xD9\xA7"));                       // 7 (d) and Arabic-Indic ٧ (D)
  REQUIRE(key("class[0]", ".") != key("class[0]", "\xE3\x80\x82"));                  // . and 。 (P)
  // The ASCII classes are shortshape's; the attributes differ, so their keys do too.
  REQUIRE(key("class[0]", "-") != key("shortshape[0]", "-"));

  // lexbegin and lexend: the longest listed word, in tokens, that begins and that ends at each token.
  const WordLexicon listing = WordLexicon::listing({"ab", "abc", "c", "bcd", "\xED\x95\x9C\xEA\xB5\xAD"});
  auto at = [&](const std::string& templates, const std::vector<std::string>& tokens, int t, const WordLexicon* words) {
    TokenFeaturizer f(templates);
    REQUIRE(f.reads_listing());
    REQUIRE(f.uses_word_lexicon());
    f.set_word_lexicon(words);
    std::vector<uint64_t> keys;
    std::vector<int64_t> ends;
    f.extract(tokens.data(), int(tokens.size()), keys, ends);
    REQUIRE(ends[t] - (t ? ends[t - 1] : 0) == 1);
    return keys[size_t(ends[t] - 1)];
  };
  const std::vector<std::string> abcd = {"a", "b", "c", "d"}, x = {"x"}, xy = {"x", "y"}, xyz = {"x", "y", "z"};
  // begins: a → abc (3), b → bcd (3), c → c (1), d → none
  REQUIRE(at("lexbegin[0]", abcd, 0, &listing) == at("lexbegin[0]", abcd, 1, &listing));
  REQUIRE(at("lexbegin[0]", abcd, 0, &listing) != at("lexbegin[0]", abcd, 2, &listing));
  REQUIRE(at("lexbegin[0]", abcd, 3, &listing) == at("lexbegin[0]", x, 0, &listing));
  REQUIRE(at("lexbegin[0]", abcd, 2, &listing) != at("lexbegin[0]", x, 0, &listing));
  // ends: a → none, b → ab (2), c → abc (3, not c), d → bcd (3)
  REQUIRE(at("lexend[0]", abcd, 0, &listing) == at("lexend[0]", x, 0, &listing));
  REQUIRE(at("lexend[0]", abcd, 2, &listing) == at("lexend[0]", abcd, 3, &listing));
  REQUIRE(at("lexend[0]", abcd, 1, &listing) != at("lexend[0]", abcd, 2, &listing));
  // the lengths are the words': lexend 3 at c reads as lexbegin 3 at a, as a 3-token listed word would
  const WordLexicon xyz_listed = WordLexicon::listing({"xyz", "xy"});
  REQUIRE(at("lexend[0]", abcd, 2, &listing) == at("lexend[0]", xyz, 2, &xyz_listed));
  REQUIRE(at("lexend[0]", abcd, 1, &listing) == at("lexend[0]", xy, 1, &xyz_listed));
  REQUIRE(at("lexbegin[0]", abcd, 0, &listing) == at("lexbegin[0]", xyz, 0, &xyz_listed));
  // a word of multibyte tokens (한국 as 한 + 국) is found as the tokens' bytes joined
  REQUIRE(at("lexbegin[0]", {"\xED\x95\x9C", "\xEA\xB5\xAD"}, 0, &listing) == at("lexbegin[0]", xy, 0, &xyz_listed));
  // without a listing, every token reads none
  REQUIRE(at("lexbegin[0]", abcd, 0, nullptr) == at("lexbegin[0]", x, 0, &listing));
  REQUIRE(at("lexend[0]", abcd, 3, nullptr) == at("lexend[0]", x, 0, &listing));
  // the listing's lookups: a word read in pieces is the word
  REQUIRE(listing.lists(fnv1a("c", 1, fnv1a("ab", 2))));
  REQUIRE(!listing.lists(fnv1a("abcd", 4)));
  REQUIRE(!WordLexicon().lists(fnv1a("ab", 2)));
}

TEST_CASE("feature index: hashing and a dictionary with a minimum count", "[sequence][features]") {
  FeatureIndex h = FeatureIndex::hashed(4);
  REQUIRE(h.size() == 16);
  for (uint64_t k : {0ull, 17ull, 0xffffffffffffull}) REQUIRE((h.lookup(k) >= 0 && h.lookup(k) < 16));
  FeatureIndex d = FeatureIndex::dictionary({});
  d.grow({5, 7, 5, 9, 7, 5, 11}, 2);
  REQUIRE(d.size() == 2);
  REQUIRE(d.lookup(5) == 0);  // first seen first
  REQUIRE(d.lookup(7) == 1);
  REQUIRE(d.lookup(9) == -1);
  d.grow({9, 13}, 1);
  REQUIRE(d.lookup(9) == 2);
  REQUIRE(d.lookup(13) == 3);
  std::vector<uint64_t> many;
  for (uint64_t i = 0; i < 5000; ++i) many.push_back(i * 0x9E3779B97F4A7C15ull);
  d.grow(many, 1);
  for (uint64_t i = 0; i < 5000; ++i) REQUIRE(d.lookup(many[i]) == 4 + int(i));
  REQUIRE_THROWS_AS(FeatureIndex::hashed(40), InputError);
}

namespace {

// A toy language: determiners, nouns, verbs, adjectives; tags follow from the word list.
void toy_corpus(Sentences& tokens, Sentences& tags, int count, uint64_t seed) {
  const std::vector<std::string> det = {"the", "a", "this"}, noun = {"dog", "cat", "idea", "car"},
                                  verb = {"runs", "sleeps", "eats"}, adj = {"red", "big", "old"};
  Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    std::vector<std::string> w, t;
    auto put = [&](const std::vector<std::string>& from, const char* tag) {
      w.push_back(from[rng.below(uint32_t(from.size()))]), t.push_back(tag);
    };
    put(det, "DET");
    if (rng.uniform() < 0.5) put(adj, "ADJ");
    put(noun, "NOUN");
    put(verb, "VERB");
    tokens.push_back(w), tags.push_back(t);
  }
}

}  // namespace

TEST_CASE("a tagger trains, tags and survives a save/load round trip", "[sequence][model]") {
  Sentences tokens, tags;
  toy_corpus(tokens, tags, 80, 1);
  for (const char* bits : {"0", "12"}) {
    SequenceModel m = train_tagger(tokens, tags, {{"epochs", "5"}, {"hashBits", bits}});
    REQUIRE(m.labels.size() == 4);
    Sentences test_tokens, test_tags;
    toy_corpus(test_tokens, test_tags, 20, 2);
    REQUIRE(m.tag(test_tokens) == test_tags);
    const std::vector<uint8_t> bytes = m.to_bytes();
    const SequenceModel again = SequenceModel::from_bytes(bytes.data(), bytes.size());
    REQUIRE(again.weights == m.weights);
    REQUIRE(again.tag(test_tokens) == test_tags);
    REQUIRE(again.options == m.options);
    // Any flipped byte is caught (checksum or a structural check), never a crash.
    std::vector<uint8_t> bad = bytes;
    bad[bad.size() / 2] ^= 0x40;
    REQUIRE_THROWS_AS(SequenceModel::from_bytes(bad.data(), bad.size()), InputError);
    REQUIRE_THROWS_AS(SequenceModel::from_bytes(bytes.data(), bytes.size() - 3), InputError);
  }
}

TEST_CASE("warm start keeps the model and adds new labels and features", "[sequence][model]") {
  Sentences tokens, tags;
  toy_corpus(tokens, tags, 40, 3);
  SequenceModel first = train_tagger(tokens, tags, {{"epochs", "3"}});
  Sentences more_tokens = {{"the", "dog", "barks", "loudly"}}, more_tags = {{"DET", "NOUN", "VERB", "ADV"}};
  for (int i = 0; i < 5; ++i) more_tokens.push_back(more_tokens[0]), more_tags.push_back(more_tags[0]);
  SequenceModel second = train_tagger(more_tokens, more_tags, {{"epochs", "3"}}, {}, &first);
  REQUIRE(second.labels.size() == 5);
  REQUIRE(second.labels[4] == "ADV");
  REQUIRE(second.index.size() > first.index.size());
  REQUIRE(second.tag(more_tokens)[0] == more_tags[0]);
  REQUIRE_THROWS_AS(train_tagger(tokens, tags, {{"trainer", "nope"}}), InputError);
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"epochs", "0"}}), Catch::Contains("epochs"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, {{"DET"}}, {}), Catch::Contains("tag sequences"));
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {{"templates", "lower[0] bogus[1]"}}), Catch::Contains("bogus"));
  Sentences with_empty = tokens, empty_tags = tags;
  with_empty.insert(with_empty.begin() + 2, std::vector<std::string>());
  empty_tags.insert(empty_tags.begin() + 2, std::vector<std::string>());
  REQUIRE_THROWS_WITH(train_tagger(with_empty, empty_tags, {}), "sequence 2 is empty; every training sequence needs at least one token");
}

TEST_CASE("numeric taggers train on dense rows", "[sequence][model]") {
  // Two labels given by the sign of column 0; column 1 is noise.
  Rng rng(4);
  std::vector<float> values;
  std::vector<int64_t> starts{0};
  Sentences tags;
  for (int i = 0; i < 200; ++i) {
    const int n = 2 + int(rng.below(5));
    tags.emplace_back();
    for (int t = 0; t < n; ++t) {
      const bool b = rng.uniform() < 0.5;
      tags.back().push_back(b ? "b" : "a");
      values.push_back(b ? 1.f : -1.f);
      values.push_back(float(rng.uniform()));
    }
    starts.push_back(starts.back() + n);
  }
  const Rows rows = Rows::dense(values.data(), int32_t(values.size() / 2), 2);
  SequenceModel m = train_numeric_tagger(rows, starts, tags, {{"epochs", "5"}});
  REQUIRE(m.input == SequenceInput::Numeric);
  REQUIRE(m.feature_rows() == 3);  // 2 columns + bias
  SequenceBatch x;
  m.featurize(rows, starts, x);
  const std::vector<int> ids = m.decode(x);
  size_t p = 0, ok = 0;
  for (const auto& s : tags)
    for (const auto& t : s) ok += m.labels[ids[p++]] == t;
  REQUIRE(ok == p);
  const std::vector<uint8_t> bytes = m.to_bytes();
  REQUIRE(SequenceModel::from_bytes(bytes.data(), bytes.size()).decode(x) == ids);
  REQUIRE_THROWS_WITH(train_numeric_tagger(rows, {0, 5}, tags, {}), Catch::Contains("sequences"));
  std::vector<int64_t> with_empty = starts;
  with_empty.insert(with_empty.begin() + 1, 0);  // sequence 0 has no positions
  Sentences empty_tags = tags;
  empty_tags.insert(empty_tags.begin(), std::vector<std::string>());
  REQUIRE_THROWS_WITH(train_numeric_tagger(rows, with_empty, empty_tags, {}),
                      "sequence 0 is empty; every training sequence needs at least one position");
}

namespace {
// Positions whose label is the sign of x + noise·y, x and y uniform in [-1, 1] (noise 0: separable).
PointSequences signs(uint64_t seed, double noise) {
  return point_sequences(seed, 150, [noise](Rng& rng, float& x, float& y) {
    x = float(2 * rng.uniform() - 1), y = float(2 * rng.uniform() - 1);
    return x + noise * y > 0 ? "b" : "a";
  });
}
}  // namespace

TEST_CASE("numeric taggers scale their rows by the default scale, as every model with features does", "[sequence][scaling]") {
  const PointSequences d = signs(8, 0);
  REQUIRE(tag_accuracy(train_numeric_tagger(d.rows(), d.starts, d.tags, {}), d) >= 0.97);
  // x moved by 1000 (centred), the rows ×1/1024 (scaled up) or ×1024 (scaled down): tagged as well
  for (const auto& [shift, factor] : {std::pair{1000.f, 1.f}, std::pair{0.f, 1.f / 1024}, std::pair{0.f, 1024.f}}) {
    PointSequences moved = d;
    for (size_t i = 0; i < moved.values.size(); ++i) moved.values[i] = (moved.values[i] + (i % 2 == 0 ? shift : 0)) * factor;
    INFO("shift " << shift << ", factor " << factor);
    CHECK(tag_accuracy(train_numeric_tagger(moved.rows(), moved.starts, moved.tags, {}), moved) >= 0.97);
  }
}

TEST_CASE("a warm start continues on rows scaled afresh, from the model's weights rewritten for them", "[sequence][scaling]") {
  PointSequences d = signs(10, 0);
  for (size_t i = 0; i < d.values.size(); i += 2) d.values[i] += 1000;  // centred by the default scale
  for (const char* trainer : {"perceptron", "lbfgs"}) {
    INFO(trainer);
    const SequenceModel first = train_numeric_tagger(d.rows(), d.starts, d.tags, {{"trainer", trainer}});
    REQUIRE(tag_accuracy(first, d) >= 0.97);
    const SequenceModel again = train_numeric_tagger(d.rows(), d.starts, d.tags, {{"trainer", trainer}}, {}, &first);
    CHECK(tag_accuracy(again, d) >= 0.97);  // on the raw rows, L-BFGS fell to 86 % on data like these
  }
}

TEST_CASE("a numeric tagger trained with scale scores raw rows as one trained on hand-scaled rows", "[sequence][scaling]") {
  PointSequences d = signs(9, 0.7);
  for (size_t i = 0; i < d.values.size(); i += 2) d.values[i] = d.values[i] * 3 + 40;  // column 0: mean 40, sd √3
  const FeatureScaling standard = FeatureScaling::fit(d.rows(), "standard");
  const OwnedRows by_hand = standard.apply(d.rows());
  const Rows scaled_rows = Rows::dense(by_hand.values.data(), d.rows().rows(), 2);
  for (const char* trainer : {"perceptron", "lbfgs"}) {
    INFO(trainer);
    const SequenceModel folded = train_numeric_tagger(d.rows(), d.starts, d.tags, {{"trainer", trainer}, {"scale", "standard"}});
    const SequenceModel plain = train_numeric_tagger(scaled_rows, d.starts, d.tags, {{"trainer", trainer}, {"scale", "none"}});
    SequenceBatch raw, scaled;
    folded.featurize(d.rows(), d.starts, raw);
    plain.featurize(scaled_rows, d.starts, scaled);
    ChainScores a, b;
    for (int i = 0; i < 20; ++i) {  // every labelling's score, through the start, emission and transition weights
      folded.scores(raw, i, a);
      plain.scores(scaled, i, b);
      std::vector<int> y(size_t(a.n), 0);
      for (int code = 0; code < (1 << a.n); ++code) {
        for (int t = 0; t < a.n; ++t) y[size_t(t)] = (code >> t) & 1;
        CHECK(a.score(y.data()) == Approx(b.score(y.data())).margin(1e-3));
      }
    }
  }
}

TEST_CASE("tag lexicon: ambiguity classes with a minimum count", "[sequence][features]") {
  const uint64_t dog = TokenFeaturizer::word_key("dog"), run = TokenFeaturizer::word_key("Run");
  REQUIRE(run == TokenFeaturizer::word_key("run"));
  // dog: NOUN ×2; run: NOUN, VERB; cat: once.
  TagLexicon lex = TagLexicon::build({dog, run, dog, run, TokenFeaturizer::word_key("cat")}, {0, 0, 0, 1, 0}, 2);
  REQUIRE(lex.class_of(dog) == 1u);        // {0}
  REQUIRE(lex.class_of(run) == 3u);        // {0, 1}
  REQUIRE(lex.class_of(TokenFeaturizer::word_key("cat")) == TagLexicon::kRare);
  REQUIRE(lex.class_of(12345) == TagLexicon::kRare);
  // `tags` features: same class → same key; the lexicon travels with the model.
  TokenFeaturizer f("tags[0]");
  f.set_lexicon(&lex);
  std::vector<uint64_t> keys;
  std::vector<int64_t> ends;
  const std::vector<std::string> s = {"dog", "DOG", "run", "cat", "zebra"};
  f.extract(s.data(), 5, keys, ends);
  REQUIRE(keys.size() == 5);
  REQUIRE(keys[0] == keys[1]);
  REQUIRE(keys[0] != keys[2]);
  REQUIRE(keys[3] == keys[4]);  // rare and unseen share a class
  Sentences tokens = {{"the", "dog", "runs"}, {"the", "dog", "runs"}}, tags = {{"D", "N", "V"}, {"D", "N", "V"}};
  SequenceModel m = train_tagger(tokens, tags, {{"templates", "lower[0] tags[1]"}, {"epochs", "2"}});
  REQUIRE(m.lexicon.keys().size() == 3);
  const std::vector<uint8_t> bytes = m.to_bytes();
  const SequenceModel again = SequenceModel::from_bytes(bytes.data(), bytes.size());
  REQUIRE(again.lexicon.keys() == m.lexicon.keys());
  REQUIRE(again.lexicon.classes() == m.lexicon.classes());
  REQUIRE(again.tag(tokens) == tags);
}

TEST_CASE("with lexiconFolds, training reads the ambiguity classes of the other folds' words", "[sequence][features]") {
  // Two folds: sentences 0–2 and 3–5. "a": X in fold 0, Y in fold 1; "b": X in both; "c" and "d": in one each.
  const Sentences tokens = {{"a"}, {"b"}, {"c"}, {"a"}, {"b"}, {"d"}}, tags = {{"X"}, {"X"}, {"X"}, {"Y"}, {"X"}, {"X"}};
  auto ids = [&](const std::string& folds) {
    const TaggerData d = prepare_tagger(tokens, tags, {{"templates", "tags[0]"}, {"lexiconMinCount", "1"},
                                                       {"lexiconFolds", folds}});
    // the model keeps the classes of the whole text: a {X, Y}, the others {X}
    REQUIRE(d.model.lexicon.class_of(TokenFeaturizer::word_key("a")) == 3u);
    REQUIRE(d.model.lexicon.class_of(TokenFeaturizer::word_key("c")) == 1u);
    REQUIRE(d.model.lexicon.class_of(TokenFeaturizer::word_key("d")) == 1u);
    REQUIRE(d.batch.ids.size() == 6);
    return d.batch.ids;
  };
  const std::vector<int32_t> whole = ids("1");
  CHECK(whole[0] == whole[3]);  // {X, Y}
  CHECK(whole[0] != whole[1]);
  for (const size_t i : {2, 4, 5}) CHECK(whole[i] == whole[1]);  // {X}
  // In fold 0, a reads {Y}, b {X}, and c is unseen; in fold 1, a and b read {X}, and d is unseen.
  const std::vector<int32_t> folded = ids("2");
  CHECK(folded[0] != folded[1]);
  CHECK(folded[3] == folded[1]);
  CHECK(folded[4] == folded[1]);
  CHECK(folded[2] == folded[5]);
  CHECK(folded[2] != folded[0]);
  CHECK(folded[2] != folded[1]);
  // the tagger of two folds says so in its options; at 1, the option is left out, as models before it had none
  auto saved = [&](const std::string& folds) {
    const SequenceModel m = train_tagger(tokens, tags, {{"templates", "tags[0]"}, {"lexiconFolds", folds}});
    return std::count_if(m.options.begin(), m.options.end(), [](const auto& kv) { return kv.first == "lexiconFolds"; });
  };
  CHECK(saved("1") == 0);
  CHECK(saved("2") == 1);
}

TEST_CASE("a model's marginals, sequence probabilities and forced decoding agree with enumeration", "[sequence][model]") {
  Sentences tokens, tags;
  toy_corpus(tokens, tags, 40, 5);
  const SequenceModel m = train_tagger(tokens, tags, {{"epochs", "2"}, {"features", "crfsuite"}});
  const int k = int(m.labels.size());
  const Sentences sentence = {{"the", "dog", "barks"}};
  SequenceBatch x;
  m.featurize(sentence, x);
  // All k^3 labellings: their probabilities sum to one, and summed per (position, label) give the marginals.
  std::vector<double> marginal(3 * k, 0.0);
  double total = 0;
  std::vector<int32_t> y(3);
  for (int code = 0; code < k * k * k; ++code) {
    y = {code % k, code / k % k, code / (k * k)};
    const double p = std::exp(m.log_probability(x, y.data())[0]);
    total += p;
    for (int t = 0; t < 3; ++t) marginal[t * k + y[t]] += p;
  }
  REQUIRE(total == Approx(1.0).epsilon(1e-6));
  const SequenceModel::Marginals mg = m.marginals(x);
  REQUIRE(mg.probabilities.size() == marginal.size());
  for (size_t j = 0; j < marginal.size(); ++j) REQUIRE(mg.probabilities[j] == Approx(marginal[j]).margin(1e-5));
  y = {0, -1, 0};
  REQUIRE(std::isinf(m.log_probability(x, y.data())[0]));
  // Forcing the middle label: the best labelling with that label, found by enumeration.
  for (int forced_label = 0; forced_label < k; ++forced_label) {
    const std::vector<int32_t> forced = {-1, forced_label, -1};
    const std::vector<int> got = m.decode(x, nullptr, forced.data());
    REQUIRE(got[1] == forced_label);
    double best = -1e300;
    for (int a = 0; a < k; ++a)
      for (int c = 0; c < k; ++c) {
        y = {a, forced_label, c};
        best = std::max(best, m.log_probability(x, y.data())[0]);
      }
    const std::vector<int32_t> chosen(got.begin(), got.end());
    REQUIRE(m.log_probability(x, chosen.data())[0] == Approx(best).margin(1e-6));
  }
}
