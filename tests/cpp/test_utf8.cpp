#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <unordered_set>

#include "io/utf8.hpp"

using namespace argmax;

namespace {

// The reference: the encodings of every Unicode scalar value (U+0000–U+10FFFF without surrogates), built
// from the definition; well-formed text is a concatenation of them (no encoding is a prefix of another).
std::string encode(uint32_t c) {
  std::string s;
  if (c < 0x80) {
    s += char(c);
  } else if (c < 0x800) {
    s += char(0xC0 | c >> 6), s += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += char(0xE0 | c >> 12), s += char(0x80 | (c >> 6 & 0x3F)), s += char(0x80 | (c & 0x3F));
  } else {
    s += char(0xF0 | c >> 18), s += char(0x80 | (c >> 12 & 0x3F)), s += char(0x80 | (c >> 6 & 0x3F));
    s += char(0x80 | (c & 0x3F));
  }
  return s;
}

const std::unordered_set<std::string>& scalar_encodings() {
  static const std::unordered_set<std::string> all = [] {
    std::unordered_set<std::string> s;
    for (uint32_t c = 0; c <= 0x10FFFF; ++c)
      if (c < 0xD800 || c > 0xDFFF) s.insert(encode(c));
    return s;
  }();
  return all;
}

// Offset of the first byte where no scalar's encoding starts, or the size when there is none.
size_t reference_invalid(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    size_t n = 1;
    while (n <= 4 && (i + n > s.size() || !scalar_encodings().count(s.substr(i, n)))) ++n;
    if (n > 4) return i;
    i += n;
  }
  return s.size();
}

size_t found_invalid(const std::string& s) { return size_t(find_invalid_utf8(s.data(), s.data() + s.size()) - s.data()); }

}  // namespace

TEST_CASE("UTF-8 check: every 1- and 2-byte string, and 3-byte ones ending at each boundary, agree with the definition",
          "[io][utf8]") {
  size_t mismatches = 0, valid = 0;
  const auto check = [&](const std::string& t) {
    const size_t want = reference_invalid(t);
    mismatches += found_invalid(t) != want;
    valid += want == t.size();
  };
  const unsigned char ends[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xF4, 0xF5, 0xFF};
  for (unsigned a = 0; a < 256; ++a) {
    check(std::string(1, char(a)));
    for (unsigned b = 0; b < 256; ++b) {
      check(std::string{char(a), char(b)});
      for (unsigned char c : ends) check(std::string{char(a), char(b), char(c)});
    }
  }
  CHECK(mismatches == 0);
  CHECK(valid > 0);
}

TEST_CASE("UTF-8 check: 4-byte forms, long ASCII runs and random text", "[io][utf8]") {
  for (const char* bad : {"\xF0\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF0\x90\x80", "\xED\xA0\x80",
                          "\xC0\x80", "\xC1\xBF", "\x80", "\xFF"})
    CHECK(found_invalid(bad) == 0);
  for (const char* good : {"\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF", "\xF3\xBF\xBF\xBF", "\xEF\xBF\xBF", "\xED\x9F\xBF"})
    CHECK(found_invalid(good) == std::string(good).size());
  // ASCII runs of every length around the 8-byte step, with a bad byte at every position.
  for (size_t length = 1; length < 40; ++length)
    for (size_t at = 0; at < length; ++at) {
      std::string s(length, 'a');
      s[at] = char(0x80);
      CHECK(found_invalid(s) == at);
    }
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int chars = int(rng() % 20);
    for (int c = 0; c < chars; ++c) {
      const uint32_t kind = rng() % 4, code = kind == 0 ? rng() % 0x80 : kind == 1 ? rng() % 0x800 : rng() % 0x110000;
      if (code < 0xD800 || code > 0xDFFF) s += encode(code);
    }
    if (i % 2 && !s.empty()) s[rng() % s.size()] = char(rng());  // a random byte anywhere
    INFO(i);
    CHECK(found_invalid(s) == reference_invalid(s));
  }
}
