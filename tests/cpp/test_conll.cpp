// Readers for tagged text (CoNLL-U, column files) and SVM^hmm, on good and malformed input.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "io/conll.hpp"
#include "io/svmhmm.hpp"

using namespace argmax;

namespace {

const char* const kConllu =
    "# newdoc id = d1\n"
    "# sent_id = 1\n"
    "# text = I don't know.\n"
    "1\tI\tI\tPRON\tPRP\t_\t3\tnsubj\t_\t_\n"
    "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tdo\tdo\tAUX\tVBP\t_\t4\taux\t_\t_\n"
    "3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t_\t_\n"
    "3.1\tknow\tknow\tVERB\tVB\t_\t_\t_\t0:root\t_\n"
    "4\tknow\tknow\tVERB\tVB\t_\t0\troot\t_\t_\n"
    "5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_\n"
    "\n"
    "# sent_id = 2\n"
    "1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\r\n"
    "\n";

}  // namespace

TEST_CASE("CoNLL-U: words and UPOS, skipping comments, ranges and empty nodes", "[io][conll]") {
  TaggedText t = read_conllu(kConllu);
  REQUIRE(t.lengths == std::vector<int32_t>{5, 1});
  REQUIRE(t.tokens == "I\x1f" "do\x1fn't\x1fknow\x1f.\x1fHi");
  const auto tokens = t.token_sentences(), tags = t.tag_sentences();
  REQUIRE(tokens[0] == std::vector<std::string>{"I", "do", "n't", "know", "."});
  REQUIRE(tags[0] == std::vector<std::string>{"PRON", "AUX", "PART", "VERB", "PUNCT"});
  REQUIRE(tokens[1] == std::vector<std::string>{"Hi"});
  REQUIRE(tags[1] == std::vector<std::string>{"INTJ"});  // CRLF stripped
  TaggedText x = read_conllu(kConllu, "xpos");
  REQUIRE(x.tag_sentences()[0] == std::vector<std::string>{"PRP", "VBP", "RB", "VB", "."});
  REQUIRE(read_tagged(kConllu, "a.conllu").tokens == t.tokens);
}

TEST_CASE("CoNLL-U: malformed input names the line", "[io][conll]") {
  REQUIRE_THROWS_WITH(read_conllu("1\tI\tI\tPRON\n"), Catch::Contains("line 1") && Catch::Contains("10 tab-separated"));
  REQUIRE_THROWS_WITH(read_conllu("# c\n1\ta\ta\tX\t_\t_\t0\tr\t_\t_\n3\tb\tb\tX\t_\t_\t0\tr\t_\t_\n"),
                      Catch::Contains("line 3") && Catch::Contains("word ID 3"));
  REQUIRE_THROWS_WITH(read_conllu("x\ta\ta\tX\t_\t_\t0\tr\t_\t_\n"), Catch::Contains("line 1"));
  REQUIRE_THROWS_WITH(read_conllu("1\ta\ta\t_\t_\t_\t0\tr\t_\t_\n"), Catch::Contains("no UPOS"));
  REQUIRE_THROWS_WITH(read_conllu("1\ta\ta\tX\t_\t_\t0\tr\t_\t_\n", "xpos"), Catch::Contains("no XPOS"));
  REQUIRE_THROWS_WITH(read_conllu(kConllu, "lemma"), Catch::Contains("upos"));
  REQUIRE(read_conllu("").lengths.empty());
  REQUIRE_THROWS_WITH(read_conllu("1\ta\x1f" "b\ta\tX\t_\t_\t0\tr\t_\t_\n"), Catch::Contains("line 1") && Catch::Contains("U+001F"));
  REQUIRE_THROWS_WITH(read_conllu("1\ta\ta\tX\t_\t_\t0\tr\t_\t_\t_\t_\n"), Catch::Contains("this one has 12"));
  REQUIRE_THROWS_WITH(read_conllu("0x1\ta\ta\tX\t_\t_\t0\tr\t_\t_\n"), Catch::Contains("ID '0x1' is not a word index"));
  REQUIRE_THROWS_WITH(read_conllu("99999999999\ta\ta\tX\t_\t_\t0\tr\t_\t_\n"), Catch::Contains("not a word index"));
}

