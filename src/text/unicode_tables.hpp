// The tables that src/text/make-unicode-tables.mjs generates from the Unicode Character Database
// (unicode_tables.cpp); read them through unicode.hpp.
#pragma once
#include <cstddef>
#include <cstdint>

namespace argmax::unicode_tables {

extern const uint32_t class_starts[];
extern const uint8_t class_of_run[];
extern const size_t class_runs;

// Two mappings of code points to UTF-8 text: the full fold, and case folding alone.
extern const uint32_t fold_code_points[], fold_spans[];
extern const size_t fold_count;
extern const unsigned char fold_text[];
extern const uint32_t lower_code_points[], lower_spans[];
extern const size_t lower_count;
extern const unsigned char lower_text[];

}  // namespace argmax::unicode_tables
