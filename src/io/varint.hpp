// Unsigned LEB128 varints: 7 bits a byte, low bits first, the high bit set on every byte but the last.
// Model bytes store sorted positions and keys as the gaps between them, most of which fit one or two bytes.
#pragma once
#include <cstdint>
#include <vector>

#include "core/error.hpp"

namespace argmax {

inline void put_varint(std::vector<uint8_t>& out, uint64_t x) {
  for (; x >= 0x80; x >>= 7) out.push_back(uint8_t(x & 0x7f) | 0x80);
  out.push_back(uint8_t(x));
}

// The numbers of `bytes`, in order; throws InputError on one cut short or longer than 64 bits.
inline std::vector<uint64_t> get_varints(const std::vector<uint8_t>& bytes) {
  std::vector<uint64_t> out;
  uint64_t x = 0;
  int shift = 0;
  for (uint8_t b : bytes) {
    require(shift < 63, "model bytes are corrupt (a number is too long)");
    x |= uint64_t(b & 0x7f) << shift, shift += 7;
    if (b & 0x80) continue;
    out.push_back(x), x = 0, shift = 0;
  }
  require(shift == 0, "model bytes are corrupt (a number is cut short)");
  return out;
}

}  // namespace argmax
