#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/utf8.hpp"
#include "text/analyzer.hpp"
#include "text/stemmer.hpp"
#include "text/stop_words.hpp"
#include "text/unicode.hpp"

using namespace argmax;

namespace {

std::string utf8(char32_t c) {
  std::string s;
  append_utf8(s, c);
  return s;
}
std::string folded(char32_t c) {
  std::string s;
  append_folded(s, c);
  return s;
}
std::string lower(char32_t c) {
  std::string s;
  append_lower(s, c);
  return s;
}

std::vector<std::string> terms_of(const std::string& text, const OptionList& options = {}) {
  Analyzer analyzer(Options::parse(Analyzer::option_specs(), options, "test"));
  Terms terms;
  analyzer.analyze(text, terms);
  std::vector<std::string> out;
  for (size_t i = 0; i < terms.size(); ++i) out.emplace_back(terms[i]);
  return out;
}

}  // namespace

TEST_CASE("word classes of code points of several scripts follow the Unicode tables") {
  const std::vector<std::pair<char32_t, WordClass>> cases = {
      {U'a', WordClass::letter},      {U'Z', WordClass::letter},      {U'7', WordClass::digit},
      {U' ', WordClass::separator},   {U'-', WordClass::separator},   {0, WordClass::separator},
      {0xC9, WordClass::letter},      // É
      {0xA0, WordClass::separator},   // no-break space
      {0x20AC, WordClass::separator}, // €
      {0x0416, WordClass::letter},    // Ж
      {0x03A3, WordClass::letter},    // Σ
      {0x0627, WordClass::letter},    // Arabic alef
      {0x0663, WordClass::digit},     // Arabic-Indic three
      {0x0915, WordClass::letter},    // Devanagari ka
      {0x093F, WordClass::mark},      // Devanagari vowel sign i (Mc)
      {0x0301, WordClass::mark},      // combining acute
      {0x0E01, WordClass::letter},    // Thai ko kai
      {0x4E2D, WordClass::ideograph}, // 中
      {0x3072, WordClass::ideograph}, // Hiragana hi
      {0x30AB, WordClass::letter},    // Katakana ka
      {0xD55C, WordClass::letter},    // Hangul han
      {0x00BD, WordClass::digit},     // ½ (No)
      {0x1F600, WordClass::separator},// an emoji
      {0x10FFFF, WordClass::separator},
  };
  for (const auto& [c, k] : cases) {
    INFO("U+" << std::hex << uint32_t(c));
    CHECK(word_class(c) == k);
  }
}

TEST_CASE("folding removes case, diacritics and letter forms") {
  const std::vector<std::pair<char32_t, std::string>> cases = {
      {U'A', "a"},     {U'z', "z"},          {0xC9, "e"},  // É
      {0xDF, "ss"},                                       // ß
      {0x1E9E, "ss"},                                     // ẞ
      {0x130, "i"},                                       // İ
      {0xFB01, "fi"},                                     // ﬁ
      {0xFF21, "a"},                                      // fullwidth A
      {0x1FA, "a"},                                       // Ǻ (ring and acute)
      {0x1C5, "dz"},                                      // ǅ
      {0x212B, "a"},                                      // Angstrom sign
      {0x151, "o"},                                       // ő
      {0x1EC7, "e"},                                      // ệ
      {0x3AC, utf8(0x3B1)},                               // ά → α
      {0x3A3, utf8(0x3C3)},                               // Σ → σ
      {0x3C2, utf8(0x3C3)},                               // final ς → σ
      {0x416, utf8(0x436)},                               // Ж → ж
      {0x0419, utf8(0x0438)},                             // Й → и (breve dropped)
      {0x0301, ""},                                       // a combining acute alone
      {0x093F, utf8(0x093F)},                             // an Indic vowel sign stays
      {0x4E2D, utf8(0x4E2D)},
  };
  for (const auto& [c, f] : cases) {
    INFO("U+" << std::hex << uint32_t(c));
    CHECK(folded(c) == f);
  }
  CHECK(lower(0xC9) == utf8(0xE9));   // É → é: case alone keeps the accent
  CHECK(lower(0xDF) == "ss");
  CHECK(lower(0x0416) == utf8(0x0436));
}

