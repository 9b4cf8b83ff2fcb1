// Unicode word splitting, the one way every reader of text finds its words: maximal runs of letters, digits and
// marks (a mark alone is nothing; an ideograph is a word of its own), case folded. The Analyzer (stop words,
// stemming, folding) and the text vectorizer both read words through it.
#pragma once
#include <string>
#include <string_view>

#include "text/unicode.hpp"

namespace argmax {

inline bool is_ascii_word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The next word of the text [p, end), case folded, with p moved past it; empty when there is none left. The view
// is valid until the next call: a word of lowercase ASCII letters and digits (most words of most text) is a view
// of the text itself, any other is built in scratch. Ill-formed UTF-8 reads as U+FFFD, a separator.
inline std::string_view next_word(const unsigned char*& p, const unsigned char* end, std::string& scratch) {
  scratch.clear();  // a word in progress is in scratch
  while (p < end) {
    if (*p < 0x80) {  // ASCII: no table lookups; a run of letters and digits at once
      const unsigned char* run = p;
      bool upper = false;
      for (; p < end && is_ascii_word_byte(*p); ++p) upper |= *p <= 'Z' && *p >= 'A';
      if (p == run) {  // a separator
        ++p;
        if (!scratch.empty()) return scratch;
      } else if (scratch.empty() && !upper && (p == end || *p < 0x80)) {  // the whole word, as it is
        return std::string_view(reinterpret_cast<const char*>(run), size_t(p - run));
      } else {
        const size_t at = scratch.size();
        scratch.append(reinterpret_cast<const char*>(run), size_t(p - run));
        for (char* c = &scratch[at]; c != scratch.data() + scratch.size(); ++c)
          if (*c >= 'A' && *c <= 'Z') *c = char(*c + 32);
      }
      continue;
    }
    const Decoded d = decode_utf8(p, end);
    switch (word_class(d.code_point)) {
      case WordClass::letter:
      case WordClass::digit:
        append_lower(scratch, d.code_point);
        break;
      case WordClass::mark:  // a mark continues a word; alone it is nothing
        if (!scratch.empty()) append_lower(scratch, d.code_point);
        break;
      case WordClass::ideograph:  // a word of its own, after the word before it (p stays for the next call)
        if (!scratch.empty()) return scratch;
        append_lower(scratch, d.code_point);
        p += d.length;
        return scratch;
      case WordClass::separator:
        if (!scratch.empty()) {
          p += d.length;
          return scratch;
        }
        break;
    }
    p += d.length;
  }
  return scratch;  // the last word, or nothing
}

// next_word inlined, with what it calls from here, for the loop that reads the most text (search/indexing.cpp):
// a call a word passes p and returns the word through memory.
[[gnu::always_inline, gnu::flatten]] inline std::string_view read_word(const unsigned char*& p, const unsigned char* end,
                                                                       std::string& scratch) {
  return next_word(p, end, scratch);
}

// Calls on_word(word) for each word of text, in order (next_word's words; inlined: read_word's).
template <bool inlined = false, class F>
void for_each_word(std::string_view text, std::string& scratch, F&& on_word) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  for (std::string_view word; !(word = inlined ? read_word(p, end, scratch) : next_word(p, end, scratch)).empty();)
    on_word(word);
}

// Appends text with every code point folded (append_folded: case, letter forms, diacritics).
inline void append_folded_text(std::string& out, std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
    const Decoded d = decode_utf8(p, end);
    append_folded(out, d.code_point);
    p += d.length;
  }
}

}  // namespace argmax
