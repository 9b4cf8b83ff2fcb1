#include "binary/linear_learners.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/out_of_line.hpp"
#include "core/rng.hpp"
#include "learn/online.hpp"

namespace argmax {
namespace {

// The binary problem for learn/online.hpp. Coordinates 0..n−1 are features, n is the bias feature.
// With Ψ(x, y) = y·x/2 the rival of y is −y, s(−y) − s(y) = −y⟨w, x⟩ and Δ = 1: the margin-rescaled surrogate is
// max(0, 1 − y⟨w, x⟩) with subgradient −y·x, and the perceptron's max(0, −y⟨w, x⟩) (a zero score is a mistake).
class BinaryMarginProblem {
 public:
  BinaryMarginProblem(const BinarySample& data, float bias) : data_(data), bias_(bias) {}
  int size() const { return data_.size(); }
  size_t dim() const { return size_t(data_.rows.cols()) + 1; }

  StepResult step(TrainedWeights& w, int k, Surrogate surrogate, float eta) const {
    const RowView x = data_.row(k);
    const ScaledWeights v = w.view();
    const int32_t n = data_.rows.cols();
    const float score = v.scale * x.dot(v.v) + v[n] * bias_;
    const float y = data_.label[k];
    const float margin = y * score;
    StepResult r;
    r.error = margin > 0 ? 0 : 1;
    const HingeStep<float> h = hinge_step(surrogate, 1.f, -margin, 0.f, margin <= 0);
    r.surrogate = double(h.loss) * data_.weight_of(k);
    if (h.scale != 0) {
      const float a = float(eta * h.scale * y * data_.weight_of(k));
      x.for_each([&](int32_t j, float value) { w.add(size_t(j), a * value); });
      if (bias_ != 0) w.add(size_t(n), a * bias_);
      r.updated = true;
    }
    return r;
  }

 private:
  const BinarySample& data_;
  float bias_;
};

// The model of weights whose last entry is the bias feature's, trained by `trainer` on `loss`.
std::unique_ptr<LinearBinaryModel> split_bias(std::vector<float> w, float bias, int weight_bits, const char* trainer,
                                              const char* loss) {
  const float b = w.back() * bias;
  w.pop_back();
  auto model = std::make_unique<LinearBinaryModel>(std::move(w), b, weight_bits);
  model->trainer = trainer, model->loss = loss;
  return model;
}

double sigmoid(double z) { return z >= 0 ? 1 / (1 + std::exp(-z)) : std::exp(z) / (1 + std::exp(z)); }
double log1p_exp(double z) { return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z)); }

}  // namespace

std::unique_ptr<LinearBinaryModel> train_online_binary(const BinarySample& data, const OnlineConfig& config, float bias,
                                                       const ProgressFn& progress, int weight_bits) {
  const bool perceptron = config.surrogate == Surrogate::Perceptron;
  const std::string owner = perceptron ? "linear learner (perceptron)" : "linear learner (pegasos)";
  data.validate();
  data.require_finite_features(owner.c_str());
  require(data.size() > 0, owner, ": no training examples");
  BinaryMarginProblem problem(data, bias);
  return split_bias(train_online(problem, config, progress), bias, weight_bits, perceptron ? "perceptron" : "pegasos",
                    perceptron ? "" : "hinge");
}

