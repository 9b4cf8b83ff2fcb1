// Unicode word splitting, the one way every reader of text finds its words: maximal runs of letters, digits and
// marks (a mark alone is nothing; an ideograph is a word of its own), case folded. The Analyzer (stop words,
// stemming, folding) and the text vectorizer both read words through it.
#pragma once
#include <string>
#include <string_view>

#include "text/unicode.hpp"

namespace argmax {

// Calls on_word() at the end of each word of text, with the word, case folded, in `word` (cleared after).
// Ill-formed UTF-8 reads as U+FFFD, a separator.
template <class F>
void for_each_word(std::string_view text, std::string& word, F&& on_word) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  word.clear();
  const auto end_word = [&] {
    if (word.empty()) return;
    on_word();
    word.clear();
  };
  while (p < end) {
    if (*p < 0x80) {  // ASCII: no table lookups
      const unsigned char c = *p++;
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        word += char(c);
      } else if (c >= 'A' && c <= 'Z') {
        word += char(c + 32);
      } else {
        end_word();
      }
      continue;
    }
    const Decoded d = decode_utf8(p, end);
    p += d.length;
    switch (word_class(d.code_point)) {
      case WordClass::letter:
      case WordClass::digit:
        append_lower(word, d.code_point);
        break;
      case WordClass::mark:  // a mark continues a word; alone it is nothing
        if (!word.empty()) append_lower(word, d.code_point);
        break;
      case WordClass::ideograph:
        end_word();
        append_lower(word, d.code_point);
        end_word();
        break;
      case WordClass::separator:
        end_word();
        break;
    }
  }
  end_word();
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
