#include "text/character_classes.hpp"

namespace argmax {

bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_line_break(char32_t c) { return (c >= 0x0A && c <= 0x0D) || c == 0x85 || c == 0x2028 || c == 0x2029; }

bool is_ignorable(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xAD || (c >= 0x600 && c <= 0x605) || c == 0x61C ||
         c == 0x6DD || c == 0x70F || c == 0x180E || (c >= 0x200C && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x206F) || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
         (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE007F) ||
         (c >= 0xE0100 && c <= 0xE01EF);
}

char folded_ascii(char32_t c) {
  switch (c) {
    case 0x2018: case 0x2019: case 0x201A: case 0x201B: case 0x2032: case 0x02BC: case 0xFF07: return '\'';
    case 0x201C: case 0x201D: case 0x201E: case 0x201F: case 0x2033: case 0xFF02: return '"';
    case 0x2010: case 0x2011: return '-';
    default: return 0;
  }
}

char letter_case_class(char32_t c) {
  if (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7) return c <= 0xDE ? 'X' : 'x';
  if (c >= 0x100 && c <= 0x17F) return c % 2 ? 'x' : 'X';  // upper and lower case alternate here
  if (c >= 0x180 && c <= 0x24F) return 'x';
  if (c >= 0x391 && c <= 0x3A9) return 'X';
  if (c >= 0x3AC && c <= 0x3CE) return 'x';
  if (c >= 0x400 && c <= 0x42F) return 'X';
  if (c >= 0x430 && c <= 0x45F) return 'x';
  return 0;
}

}  // namespace argmax
