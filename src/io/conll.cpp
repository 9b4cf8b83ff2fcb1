#include "io/conll.hpp"

#include <cstdlib>

#include "core/error.hpp"
#include "io/lines.hpp"

namespace argmax {
namespace {

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
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    if (is_blank(b, e)) return sentences.close();
    if (*b == '#') return;
    const std::vector<std::string> f = split_tabs(b, e);
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
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    if (is_blank(b, e)) return sentences.close();
    const std::string line(b, e);
    if (line.rfind("-DOCSTART-", 0) == 0) return;
    const std::vector<std::string> f = split_blanks(b, e);
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