TEST_CASE("tagged text must be UTF-8: a bad byte is an error naming the line and its offset", "[io][conll]") {
  const std::string good = "1\tna\xC3\xAFve\tnaive\tADJ\t_\t_\t0\troot\t_\t_\n";  // "naïve"
  REQUIRE(read_conllu(good).tokens == "na\xC3\xAFve");
  const std::string latin1 = "1\tna\xEFve\tnaive\tADJ\t_\t_\t0\troot\t_\t_\n";  // "naïve" in Latin-1
  REQUIRE_THROWS_WITH(read_conllu("# c\n" + latin1), Catch::Contains("line 2: invalid UTF-8 at byte offset 8"));
  REQUIRE_THROWS_WITH(read_conllu("# \xED\xA0\x80\n"), Catch::Contains("line 1: invalid UTF-8 at byte offset 2"));
  REQUIRE_THROWS_WITH(read_columns("a B\n\nb\xC3 O\n"), Catch::Contains("line 3: invalid UTF-8 at byte offset 6"));
}

TEST_CASE("column files: first column token, last column tag", "[io][conll]") {
  TaggedText t = read_columns("-DOCSTART- -X- O O\n\nEU NNP B-NP B-ORG\nrejects VBZ B-VP O\n\n\nPeter NNP B-NP B-PER\n");
  REQUIRE(t.token_sentences() == std::vector<std::vector<std::string>>{{"EU", "rejects"}, {"Peter"}});
  REQUIRE(t.tag_sentences() == std::vector<std::vector<std::string>>{{"B-ORG", "O"}, {"B-PER"}});
  REQUIRE(read_tagged("a\tb\n", "x.txt").tags == "b");
  REQUIRE_THROWS_WITH(read_columns("a b\nlonely\n"), Catch::Contains("line 2"));
}

TEST_CASE("SVM^hmm: sequences by qid, sparse rows, 1-based indices", "[io][svmhmm]") {
  NumericSequences s = read_svmhmm(
      "# header comment\n"
      "a qid:1 1:1 3:0.5\n"
      "b qid:1 2:2 # trailing comment\n"
      "\n"
      "c qid:7 4:1\n");
  REQUIRE(s.tags == std::vector<std::vector<std::string>>{{"a", "b"}, {"c"}});
  REQUIRE(s.starts == std::vector<int64_t>{0, 2, 3});
  REQUIRE(s.qids == std::vector<std::string>{"1", "7"});
  REQUIRE(s.rows.cols == 4);
  REQUIRE(s.rows.offsets == std::vector<int32_t>{0, 2, 3, 4});
  REQUIRE(s.rows.indices == std::vector<int32_t>{0, 2, 1, 3});
  REQUIRE(s.rows.values == std::vector<float>{1, 0.5f, 2, 1});
}

TEST_CASE("SVM^hmm: malformed input names the line", "[io][svmhmm]") {
  REQUIRE_THROWS_WITH(read_svmhmm("a 1:1\n"), Catch::Contains("line 1") && Catch::Contains("qid"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 1:1\na qid:1 0:1\n"), Catch::Contains("line 2") && Catch::Contains("start at 1"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 3:1 2:1\n"), Catch::Contains("line 1") && Catch::Contains("increase"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 1:x\n"), Catch::Contains("bad value in '1:x'"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 1\n"), Catch::Contains("expected index:value"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 1:1\nb qid:2 1:1\nc qid:1 1:1\n"), Catch::Contains("line 3") && Catch::Contains("again"));
  REQUIRE_THROWS_WITH(read_svmhmm("a qid:1 1:inf\n"), Catch::Contains("line 1"));
}
