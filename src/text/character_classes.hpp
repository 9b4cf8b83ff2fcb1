// The classes of code points that a tokenizer reads (sequence/tokenizer.hpp): spaces, line breaks, characters
// that are never a token of their own, the ASCII a quote or hyphen reads as, and the case of a letter beyond
// ASCII. Small hand-made sets, not the Unicode Character Database's tables.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "text/unicode.hpp"

namespace argmax {

// The code point at s[i], advancing i past it (decode_utf8 over a string; inline: the tokenizer reads every
// cluster's code points).
inline char32_t next_code_point(std::string_view s, size_t& i) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const Decoded d = decode_utf8(p + i, p + s.size());
  i += size_t(d.length);
  return d.code_point;
}

// s with A–Z as a–z.
inline std::string ascii_lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// White_Space, and U+200B ZERO WIDTH SPACE.
bool is_space(char32_t c);
bool is_line_break(char32_t c);
// Controls (Cc) other than spaces, format characters (Cf) and variation selectors.
bool is_ignorable(char32_t c);
// The ASCII character a quote, apostrophe or hyphen reads as ('\'', '"', '-'), or 0: ‘ ’ ‚ ‛ ′ ʼ ＇ read as ',
// “ ” „ ‟ ″ ＂ as ", ‐ ‑ as -.
char folded_ascii(char32_t c);
// A letter of the Latin, Greek and Cyrillic blocks beyond ASCII as 'X' (upper case) or 'x' (lower case); 0 for
// other code points.
char letter_case_class(char32_t c);

}  // namespace argmax
