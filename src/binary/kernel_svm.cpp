#include "binary/kernel_svm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/out_of_line.hpp"
#include "learn/kernels/kernel_cache.hpp"
#include "learn/kernels/kernel_columns.hpp"

namespace argmax {

KernelBinaryModel::KernelBinaryModel(const Kernel& kernel, double intercept, SupportVectors support_vectors)
    : kernel_(kernel), intercept_(intercept), sv_(std::move(support_vectors)) {}

void KernelBinaryModel::set_scaling(const FeatureScaling& scaling) {
  require(scaling.identity() || scaling.scale().size() == size_t(sv_.cols()), "scaling fitted on ",
          scaling.scale().size(), " columns for a model of ", sv_.cols());
  scaling_ = scaling;
}

void KernelBinaryModel::scores(const Rows& rows, float* out) const {
  const OwnedRows scaled = scaling_.identity() ? OwnedRows{} : scaling_.apply(rows);
  const std::vector<double> f = sv_.scores(kernel_, scaling_.identity() ? rows : scaled.view());
  for (size_t i = 0; i < f.size(); ++i) out[i] = float(f[i] + intercept_);
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
// Starts the bytes of a model whose b (after the kernel's degree) is kept out of the regulariser. Models saved
// before had f(x) = Σ_i α_i y_i (K(x_i, x) + β²), with a bias β in b's place; they load as b = β² Σ_i α_i y_i,
// the same function.
const char* const kInterceptTag = "intercept";
}  // namespace

void KernelBinaryModel::save(ByteWriter& out) const {
  out.put_string(kInterceptTag);
  if (!scaling_.identity()) {
    out.put_string(kScaledTag);
    out.put<int32_t>(sv_.cols());
    scaling_.save(out);
  }
  out.put_string(kKernelNames[int(kernel_.type)]);
  out.put<double>(kernel_.gamma);
  out.put<double>(kernel_.coef0);
  out.put<int32_t>(kernel_.degree);
  out.put<double>(intercept_);
  out.put<int32_t>(sv_.cols());
  sv_.save(out);
}

std::unique_ptr<KernelBinaryModel> KernelBinaryModel::load(ByteReader& in) {
  std::string name = in.get_string();
  const bool free_intercept = name == kInterceptTag;
  if (free_intercept) name = in.get_string();
  FeatureScaling scaling;
  if (name == kScaledTag) {
    const int32_t scaled_cols = in.get<int32_t>();
    require(scaled_cols >= 0, "model bytes are corrupt (shapes do not match)");
    scaling = FeatureScaling::load(in, scaled_cols);
    name = in.get_string();
  }
  const double gamma = in.get_finite<double>("kernel gamma"), coef0 = in.get_finite<double>("kernel coef0");
  const Kernel kernel = Kernel::named(name, gamma, coef0, in.get<int32_t>());
  double intercept = in.get_finite<double>("intercept");
  const int32_t cols = in.get<int32_t>();
  SupportVectors sv = SupportVectors::load(in, cols, 1);
  if (!free_intercept) intercept *= intercept * std::accumulate(sv.coefficients().begin(), sv.coefficients().end(), 0.0);
  auto model = std::make_unique<KernelBinaryModel>(kernel, intercept, std::move(sv));
  require(scaling.identity() || scaling.scale().size() == size_t(cols), "model bytes are corrupt (shapes do not match)");
  model->set_scaling(scaling);
  return model;
}

namespace {

// The dual of the header, min_α D(α) = ½ αᵀQα − Σ_i α_i over 0 ≤ α_i ≤ U_i and Σ_i y_i α_i = 0, by LIBSVM's
// decomposition (Fan, Chen & Lin 2005, "Working set selection using second order information for training
// SVM", JMLR 6; Chang & Lin 2011, "LIBSVM: a library for support vector machines", ACM TIST 2(3), §4–6). The
// solver keeps g_t = Σ_j α_j y_j K_tj − y_t (f(x_t) − b − y_t; LIBSVM's gradient of D is G_t = y_t g_t), so
// that a step on α_p adds Δα_p y_p times a column of K. With v_t = −g_t and
//   I_up = {t : α_t < U_t, y_t = 1 or α_t > 0, y_t = −1},  I_low = {t : α_t < U_t, y_t = −1 or α_t > 0, y_t = 1},
// the sets along which α_t can move up or down in the direction y_t, the KKT conditions are v_t ≤ b on I_up and
// v_t ≥ b on I_low. The working pair is WSS 2's: i = argmax_{I_up} v, then the j ∈ I_low of largest
// second-order decrease d²/a, d = v_i − v_j > 0, a = K_ii + K_jj − 2 K_ij; the step moves α_i by y_i t and α_j
// by −y_j t (Σ y α stays 0), t = min(d/a, the room the box leaves). α is optimal to tol when the largest
// violation max_{I_up} v − min_{I_low} v is at most tol (LIBSVM's -e), and b is the mean of v over the free α
// (or the middle of the interval the bounded ones leave).
// Shrinking (§5.1): every min(m, 1000) steps, a variable at a bound whose v lies beyond the other set's extreme
// (so that it cannot join a violating pair) leaves the active set [0, active) (positions are swapped so the
// active ones come first; the cache keeps columns only as long as the active set). g is kept on the active set
// only, and rebuilt for the rest from the support vectors' columns when the active problem is solved; then all
// variables are checked again. This is also done once when the violation first falls below 10·tol, so that a
// variable shrunk too early does not hold up the end.
class BinarySolver {
 public:
  BinarySolver(const BinarySample& data, const Kernel& kernel, const KernelSvmConfig& config)
      : m_(data.size()), columns_(rows_of(data), data.rows.cols(), kernel),
        cache_(m_, config.cache_mb, [this](int i, int from, int to, float* out) { columns_.fill(i, from, to, out); }),
        alpha_(m_, 0.0), g_(m_), upper_(m_), y_(m_), original_(m_), active_(m_) {
    for (int i = 0; i < m_; ++i) {
      upper_[i] = config.C * data.weight_of(i), y_[i] = data.label[i], original_[i] = i;
      g_[i] = -y_[i];
    }
  }

