// Sizes computed from model bytes, file contents or caller counts. They are multiplied in 64 bits
// with an overflow check and held to one limit, so no size wraps in 32-bit wasm and no input can
// ask for more memory than the heap has. The limit is documented in docs/reliability.md ("Limits").
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "core/error.hpp"

namespace argmax {

// The most bytes one buffer sized from input may hold: 1 GiB, half the 2 GB wasm heap, so that a
// model's weights and a saved copy of them fit together.
constexpr int64_t kMaxBufferBytes = int64_t(1) << 30;

// Multi-label data names its labels 0 .. kMaxLabels − 1 (the multi-label reader and the JS API hold label
// sets to it): each label is a binary problem, so a stray huge label would ask for millions of them.
constexpr int32_t kMaxLabels = int32_t(1) << 24;

// The product of `factors` as a count of items of `item_bytes` bytes each. Throws InputError naming
// `what` when a factor is negative or the items would take more than kMaxBufferBytes.
inline size_t checked_count(const char* what, std::initializer_list<int64_t> factors, size_t item_bytes) {
  const int64_t limit = kMaxBufferBytes / int64_t(item_bytes);
  int64_t count = 1;  // saturates at limit + 1, so the product never overflows (and a 0 factor still wins)
  for (int64_t f : factors) {
    require(f >= 0, what, ": negative size (", f, ")");
    count = f != 0 && count > limit / f ? limit + 1 : count * f;
  }
  if (count > limit) {
    std::string product;
    for (int64_t f : factors) product += text(product.empty() ? "" : " × ", f);
    fail(what, ": ", product, " items of ", item_bytes, " bytes exceed the limit of ", kMaxBufferBytes,
         " bytes (1 GiB) per buffer");
  }
  return size_t(count);
}

// The same for items of type T: checked_count<float>("tree leaf table", {nodes, classes}).
template <class T>
size_t checked_count(const char* what, std::initializer_list<int64_t> factors) {
  return checked_count(what, factors, sizeof(T));
}

// Scratch a model keeps between calls (mutable members) is reused while small; past this many bytes it is
// freed at the end of the call that grew it, so one very long input does not pin its buffers until the model
// is disposed, whether the call succeeded or was refused.
constexpr size_t kKeptScratchBytes = size_t(1) << 20;
template <class T>
void release_large_scratch(std::vector<T>& v) {
  if (v.capacity() * sizeof(T) > kKeptScratchBytes) std::vector<T>().swap(v);
}

}  // namespace argmax
