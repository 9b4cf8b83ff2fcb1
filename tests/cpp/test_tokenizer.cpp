// The learned tokenizer (sequence/tokenizer.hpp): clusters and offsets, paragraphs, labels from a treebank,
// learning from a tiny synthetic treebank a rule a model without context would get wrong, and the model bytes.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/conllu_text.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/tokenizer.hpp"
#include "sequence/tokenizer_trainer.hpp"
#include "text/character_classes.hpp"

using namespace argmax;

namespace {

// Clusters of one code point each (what JS gives for text without combining marks), ends counted in UTF-16.
ClusterText code_points(const std::string& text) {
  std::vector<int32_t> ends;
  int32_t units = 0;
  for (size_t i = 0; i < text.size();) {
    units += next_code_point(text, i) >= 0x10000 ? 2 : 1;
    ends.push_back(units);
  }
  return clusters_from_utf16(text, ends.data(), ends.size());
}

// The tokens of a tokenization as text, sentences separated by " | ", a multiword token's words in brackets.
std::string spelled(const ClusterText& c, const Tokenization& t) {
  std::string out;
  for (size_t s = 0; s + 1 < t.sentences.size(); ++s) {
    if (s) out += " | ";
    for (int32_t k = t.sentences[s]; k < t.sentences[s + 1]; ++k) {
      if (k > t.sentences[s]) out += ' ';
      const size_t b = t.tokens[2 * k] ? size_t(c.ends[size_t(t.tokens[2 * k] - 1)]) : 0;
      out += c.text.substr(b, size_t(c.ends[size_t(t.tokens[2 * k + 1] - 1)]) - b);
      if (t.words[size_t(k) + 1] - t.words[size_t(k)] > 1) {
        out += '[';
        for (int32_t w = t.words[size_t(k)]; w < t.words[size_t(k) + 1]; ++w) out += (w > t.words[size_t(k)] ? "|" : "") + t.forms[size_t(w)];
        out += ']';
      }
    }
  }
  return out;
}

// A synthetic language: words ab, cd, ef, gh; "zz." is an abbreviation (one token, no sentence end), any other
// word before '.' gives a token '.' that ends the sentence; "abnt" is the multiword token "ab" + "nt", "du" the
// multiword token "de" + "le". Every sentence is 3 to 5 words and ends with '.'.
std::string tiny_treebank() {
  const char* words[] = {"ab", "cd", "ef", "gh", "zz.", "abnt", "du"};
  std::string out;
  uint64_t state = 7;
  auto next = [&](uint64_t n) { state = state * 6364136223846793005ull + 1442695040888963407ull; return (state >> 33) % n; };
  for (int p = 0; p < 60; ++p) {
    out += "# newpar\n";
    for (int s = 0; s < 3; ++s) {
      std::vector<std::string> ws;
      const uint64_t len = 3 + next(3);
      for (uint64_t i = 0; i < len; ++i) ws.push_back(words[next(7)]);
      if (ws.back() == "zz.") ws.back() = "gh";
      std::string text;
      for (size_t i = 0; i < ws.size(); ++i) text += (i ? " " : "") + ws[i];
      out += "# text = " + text + ".\n";
      int id = 1;
      for (size_t i = 0; i < ws.size(); ++i) {
        if (ws[i] == "abnt") {
          out += std::to_string(id) + "-" + std::to_string(id + 1) + "\tabnt\t_\t_\t_\t_\t_\t_\t_\t_\n";
          out += std::to_string(id) + "\tab\t_\t_\t_\t_\t_\t_\t_\t_\n" + std::to_string(id + 1) + "\tnt\t_\t_\t_\t_\t_\t_\t_\t_\n";
          id += 2;
        } else if (ws[i] == "du") {
          out += std::to_string(id) + "-" + std::to_string(id + 1) + "\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n";
          out += std::to_string(id) + "\tde\t_\t_\t_\t_\t_\t_\t_\t_\n" + std::to_string(id + 1) + "\tle\t_\t_\t_\t_\t_\t_\t_\t_\n";
          id += 2;
        } else {
          out += std::to_string(id++) + "\t" + ws[i] + "\t_\t_\t_\t_\t_\t_\t_\t" + (i + 1 == ws.size() ? "SpaceAfter=No" : "_") + "\n";
        }
      }
      out += std::to_string(id) + "\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n";
    }
  }
  return out;
}

TokenizerModel tiny_tokenizer() {
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(tiny_treebank());
  std::vector<ClusterText> clusters;
  for (const TextParagraph& p : paragraphs) clusters.push_back(code_points(p.text()));
  return train_tokenizer(paragraphs, clusters, {{"trainer", "perceptron"}, {"epochs", "5"}});
}

}  // namespace

