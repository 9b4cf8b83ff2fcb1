#include "io/conll.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/parse_number.hpp"
#include "io/utf8.hpp"

namespace argmax {

std::vector<std::vector<std::string>> split_joined(std::string_view joined, const int32_t* lengths, size_t count) {
  int64_t total = 0;
  for (size_t i = 0; i < count; ++i) {
    require(lengths[i] >= 0, "sequence ", i, " has a negative length");
    total += lengths[i];
  }
  std::vector<std::vector<std::string>> out(count);
  size_t pos = 0;
  for (size_t i = 0; i < count; ++i) {
    out[i].reserve(size_t(lengths[i]));
    for (int32_t t = 0; t < lengths[i]; ++t) {
      require(pos <= joined.size(), "fewer tokens than the sequence lengths add up to (", total, ")");
      size_t end = joined.find(kWordSeparator, pos);
      if (end == std::string_view::npos) end = joined.size();
      out[i].emplace_back(joined.substr(pos, end - pos));
      pos = end + 1;
    }
  }
  // N words have N − 1 separators: all of the text is used exactly when pos = size + 1.
  require(total == 0 ? joined.empty() : pos == joined.size() + 1, "more tokens than the sequence lengths add up to (",
          total, ")");
  return out;
}

std::vector<std::vector<std::string>> TaggedText::token_sentences() const {
  return split_joined(tokens, lengths.data(), lengths.size());
}
std::vector<std::vector<std::string>> TaggedText::tag_sentences() const {
  return split_joined(tags, lengths.data(), lengths.size());
}

void SentenceCollector::add(int64_t line, std::string_view token, std::string_view tag) {
  for (const std::string_view word : {token, tag})
    require(word.find(kWordSeparator) == std::string_view::npos, "line ", line,
            ": a word or tag contains the control character U+001F");
  if (!out_.tokens.empty()) out_.tokens += kWordSeparator, out_.tags += kWordSeparator;
  out_.tokens.append(token.data(), token.size());
  out_.tags.append(tag.data(), tag.size());
  ++words_;
}

void SentenceCollector::close() {
  if (words_ == 0) return;
  out_.lengths.push_back(words_);
  words_ = 0;
}

TaggedText SentenceCollector::finish() {
  close();
  return std::move(out_);
}

namespace {

// Words become JS strings, where bad bytes would silently turn into U+FFFD: refuse them, saying where.
void require_utf8(const Line& line) {
  const char* bad = find_invalid_utf8(line.b, line.e);
  require(bad == line.e, "line ", line.number, ": invalid UTF-8 at byte offset ", line.offset + (bad - line.b),
          " (the file must be UTF-8 encoded)");
}

}  // namespace

ConlluParser::ConlluParser(const std::string& tag_column)
    : tag_field_(tag_column == "xpos" ? 4 : 3), tag_name_(tag_column == "xpos" ? "XPOS" : "UPOS") {
  require(tag_column == "upos" || tag_column == "xpos", "CoNLL-U tag column must be 'upos' or 'xpos', got '",
          tag_column, "'");
}

void ConlluParser::line(const Line& line) {
  require_utf8(line);
  const char* b = line.b;
  const char* e = line.e;
  if (is_blank(b, e)) return sentences_.close();
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
  require(fields == 10, "line ", line.number, ": a CoNLL-U token line has 10 tab-separated fields, this one has ",
          fields);
  const std::string_view id = f[0];
  if (id.find('-') != std::string_view::npos || id.find('.') != std::string_view::npos) return;  // range or empty node
  int32_t n = 0;
  require(parse_int(id.data(), id.data() + id.size(), n), "line ", line.number, ": ID '", id,
          "' is not a word index");
  const size_t expected = sentences_.open_words() + 1;
  require(n == int64_t(expected), "line ", line.number, ": word ID ", n, " where ", expected,
          " was expected (IDs run 1, 2, 3, … within a sentence)");
  require(!f[1].empty(), "line ", line.number, ": empty FORM");
  require(!f[tag_field_].empty() && f[tag_field_] != "_", "line ", line.number, ": word '", f[1], "' has no ",
          tag_name_, " tag");
  sentences_.add(line.number, f[1], f[tag_field_]);
}

void ColumnsParser::line(const Line& line) {
  require_utf8(line);
  const char* b = line.b;
  const char* e = line.e;
  if (is_blank(b, e)) return sentences_.close();
  const std::string_view text(b, size_t(e - b));
  if (text.rfind("-DOCSTART-", 0) == 0) return;
  const char* p = b;
  const std::string_view token = next_blank_field(p, e);
  std::string_view tag;
  for (std::string_view field = next_blank_field(p, e); !field.empty(); field = next_blank_field(p, e)) tag = field;
  require(!tag.empty(), "line ", line.number, ": expected a token and a tag separated by whitespace, got '", text,
          "'");
  sentences_.add(line.number, token, tag);
}

TaggedText read_conllu(std::string_view text, const std::string& tag_column) {
  return read_whole(text, ConlluParser(tag_column));
}

TaggedText read_columns(std::string_view text) { return read_whole(text, ColumnsParser()); }

TaggedText read_tagged(std::string_view text, const std::string& name, const std::string& tag_column) {
  const std::string ext = ".conllu";
  if (name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
    return read_conllu(text, tag_column);
  return read_columns(text);
}

}  // namespace argmax
