#include "binary/kernel_svm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/out_of_line.hpp"
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

namespace {

// The dual of the header, min_α D(α) = ½ αᵀQα − Σ_i α_i over 0 ≤ α_i ≤ U_i, with one variable per step, the
// working set chosen with second-order information, shrinking and the column cache of LIBSVM (Fan, Chen &
// Lin 2005, "Working set selection using second order information for training SVM", JMLR 6; Chang & Lin 2011,
// "LIBSVM: a library for support vector machines", ACM TIST 2(3), §4–5). The bias enters K as b², so there
// is no equality constraint Σ α_i y_i = 0 and a working set of one variable suffices; for it the second-order
// choice (WSS 2's gain, here exact because the step is clipped to the box) is
//   i = argmax_i  −(G_i t_i + ½ Q_ii t_i²),   t_i = clip(α_i − G_i/Q_ii, 0, U_i) − α_i,   G = Qα − 1,
// the decrease of D from the exact minimisation over α_i. Stop when max(PG, 0) − min(PG, 0) ≤ tol over the
// projected gradient PG_i (G_i, min(G_i, 0) at α_i = 0, max(G_i, 0) at α_i = U_i): the linear dcd's max − min over a
// pass, taken at one point (where PG = −1 everywhere at α = 0 must not read as 0).
// Shrinking (Chang & Lin 2011, §5.1, in the box-constrained form of Hsieh et al. 2008): every min(m, 1000)
// steps, a variable at a bound whose gradient pushes it outward by more than the largest violation
// M = max |PG| leaves the active set [0, active) (positions are swapped so the active ones come first, and
// the cache keeps columns only as long as the active set). When the active problem is solved, the gradients
// of the shrunk variables are rebuilt from the support vectors' columns and all variables are checked again;
// this is also done once when the gap first falls below 10·tol, as LIBSVM does, so that a variable shrunk
// too early does not hold up the end.
class BinarySolver {
 public:
  BinarySolver(const BinarySample& data, const Kernel& kernel, const KernelSvmConfig& config)
      : m_(data.size()), columns_(rows_of(data), data.rows.cols(), kernel, config.bias * config.bias),
        cache_(m_, config.cache_mb, [this](int i, int from, int to, float* out) { fill(i, from, to, out); }),
        alpha_(m_, 0.0), G_(m_, -1.0), upper_(m_), y_(m_), original_(m_), active_(m_) {
    for (int i = 0; i < m_; ++i) upper_[i] = config.C * data.weight_of(i), y_[i] = data.label[i], original_[i] = i;
  }

  // Runs up to `steps` steps; returns false when the problem is solved within tol first.
  bool run(long steps, double tol) {
    for (long s = 0; s < steps; ++s) {
      if (--countdown_ == 0) {
        countdown_ = std::min(m_, 1000);
        shrink();
      }
      int i = select();
      if (!unshrunk_ && gap_ <= 10 * tol) {
        unshrunk_ = true;
        if (active_ < m_) unshrink(), i = select();
      }
      if (gap_ <= tol || i < 0) {
        if (active_ == m_) return false;
        unshrink();
        i = select();
        if (gap_ <= tol || i < 0) return false;
        countdown_ = 1;
      }
      step(i);
    }
    return true;
  }

  double gap() const { return gap_; }
  // α in the sample's order.
  std::vector<double> alpha() const {
    std::vector<double> out(static_cast<size_t>(m_));
    for (int p = 0; p < m_; ++p) out[size_t(original_[p])] = alpha_[p];
    return out;
  }

 private:
  static std::vector<RowView> rows_of(const BinarySample& data) {
    std::vector<RowView> rows;
    for (int i = 0; i < data.size(); ++i) rows.push_back(data.row(i));
    return rows;
  }
  // Read in select's loop, so inlined even in the size-optimised build (CMakeLists.txt).
  [[gnu::always_inline]] bool movable(int p) const {  // else α_p stays 0
    return columns_.diagonal(p) > 0 && upper_[p] > 0;
  }
  [[gnu::always_inline]] double projected(int p) const {
    return alpha_[p] == 0 ? std::min(G_[p], 0.0) : alpha_[p] == upper_[p] ? std::max(G_[p], 0.0) : G_[p];
  }

