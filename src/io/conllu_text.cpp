#include "io/conllu_text.hpp"

#include "core/error.hpp"

namespace argmax {

std::string TextParagraph::text() const {
  std::string out;
  for (size_t i = 0; i < sentences.size(); ++i) {
    out += sentences[i].text;
    if (i + 1 < sentences.size() && sentences[i].space_after) out += ' ';
  }
  return out;
}

namespace {

std::vector<std::string_view> tab_fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (true) {
    const size_t tab = line.find('\t', pos);
    out.push_back(line.substr(pos, tab == std::string_view::npos ? std::string_view::npos : tab - pos));
    if (tab == std::string_view::npos) return out;
    pos = tab + 1;
  }
}

bool space_after(std::string_view misc) {
  size_t pos = 0;
  while (pos <= misc.size()) {
    size_t bar = misc.find('|', pos);
    if (bar == std::string_view::npos) bar = misc.size();
    if (misc.substr(pos, bar - pos) == "SpaceAfter=No") return false;
    pos = bar + 1;
  }
  return true;
}

// "12" → 12; "3-4" → range 3..4; "8.1" (an empty node) → skipped.
struct TokenId {
  long first = 0, last = 0;
  bool empty_node = false;
};
TokenId parse_id(std::string_view id, size_t line) {
  TokenId out;
  if (id.find('.') != std::string_view::npos) return out.empty_node = true, out;
  const size_t dash = id.find('-');
  auto number = [&](std::string_view s) {
    require(!s.empty() && s.size() < 10 && s.find_first_not_of("0123456789") == std::string_view::npos, "line ",
            line, ": '", id, "' is not a token ID");
    return std::stol(std::string(s));
  };
  out.first = number(id.substr(0, dash));
  out.last = dash == std::string_view::npos ? out.first : number(id.substr(dash + 1));
  require(out.last >= out.first, "line ", line, ": range '", id, "' runs backwards");
  return out;
}

}  // namespace

std::vector<TextParagraph> read_conllu_paragraphs(std::string_view conllu) {
  std::vector<TextParagraph> out;
  bool marked = false;      // the treebank marks paragraphs somewhere
  bool new_paragraph = true;
  TextSentence sentence;
  bool has_text = false;
  long range_end = 0;       // the last word ID of the open multiword token
  std::string rebuilt;      // the sentence text from forms and SpaceAfter
  auto close = [&]() {
    if (sentence.tokens.empty()) return;
    if (!has_text) sentence.text = rebuilt;
    if (new_paragraph || out.empty() ||
        (!marked && out.back().sentences.size() >= kSentencesPerUnmarkedParagraph))
      out.emplace_back();
    out.back().sentences.push_back(std::move(sentence));
    sentence = TextSentence();
    has_text = false, new_paragraph = false, range_end = 0;
    rebuilt.clear();
  };
  size_t pos = 0, line_number = 0;
  while (pos < conllu.size()) {
    size_t end = conllu.find('\n', pos);
    if (end == std::string_view::npos) end = conllu.size();
    std::string_view line = conllu.substr(pos, end - pos);
    pos = end + 1, ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) {
      close();
      continue;
    }
    if (line[0] == '#') {
      if (line.rfind("# newpar", 0) == 0 || line.rfind("# newdoc", 0) == 0) {
        close();
        new_paragraph = marked = true;
      } else if (line.rfind("# text = ", 0) == 0) {
        sentence.text = std::string(line.substr(9));
        has_text = true;
      }
      continue;
    }
    const std::vector<std::string_view> f = tab_fields(line);
    require(f.size() == 10, "line ", line_number, ": a token line has 10 tab-separated fields, this one has ", f.size());
    const TokenId id = parse_id(f[0], line_number);
    if (id.empty_node) continue;
    const bool space = space_after(f[9]);
    if (id.last > id.first) {  // a multiword token: its words follow
      sentence.tokens.push_back({std::string(f[1]), {}});
      sentence.space_after = space;
      range_end = id.last;
    } else if (id.first <= range_end) {
      require(!sentence.tokens.empty(), "line ", line_number, ": a word of a multiword token before its range");
      sentence.tokens.back().words.emplace_back(f[1]);
      continue;
    } else {
      sentence.tokens.push_back({std::string(f[1]), {std::string(f[1])}});
      sentence.space_after = space;
    }
    rebuilt += f[1];
    if (space) rebuilt += ' ';
  }
  close();
  for (auto& p : out)
    for (auto& s : p.sentences)
      while (!s.text.empty() && s.text.back() == ' ') s.text.pop_back();
  return out;
}

}  // namespace argmax