TEST_CASE("cluster ends in UTF-16 units become byte ends; bad ends, bad text and NUL are refused", "[tokenizer]") {
  // a (1 unit, 1 byte), é (1, 2), 😀 (2, 4), e + U+0301 as one cluster (2, 3)
  const std::string text = "a\xC3\xA9\xF0\x9F\x98\x80" "e\xCC\x81";
  const int32_t ends[] = {1, 2, 4, 6};
  const ClusterText c = clusters_from_utf16(text, ends, 4);
  CHECK(c.ends == std::vector<int32_t>{1, 3, 7, 10});
  CHECK(c.cluster(3) == "e\xCC\x81");
  const int32_t inside[] = {1, 2, 3, 6};  // 3 falls inside the surrogate pair of 😀
  CHECK_THROWS_WITH(clusters_from_utf16(text, inside, 4), Catch::Contains("inside a code point"));
  const int32_t short_ends[] = {1, 2};
  CHECK_THROWS_WITH(clusters_from_utf16(text, short_ends, 2), Catch::Contains("clusters end at byte 3"));
  const int32_t one[] = {1, 2, 3};
  CHECK_THROWS_WITH(clusters_from_utf16(std::string("a\0b", 3), one, 3), Catch::Contains("NUL"));
  CHECK_THROWS_WITH(clusters_from_utf16("a\xFF", one, 2), Catch::Contains("not well-formed UTF-8"));
}

TEST_CASE("cluster kinds and symbols: spaces, ignorables, quotes alike", "[tokenizer]") {
  CHECK(cluster_kind(" ") == ClusterKind::Space);
  CHECK(cluster_kind("\r\n") == ClusterKind::Space);
  CHECK(cluster_kind("\xE2\x80\x8B") == ClusterKind::Space);      // U+200B ZERO WIDTH SPACE
  CHECK(cluster_kind("\xC2\xAD") == ClusterKind::Ignorable);      // U+00AD SOFT HYPHEN
  CHECK(cluster_kind("\xE2\x80\x8D") == ClusterKind::Ignorable);  // a lone U+200D ZWJ
  CHECK(cluster_kind("\x01") == ClusterKind::Ignorable);
  CHECK(cluster_kind("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7") == ClusterKind::Visible);  // 👩‍👧
  CHECK(cluster_symbol("\xE2\x80\x99") == "'");  // ’
  CHECK(cluster_symbol("\xE2\x80\x98") == "'");  // ‘
  CHECK(cluster_symbol("\xE2\x80\x9C") == "\"");  // “
  CHECK(cluster_symbol("\xC2\xA0") == " ");       // no-break space
  CHECK(cluster_symbol("\xC3\xA9") == "\xC3\xA9");
}

TEST_CASE("paragraphs end at blank lines, or at line breaks in a text without blank lines", "[tokenizer]") {
  using Ranges = std::vector<std::pair<int32_t, int32_t>>;
  CHECK(paragraphs_of(code_points("ab\ncd")) == Ranges{{0, 2}, {3, 5}});
  CHECK(paragraphs_of(code_points("ab\ncd\n \nef\n")) == Ranges{{0, 5}, {8, 10}});
  CHECK(paragraphs_of(code_points("  ")).empty());
}