std::unique_ptr<LinearBinaryModel> train_dual_cd_svm(const BinarySample& data, const DualSvmConfig& config,
                                                     const ProgressFn& progress) {
  data.validate();
  data.require_finite_features("linear learner (dcd)");
  require(config.C > 0, "linear learner (dcd): C must be > 0");
  const int m = data.size();
  const int32_t n = data.rows.cols();
  const double B = config.bias;
  std::vector<double> w(size_t(n) + 1, 0.0);
  std::vector<double> alpha(m, 0.0), upper(m), diag(m), qd(m);
  std::vector<int> active(m);
  for (int k = 0; k < m; ++k) {
    const double c = config.C * data.weight_of(k);
    upper[k] = config.squared_hinge ? std::numeric_limits<double>::infinity() : c;
    diag[k] = config.squared_hinge ? (c > 0 ? 0.5 / c : std::numeric_limits<double>::infinity()) : 0.0;
    qd[k] = diag[k] + data.row(k).squared_norm() + B * B;
    active[k] = k;
  }
  auto dot_w = [&](const RowView& x) {
    double s = w[n] * B;
    x.for_each([&](int32_t j, float v) { s += w[j] * v; });
    return s;
  };
  Rng rng(config.seed);
  const double inf = std::numeric_limits<double>::infinity();
  double pg_max_old = inf, pg_min_old = -inf;
  int active_size = m;
  TrainingReport r;
  r.measure = "projected-gradient gap", r.cap = config.max_iterations, r.tolerance = config.tol, r.converged = false;
  r.hint = "scale the features or raise maxIter";
  double pg_max, pg_min;
  auto sweep = [&] {  // one pass over the active examples (a call of its own: core/out_of_line.hpp)
    pg_max = -inf, pg_min = inf;
    for (int s = 0; s < active_size; ++s) std::swap(active[s], active[s + rng.below(uint32_t(active_size - s))]);
    for (int s = 0; s < active_size; ++s) {
      const int k = active[s];
      if (!(qd[k] > 0) || std::isinf(diag[k])) continue;  // zero row or zero weight: α stays 0
      const RowView x = data.row(k);
      const double y = data.label[k];
      const double G = y * dot_w(x) - 1 + diag[k] * alpha[k];
      double pg = 0;
      if (alpha[k] == 0) {
        if (G > pg_max_old) {  // shrink: at the bound and likely to stay
          std::swap(active[s], active[--active_size]);
          --s;
          continue;
        }
        if (G < 0) pg = G;
      } else if (alpha[k] == upper[k]) {
        if (G < pg_min_old) {
          std::swap(active[s], active[--active_size]);
          --s;
          continue;
        }
        if (G > 0) pg = G;
      } else {
        pg = G;
      }
      pg_max = std::max(pg_max, pg), pg_min = std::min(pg_min, pg);
      if (std::fabs(pg) > 1e-12) {
        const double old = alpha[k];
        alpha[k] = std::min(std::max(old - G / qd[k], 0.0), upper[k]);
        const double d = (alpha[k] - old) * y;
        x.for_each([&](int32_t j, float v) { w[j] += d * v; });
        w[n] += d * B;
      }
    }
  };
  for (int iter = 1; iter <= config.max_iterations; ++iter) {
    r.iterations = iter;
    out_of_line(sweep);
    // the objective reported is the stopping gap
    if (r.stop_requested(progress, [&](Progress& p) { p.epoch = iter, p.objective = pg_max - pg_min; })) break;
    r.gap = std::max(pg_max - pg_min, 0.0);
    if (pg_max - pg_min <= config.tol) {
      if (active_size == m) {
        r.converged = true;
        break;
      }
      active_size = m, pg_max_old = inf, pg_min_old = -inf;  // check the shrunk ones once more
      continue;
    }
    pg_max_old = pg_max <= 0 ? inf : pg_max;
    pg_min_old = pg_min >= 0 ? -inf : pg_min;
  }
  std::vector<float> wf(w.begin(), w.end());
  auto model = split_bias(std::move(wf), config.bias, config.weight_bits, "dcd", config.squared_hinge ? "squared-hinge" : "hinge");
  model->report = r;
  return model;
}