  // Runs up to `steps` steps; returns false when the problem is solved within tol first.
  bool run(long steps, double tol) {
    for (long s = 0; s < steps; ++s) {
      if (--countdown_ == 0) {
        countdown_ = std::min(m_, 1000);
        shrink(tol);
      }
      if (!select(tol)) {
        unshrink();
        if (!select(tol)) return false;
        countdown_ = 1;
      }
      step();
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

  // b of f(x) = Σ_i α_i y_i K(x_i, x) + b, from every variable (LIBSVM's ρ = −b).
  double intercept() {
    unshrink();
    double above = -std::numeric_limits<double>::infinity(), below = -above, free_sum = 0;
    int free = 0;
    for (int p = 0; p < m_; ++p) {
      if (upper_[p] == 0) continue;  // α_p ≡ 0 says nothing about b
      if (in_up(p) && in_low(p)) free_sum -= g_[p], ++free;
      else if (in_up(p)) above = std::max(above, -g_[p]);
      else below = std::min(below, -g_[p]);
    }
    return free ? free_sum / free : (above + below) / 2;
  }

 private:
  static std::vector<RowView> rows_of(const BinarySample& data) {
    std::vector<RowView> rows;
    for (int i = 0; i < data.size(); ++i) rows.push_back(data.row(i));
    return rows;
  }
  // Read in select's loops, so inlined even in the size-optimised build (CMakeLists.txt).
  [[gnu::always_inline]] bool at_upper(int p) const { return alpha_[p] >= upper_[p]; }
  [[gnu::always_inline]] bool at_lower(int p) const { return alpha_[p] <= 0; }
  [[gnu::always_inline]] bool in_up(int p) const { return y_[p] > 0 ? !at_upper(p) : !at_lower(p); }
  [[gnu::always_inline]] bool in_low(int p) const { return y_[p] > 0 ? !at_lower(p) : !at_upper(p); }

  // WSS 2 over the active set: sets i_, j_ and gap_; false when the active problem is solved within tol.
  bool select(double tol) {
    double up_max = -std::numeric_limits<double>::infinity(), low_min = -up_max, best = low_min;
    i_ = j_ = -1;
    for (int p = 0; p < active_; ++p)
      if (in_up(p) && -g_[p] >= up_max) up_max = -g_[p], i_ = p;
    const float* Ki = i_ >= 0 ? cache_.column(i_, active_) : nullptr;
    for (int p = 0; p < active_; ++p) {
      if (!in_low(p)) continue;
      const double d = up_max + g_[p];
      low_min = std::min(low_min, -g_[p]);
      if (d <= 0) continue;
      const double a = columns_.diagonal(i_) + columns_.diagonal(p) - 2 * double(Ki[p]);
      const double decrease = -d * d / (a > 0 ? a : kTau);
      if (decrease <= best) best = decrease, j_ = p;
    }
    gap_ = std::max(up_max - low_min, 0.0);
    return gap_ > tol && j_ >= 0;
  }

  void step() {
    const int pair[2] = {i_, j_};
    const int8_t sign[2] = {y_[i_], int8_t(-y_[j_])};  // the directions α_i and α_j move in
    auto room = [&](int k) { return sign[k] > 0 ? upper_[pair[k]] - alpha_[pair[k]] : alpha_[pair[k]]; };
    const double a = columns_.diagonal(i_) + columns_.diagonal(j_) - 2 * double(cache_.column(i_, active_)[j_]);
    const double t = std::min(std::min((g_[j_] - g_[i_]) / (a > 0 ? a : kTau), room(0)), room(1));
    for (int k = 0; k < 2; ++k) {
      const int p = pair[k];
      const double old = alpha_[p];
      alpha_[p] = t == room(k) ? (sign[k] > 0 ? upper_[p] : 0) : old + sign[k] * t;  // a used-up room: the bound exactly
      if (alpha_[p] != old) add_column((alpha_[p] - old) * y_[p], cache_.column(p, active_), g_.data(), active_);
    }
  }

  void shrink(double tol) {
    double up_max = -std::numeric_limits<double>::infinity(), low_min = -up_max;
    for (int p = 0; p < active_; ++p) {
      if (in_up(p)) up_max = std::max(up_max, -g_[p]);
      if (in_low(p)) low_min = std::min(low_min, -g_[p]);
    }
    if (!unshrunk_ && up_max - low_min <= 10 * tol) {
      unshrunk_ = true;
      unshrink();
    }
    // at a bound (so in one set only), beyond the other set's extreme: LIBSVM's be_shrunk
    auto shrinkable = [&](int p) { return in_up(p) != in_low(p) && (in_up(p) ? -g_[p] < low_min : -g_[p] > up_max); };
    for (int p = 0; p < active_; ++p) {
      if (!shrinkable(p)) continue;
      for (--active_; active_ > p; --active_)
        if (!shrinkable(active_)) {
          swap(p, active_);
          break;
        }
    }
  }

  // g_t = Σ_p α_p y_p K_tp − y_t for the shrunk t, from the support vectors' columns extended to every position
  // (mostly cached at the active length already, where the shrunk variables' own would cost m evaluations each).
  void unshrink() {
    if (active_ == m_) return;
    for (int t = active_; t < m_; ++t) g_[t] = -y_[t];
    for (int p = 0; p < m_; ++p)
      if (alpha_[p] > 0) add_column(alpha_[p] * y_[p], cache_.column(p, m_) + active_, &g_[size_t(active_)], m_ - active_);
    active_ = m_;
  }

  void swap(int p, int q) {
    cache_.swap(p, q);
    columns_.swap(p, q);
    std::swap(alpha_[p], alpha_[q]), std::swap(g_[p], g_[q]), std::swap(upper_[p], upper_[q]);
    std::swap(y_[p], y_[q]), std::swap(original_[p], original_[q]);
  }

  static constexpr double kTau = 1e-12;  // LIBSVM's TAU: the curvature a pair without any is given
  const int m_;
  KernelColumns columns_;
  KernelCache cache_;  // columns of K
  std::vector<double> alpha_, g_, upper_;  // by position
  std::vector<int8_t> y_;
  std::vector<int> original_;  // the sample's example at each position
  int active_;
  int i_ = -1, j_ = -1;  // the working pair select chose
  int countdown_ = 1;
  bool unshrunk_ = false;
  double gap_ = 0;
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
  r.measure = "largest KKT violation", r.cap = config.max_iterations, r.tolerance = config.tol, r.converged = false;
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
  const double intercept = solver.intercept();
  std::vector<double> alpha = solver.alpha();
  std::vector<double> coefficients(size_t(data.rows.rows()), 0.0);  // α_i y_i on the sample's rows of data.rows
  for (int i = 0; i < m; ++i) coefficients[size_t(data.index[size_t(i)])] += alpha[i] * data.label[i];
  SupportVectors sv = SupportVectors::of(data.rows, coefficients.data(), 1);
  KernelSvm out{std::move(alpha), std::make_unique<KernelBinaryModel>(kernel, intercept, std::move(sv))};
  out.model->report = r, out.model->trainer = "dcd", out.model->loss = "hinge";
  return out;
}

std::unique_ptr<KernelBinaryModel> train_kernel_svm(const BinarySample& data, const KernelSvmConfig& config,
                                                    const ProgressFn& progress) {
  return solve_kernel_svm(data, config, progress).model;
}

}  // namespace argmax