TEST_CASE("labels from a treebank: S B I W D O, multiword tokens by spelling or by dictionary", "[tokenizer]") {
  const std::string conllu =
      "# text = I can't, du.\n1\tI\t_\t_\t_\t_\t_\t_\t_\t_\n2-3\tcan't\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n"
      "2\tca\t_\t_\t_\t_\t_\t_\t_\t_\n3\tn't\t_\t_\t_\t_\t_\t_\t_\t_\n4\t,\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "5-6\tdu\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n5\tde\t_\t_\t_\t_\t_\t_\t_\t_\n6\tle\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "7\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n# text = Ok.\n1\tOk\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n2\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n";
  const std::vector<TextParagraph> p = read_conllu_paragraphs(conllu);
  REQUIRE(p.size() == 1);
  CHECK(p[0].text() == "I can't, du. Ok.");
  std::map<std::string, std::vector<std::string>> multiword;
  const std::vector<std::string> labels = cluster_labels(code_points(p[0].text()), p[0], multiword);
  std::string joined;
  for (const auto& l : labels) joined += l;
  CHECK(joined == "SOBIWIIBOBDBOSIB");
  CHECK(multiword.at("du") == std::vector<std::string>{"de", "le"});
  TextParagraph wrong = p[0];
  wrong.sentences[0].tokens[0].form = "J";
  CHECK(cluster_labels(code_points(p[0].text()), wrong, multiword).empty());
}

TEST_CASE("labels from a treebank: a hyphen between the words of a token is H, in neither word", "[tokenizer]") {
  const std::string conllu =
      "# text = Dá-se o-lhe.\n1-2\tDá-se\t_\t_\t_\t_\t_\t_\t_\t_\n1\tDá\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "2\tse\t_\t_\t_\t_\t_\t_\t_\t_\n3-4\to-lhe\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n3\to\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "4\tlhes\t_\t_\t_\t_\t_\t_\t_\t_\n5\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n";
  const std::vector<TextParagraph> p = read_conllu_paragraphs(conllu);
  std::map<std::string, std::vector<std::string>> multiword;
  std::string joined;
  for (const auto& l : cluster_labels(code_points(p[0].text()), p[0], multiword)) joined += l;
  // "o-lhe" is not "o" + "-" + "lhes": a dictionary token
  CHECK(joined == "SIHWIOBDDDDB");
  CHECK(multiword.size() == 1);
  CHECK(multiword.at("o-lhe") == std::vector<std::string>{"o", "lhes"});
}

TEST_CASE("a tokenizer learns from a tiny treebank what context decides", "[tokenizer]") {
  const TokenizerModel m = tiny_tokenizer();
  CHECK(m.skipped == 0);
  CHECK(m.paragraphs == 60);
  // unseen combinations: "zz." stays whole and ends no sentence; "gh." splits and ends one; abnt and du split
  const ClusterText text = code_points("cd zz. gh. ef abnt du gh.\n\nzz. ab.");
  CHECK(spelled(text, m.tokenize(text)) == "cd zz. gh . | ef abnt[ab|nt] du[de|le] gh . | zz. ab .");
  // asked for no forms: the same tokens, words and spans, and the dictionary words' forms alone
  const Tokenization full = m.tokenize(text), bare = m.tokenize(text, false);
  CHECK(bare.tokens == full.tokens);
  CHECK(bare.sentences == full.sentences);
  CHECK(bare.words == full.words);
  CHECK(bare.word_spans == full.word_spans);
  CHECK(bare.forms == std::vector<std::string>{"de", "le"});
  // an ignorable inside a token stays in it; a zero-width space separates
  const ClusterText hidden = code_points("a\xC2\xAD" "b cd\xE2\x80\x8B" "ef.");
  CHECK(spelled(hidden, m.tokenize(hidden)) == "a\xC2\xAD" "b cd ef .");
  // 100,000 clusters without a space: cut into runs, labelled in time linear in the text
  const ClusterText long_text = code_points(std::string(100000, 'a'));
  const Tokenization t = m.tokenize(long_text);
  CHECK(t.tokens.front() == 0);
  CHECK(t.tokens.back() == 100000);
}

