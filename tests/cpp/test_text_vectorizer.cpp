// The text vectorizer: n-grams listed by hand, TF-IDF rows computed by hand, hashing against the vocabulary,
// the model bytes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "text/ngrams.hpp"
#include "text/vectorizer.hpp"

using namespace argmax;

namespace {

// The n-grams, sorted (for_each_ngram gives them by where they start); each hash checked against the n-gram's.
std::vector<std::string> ngrams(const std::vector<std::string_view>& words, const NgramSizes& sizes) {
  std::vector<std::string> out;
  for_each_ngram(words, sizes, [&](NgramKind kind, std::string_view g, uint64_t hash) {
    CHECK(hash == ngram_hash(kind, g));
    out.push_back(std::string(kind == NgramKind::word ? "w:" : "c:") + std::string(g));
  });
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Row i as (column, value) pairs, by column.
std::vector<std::pair<int32_t, float>> row(const OwnedRows& rows, int i) {
  std::vector<std::pair<int32_t, float>> out;
  rows.view().row(i).for_each([&](int32_t j, float v) { out.emplace_back(j, v); });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<float> magnitudes(const OwnedRows& rows, int i) {
  std::vector<float> out;
  for (auto [j, v] : row(rows, i)) out.push_back(std::fabs(v));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("n-grams: words, characters within padded words and across words, as scikit-learn makes them") {
  const std::vector<std::string_view> words = {"ab", "c"};
  CHECK(ngrams(words, {{1, 2}, {}, false}) == sorted({"w:ab", "w:c", "w:ab c"}));
  CHECK(ngrams({"a", "b", "c", "d"}, {{1, 3}, {}, false}) == sorted({"w:a", "w:b", "w:c", "w:d", "w:a b c", "w:b c d"}));
  // " ab " gives its 2-grams and 3-grams; " c " is no longer than 3: once, whole, and nothing larger
  CHECK(ngrams(words, {{}, {2, 3, 4}, false}) ==
        sorted({"c: a", "c:ab", "c:b ", "c: ab", "c:ab ", "c: ab ", "c: c", "c:c ", "c: c "}));
  CHECK(ngrams(words, {{}, {2, 5}, false}) == sorted({"c: a", "c:ab", "c:b ", "c: ab ", "c: c", "c:c ", "c: c "}));
  // across: "ab c", n up to its length
  CHECK(ngrams(words, {{}, {2, 4, 5}, true}) == sorted({"c:ab", "c:b ", "c: c", "c:ab c"}));
  CHECK(ngrams(words, {{}, {5}, true}).empty());
  // code points, not bytes
  CHECK(ngrams({"é"}, {{}, {2}, false}) == sorted({"c: é", "c:é "}));
  CHECK(ngrams({"aé", "€"}, {{}, {1, 2}, true}) == sorted({"c:a", "c:é", "c: ", "c:€", "c:aé", "c:é ", "c: €"}));
  CHECK(ngrams({}, {{1}, {2}, true}).empty());
  // the start: the first words again, marked, as many as there are
  CHECK(ngrams({"what", "is", "x"}, {{1}, {}, false, 2}) == sorted({"w:what", "w:is", "w:x", "w:^ what", "w:^ what is"}));
  CHECK(ngrams({"a"}, {{}, {}, false, 3}) == sorted({"w:^ a"}));
  // the first word with each of the next `pairs` words, as many as there are
  CHECK(ngrams({"what", "is", "the", "x"}, {{1}, {}, false, 1, 2}) ==
        sorted({"w:what", "w:is", "w:the", "w:x", "w:^ what", "w:^ what \xe2\x80\xa6 is", "w:^ what \xe2\x80\xa6 the"}));
  CHECK(ngrams({"a", "b"}, {{}, {}, false, 0, 3}) == sorted({"w:^ a \xe2\x80\xa6 b"}));
  CHECK(ngrams({"a"}, {{}, {}, false, 0, 3}).empty());
}

TEST_CASE("vectorizer: TF-IDF rows by hand (vocabulary, smooth IDF, L2)") {
  const std::vector<std::string_view> texts = {"a b", "A a, c"};
  const TextVectorizer v = TextVectorizer::fit(texts, {{"wordNgrams", "1"}, {"charNgrams", ""}, {"startWords", "0"}, {"startPairs", "0"}, {"hashBits", "0"}});
  REQUIRE(v.cols() == 3);  // a, b, c in byte order
  CHECK(v.ngram_of(0).text == "a");
  CHECK(v.ngram_of(2).text == "c");
  // df(a) = 2, df(b) = df(c) = 1, m = 2: idf(a) = ln(3/3) + 1 = 1, idf(b) = idf(c) = ln(3/2) + 1 = 1.405465
  const OwnedRows rows = v.transform({"a b", "A a, c", "d", ""});
  const auto r0 = row(rows, 0), r1 = row(rows, 1);
  REQUIRE(r0.size() == 2);
  CHECK(r0[0].first == 0);
  CHECK(r0[0].second == Approx(0.5797387));  // 1 / √(1 + 1.405465²)
  CHECK(r0[1].first == 1);
  CHECK(r0[1].second == Approx(0.8148025));
  REQUIRE(r1.size() == 2);
  CHECK(r1[0].second == Approx(0.8181802));  // 2 / √(4 + 1.405465²)
  CHECK(r1[1].first == 2);
  CHECK(r1[1].second == Approx(0.5749619));
  CHECK(row(rows, 2).empty());  // an n-gram never seen in training has no column
  CHECK(row(rows, 3).empty());

  const TextVectorizer logged =
      TextVectorizer::fit(texts, {{"wordNgrams", "1"}, {"charNgrams", ""}, {"startWords", "0"}, {"startPairs", "0"}, {"hashBits", "0"}, {"tf", "log"}});
  const auto l1 = row(logged.transform({"A a, c"}), 0);
  CHECK(l1[0].second == Approx(0.7694471));  // (1 + ln 2) / √((1 + ln 2)² + 1.405465²)
  CHECK(l1[1].second == Approx(0.6387106));

  const TextVectorizer binary = TextVectorizer::fit(
      texts, {{"wordNgrams", "1"}, {"charNgrams", ""}, {"startWords", "0"}, {"startPairs", "0"}, {"hashBits", "0"}, {"tf", "binary"}, {"idf", "false"},
              {"normalize", "none"}});
  CHECK(row(binary.transform({"a a a c"}), 0) == std::vector<std::pair<int32_t, float>>{{0, 1.f}, {2, 1.f}});

  // Unicode words, case folded (diacritics kept)
  const TextVectorizer accents = TextVectorizer::fit({"Ünïcödé CAFÉ", "café\u00A0naïve"},
                                                     {{"wordNgrams", "1"}, {"charNgrams", ""}, {"startWords", "0"}, {"startPairs", "0"}, {"hashBits", "0"}});
  REQUIRE(accents.cols() == 3);  // café, naïve, ünïcödé
  CHECK(accents.ngram_of(0).text == "café");
  CHECK(accents.ngram_of(2).text == "ünïcödé");

  const TextVectorizer frequent = TextVectorizer::fit(texts, {{"wordNgrams", "1"}, {"charNgrams", ""}, {"startWords", "0"}, {"startPairs", "0"}, {"hashBits", "0"},
                                                              {"minCount", "2"}});
  CHECK(frequent.cols() == 1);
}

TEST_CASE("vectorizer: the start's n-grams come with word n-grams only, and older models read without them") {
  const OptionList chars_only = {{"wordNgrams", ""}, {"charNgrams", "1"}, {"hashBits", "0"}, {"startWords", "3"}};
  CHECK(TextVectorizer::fit({"ab"}, chars_only).cols() == 2);  // "a" and "b": no "^ ab" without word n-grams
  const std::vector<OptionSpec>& table = TextVectorizer::options_table();
  const OptionList saved = {{"wordNgrams", "1"}, {"hashBits", "0"}};  // as a model saved before startWords
  CHECK(with_former_values(saved, table) ==
        OptionList{{"wordNgrams", "1"}, {"hashBits", "0"}, {"startWords", "0"}, {"startPairs", "0"}});
  const OptionList now = {{"startWords", "3"}, {"startPairs", "6"}};
  CHECK(with_former_values(now, table) == now);
  // saved again, such a model keeps its bytes: startWords 0 and startPairs 0 are left out, any other value kept
  CHECK(without_former_values(with_former_values(saved, table)) == saved);
  CHECK(without_former_values(now) == now);
  // no pairs of the start's words without word n-grams either: "ab", "b ", " c", "cd"
  CHECK(TextVectorizer::fit({"ab cd"}, {{"wordNgrams", ""}, {"charNgrams", "2"}, {"hashBits", "0"}, {"startPairs", "3"}}).cols() == 4);
}

TEST_CASE("vectorizer: signed hashing gives the vocabulary's values, signed, where no n-grams collide") {
  const std::vector<std::string_view> texts = {"the cat sat on the mat", "a dog, a cat", "Ünïcödé wörds here"};
  const OptionList hashed = {{"hashBits", "22"}};
  const TextVectorizer h = TextVectorizer::fit(texts, hashed);
  const TextVectorizer v = TextVectorizer::fit(texts, {{"hashBits", "0"}});
  CHECK(h.cols() == v.cols());  // every n-gram in a bucket of its own at 2^22
  const OwnedRows hr = h.transform(texts), vr = v.transform(texts);
  bool negative = false;
  for (int i = 0; i < 3; ++i) {
    const auto a = magnitudes(hr, i), b = magnitudes(vr, i);
    REQUIRE(a.size() == b.size());
    for (size_t j = 0; j < a.size(); ++j) CHECK(a[j] == Approx(b[j]));
    for (auto [j, x] : row(hr, i)) negative |= x < 0;
  }
  CHECK(negative);
  // two buckets: every n-gram shares one, and opposite signs cancel
  const TextVectorizer tiny = TextVectorizer::fit(texts, {{"hashBits", "1"}});
  CHECK(tiny.cols() <= 2);
}

TEST_CASE("vectorizer: features_of names the n-grams behind each column") {
  const TextVectorizer v = TextVectorizer::fit({"red apple", "green apple"}, {{"charNgrams", ""}, {"hashBits", "0"}});
  const auto features = v.features_of("Red apple pie");
  std::vector<std::string> names;
  for (const auto& f : features)
    for (const auto& g : f.ngrams) names.push_back(g.text);
  std::sort(names.begin(), names.end());
  // and the text's first word and first two, marked as its start (startWords 2, the default), and its first word
  // with each next one that training saw ("^ red … pie" it did not)
  CHECK(names == std::vector<std::string>{"^ red", "^ red apple", "^ red \xe2\x80\xa6 apple", "apple", "red", "red apple"});
}

TEST_CASE("vectorizer: bytes round trip; bad options, bad UTF-8 and corrupt bytes are refused") {
  const std::vector<std::string_view> texts = {"one two", "two three", "naïve café"};
  for (const char* bits : {"0", "18"}) {
    const TextVectorizer v = TextVectorizer::fit(texts, {{"hashBits", bits}, {"tf", "log"}});
    ByteWriter out("test-vectorizer");
    v.write(out);
    const std::vector<uint8_t> bytes = out.finish();
    ByteReader in(bytes.data(), bytes.size(), "test-vectorizer");
    const TextVectorizer back = TextVectorizer::read(in);
    in.expect_end();
    CHECK(back.cols() == v.cols());
    CHECK(back.options() == v.options());
    const OwnedRows a = v.transform(texts), b = back.transform(texts);
    CHECK(a.offsets == b.offsets);
    for (int i = 0; i < 3; ++i) CHECK(row(a, i) == row(b, i));
  }
  CHECK_THROWS_WITH(TextVectorizer::fit(texts, {{"wordNgrams", "2,1"}}), Catch::Contains("ascending"));
  CHECK_THROWS_WITH(TextVectorizer::fit(texts, {{"wordNgrams", ""}, {"charNgrams", ""}}), Catch::Contains("n-grams"));
  CHECK_THROWS_WITH(TextVectorizer::fit(texts, {{"tf", "sqrt"}}), Catch::Contains("tf"));
  // as the text classifier (and the multiclass TF-IDF map): no texts is an error, not a vectorizer of nothing
  CHECK_THROWS_WITH(TextVectorizer::fit({}, {}), Catch::Contains("the text vectorizer needs training texts (got none)"));
  const std::string bad = "ok \xC3";
  CHECK_THROWS_WITH(TextVectorizer::fit({"fine", bad}, {}), Catch::Contains("texts[1] is not valid UTF-8 (byte 3)"));
}

TEST_CASE("vectorizer: one character repeated a million times takes linear time") {
  const std::string text(1000000, 'a');
  const TextVectorizer v = TextVectorizer::fit({text}, {});
  const OwnedRows rows = v.transform({text});
  CHECK(rows.rows() == 1);
  CHECK(v.cols() == 7);  // the word, the word marked as the start, and "a", "aa", …, "aaaaa"
  const TextVectorizer within = TextVectorizer::fit({text}, {{"charSpan", "word"}, {"charNgrams", "2,3,4,5"}});
  CHECK(within.cols() == 14);  // the word, its start, and for each n of 2..5 the padded word's " a…", "a…a" and "…a "
}
