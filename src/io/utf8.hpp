// Checking that text is well-formed UTF-8 before its words become strings elsewhere (JS would silently turn
// bad bytes into U+FFFD).
#pragma once
#include <cstdint>
#include <cstring>

namespace argmax {

// The first byte of [b, e) that does not start a well-formed UTF-8 sequence (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF, no truncated sequence), or e when all of it is well formed.
inline const char* find_invalid_utf8(const char* b, const char* e) {
  const auto* p = reinterpret_cast<const unsigned char*>(b);
  const auto* end = reinterpret_cast<const unsigned char*>(e);
  while (p < end) {
    uint64_t eight;
    if (end - p >= 8 && (std::memcpy(&eight, p, 8), (eight & 0x8080808080808080ull) == 0)) {  // ASCII, 8 at once
      p += 8;
      continue;
    }
    if (*p < 0x80) {
      ++p;
      continue;
    }
    int more = 0;                // continuation bytes after the lead
    unsigned low = 0x80, high = 0xBF;  // the range of the first of them
    if (*p >= 0xC2 && *p <= 0xDF) {
      more = 1;
    } else if (*p >= 0xE0 && *p <= 0xEF) {
      more = 2;
      if (*p == 0xE0) low = 0xA0;   // overlong
      if (*p == 0xED) high = 0x9F;  // surrogates
    } else if (*p >= 0xF0 && *p <= 0xF4) {
      more = 3;
      if (*p == 0xF0) low = 0x90;   // overlong
      if (*p == 0xF4) high = 0x8F;  // past U+10FFFF
    } else {
      return reinterpret_cast<const char*>(p);
    }
    if (end - p <= more || p[1] < low || p[1] > high) return reinterpret_cast<const char*>(p);
    for (int i = 2; i <= more; ++i)
      if (p[i] < 0x80 || p[i] > 0xBF) return reinterpret_cast<const char*>(p);
    p += more + 1;
  }
  return e;
}

}  // namespace argmax