TEST_CASE("a tokenizer whose templates read lexbegin or lexend keeps a listing of its training words", "[tokenizer]") {
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(tiny_treebank());
  std::vector<ClusterText> clusters;
  for (const TextParagraph& p : paragraphs) clusters.push_back(code_points(p.text()));
  const std::string templates = std::string(kTokenizerTemplates) + " lexbegin[0] lexend[-1] lexbegin[0]|lexend[-1]";
  const TokenizerModel m = train_tokenizer(paragraphs, clusters, {{"trainer", "perceptron"}, {"epochs", "5"}, {"templates", templates}});
  auto listed = [](const TokenizerModel& t, const std::string& word) { return t.chain.words.lists(fnv1a(word)); };
  // the words, as the treebank splits them: "abnt" is "ab" + "nt", "gh." is "gh" + "."; "zz." is one
  for (const char* word : {"ab", "cd", "ef", "gh", "zz.", "nt", "."}) CHECK(listed(m, word));
  for (const char* word : {"abnt", "gh.", "a", "b c", "cd "}) CHECK(!listed(m, word));
  const ClusterText text = code_points("cd zz. gh. ef abnt du gh.");
  CHECK(spelled(text, m.tokenize(text)) == "cd zz. gh . | ef abnt[ab|nt] du[de|le] gh .");
  // saved with the model
  const std::vector<uint8_t> bytes = m.to_bytes();
  const TokenizerModel again = TokenizerModel::from_bytes(bytes.data(), bytes.size());
  CHECK(listed(again, "zz."));
  CHECK(spelled(text, again.tokenize(text)) == spelled(text, m.tokenize(text)));
  // words seen fewer than lexiconMinCount times are left out: here, all of them
  const TokenizerModel none = train_tokenizer(paragraphs, clusters, {{"trainer", "perceptron"}, {"epochs", "1"},
                                              {"templates", templates}, {"lexiconMinCount", "1000000"}});
  CHECK(!listed(none, "cd"));
  // templates that read no listing keep none
  CHECK(!listed(tiny_tokenizer(), "cd"));
}

TEST_CASE("in training, a paragraph's lexbegin and lexend read the listing of the other folds' words", "[tokenizer]") {
  // 20 paragraphs of one sentence, "ab cd.", but for "qq cd." in paragraph 3 (fold 3) and "ww cd." in 4 and 14 (fold 4)
  std::string treebank;
  for (int p = 0; p < 20; ++p) {
    const std::string first = p == 3 ? "qq" : p == 4 || p == 14 ? "ww" : "ab";
    treebank += "# newpar\n# text = " + first + " cd.\n1\t" + first + "\t_\t_\t_\t_\t_\t_\t_\t_\n" +
                "2\tcd\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n3\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n";
  }
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(treebank);
  std::vector<ClusterText> clusters;
  for (const TextParagraph& p : paragraphs) clusters.push_back(code_points(p.text()));
  const std::string templates = std::string(kTokenizerTemplates) + " lexbegin[0] lexend[-1]";
  auto prepared = [&](const char* min_count) {
    return prepare_tokenizer(paragraphs, clusters, {{"templates", templates}, {"lexiconMinCount", min_count}});
  };
  const TokenizerChain once = prepared("1");
  REQUIRE(once.symbols.size() == 20);
  REQUIRE(once.held_out.listings.size() == 10);
  for (size_t p = 0; p < 20; ++p) CHECK(once.held_out.of.at(p) == int32_t(p % 10));
  auto listed = [](const WordLexicon& w, const std::string& word) { return w.lists(fnv1a(word)); };
  // the model keeps every fold's words; training reads those of the other folds
  for (const char* word : {"ab", "cd", ".", "qq", "ww"}) CHECK(listed(once.words, word));
  CHECK(!listed(once.held_out.listings[3], "qq"));
  CHECK(listed(once.held_out.listings[3], "ww"));
  CHECK(!listed(once.held_out.listings[4], "ww"));
  CHECK(listed(once.held_out.listings[4], "qq"));
  CHECK(listed(once.held_out.listings[0], "qq"));
  CHECK(listed(once.held_out.listings[0], "ab"));
  // at lexiconMinCount 2: ww (seen twice, both in fold 4) is listed for every fold but its own; qq (once) nowhere
  const TokenizerChain twice = prepared("2");
  CHECK(listed(twice.words, "ww"));
  CHECK(!listed(twice.words, "qq"));
  for (int f = 0; f < 10; ++f) {
    const WordLexicon& fold = twice.held_out.listings[size_t(f)];
    CHECK(listed(fold, "ab"));
    CHECK(listed(fold, "ww") == (f != 4));
    CHECK(!listed(fold, "qq"));
  }
  // templates that read no listing get none
  CHECK(prepare_tokenizer(paragraphs, clusters, {}).held_out.of.empty());
}