TEST_CASE("the decoder reads every ill-formed sequence as one replacement byte, as the UTF-8 checker finds them") {
  const auto decode = [](const std::string& s) {
    std::vector<std::pair<char32_t, int>> out;
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* end = p + s.size();
    while (p < end) {
      Decoded d = decode_utf8(p, end);
      out.emplace_back(d.code_point, d.length);
      p += d.length;
    }
    return out;
  };
  using V = std::vector<std::pair<char32_t, int>>;
  CHECK(decode("a\xC3\xA9") == V{{U'a', 1}, {0xE9, 2}});
  CHECK(decode("\xF0\x9F\x98\x80") == V{{0x1F600, 4}});
  CHECK(decode("\xC0\x80") == V{{kReplacement, 1}, {kReplacement, 1}});                    // overlong NUL
  CHECK(decode("\xED\xA0\x80") == V{{kReplacement, 1}, {kReplacement, 1}, {kReplacement, 1}});  // lone surrogate
  CHECK(decode("\xE2\x82") == V{{kReplacement, 1}, {kReplacement, 1}});                    // truncated
  CHECK(decode("\xF4\x90\x80\x80").front() == std::pair<char32_t, int>{kReplacement, 1});  // past U+10FFFF
  // Random bytes: the decoder's first replacement is where find_invalid_utf8 stops, and a valid decode
  // re-encodes to the same bytes.
  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::string s(1 + rng() % 8, ' ');
    for (char& c : s) c = char(rng() % 4 == 0 ? rng() % 0x80 : 0x80 + rng() % 0x80);
    const char* invalid = find_invalid_utf8(s.data(), s.data() + s.size());
    std::string again;
    size_t at = 0;
    for (const auto& [c, n] : decode(s)) {
      if (c == kReplacement && n == 1) break;
      append_utf8(again, c);
      at += size_t(n);
    }
    CHECK(at == size_t(invalid - s.data()));
    CHECK(again == s.substr(0, at));
  }
}

TEST_CASE("words split at separators, ideographs stand alone, marks join their word") {
  using W = std::vector<std::string>;
  const OptionList plain = {{"language", "none"}};
  CHECK(terms_of("Hello, World! 42nd-street", plain) == W{"hello", "world", "42nd", "street"});
  CHECK(terms_of(std::string("nul\0byte", 8), plain) == W{"nul", "byte"});
  CHECK(terms_of("bad\xED\xA0\x80surrogate \xFF end", plain) == W{"bad", "surrogate", "end"});
  CHECK(terms_of("\xE4\xB8\xAD\xE6\x96\x87text", plain) == W{utf8(0x4E2D), utf8(0x6587), "text"});  // 中文text
  CHECK(terms_of("Cafe\xCC\x81 NAI\xCC\x88VE \xC3\x89T\xC3\x89", plain) == W{"cafe", "naive", "ete"});  // NFD and NFC
  CHECK(terms_of("\xE0\xA4\x95\xE0\xA4\xBF", plain) == W{"\xE0\xA4\x95\xE0\xA4\xBF"});  // कि: the vowel sign stays
  CHECK(terms_of("  \t\n ", plain).empty());
  CHECK(terms_of("", plain).empty());
}

TEST_CASE("positions count stop words, so phrases keep their gaps") {
  Analyzer analyzer(Options::parse(Analyzer::option_specs(), {}, "test"));
  Terms terms;
  CHECK(analyzer.analyze("The cat in the hat", terms) == 5);
  REQUIRE(terms.size() == 2);
  CHECK(terms[0] == "cat");
  CHECK(terms[1] == "hat");
  CHECK(terms.positions == std::vector<uint32_t>{1, 4});
}

TEST_CASE("the default English analysis stems with Snowball and drops Snowball's stop words") {
  using W = std::vector<std::string>;
  // Stems from the Snowball English (Porter2) description's examples.
  CHECK(terms_of("consigned consignment generously happiness running") == W{"consign", "consign", "generous", "happi", "run"});
  CHECK(terms_of("It is the flow of the air around them") == W{"flow", "air", "around"});
  CHECK(terms_of("It is", {{"stopWords", "false"}}) == W{"it", "is"});
  CHECK(terms_of("running dogs", {{"stem", "false"}}) == W{"running", "dogs"});
  // French and Portuguese: stemmed with their diacritics, folded afterwards.
  CHECK(terms_of("La continuellement été", {{"language", "french"}}) == W{"continuel"});
  CHECK(terms_of("quilométricas", {{"language", "portuguese"}}) == W{"quilometr"});
  CHECK(terms_of("quilométricas", {{"language", "portuguese"}, {"fold", "false"}}) == W{"quilométr"});
}

TEST_CASE("every stemmer language has a stop list, and an unknown language is an error naming them") {
  for (const std::string& language : stemmer_languages()) {
    INFO(language);
    CHECK(std::string(stop_words(language)).size() > 100);
    Stemmer stemmer(language);
    CHECK(!stemmer.stem("word").empty());
  }
  CHECK_THROWS_WITH(Stemmer("klingon"), Catch::Contains("no stemmer for language 'klingon'") && Catch::Contains("english"));
  CHECK_THROWS_AS(Analyzer(Options::parse(Analyzer::option_specs(), {{"language", "klingon"}}, "test")), InputError);
}

TEST_CASE("a 10 MB text is analysed whole") {
  std::string text;
  for (int i = 0; text.size() < 10'000'000; ++i) text += i % 7 == 0 ? "Flows " : "air ";
  Analyzer analyzer(Options::parse(Analyzer::option_specs(), {}, "test"));
  Terms terms;
  const uint32_t words = analyzer.analyze(text, terms);
  CHECK(words == terms.size());
  CHECK(terms.size() > 2'000'000);
  CHECK(terms[0] == "flow");
  CHECK(terms[terms.size() - 1] == "air");
}
