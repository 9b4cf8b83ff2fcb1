// The tables that src/text/make-unicode-tables.mjs generates from the Unicode Character Database
// (unicode_tables.cpp); read them through unicode.hpp.
#pragma once
#include <cstddef>
#include <cstdint>

namespace argmax::unicode_tables {

extern const uint32_t class_starts[];
extern const uint8_t class_of_run[];
extern const size_t class_runs;

// Two mappings of code points to UTF-8 text: the full fold, and case folding alone. The image of
// code_points[i] is text[starts[i], starts[i + 1]).
extern const uint32_t fold_code_points[], lower_code_points[];
extern const uint16_t fold_starts[], lower_starts[];
extern const size_t fold_count, lower_count;
extern const unsigned char fold_text[], lower_text[];

}  // namespace argmax::unicode_tables
