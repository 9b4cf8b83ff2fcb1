// A small deterministic generator (SplitMix64). The standard distributions differ between
// libstdc++ and libc++, so native and wasm builds would not draw the same numbers with them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace argmax {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform integer in [0, n), n > 0 (multiply-shift; bias below 2^-32 for n < 2^32).
  uint32_t below(uint32_t n) { return uint32_t(((next() >> 32) * uint64_t(n)) >> 32); }
  // Uniform double in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  template <class T>
  void shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(uint32_t(i))]);
  }

 private:
  uint64_t state_;
};

}  // namespace argmax
