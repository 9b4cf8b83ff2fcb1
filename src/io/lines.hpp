// What the line-oriented text readers share: cutting text that arrives in chunks into numbered lines, data
// lines (comments and blank lines dropped), and splitting a line into fields.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace argmax {

// One line: its number (1-based), the byte offset of its start in the whole text, and its bytes without
// the "\n" or a trailing "\r".
struct Line {
  int64_t number = 0, offset = 0;
  const char* b = nullptr;
  const char* e = nullptr;
};

// Cuts text that arrives in chunks of any size into lines, exactly as if it came whole: only the unfinished
// last line of a chunk is kept, until the chunk that ends it. An InputError from f gets the line's byte offset.
class LineSplitter {
 public:
  template <class F>
  void feed(std::string_view chunk, F&& f) {
    size_t pos = 0;
    if (!partial_.empty()) {
      const size_t stop = chunk.find('\n');
      if (stop == std::string_view::npos) return partial_.append(chunk.data(), chunk.size()), void();
      partial_.append(chunk.data(), stop);
      emit(partial_.data(), partial_.data() + partial_.size(), f);
      partial_.clear();
      pos = stop + 1;
    }
    for (size_t stop; (stop = chunk.find('\n', pos)) != std::string_view::npos; pos = stop + 1)
      emit(chunk.data() + pos, chunk.data() + stop, f);
    partial_.assign(chunk.data() + pos, chunk.size() - pos);
  }
  // The last line, when the text does not end with "\n".
  template <class F>
  void finish(F&& f) {
    if (!partial_.empty()) emit(partial_.data(), partial_.data() + partial_.size(), f);
    partial_.clear();
  }

 private:
  template <class F>
  void emit(const char* b, const char* e, F& f) {
    const Line line{++number_, offset_, b, e > b && e[-1] == '\r' ? e - 1 : e};
    offset_ += (e - b) + 1;
    try {
      f(line);
    } catch (const InputError& error) {
      throw InputError(std::string(error.what()) + " (the line starts at byte offset " + std::to_string(line.offset) + ")");
    }
  }

  std::string partial_;
  int64_t number_ = 0, offset_ = 0;  // lines so far; where the next one starts
};

// Calls f(number, begin, end) for every line of a whole text.
template <class F>
void for_each_line(std::string_view text, F&& f) {
  LineSplitter lines;
  const auto each = [&f](const Line& l) { f(l.number, l.b, l.e); };
  lines.feed(text, each);
  lines.finish(each);
}

// The data part of a line: a '#' starts a comment and surrounding blanks are stripped. False when nothing is left.
inline bool data_part(const char*& b, const char*& e) {
  for (const char* c = b; c < e; ++c)
    if (*c == '#') {
      e = c;
      break;
    }
  while (b < e && (*b == ' ' || *b == '\t')) ++b;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) --e;
  return b < e;
}

// A reader of text that arrives in chunks. Parser has line(const Line&), reserve(chunk) (room for what a chunk
// holds) and finish() (the result): it keeps what it parsed, never the text.
template <class Parser>
class ChunkedReader {
 public:
  ChunkedReader() = default;
  explicit ChunkedReader(Parser parser) : parser_(std::move(parser)) {}
  void feed(std::string_view chunk) {
    parser_.reserve(chunk);
    lines_.feed(chunk, [this](const Line& line) { parser_.line(line); });
  }
  auto finish() {
    lines_.finish([this](const Line& line) { parser_.line(line); });
    return parser_.finish();
  }

 private:
  LineSplitter lines_;
  Parser parser_;
};

// Reads a whole text with Parser.
template <class Parser>
auto read_whole(std::string_view text, Parser parser) {
  ChunkedReader<Parser> reader(std::move(parser));
  reader.feed(text);
  return reader.finish();
}

// Fields separated by tabs, empty ones included ("a\t\tb" has three).
std::vector<std::string> split_tabs(const char* b, const char* e);
// Fields separated by runs of spaces and tabs; never empty.
std::vector<std::string> split_blanks(const char* b, const char* e);

// The next field of [p, end) separated by spaces and tabs, moving p past it; empty at the end.
inline std::string_view next_blank_field(const char*& p, const char* end) {
  while (p < end && (*p == ' ' || *p == '\t')) ++p;
  const char* b = p;
  while (p < end && *p != ' ' && *p != '\t') ++p;
  return std::string_view(b, size_t(p - b));
}

inline bool is_blank(const char* b, const char* e) {
  for (; b < e; ++b)
    if (*b != ' ' && *b != '\t') return false;
  return true;
}

}  // namespace argmax
