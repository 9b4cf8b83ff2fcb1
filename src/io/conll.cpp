#include "io/conll.hpp"

#include <cstdlib>

#include "core/error.hpp"

namespace argmax {
namespace {

// Calls f(line, number) for every line (without "\n" or a trailing "\r").
template <class F>
void for_each_line(const std::string& text, F&& f) {
  size_t pos = 0;
  long number = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    size_t stop = end;
    if (stop > pos && text[stop - 1] == '\r') --stop;
    f(text.substr(pos, stop - pos), ++number);
    pos = end + 1;
  }
}

bool blank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

// Gathers token/tag pairs into sentences; a blank line (or the end) closes one.
struct SentenceCollector {
  TaggedText out;
  std::vector<std::string> tokens, tags;

  void add(const std::string& token, const std::string& tag) {
    tokens.push_back(token);
    tags.push_back(tag);
  }
  void close() {
    if (tokens.empty()) return;
    out.tokens.push_back(std::move(tokens));
    out.tags.push_back(std::move(tags));
    tokens.clear(), tags.clear();
  }
};

}  // namespace

TaggedText read_conllu(const std::string& text, const std::string& tag_column) {
  require(tag_column == "upos" || tag_column == "xpos", "CoNLL-U tag column must be 'upos' or 'xpos', got '",
          tag_column, "'");
  const size_t tag_field = tag_column == "upos" ? 3 : 4;
  SentenceCollector sentences;
  for_each_line(text, [&](const std::string& line, long number) {
    if (blank(line)) return sentences.close();
    if (line[0] == '#') return;
    std::vector<std::string> f;
    size_t a = 0;
    while (true) {
      size_t b = line.find('\t', a);
      f.push_back(line.substr(a, b == std::string::npos ? std::string::npos : b - a));
      if (b == std::string::npos) break;
      a = b + 1;
    }
    require(f.size() == 10, "line ", number, ": a CoNLL-U token line has 10 tab-separated fields, this one has ",
            f.size());
    const std::string& id = f[0];
    if (id.find('-') != std::string::npos || id.find('.') != std::string::npos) return;  // range or empty node
    char* end = nullptr;
    const long n = std::strtol(id.c_str(), &end, 10);
    require(!id.empty() && *end == '\0', "line ", number, ": ID '", id, "' is not a word index");
    require(n == long(sentences.tokens.size()) + 1, "line ", number, ": word ID ", n, " where ", sentences.tokens.size() + 1,
            " was expected (IDs run 1, 2, 3, … within a sentence)");
    require(!f[1].empty(), "line ", number, ": empty FORM");
    require(!f[tag_field].empty() && f[tag_field] != "_", "line ", number, ": word '", f[1], "' has no ",
            tag_column == "upos" ? "UPOS" : "XPOS", " tag");
    sentences.add(f[1], f[tag_field]);
  });
  sentences.close();
  return std::move(sentences.out);
}

TaggedText read_columns(const std::string& text) {
  SentenceCollector sentences;
  for_each_line(text, [&](const std::string& line, long number) {
    if (blank(line)) return sentences.close();
    if (line.rfind("-DOCSTART-", 0) == 0) return;
    std::vector<std::string> f;
    size_t a = 0;
    while (a < line.size()) {
      while (a < line.size() && (line[a] == ' ' || line[a] == '\t')) ++a;
      size_t b = a;
      while (b < line.size() && line[b] != ' ' && line[b] != '\t') ++b;
      if (b > a) f.push_back(line.substr(a, b - a));
      a = b;
    }
    require(f.size() >= 2, "line ", number, ": expected a token and a tag separated by whitespace, got '", line, "'");
    sentences.add(f.front(), f.back());
  });
  sentences.close();
  return std::move(sentences.out);
}

TaggedText read_tagged(const std::string& text, const std::string& name, const std::string& tag_column) {
  const std::string ext = ".conllu";
  if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
    return read_conllu(text, tag_column);
  return read_columns(text);
}

}  // namespace argmax