TEST_CASE("a link is a token of its own, without the brackets and punctuation around it", "[tokenizer]") {
  const TokenizerModel m = tiny_tokenizer();  // it never saw a link, nor '<', '[', '('
  struct Case {
    std::string text;
    int32_t begin, end;  // the link's clusters
  };
  for (const Case& c : {Case{"cd <ab@cd.ef>. gh.", 4, 12}, Case{"cd [http://ab.cd/e-f?g=h.]. gh", 4, 24},
                        Case{"cd (www.ab.cd), gh", 4, 13}, Case{"cd \"ab@cd.ef\"", 4, 12},
                        Case{"cd ab...@cd.ef", 3, 14}, Case{"cd gh\"<ab@cd.ef>", 7, 15},
                        Case{"cd (ab-cd.PDF).", 4, 13}}) {
    const ClusterText text = code_points(c.text);
    const Tokenization t = m.tokenize(text);
    bool whole = false;
    for (size_t k = 0; k < t.tokens.size(); k += 2) whole = whole || (t.tokens[k] == c.begin && t.tokens[k + 1] == c.end);
    INFO(c.text << " → " << spelled(text, t));
    CHECK(whole);
  }
  // not links: a '.' and an unknown extension, an '@' between spaces
  for (const std::string& s : {"cd ab.cdx gh", "cd @ ef.gh"}) {
    const ClusterText text = code_points(s);
    INFO(s << " → " << spelled(text, m.tokenize(text)));
    CHECK(m.tokenize(text).tokens.size() > 6);
  }
}

TEST_CASE("tokenizer bytes: a round trip tokenizes alike; corrupt and foreign bytes are refused", "[tokenizer]") {
  const TokenizerModel m = tiny_tokenizer();
  const std::vector<uint8_t> bytes = m.to_bytes();
  const TokenizerModel again = TokenizerModel::from_bytes(bytes.data(), bytes.size());
  const ClusterText text = code_points("ab du. zz. cd.");
  CHECK(spelled(text, again.tokenize(text)) == spelled(text, m.tokenize(text)));
  CHECK(again.to_bytes() == bytes);
  std::vector<uint8_t> flipped = bytes;
  flipped[bytes.size() / 2] ^= 1;
  CHECK_THROWS_WITH(TokenizerModel::from_bytes(flipped.data(), flipped.size()), Catch::Contains("checksum"));
  const std::vector<uint8_t> chain = m.chain.to_bytes();
  CHECK_THROWS_WITH(TokenizerModel::from_bytes(chain.data(), chain.size()), Catch::Contains("sequence"));
  // a chain with a label a tokenizer does not have, under a valid checksum
  SequenceModel other = m.chain;
  other.labels[0] = "Q";
  TokenizerModel bad = m;
  bad.chain = other;
  const std::vector<uint8_t> b = bad.to_bytes();
  CHECK_THROWS_WITH(TokenizerModel::from_bytes(b.data(), b.size()), Catch::Contains("label 'Q'"));
  // options the chain cannot have been trained with are refused before the weights are read
  TokenizerModel odd = m;
  odd.chain.options.emplace_back("epochs", "-3");
  const std::vector<uint8_t> o = odd.to_bytes();
  CHECK_THROWS_AS(TokenizerModel::from_bytes(o.data(), o.size()), InputError);
}

TEST_CASE("a tokenizer trains with its own defaults, written into its options, where a tagger's differ", "[tokenizer]") {
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(tiny_treebank());
  std::vector<ClusterText> clusters;
  for (const TextParagraph& p : paragraphs) clusters.push_back(code_points(p.text()));
  auto value = [](const TokenizerModel& m, const std::string& key) {
    for (const auto& [k, v] : m.chain.options)
      if (k == key) return v;
    return std::string("(none)");
  };
  const TokenizerModel crf = train_tokenizer(paragraphs, clusters, {{"maxIter", "20"}});
  CHECK(value(crf, "trainer") == "lbfgs");
  CHECK(value(crf, "c1") == "0.3");
  CHECK(value(crf, "c2") == "0.1");
  CHECK(value(crf, "hashBits") == "17");
  CHECK(value(crf, "weightBits") == "8");
  CHECK(crf.chain.report.iterations == 20);
  const TokenizerModel perceptron = train_tokenizer(paragraphs, clusters, {{"trainer", "perceptron"}, {"hashBits", "12"}});
  CHECK(value(perceptron, "c1") == "(none)");  // not an option of the perceptron
  CHECK(value(perceptron, "hashBits") == "12");
  CHECK(value(perceptron, "weightBits") == "8");
  auto default_of = [](const std::vector<OptionSpec>& table, const std::string& name) {
    for (const OptionSpec& s : table)
      if (s.name == name) return s.default_value;
    return std::string("(none)");
  };
  CHECK(default_of(tokenizer_options("lbfgs"), "c1") == "0.3");
  CHECK(default_of(sequence_options("lbfgs"), "c1") == "0");  // a tagger's defaults are untouched
  CHECK_THROWS_WITH(train_tokenizer(paragraphs, clusters, {{"epochs", "5"}}), Catch::Contains("unknown option 'epochs'"));
}

