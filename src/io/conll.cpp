#include "io/conll.hpp"

#include <algorithm>
#include <string_view>

#include "core/error.hpp"
#include "io/lines.hpp"
#include "io/parse_number.hpp"
#include "io/utf8.hpp"

namespace argmax {
namespace {

// Gathers token/tag pairs into sentences; a blank line (or the end) closes one.
struct SentenceCollector {
  TaggedText out;
  std::vector<std::string> tokens, tags;

  void add(std::string_view token, std::string_view tag) {
    tokens.emplace_back(token);
    tags.emplace_back(tag);
  }
  void close() {
    if (tokens.empty()) return;
    out.tokens.push_back(std::move(tokens));
    out.tags.push_back(std::move(tags));
    tokens.clear(), tags.clear();
  }
};

// Words become JS strings, where bad bytes would silently turn into U+FFFD: refuse them, saying where.
void require_utf8(std::string_view text, int64_t number, const char* b, const char* e) {
  const char* bad = find_invalid_utf8(b, e);
  require(bad == e, "line ", number, ": invalid UTF-8 at byte offset ", bad - text.data(),
          " (the file must be UTF-8 encoded)");
}

}  // namespace

TaggedText read_conllu(std::string_view text, const std::string& tag_column) {
  require(tag_column == "upos" || tag_column == "xpos", "CoNLL-U tag column must be 'upos' or 'xpos', got '",
          tag_column, "'");
  const size_t tag_field = tag_column == "upos" ? 3 : 4;
  SentenceCollector sentences;
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    require_utf8(text, number, b, e);
    if (is_blank(b, e)) return sentences.close();
    if (*b == '#') return;
    std::string_view f[10];  // views into the line: no copy until a word is kept
    size_t fields = 0;
    for (const char* p = b;;) {
      const char* tab = std::find(p, e, '\t');
      if (fields < 10) f[fields] = std::string_view(p, size_t(tab - p));
      ++fields;
      if (tab == e) break;
      p = tab + 1;
    }
    require(fields == 10, "line ", number, ": a CoNLL-U token line has 10 tab-separated fields, this one has ",
            fields);
    const std::string_view id = f[0];
    if (id.find('-') != std::string_view::npos || id.find('.') != std::string_view::npos) return;  // range or empty node
    int32_t n = 0;
    require(parse_int(id.data(), id.data() + id.size(), n), "line ", number, ": ID '", id, "' is not a word index");
    require(n == int64_t(sentences.tokens.size()) + 1, "line ", number, ": word ID ", n, " where ", sentences.tokens.size() + 1,
            " was expected (IDs run 1, 2, 3, … within a sentence)");
    require(!f[1].empty(), "line ", number, ": empty FORM");
    require(!f[tag_field].empty() && f[tag_field] != "_", "line ", number, ": word '", f[1], "' has no ",
            tag_column == "upos" ? "UPOS" : "XPOS", " tag");
    sentences.add(f[1], f[tag_field]);
  });
  sentences.close();
  return std::move(sentences.out);
}

TaggedText read_columns(std::string_view text) {
  SentenceCollector sentences;
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    require_utf8(text, number, b, e);
    if (is_blank(b, e)) return sentences.close();
    const std::string_view line(b, size_t(e - b));
    if (line.rfind("-DOCSTART-", 0) == 0) return;
    const char* p = b;
    const std::string_view token = next_blank_field(p, e);
    std::string_view tag;
    for (std::string_view field = next_blank_field(p, e); !field.empty(); field = next_blank_field(p, e)) tag = field;
    require(!tag.empty(), "line ", number, ": expected a token and a tag separated by whitespace, got '", line, "'");
    sentences.add(token, tag);
  });
  sentences.close();
  return std::move(sentences.out);
}

TaggedText read_tagged(std::string_view text, const std::string& name, const std::string& tag_column) {
  const std::string ext = ".conllu";
  if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
    return read_conllu(text, tag_column);
  return read_columns(text);
}

}  // namespace argmax
