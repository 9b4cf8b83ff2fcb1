// Model bytes edited by a test: the checksum fixed as io/bytes.cpp computes it (FNV-1a 64 of everything before it),
// so that a loader meets the edit itself rather than a checksum mismatch.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/hash.hpp"

namespace argmax::test {

inline std::vector<uint8_t> with_checksum(std::vector<uint8_t> b) {
  const uint64_t h = fnv1a(b.data(), b.size() - 8);
  std::memcpy(&b[b.size() - 8], &h, 8);
  return b;
}

}  // namespace argmax::test