namespace {

// The chain's labels of a text whose clusters have these label names: TokenLabel ids on the clusters the chain
// labels, −1 on the others (as TokenizerModel::tokenize hands them to tokens_from_labels).
std::vector<int> chain_labels(const ClusterText& c, const std::vector<std::string>& names) {
  const std::vector<ClusterKind> kinds = cluster_kinds(c);
  std::vector<int32_t> where;
  std::vector<ClusterKind> labelled;
  labelled_clusters(kinds, 0, int32_t(c.size()), where, labelled);
  std::vector<int> labels(c.size(), -1);
  for (const int32_t i : where)
    for (int l = 0; l < kTokenLabels; ++l)
      if (names[size_t(i)] == kTokenLabelNames[l]) labels[size_t(i)] = l;
  return labels;
}

// The text of clusters [b, e).
std::string clusters_text(const ClusterText& c, int32_t b, int32_t e) {
  const size_t from = b ? size_t(c.ends[size_t(b - 1)]) : 0;
  return c.text.substr(from, size_t(c.ends[size_t(e - 1)]) - from);
}

// What tokens_from_labels makes of a treebank paragraph's own labels (cluster_labels), against the paragraph:
// "" when they agree, else the first difference.
std::string round_trip(const TextParagraph& p) {
  const ClusterText c = code_points(p.text());
  MultiwordDictionary dictionary;
  const std::vector<std::string> gold = cluster_labels(c, p, dictionary);
  if (gold.empty()) return "";  // the tokens do not spell the text: training skips such a paragraph
  const std::vector<ClusterKind> kinds = cluster_kinds(c);
  const Tokenization t = tokens_from_labels(c, kinds, paragraphs_from(c, kinds), chain_labels(c, gold), {dictionary, true}, true);
  size_t token = 0;
  for (size_t s = 0; s < p.sentences.size(); ++s) {
    if (s + 1 >= t.sentences.size() || size_t(t.sentences[s]) != token) return "sentence " + std::to_string(s) + " starts elsewhere";
    for (const SurfaceToken& gold_token : p.sentences[s].tokens) {
      if (token >= t.tokens.size() / 2) return "too few tokens";
      if (clusters_text(c, t.tokens[2 * token], t.tokens[2 * token + 1]) != gold_token.form) return "token '" + gold_token.form + "'";
      std::vector<std::string> words;
      for (int32_t w = t.words[token]; w < t.words[token + 1]; ++w) {
        const int32_t b = t.word_spans[2 * size_t(w)], e = t.word_spans[2 * size_t(w) + 1];
        words.push_back(b < 0 ? t.forms[size_t(w)] : clusters_text(c, b, e));
      }
      const std::vector<std::string> expected = gold_token.words.size() > 1 ? gold_token.words : std::vector<std::string>{gold_token.form};
      if (words != expected) return "the words of '" + gold_token.form + "'";
      ++token;
    }
  }
  if (token != t.tokens.size() / 2 || t.sentences.back() != int32_t(token)) return "too many tokens";
  return "";
}

}  // namespace

TEST_CASE("tokens_from_labels gives back every paragraph's tokens, words and sentences from its own labels", "[tokenizer]") {
  // the tiny treebank: multiword tokens by spelling ("abnt") and by dictionary ("du"), an abbreviation
  for (const TextParagraph& p : read_conllu_paragraphs(tiny_treebank())) CHECK(round_trip(p) == "");
  // a hyphenated multiword token (H), quotes, a dictionary form of one cluster
  const std::string conllu =
      "# text = Dá-se à \u201cmãe\u201d.\n1-2\tDá-se\t_\t_\t_\t_\t_\t_\t_\t_\n1\tDá\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "2\tse\t_\t_\t_\t_\t_\t_\t_\t_\n3-4\tà\t_\t_\t_\t_\t_\t_\t_\t_\n3\ta\t_\t_\t_\t_\t_\t_\t_\t_\n4\ta\t_\t_\t_\t_\t_\t_\t_\t_\n"
      "5\t\u201c\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n6\tmãe\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n"
      "7\t\u201d\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No\n8\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n";
  for (const TextParagraph& p : read_conllu_paragraphs(conllu)) CHECK(round_trip(p) == "");
}