std::unique_ptr<LinearBinaryModel> train_logistic(const BinarySample& data, const LogisticConfig& config,
                                                  const ProgressFn& progress) {
  data.validate();
  data.require_finite_features("linear learner (newton)");
  require(config.C > 0, "linear learner (newton): C must be > 0");
  const int m = data.size();
  const int32_t n = data.rows.cols();
  const size_t d = size_t(n) + 1;
  const double B = config.bias;
  std::vector<double> w(d, 0.0), g(d), step(d), r(d), p(d), hp(d), z(m), curv(m), w_try(d), z_try(m);
  std::vector<double> c(m);
  for (int k = 0; k < m; ++k) c[k] = config.C * data.weight_of(k);

  auto margins = [&](const std::vector<double>& v, std::vector<double>& out) {  // out_k = x_k·v
    for (int k = 0; k < m; ++k) {
      double s = v[n] * B;
      data.row(k).for_each([&](int32_t j, float x) { s += v[j] * x; });
      out[k] = s;
    }
  };
  auto objective = [&](const std::vector<double>& v, const std::vector<double>& zv) {
    double f = 0;
    for (double x : v) f += 0.5 * x * x;
    for (int k = 0; k < m; ++k) f += c[k] * log1p_exp(-data.label[k] * zv[k]);
    return f;
  };
  auto add_xt = [&](const std::vector<double>& coef, std::vector<double>& out) {  // out += Σ coef_k x_k
    for (int k = 0; k < m; ++k) {
      if (coef[k] == 0) continue;
      data.row(k).for_each([&](int32_t j, float x) { out[j] += coef[k] * x; });
      out[n] += coef[k] * B;
    }
  };
  std::vector<double> coef(m), xv(m);
  auto hessian_times = [&](const std::vector<double>& v, std::vector<double>& out) {
    margins(v, xv);
    for (int k = 0; k < m; ++k) coef[k] = c[k] * curv[k] * xv[k];
    out = v;
    add_xt(coef, out);
  };
  auto norm = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x * x;
    return std::sqrt(s);
  };

  margins(w, z);
  double f = objective(w, z);
  double g0 = -1;
  TrainingReport rep;
  rep.measure = "relative gradient norm", rep.cap = config.max_iterations, rep.tolerance = config.tol;
  rep.converged = false, rep.hint = "scale the features or raise maxIter";
  for (int iter = 1; iter <= config.max_iterations + 1; ++iter) {
    for (int k = 0; k < m; ++k) {
      const double y = data.label[k];
      const double s = sigmoid(y * z[k]);
      coef[k] = c[k] * (s - 1) * y;
      curv[k] = s * (1 - s);
    }
    g = w;
    add_xt(coef, g);
    const double gnorm = norm(g);
    if (g0 < 0) g0 = gnorm;
    rep.gap = g0 > 0 ? gnorm / g0 : 0.0;
    if (gnorm <= config.tol * g0 || gnorm == 0) {
      rep.converged = true;
      break;
    }
    if (iter > config.max_iterations) break;  // the gradient was measured after the last step
    rep.iterations = iter;
    // CG on H·step = −g.
    std::fill(step.begin(), step.end(), 0.0);
    for (size_t j = 0; j < d; ++j) r[j] = -g[j], p[j] = r[j];
    double rr = gnorm * gnorm;
    auto hessian_times_p = [&] { hessian_times(p, hp); };  // a call of its own: core/out_of_line.hpp
    for (int cg = 0; cg < 250 && std::sqrt(rr) > 0.1 * gnorm; ++cg) {
      out_of_line(hessian_times_p);
      double php = 0;
      for (size_t j = 0; j < d; ++j) php += p[j] * hp[j];
      const double a = rr / php;
      for (size_t j = 0; j < d; ++j) step[j] += a * p[j], r[j] -= a * hp[j];
      const double rr_new = [&] { double s = 0; for (double x : r) s += x * x; return s; }();
      for (size_t j = 0; j < d; ++j) p[j] = r[j] + (rr_new / rr) * p[j];
      rr = rr_new;
    }
    // Armijo backtracking.
    double slope = 0;
    for (size_t j = 0; j < d; ++j) slope += g[j] * step[j];
    double t = 1;
    double f_try = f;
    for (int ls = 0; ls < 30; ++ls, t *= 0.5) {
      for (size_t j = 0; j < d; ++j) w_try[j] = w[j] + t * step[j];
      margins(w_try, z_try);
      f_try = objective(w_try, z_try);
      if (f_try <= f + 1e-4 * t * slope) break;
    }
    if (!(f_try < f)) {  // no progress possible in floating point: as converged as it can be
      rep.converged = true;
      break;
    }
    w.swap(w_try), z.swap(z_try), f = f_try;
    if (rep.stop_requested(progress, [&](Progress& p) { p.epoch = iter, p.objective = f; })) break;
  }
  std::vector<float> wf(w.begin(), w.end());
  auto model = split_bias(std::move(wf), config.bias, config.weight_bits, "newton", "log");
  model->report = rep;
  return model;
}

}  // namespace argmax
