#include "binary/kernel_svm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/out_of_line.hpp"
#include "core/rng.hpp"
#include "learn/kernels/kernel_cache.hpp"
#include "learn/kernels/kernel_columns.hpp"

namespace argmax {

KernelBinaryModel::KernelBinaryModel(const Kernel& kernel, double bias, SupportVectors support_vectors)
    : kernel_(kernel), bias_(bias), sv_(std::move(support_vectors)), constant_(0) {
  for (float a : sv_.coefficients()) constant_ += a;
  constant_ *= bias * bias;
}

void KernelBinaryModel::set_scaling(const FeatureScaling& scaling) {
  require(scaling.identity() || scaling.scale().size() == size_t(sv_.cols()), "scaling fitted on ",
          scaling.scale().size(), " columns for a model of ", sv_.cols());
  scaling_ = scaling;
}

void KernelBinaryModel::scores(const Rows& rows, float* out) const {
  const OwnedRows scaled = scaling_.identity() ? OwnedRows{} : scaling_.apply(rows);
  const std::vector<double> f = sv_.scores(kernel_, scaling_.identity() ? rows : scaled.view());
  for (size_t i = 0; i < f.size(); ++i) out[i] = float(f[i] + constant_);
}

float KernelBinaryModel::score(const RowView& x) const {
  const int32_t offsets[2] = {0, x.size};
  float f;
  scores(Rows::of_row(x, sv_.cols(), offsets), &f);
  return f;
}

namespace {
const char* const kKernelNames[] = {"linear", "poly", "rbf"};  // by Kernel::Type
// Precedes the scaling, and the kernel's name after it, in the bytes of a model that scales its rows; models
// without scaling (and those saved before it existed) start with the kernel's name.
const char* const kScaledTag = "scaled";
}  // namespace

void KernelBinaryModel::save(ByteWriter& out) const {
  if (!scaling_.identity()) {
    out.put_string(kScaledTag);
    out.put<int32_t>(sv_.cols());
    scaling_.save(out);
  }
  out.put_string(kKernelNames[int(kernel_.type)]);
  out.put<double>(kernel_.gamma);
  out.put<double>(kernel_.coef0);
  out.put<int32_t>(kernel_.degree);
  out.put<double>(bias_);
  out.put<int32_t>(sv_.cols());
  sv_.save(out);
}

std::unique_ptr<KernelBinaryModel> KernelBinaryModel::load(ByteReader& in) {
  std::string name = in.get_string();
  FeatureScaling scaling;
  if (name == kScaledTag) {
    const int32_t scaled_cols = in.get<int32_t>();
    require(scaled_cols >= 0, "model bytes are corrupt (shapes do not match)");
    scaling = FeatureScaling::load(in, scaled_cols);
    name = in.get_string();
  }
  const double gamma = in.get_finite<double>("kernel gamma"), coef0 = in.get_finite<double>("kernel coef0");
  const Kernel kernel = Kernel::named(name, gamma, coef0, in.get<int32_t>());
  const double bias = in.get_finite<double>("bias");
  const int32_t cols = in.get<int32_t>();
  auto model = std::make_unique<KernelBinaryModel>(kernel, bias, SupportVectors::load(in, cols, 1));
  require(scaling.identity() || scaling.scale().size() == size_t(cols), "model bytes are corrupt (shapes do not match)");
  model->set_scaling(scaling);
  return model;
}

KernelSvm solve_kernel_svm(const BinarySample& data, const KernelSvmConfig& config, const ProgressFn& progress) {
  data.validate();
  data.require_finite_features("kernel learner");
  require(config.C > 0, "kernel learner: C must be > 0");
  const int m = data.size();
  const Kernel kernel = config.kernel.fitted(data.rows);
  std::vector<RowView> rows;
  for (int i = 0; i < m; ++i) rows.push_back(data.row(i));
  KernelColumns columns(std::move(rows), data.rows.cols(), kernel, config.bias * config.bias);
  KernelCache cache(m, size_t(m), config.cache_mb, [&columns](int i, float* out) { columns.fill(i, out); });
  // f[j] = Σ_i α_i y_i (K(x_i, x_j) + b²), the score of example j, kept up to date column by column.
  std::vector<double> alpha(m, 0.0), f(m, 0.0), upper(m);
  std::vector<int> order(m);
  for (int i = 0; i < m; ++i) upper[i] = config.C * data.weight_of(i), order[i] = i;
  Rng rng(config.seed);
  const double inf = std::numeric_limits<double>::infinity();
  TrainingReport r;
  r.measure = "projected-gradient gap", r.cap = config.max_iterations, r.tolerance = config.tol, r.converged = false;
  r.hint = "scale the features, lower gamma or raise maxIter";
  double pg_max, pg_min;
  auto sweep = [&] {  // one pass in random order (a call of its own: core/out_of_line.hpp)
    pg_max = -inf, pg_min = inf;
    for (int s = 0; s < m; ++s) std::swap(order[s], order[s + rng.below(uint32_t(m - s))]);
    for (const int i : order) {
      if (!(columns.diagonal(i) > 0) || upper[i] == 0) continue;  // α_i stays 0
      const double y = data.label[i], G = y * f[i] - 1;
      const double pg = alpha[i] == 0 ? std::min(G, 0.0) : alpha[i] == upper[i] ? std::max(G, 0.0) : G;
      pg_max = std::max(pg_max, pg), pg_min = std::min(pg_min, pg);
      if (std::fabs(pg) <= 1e-12) continue;
      const double old = alpha[i];
      alpha[i] = std::min(std::max(old - G / columns.diagonal(i), 0.0), upper[i]);
      const double d = (alpha[i] - old) * y;
      if (d == 0) continue;
      const float* column = cache.column(i);
      for (int j = 0; j < m; ++j) f[j] += d * column[j];
    }
  };
  for (int pass = 1; pass <= config.max_iterations; ++pass) {
    r.iterations = pass;
    out_of_line(sweep);
    r.gap = std::max(pg_max - pg_min, 0.0);
    if (r.stop_requested(progress, [&](Progress& p) { p.epoch = pass, p.objective = r.gap; })) break;
    if (r.gap <= config.tol) {
      r.converged = true;
      break;
    }
  }
  std::vector<double> coefficients(size_t(data.rows.rows()), 0.0);  // α_i y_i on the sample's rows of data.rows
  for (int i = 0; i < m; ++i) coefficients[size_t(data.index[size_t(i)])] += alpha[i] * data.label[i];
  SupportVectors sv = SupportVectors::of(data.rows, coefficients.data(), 1);
  KernelSvm out{std::move(alpha), std::make_unique<KernelBinaryModel>(kernel, config.bias, std::move(sv))};
  out.model->report = r, out.model->trainer = "dcd", out.model->loss = "hinge";
  return out;
}

std::unique_ptr<KernelBinaryModel> train_kernel_svm(const BinarySample& data, const KernelSvmConfig& config,
                                                    const ProgressFn& progress) {
  return solve_kernel_svm(data, config, progress).model;
}

}  // namespace argmax