TEST_CASE("tokens_from_labels over every paragraph of a UD treebank (skipped without ../shared/data)", "[tokenizer][data]") {
  const char* data = std::getenv("ARGMAX_DATA");
  const std::string file = std::string(data ? data : ARGMAX_SOURCE_DIR "/../shared/data") + "/ud-english-ewt/en_ewt-ud-train.conllu";
  std::FILE* f = std::fopen(file.c_str(), "rb");
  if (!f) {
    WARN("skipped: no " << file);
    return;
  }
  std::string conllu;
  char buffer[1 << 16];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) conllu.append(buffer, n);
  std::fclose(f);
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(conllu);
  REQUIRE(paragraphs.size() > 1000);
  size_t disagree = 0;
  for (const TextParagraph& p : paragraphs) {
    const std::string difference = round_trip(p);
    if (!difference.empty() && ++disagree <= 5) UNSCOPED_INFO(p.text() << ": " << difference);
  }
  CHECK(disagree == 0);
}

namespace {

// The tokens that tokens_from_labels makes of a text whose clusters are labelled by the letters of `labels` ('.':
// a cluster the chain does not label): tokens joined by '_', sentences by " | ", a multiword token's words after
// it in parentheses.
std::string tokens_of(const std::string& text, const std::string& labels, const MultiwordDictionary& dictionary = {}) {
  const ClusterText c = code_points(text);
  REQUIRE(labels.size() == c.size());
  std::vector<int> ids(c.size(), -1);
  for (size_t i = 0; i < c.size(); ++i)
    for (int l = 0; l < kTokenLabels; ++l)
      if (labels[i] == kTokenLabelNames[l][0]) ids[i] = l;
  const std::vector<ClusterKind> kinds = cluster_kinds(c);
  const Tokenization t = tokens_from_labels(c, kinds, {{0, int32_t(c.size())}}, ids, {dictionary, true}, true);
  std::string out;
  for (size_t s = 0; s + 1 < t.sentences.size(); ++s)
    for (int32_t k = t.sentences[s]; k < t.sentences[s + 1]; ++k) {
      out += k == 0 ? "" : k == t.sentences[s] ? " | " : "_";
      out += clusters_text(c, t.tokens[2 * size_t(k)], t.tokens[2 * size_t(k) + 1]);
      if (t.words[size_t(k) + 1] - t.words[size_t(k)] > 1)
        for (int32_t w = t.words[size_t(k)]; w < t.words[size_t(k) + 1]; ++w)
          out += (w == t.words[size_t(k)] ? "(" : "|") + t.forms[size_t(w)] + (w + 1 == t.words[size_t(k) + 1] ? ")" : "");
    }
  return out;
}

}  // namespace

