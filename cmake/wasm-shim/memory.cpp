// memcpy, memmove and memset as wasm's bulk-memory instructions (memory.copy, memory.fill), which every engine
// with simd128 has. At -Oz, emcc links Emscripten's size-optimised libc, whose versions of these move one byte a
// time: zeroing a CRF's gradient, or copying a slice of its weights, took longer than the arithmetic around it.
// This file alone is built with -mbulk-memory (for all of the library, wasm-ld 14 refuses the link), and its
// definitions take the place of libc's.
#include <cstddef>

extern "C" {

void* memcpy(void* __restrict to, const void* __restrict from, std::size_t n) {
  __builtin_memcpy(to, from, n);
  return to;
}

void* memmove(void* to, const void* from, std::size_t n) {
  __builtin_memmove(to, from, n);
  return to;
}

void* memset(void* to, int value, std::size_t n) {
  __builtin_memset(to, value, n);
  return to;
}

}  // extern "C"
