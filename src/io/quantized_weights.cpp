#include "io/quantized_weights.hpp"

#include <algorithm>
#include <cmath>

#include "io/varint.hpp"

namespace argmax {
namespace {

float max_level(int bits) { return float((int32_t(1) << (bits - 1)) - 1); }

// The exponent e of the smallest power of two s = 2^e with max_level·s ≥ top > 0: q·s is then exact,
// and quantising quantised values gives them back (the block's largest |q| stays above max_level/2).
int16_t block_exponent(float top, int bits) {
  const float level = max_level(bits);
  int e = 0;
  std::frexp(top / level, &e);
  while (e > -160 && level * std::ldexp(1.f, e - 1) >= top) --e;
  while (level * std::ldexp(1.f, e) < top) ++e;
  return int16_t(e);
}

// Calls f(first, last, scale) for every block of kQuantBlock positions that holds a nonzero weight.
template <class F>
void for_each_block(const std::vector<float>& w, int bits, F&& f) {
  for (size_t b = 0; b < w.size(); b += kQuantBlock) {
    const size_t e = std::min(w.size(), b + kQuantBlock);
    float top = 0;
    for (size_t j = b; j < e; ++j) top = std::max(top, std::fabs(w[j]));
    if (top > 0) f(b, e, block_exponent(top, bits));
  }
}

}  // namespace

OptionSpec weight_bits_option() {
  return integer_option("weightBits", "32", 8, 32,
          "how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256)");
}

void check_weight_bits(int bits) {
  require(bits == 8 || bits == 16 || bits == 32, "weight bits must be 8, 16 or 32, got ", bits);
}

void quantize_weights(std::vector<float>& w, int bits) {
  check_weight_bits(bits);
  if (bits == 32) return;
  for_each_block(w, bits, [&](size_t b, size_t e, int16_t exponent) {
    const float s = std::ldexp(1.f, exponent);
    for (size_t j = b; j < e; ++j) w[j] = std::nearbyint(w[j] / s) * s;
  });
}

void put_weights(ByteWriter& out, const std::vector<float>& w, int bits) {
  check_weight_bits(bits);
  out.put<uint8_t>(uint8_t(bits));
  out.put<uint64_t>(w.size());
  std::vector<uint8_t> gaps;
  size_t next = 0;  // the position after the last nonzero
  for (size_t j = 0; j < w.size(); ++j)
    if (w[j] != 0) put_varint(gaps, j - next), next = j + 1;
  out.put_vector(gaps);
  if (bits == 32) {
    std::vector<float> values;
    for (float x : w)
      if (x != 0) values.push_back(x);
    return out.put_vector(values);
  }
  // One exponent per block of positions (0 for a block of zeros), then the nonzero levels.
  std::vector<int16_t> exponents((w.size() + kQuantBlock - 1) / kQuantBlock, 0), wide;
  std::vector<int8_t> narrow;
  for_each_block(w, bits, [&](size_t b, size_t e, int16_t exponent) {
    exponents[b / kQuantBlock] = exponent;
    const float s = std::ldexp(1.f, exponent);
    for (size_t j = b; j < e; ++j) {
      if (w[j] == 0) continue;
      const float q = std::nearbyint(w[j] / s);
      if (bits == 16) wide.push_back(int16_t(q));
      else narrow.push_back(int8_t(q));
    }
  });
  out.put_vector(exponents);
  if (bits == 16) out.put_vector(wide);
  else out.put_vector(narrow);
}

std::vector<float> get_weights(ByteReader& in, size_t dim, int& bits) {
  bits = in.get<uint8_t>();
  require(bits == 8 || bits == 16 || bits == 32, "model bytes are corrupt (weight bits ", bits, ")");
  const uint64_t stored_dim = in.get<uint64_t>();
  require(stored_dim == dim, "model has ", stored_dim, " weights, expected ", dim);
  std::vector<size_t> positions;
  uint64_t next = 0;
  for (uint64_t gap : get_varints(in.get_vector<uint8_t>())) {
    require(gap < dim - std::min<uint64_t>(next, dim), "model bytes are corrupt (weight position past ", dim, ")");
    positions.push_back(size_t(next + gap));
    next += gap + 1;
  }
  std::vector<float> values;
  if (bits == 32) {
    values = in.get_finite_vector<float>("weight");
  } else {
    const std::vector<int16_t> exponents = in.get_vector<int16_t>();
    require(exponents.size() == (dim + kQuantBlock - 1) / kQuantBlock, "model bytes are corrupt (",
            exponents.size(), " weight scales for ", dim, " weights)");
    std::vector<float> q;
    if (bits == 16) for (int16_t x : in.get_vector<int16_t>()) q.push_back(x);
    else for (int8_t x : in.get_vector<int8_t>()) q.push_back(x);
    require(q.size() == positions.size(), "model bytes are corrupt (", q.size(), " weights for ", positions.size(),
            " positions)");
    for (size_t i = 0; i < q.size(); ++i) {
      const int e = exponents[positions[i] / kQuantBlock];
      require(e >= -160 && e <= 128, "model bytes are corrupt (weight scale 2^", e, ")");
      values.push_back(q[i] * std::ldexp(1.f, e));
    }
    ByteReader::require_finite(values.data(), values.size(), "quantised weight (level × scale)");
  }
  require(values.size() == positions.size(), "model bytes are corrupt (", values.size(), " weights for ",
          positions.size(), " positions)");
  std::vector<float> w(checked_count<float>("model weights", {int64_t(dim)}), 0.f);
  for (size_t i = 0; i < values.size(); ++i) w[positions[i]] = values[i];
  return w;
}

}  // namespace argmax
