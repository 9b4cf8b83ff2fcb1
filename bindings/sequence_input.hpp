// Sequences as sequence.cpp (inference) and sequence_training.cpp take them from JS: tokens joined by U+001F
// with an Int32Array of lengths, or numeric rows with an Int32Array of sequence starts.
#pragma once
#include "common.hpp"
#include "io/conll.hpp"
#include "sequence/sequence_model.hpp"

namespace argmax::js {

// "a␟b␟c" + lengths [2, 1] → {{a, b}, {c}}
inline Sentences split_sequences(const std::string& text, uintptr_t lengths_ptr, int m) {
  require(m >= 0, "negative number of sequences");
  return split_joined(text, reinterpret_cast<const int32_t*>(lengths_ptr), size_t(m));
}

// The m + 1 starts of m numeric sequences (the last one is the number of rows).
inline std::vector<int64_t> starts_at(uintptr_t starts_ptr, int m) {
  const int32_t* s = reinterpret_cast<const int32_t*>(starts_ptr);
  return std::vector<int64_t>(s, s + m + 1);
}

}  // namespace argmax::js
