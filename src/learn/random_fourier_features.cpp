#include "learn/random_fourier_features.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/sizes.hpp"
#include "io/bytes.hpp"
#include "learn/kernels/kernel_width.hpp"

namespace argmax {

RandomFourierFeatures::RandomFourierFeatures(int32_t cols, int32_t dim, double gamma, uint64_t seed)
    : cols_(cols), dim_(dim), gamma_(gamma), seed_(seed) {
  require(dim >= 1, "random features: D must be ≥ 1; got ", dim);
  require(gamma > 0 && std::isfinite(gamma), "random features: gamma must be > 0; got ", gamma);
  require(cols >= 0, "random features: negative column count");
  constexpr double two_pi = 6.283185307179586;
  Rng rng(seed);
  const double sd = std::sqrt(2 * gamma);
  // The map is regenerated from its seed on load, so a few bytes of a model could claim any size: it gets a
  // bound of its own, far below the buffer limit (256 MB; sector's 55k columns at D = 1,000 fit). The phases b
  // count as one column, so a map of no input columns is bounded too.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  // Fuzzing only: a legal map near the bound takes seconds to regenerate under the sanitizers, and the corpus
  // keeps such inputs, so they would take most of the fuzzer's time; the real bound is tested in the suites.
  constexpr int64_t kMaxMap = int64_t(1) << 16;
#else
  constexpr int64_t kMaxMap = int64_t(1) << 26;
#endif
  const int64_t size = int64_t(dim) * (int64_t(cols) + 1);
  require(size <= kMaxMap, "random features: D × (columns + 1) = ", size, " exceeds ", kMaxMap,
          " (use a smaller D, or fewer input columns)");
  w_.resize(size_t(int64_t(dim) * cols));
  for (size_t p = 0; p < w_.size(); p += 2) {  // Box–Muller: two normals per pair of uniforms
    const double r = sd * std::sqrt(-2 * std::log(1 - rng.uniform())), a = two_pi * rng.uniform();
    w_[p] = float(r * std::cos(a));
    if (p + 1 < w_.size()) w_[p + 1] = float(r * std::sin(a));
  }
  b_.resize(dim);
  for (float& b : b_) b = float(two_pi * rng.uniform());
}

std::vector<OptionSpec> RandomFourierFeatures::option_specs() {
  return {integer_option("rff", "0", 0, 1e6,
           "learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off)"),
          real_option("gamma", "0", 0, 1e300,
           "γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, "
           "1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's "
           "gamma='scale'). The model records the value used"),
          integer_option("rffSeed", "1", 0, 4294967295.0, "seed of the random features")};
}

RandomFourierFeatures RandomFourierFeatures::from_options(const Options& options, int32_t cols) {
  if (options.integer("rff") == 0) return {};
  return RandomFourierFeatures(cols, options.integer("rff"), options.real("gamma"), options.seed("rffSeed"));
}

RandomFourierFeatures RandomFourierFeatures::fit(const Options& options, const Rows& input) {
  if (options.integer("rff") == 0) return {};
  const double gamma = options.real("gamma") == 0 ? gamma_from_data(input) : options.real("gamma");
  return RandomFourierFeatures(input.cols(), options.integer("rff"), gamma, options.seed("rffSeed"));
}

OptionList RandomFourierFeatures::option_entries() const {
  if (!dim_) return {};
  return {{"rff", std::to_string(dim_)}, {"gamma", number_text(gamma_)}, {"rffSeed", std::to_string(seed_)}};
}

RandomFourierFeatures RandomFourierFeatures::from_entries(const OptionList& entries, int32_t cols) {
  OptionList own;
  for (const auto& kv : entries)
    if (is_option(kv.first)) own.push_back(kv);
  return from_options(Options::parse(option_specs(), own, "random features"), cols);
}

void RandomFourierFeatures::map(RowView x, float* out) const {
  const double scale = std::sqrt(2.0 / dim_);
  for (int32_t r = 0; r < dim_; ++r) {
    const float* w = w_.data() + size_t(r) * cols_;  // (w_ is empty when cols_ = 0)
    double t = b_[r];
    x.for_each([&](int32_t j, float v) {
      if (j < cols_) t += double(w[j]) * v;
    });
    out[r] = float(scale * std::cos(t));
  }
}

void RandomFourierFeatures::save(ByteWriter& out) const {
  out.put<int32_t>(cols_);
  out.put<int32_t>(dim_);
  out.put<double>(gamma_);
  out.put<uint64_t>(seed_);
}

RandomFourierFeatures RandomFourierFeatures::load(ByteReader& in) {
  const int32_t cols = in.get<int32_t>(), dim = in.get<int32_t>();
  const double gamma = in.get_finite<double>("random-feature gamma");
  return RandomFourierFeatures(cols, dim, gamma, in.get<uint64_t>());
}

std::vector<float> RandomFourierFeatures::map_rows(const Rows& rows) const {
  std::vector<float> out(checked_count<float>("random features", {int64_t(rows.rows()), int64_t(dim_)}));
  for (int32_t i = 0; i < rows.rows(); ++i) map(rows.row(i), &out[size_t(i) * dim_]);
  return out;
}

}  // namespace argmax
