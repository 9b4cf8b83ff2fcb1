// Random Fourier features (Rahimi & Recht 2007): z(x) = √(2/D) cos(W x + b) with W's entries drawn from
// N(0, 2γ) and b's from U[0, 2π), so that E[z(x)·z(x')] = exp(−γ‖x − x'‖²), the Gaussian RBF kernel; by
// Hoeffding the error of z(x)·z(x') is O(1/√D). A linear learner on z(x) approximates the kernel machine
// at a cost linear in m. W and b are drawn from the seed with the library's own generator and Box–Muller,
// so native and wasm builds regenerate the same map from (cols, D, γ, seed). γ = 0 (the default of the option)
// is chosen from the rows the map reads (learn/kernels/kernel_width.hpp, the kernel machines' rule) and recorded in place
// of the 0, so a saved model regenerates the same map. The rule scales with the data, so the map sees raw rows
// as it would see rows brought to [-1, 1] by one common factor.
#pragma once
#include <cstdint>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"

namespace argmax {

class ByteReader;
class ByteWriter;

class RandomFourierFeatures {
 public:
  RandomFourierFeatures() = default;
  // Throws InputError unless dim ≥ 1 and γ > 0.
  RandomFourierFeatures(int32_t cols, int32_t dim, double gamma, uint64_t seed);

  // The options that ask for a map (rff = D, 0 = none; gamma; rffSeed), shared by every learner's table.
  static std::vector<OptionSpec> option_specs();
  // The map parsed options ask for over `cols` input columns (an empty map, dim() = 0, when rff = 0); γ must be
  // given (a saved model's), not 0.
  static RandomFourierFeatures from_options(const Options& options, int32_t cols);
  // The same over the columns of the training rows `input`, with γ = 0 chosen from them.
  static RandomFourierFeatures fit(const Options& options, const Rows& input);
  // The map's options as entries (none for an empty map), and back: a model records its map among its
  // options and regenerates it from them; entries without rff give an empty map.
  OptionList option_entries() const;
  static RandomFourierFeatures from_entries(const OptionList& entries, int32_t cols);
  static bool is_option(const std::string& name) { return name == "rff" || name == "gamma" || name == "rffSeed"; }

  int32_t cols() const { return cols_; }
  int32_t dim() const { return dim_; }
  // Why a learner over the map reads its rows as they are (FeatureScaling::kind_over), or null without a map.
  const char* as_given() const { return dim() ? "rff maps the features as given" : nullptr; }
  double gamma() const { return gamma_; }

  // out[0..dim) = z(x); columns of x at or beyond cols() are ignored (W has no weights for them).
  void map(RowView x, float* out) const;
  // z of every row, row-major rows × dim.
  std::vector<float> map_rows(const Rows& rows) const;

  // The parameters only: the map is drawn again from them.
  void save(ByteWriter& out) const;
  static RandomFourierFeatures load(ByteReader& in);

 private:
  int32_t cols_ = 0, dim_ = 0;
  double gamma_ = 1;
  uint64_t seed_ = 1;
  std::vector<float> w_;  // dim × cols, row-major
  std::vector<float> b_;
};

}  // namespace argmax