  // The active variable of largest decrease (−1 if none moves); sets gap_ and violation_ over the active set.
  int select() {
    double pg_max = -std::numeric_limits<double>::infinity(), pg_min = -pg_max, best_gain = 0;
    int best = -1;
    for (int p = 0; p < active_; ++p) {
      if (!movable(p)) continue;
      const double pg = projected(p);
      pg_max = std::max(pg_max, pg), pg_min = std::min(pg_min, pg);
      if (pg == 0) continue;
      const double Q = columns_.diagonal(p);
      const double t = std::min(std::max(alpha_[p] - G_[p] / Q, 0.0), upper_[p]) - alpha_[p];
      const double gain = -(G_[p] * t + 0.5 * Q * t * t);
      if (gain > best_gain) best_gain = gain, best = p;
    }
    gap_ = std::max(pg_max, 0.0) - std::min(pg_min, 0.0);
    violation_ = std::max(pg_max, -pg_min);
    return best;
  }

  void step(int p) {
    const double old = alpha_[p];
    alpha_[p] = std::min(std::max(old - G_[p] / columns_.diagonal(p), 0.0), upper_[p]);
    if (alpha_[p] != old) add_column(alpha_[p] - old, cache_.column(p, active_), G_.data(), active_);
  }

  bool shrinkable(int p) const {
    return !movable(p) || (alpha_[p] == 0 && G_[p] > violation_) || (alpha_[p] == upper_[p] && G_[p] < -violation_);
  }

  void shrink() {
    for (int p = 0; p < active_; ++p) {
      if (!shrinkable(p)) continue;
      for (--active_; active_ > p; --active_)
        if (!shrinkable(active_)) {
          swap(p, active_);
          break;
        }
    }
  }

  // G_q = −1 + Σ_p α_p Q_qp for the shrunk q, from the support vectors' columns (extended to every position;
  // mostly cached at the active length already, where the shrunk variables' own would cost m evaluations each).
  void unshrink() {
    std::fill(G_.begin() + active_, G_.end(), -1.0);
    for (int p = 0; p < m_; ++p)
      if (alpha_[p] > 0) add_column(alpha_[p], cache_.column(p, m_) + active_, &G_[size_t(active_)], m_ - active_);
    active_ = m_;
  }

  // The cache holds columns of Q: Q_ji = y_j y_i (K(x_j, x_i) + b²).
  void fill(int i, int from, int to, float* out) {
    columns_.fill(i, from, to, out);
    for (int j = from; j < to; ++j)
      if (y_[j] != y_[i]) out[j] = -out[j];
  }

  void swap(int p, int q) {
    cache_.swap(p, q);
    columns_.swap(p, q);
    std::swap(alpha_[p], alpha_[q]), std::swap(G_[p], G_[q]), std::swap(upper_[p], upper_[q]);
    std::swap(y_[p], y_[q]), std::swap(original_[p], original_[q]);
  }

  const int m_;
  KernelColumns columns_;
  KernelCache cache_;
  std::vector<double> alpha_, G_, upper_;  // by position
  std::vector<int8_t> y_;
  std::vector<int> original_;  // the sample's example at each position
  int active_;
  int countdown_ = 1;
  bool unshrunk_ = false;
  double gap_ = 0, violation_ = std::numeric_limits<double>::infinity();
};

}  // namespace

KernelSvm solve_kernel_svm(const BinarySample& data, const KernelSvmConfig& config, const ProgressFn& progress) {
  data.validate();
  data.require_finite_features("kernel learner");
  require(config.C > 0, "kernel learner: C must be > 0");
  const int m = data.size();
  const Kernel kernel = config.kernel.fitted(data.rows);
  BinarySolver solver(data, kernel, config);
  TrainingReport r;
  r.measure = "projected-gradient gap", r.cap = config.max_iterations, r.tolerance = config.tol, r.converged = false;
  r.hint = "scale the features, lower gamma or raise maxIter";
  auto steps = [&] { return solver.run(m, config.tol); };  // a call of its own: core/out_of_line.hpp
  for (int pass = 1; pass <= config.max_iterations; ++pass) {
    r.iterations = pass;
    const bool more = out_of_line(steps);
    r.gap = solver.gap();
    if (r.stop_requested(progress, [&](Progress& p) { p.epoch = pass, p.objective = r.gap; })) break;
    if (!more) {
      r.converged = true;
      break;
    }
  }
  std::vector<double> alpha = solver.alpha();
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