TEST_CASE("tokens_from_labels on label patterns a trained chain seldom emits, worked by hand", "[tokenizer]") {
  CHECK(tokens_of("ab cd", "SIOBI") == "ab_cd");
  CHECK(tokens_of("ab cd", "BIOSI") == "ab | cd");            // the first token opens a sentence, labelled S or not
  CHECK(tokens_of("ab cd", "SIWBI") == "ab_cd");              // W at a space: the space ends the token
  CHECK(tokens_of("ab cd", "SIIII") == "ab cd");              // I at a space: one token across it
  CHECK(tokens_of("ab cd", "SIIBI") == "ab_cd");              // … until a B
  CHECK(tokens_of("abcd", "SIWI") == "abcd(ab|cd)");
  CHECK(tokens_of("ab-cd", "SIHWI") == "ab-cd(ab|cd)");       // the hyphen is in neither word
  CHECK(tokens_of("ab-cd", "SDHWI") == "ab-cd(ab|cd)");       // H after D: W splits, the dictionary is not asked
  CHECK(tokens_of("ab-cd", "SIHII") == "ab-cd");              // H without a next word: one word
  CHECK(tokens_of("abcd", "SIOI") == "ab_cd");                // O on a visible cluster begins a token
  CHECK(tokens_of("abcd", "SIWW") == "abcd(ab|c|d)");
  CHECK(tokens_of("a\xC2\xAD" "b", "S.I") == "a\xC2\xAD" "b");  // an ignorable cluster inside a token stays in it
  CHECK(tokens_of("ab  cd", "SIO.BI") == "ab_cd");            // the second space of a run is not labelled
  CHECK(tokens_of("du le", "SDOBI", {{"du", {"de", "le"}}}) == "du(de|le)_le");  // D: the dictionary splits
  CHECK(tokens_of("du le", "SIOBI", {{"du", {"de", "le"}}}) == "du_le");         // no D: it does not
  CHECK(tokens_of("Du", "SD", {{"du", {"de", "le"}}}) == "Du(de|le)");           // looked up lower-cased
}

TEST_CASE("tokens_from_labels on generated label patterns: every visible cluster in one token, in order", "[tokenizer]") {
  const char* alphabet[] = {"a", "b", "-", " ", ".", "\xC2\xAD"};  // letters, a hyphen, a space, a stop, an ignorable
  uint64_t state = 11;
  auto next = [&](uint64_t n) { state = state * 6364136223846793005ull + 1442695040888963407ull; return (state >> 33) % n; };
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const uint64_t n = 1 + next(12);
    for (uint64_t i = 0; i < n; ++i) text += alphabet[next(6)];
    const ClusterText c = code_points(text);
    const std::vector<ClusterKind> kinds = cluster_kinds(c);
    std::vector<int32_t> where;
    std::vector<ClusterKind> labelled;
    labelled_clusters(kinds, 0, int32_t(c.size()), where, labelled);
    std::vector<int> labels(c.size(), -1);
    for (const int32_t i : where) labels[size_t(i)] = int(next(kTokenLabels));
    const Tokenization t = tokens_from_labels(c, kinds, {{0, int32_t(c.size())}}, labels, {{}, true}, true);
    INFO("text '" << text << "'");
    std::vector<int> owner(c.size(), -1);  // the token of each cluster
    int32_t last_end = 0;
    for (size_t k = 0; k < t.tokens.size() / 2; ++k) {
      const int32_t b = t.tokens[2 * k], e = t.tokens[2 * k + 1];
      REQUIRE(b >= last_end);
      REQUIRE(b < e);
      CHECK(kinds[size_t(b)] == ClusterKind::Visible);
      CHECK(kinds[size_t(e - 1)] == ClusterKind::Visible);
      for (int32_t i = b; i < e; ++i) owner[size_t(i)] = int(k);
      last_end = e;
      // its words lie in it, in order
      int32_t word_end = b;
      for (int32_t w = t.words[k]; w < t.words[k + 1]; ++w) {
        const int32_t wb = t.word_spans[2 * size_t(w)], we = t.word_spans[2 * size_t(w) + 1];
        CHECK(wb >= word_end);
        // (one word is empty: the first, when the token's first cluster is labelled H and the next W, a pattern
        // no trained chain has been seen to emit; its hyphen is in neither word, as H says)
        CHECK((wb < we || (w == t.words[k] && labels[size_t(b)] == kH)));
        CHECK(we <= e);
        word_end = we;
      }
    }
    for (size_t i = 0; i < c.size(); ++i)
      if (kinds[i] == ClusterKind::Visible) CHECK(owner[i] >= 0);
      else if (kinds[i] == ClusterKind::Space && owner[i] >= 0) CHECK((labels[i] == kI || labels[i] == kD || labels[i] < 0));
    CHECK(t.forms.size() == t.word_spans.size() / 2);
    // sentences: the first opens at token 0, each at a token, rising, and the last entry counts them
    REQUIRE(!t.sentences.empty());
    CHECK(t.sentences.back() == int32_t(t.tokens.size() / 2));
    if (t.tokens.size() > 0) CHECK(t.sentences.front() == 0);
    for (size_t s = 1; s < t.sentences.size(); ++s) CHECK(t.sentences[s] > t.sentences[s - 1]);
  }
}
