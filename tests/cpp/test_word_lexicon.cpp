// The user's word lexicon: its text format and errors, the values the lex/lex2 attributes read, the
// pos preset's use of it, and that a tagger learns to trust it for words training never showed.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/word_lexicon.hpp"

using namespace argmax;

namespace {

uint64_t value(const WordLexicon& lex, const std::string& word, int column) {
  std::string lower = word;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = char(c + 32);
  return lex.value(lex.find(word, lower), column);
}

}  // namespace

TEST_CASE("word lexicon: format, errors and looked-up values", "[sequence][lexicon]") {
  const WordLexicon lex = WordLexicon::parse(
      "# a comment\n"
      "run\tVB NN\tverb noun\n"
      "walk\tNN VB VB\tnoun verb\r\n"  // same sets, another order, a repeat, a CR
      "\n"
      "dog\tNN\n"
      "Paris\t\tnoun\n");
  REQUIRE(lex.words() == 4);
  REQUIRE(value(lex, "run", 0) == value(lex, "walk", 0));
  REQUIRE(value(lex, "run", 1) == value(lex, "walk", 1));
  REQUIRE(value(lex, "run", 0) != value(lex, "dog", 0));
  REQUIRE(value(lex, "run", 0) != value(lex, "run", 1));        // {VB, NN} ≠ {verb, noun}
  const uint64_t none = value(lex, "zebra", 0);
  REQUIRE(value(lex, "dog", 1) == none);                        // no second column
  REQUIRE(value(lex, "Paris", 0) == none);                      // an empty first column
  REQUIRE(value(lex, "Paris", 1) != none);
  REQUIRE(value(lex, "Paris", 1) != value(lex, "dog", 0));      // {noun} ≠ {NN}
  REQUIRE(value(lex, "Run", 0) != value(lex, "run", 0));        // found lower-cased: its own value
  REQUIRE(value(lex, "Run", 0) != none);
  REQUIRE(value(lex, "PARIS", 1) == none);                      // "paris" is not listed
  REQUIRE(value(WordLexicon(), "run", 0) == none);

  REQUIRE_THROWS_WITH(WordLexicon::parse("run VB\n"), Catch::Contains("line 1") && Catch::Contains("expected 'word<TAB>classes'"));
  REQUIRE_THROWS_WITH(WordLexicon::parse("a\tX\nb\tY\tZ\tW\n"), Catch::Contains("line 2"));
  REQUIRE_THROWS_WITH(WordLexicon::parse("a\tX\n\nb\tY\na\tZ\n"),
                      Catch::Contains("line 4") && Catch::Contains("listed twice (first on line 1)"));
  REQUIRE_THROWS_WITH(WordLexicon::parse("a\t \t\n"), Catch::Contains("no classes"));
  REQUIRE_THROWS_WITH(WordLexicon::parse("\tX\n"), Catch::Contains("expected 'word<TAB>classes'"));
  REQUIRE_THROWS_WITH(WordLexicon::parse("# nothing\n"), Catch::Contains("no words"));
}

TEST_CASE("a tagger with a lexicon tags words it never saw in training", "[sequence][lexicon]") {
  // 60 nouns and 60 verbs: random 5-letter strings, so spelling says nothing about the tag. Training
  // shows 40 of each once, after "they" (both tags follow it); the lexicon lists all 120.
  Rng rng(11);
  std::vector<std::string> words;
  for (int i = 0; i < 120; ++i) {
    std::string w;
    for (int c = 0; c < 5; ++c) w += char('a' + rng.below(26));
    words.push_back(w);
  }
  const auto tag_of = [](int i) { return i < 60 ? "NOUN" : "VERB"; };
  std::string text;
  for (int i = 0; i < 120; ++i) text += words[i] + (i < 60 ? "\tNN\tnoun\n" : "\tVB\tverb\n");
  const WordLexicon lex = WordLexicon::parse(text);
  Sentences tokens, tags, unseen, expected;
  for (int i = 0; i < 120; ++i) {
    Sentences& x = i % 60 < 40 ? tokens : unseen;
    Sentences& y = i % 60 < 40 ? tags : expected;
    x.push_back({"they", words[i]}), y.push_back({"PRON", tag_of(i)});
  }
  const auto accuracy = [&](const SequenceModel& m) {
    const Sentences got = m.tag(unseen);
    int right = 0;
    for (size_t i = 0; i < got.size(); ++i) right += got[i][1] == expected[i][1];
    return double(right) / got.size();
  };
  const SequenceModel with = train_tagger(tokens, tags, {{"epochs", "10"}}, {}, nullptr, lex);
  REQUIRE(with.templates == template_preset("pos", true));
  REQUIRE(with.templates.find("lex2[0]") != std::string::npos);
  REQUIRE(accuracy(with) >= 0.95);
  // Without the lexicon, 40 unseen random strings are a coin toss.
  const SequenceModel without = train_tagger(tokens, tags, {{"epochs", "10"}});
  REQUIRE(without.templates == template_preset("pos"));
  REQUIRE(accuracy(without) <= 0.8);
  // The lexicon travels with the model; a warm start keeps it and refuses another.
  const std::vector<uint8_t> bytes = with.to_bytes();
  const SequenceModel again = SequenceModel::from_bytes(bytes.data(), bytes.size());
  REQUIRE(again.words.words() == lex.words());
  REQUIRE(again.tag(unseen) == with.tag(unseen));
  const SequenceModel warm = train_tagger(tokens, tags, {{"epochs", "1"}}, {}, &again);
  REQUIRE(warm.words.words() == lex.words());
  REQUIRE_THROWS_WITH(train_tagger(tokens, tags, {}, {}, &again, lex), Catch::Contains("keeps the model's word lexicon"));
  // CRFsuite's preset never reads it, and its model does not keep it.
  const SequenceModel crfsuite = train_tagger(tokens, tags, {{"features", "crfsuite"}, {"epochs", "1"}}, {}, nullptr, lex);
  REQUIRE(crfsuite.templates == template_preset("crfsuite"));
  REQUIRE(crfsuite.words.empty());
}
