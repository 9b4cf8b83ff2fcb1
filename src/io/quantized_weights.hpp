// How a model's weights are stored in its bytes (chain models, Multiclass): only the nonzero weights, as the gaps between
// their positions (LEB128 varints) and their values, either as floats (exact) or quantised to 16 or 8
// bits with one power-of-two scale per block of kQuantBlock positions:
//   q = round(w / s),  s = the smallest 2^e with (2^(bits−1) − 1)·s ≥ max |w| over the block,  w' = q·s,
// so |w − w'| ≤ s/2 < max |w| / (2^(bits−1) − 1). A model quantises its weights in memory before saving
// (quantize_weights), so the bytes load back to exactly the weights that decoded before the save.
#pragma once
#include <cstdint>
#include <vector>

#include "core/options.hpp"
#include "io/bytes.hpp"

namespace argmax {

constexpr size_t kQuantBlock = 256;

// The weightBits option of the models that store their weights so.
OptionSpec weight_bits_option();

// Throws InputError unless bits is 8, 16 or 32.
void check_weight_bits(int bits);

// Rounds every weight to the value `bits`-bit storage gives back (identity for 32).
void quantize_weights(std::vector<float>& w, int bits);

void put_weights(ByteWriter& out, const std::vector<float>& w, int bits);
// Reads the weights back; `dim` is the size the model's layout expects; `bits` gets how they were stored.
std::vector<float> get_weights(ByteReader& in, size_t dim, int& bits);

}  // namespace argmax
