#include "learn/lbfgs.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {

Lbfgs::Lbfgs(std::vector<float> x0, const LbfgsConfig& config)
    : config_(config), x_(std::move(x0)), d_(x_.size()), c_(config.l1),
      penalised_(c_ > 0 ? std::min(config.l1_size, d_) : 0), g_(d_), xn_(x_), gn_(d_), dir_(d_),
      pseudo_(penalised_ ? d_ : 0), alpha_(size_t(std::max(config.memory, 0))) {
  r_.cap = config.max_iterations, r_.converged = false, r_.hint = "raise maxIter";
}

bool Lbfgs::tell(double f, std::vector<float>& g) {
  require(phase_ == Phase::start || phase_ == Phase::search, "L-BFGS was told a value it did not ask for");
  require(g.size() == d_, "L-BFGS was told a gradient of ", g.size(), " values for ", d_, " weights");
  double norm = 0;  // f plus the L1 term
  const std::vector<float>& at = point();
  for (size_t j = 0; j < penalised_; ++j) norm += std::fabs(at[j]);
  const double value = f + c_ * norm;
  if (phase_ == Phase::start) {
    fx_ = value;
    g_.swap(g);
    update_pseudo_gradient();
    history_.push_back(fx_);
    if (iteration_ > config_.max_iterations) finish(false, false);
    else begin_iteration();
    return false;
  }
  double decrease = step_ * slope_;  // with an L1 term, pgᵀ(xn − x): the projection may have shortened the step
  if (penalised_) {
    decrease = 0;
    for (size_t j = 0; j < d_; ++j) decrease += double(pg()[j]) * (xn_[j] - x_[j]);
  }
  if (!(std::isfinite(value) && value <= fx_ + 1e-4 * decrease)) {
    step_ *= 0.5;
    if (++tries_ == 40) finish(true, true);  // no decrease possible at float precision: converged as far as it goes
    else propose();
    return false;
  }
  gn_.swap(g);
  std::vector<float>& s = spare_s_;
  std::vector<float>& y = spare_y_;
  s.resize(d_), y.resize(d_);
  double sy = 0;
  for (size_t j = 0; j < d_; ++j) {
    s[j] = xn_[j] - x_[j], y[j] = gn_[j] - g_[j];
    sy += double(s[j]) * y[j];
  }
  if (sy > 1e-10) {
    std::vector<float> oldest_s, oldest_y;  // the pair that leaves a full memory: the next pair's buffers
    if (int(S_.size()) == config_.memory) {
      oldest_s = std::move(S_.front()), oldest_y = std::move(Y_.front());
      S_.pop_front(), Y_.pop_front(), rho_.pop_front();
    }
    S_.push_back(std::move(s)), Y_.push_back(std::move(y)), rho_.push_back(1.0 / sy);
    spare_s_ = std::move(oldest_s), spare_y_ = std::move(oldest_y);
  }
  x_.swap(xn_), g_.swap(gn_);
  update_pseudo_gradient();
  fx_ = value;
  history_.push_back(fx_);
  r_.iterations = iteration_;
  phase_ = Phase::iterated;
  return true;
}

void Lbfgs::proceed(bool keep_going) {
  require(phase_ == Phase::iterated, "L-BFGS proceeds only after an iteration");
  if (!keep_going) {
    r_.stopped_by_callback = true;
    return finish(false, false);
  }
  if (relative_decrease() < config_.delta) return finish(true, false);  // (false while NaN)
  if (++iteration_ > config_.max_iterations) return finish(false, false);
  begin_iteration();
}

double Lbfgs::dot(const std::vector<float>& a, const std::vector<float>& b) const {
  double s = 0;
  for (size_t j = 0; j < d_; ++j) s += double(a[j]) * b[j];
  return s;
}

void Lbfgs::update_pseudo_gradient() {
  if (!penalised_) return;
  pseudo_ = g_;
  for (size_t j = 0; j < penalised_; ++j) {
    const double up = g_[j] + c_, down = g_[j] - c_;
    pseudo_[j] = float(x_[j] > 0 ? up : x_[j] < 0 ? down : up < 0 ? up : down > 0 ? down : 0);
  }
}

double Lbfgs::relative_decrease() const {
  if (config_.delta <= 0 || int(history_.size()) <= config_.period) return std::numeric_limits<double>::quiet_NaN();
  const double before = history_[history_.size() - 1 - size_t(config_.period)];
  return (before - fx_) / std::max(1.0, std::fabs(fx_));
}

void Lbfgs::finish(bool converged, bool by_gradient) {
  phase_ = Phase::done;
  r_.converged = converged;
  const double decrease = relative_decrease();
  if (by_gradient || std::isnan(decrease)) {
    r_.measure = "relative gradient norm", r_.tolerance = config_.gradient_tolerance;
    r_.gap = std::sqrt(dot(pg(), pg())) / std::max(1.0, std::sqrt(dot(x_, x_)));
  } else {
    r_.measure = text("relative decrease over ", config_.period, " iterations"), r_.tolerance = config_.delta;
    r_.gap = decrease;
  }
}

// Each pass below updates one vector and sums the dot product that the next step needs (and the two-loop's γ in
// its last pass): the same operations in the same order as one loop per step, with half the passes over memory,
// which is what an iteration over millions of weights spends its time on.
void Lbfgs::begin_iteration() {
  const std::vector<float>& p = pg();
  double pp = 0, xx = 0;
  for (size_t j = 0; j < d_; ++j) pp += double(p[j]) * p[j], xx += double(x_[j]) * x_[j];
  const double gnorm = std::sqrt(pp), xnorm = std::sqrt(xx);
  if (gnorm <= config_.gradient_tolerance * std::max(1.0, xnorm)) return finish(true, true);
  // Two-loop recursion.
  const int m = int(S_.size());
  float* dir = dir_.data();
  double next = 0;  // the dot product the next step reads, summed as dir is written
  const float* s_last = m > 0 ? S_[size_t(m) - 1].data() : nullptr;
  for (size_t j = 0; j < d_; ++j) {
    dir[j] = -p[j];
    if (s_last) next += double(s_last[j]) * dir[j];
  }
  double yy = 0;  // y_{m−1}ᵀy_{m−1}, for γ
  for (int i = m - 1; i >= 0; --i) {
    alpha_[i] = rho_[i] * next;
    const float a = float(alpha_[i]);
    const float* y = Y_[size_t(i)].data();
    const float* s_before = i > 0 ? S_[size_t(i) - 1].data() : nullptr;
    const float* y_last = i == 0 ? Y_[size_t(m) - 1].data() : nullptr;
    next = 0;
    for (size_t j = 0; j < d_; ++j) {
      dir[j] -= a * y[j];
      if (s_before) next += double(s_before[j]) * dir[j];
      if (y_last) yy += double(y_last[j]) * y_last[j];
    }
  }
  if (m > 0) {
    const double gamma = 1.0 / (rho_[size_t(m) - 1] * yy);
    const float* y_first = Y_[0].data();
    next = 0;
    for (size_t j = 0; j < d_; ++j) {
      dir[j] = float(dir[j] * gamma);
      next += double(y_first[j]) * dir[j];
    }
  }
  for (int i = 0; i < m; ++i) {
    const float b = float(alpha_[i] - rho_[i] * next);
    const float* s = S_[size_t(i)].data();
    const float* y_after = i + 1 < m ? Y_[size_t(i) + 1].data() : nullptr;
    next = 0;
    for (size_t j = 0; j < d_; ++j) {
      dir[j] += b * s[j];
      if (y_after) next += double(y_after[j]) * dir[j];
    }
  }
  // OWL-QN keeps only the coordinates that move against the pseudo-gradient; then the slope pᵀd.
  slope_ = 0;
  for (size_t j = 0; j < d_; ++j) {
    if (j < penalised_ && dir[j] * p[j] >= 0) dir[j] = 0;
    slope_ += double(p[j]) * dir[j];
  }
  if (slope_ >= 0) {  // not a descent direction (numerical trouble): restart from steepest descent
    S_.clear(), Y_.clear(), rho_.clear();
    for (size_t j = 0; j < d_; ++j) dir[j] = -p[j];
    slope_ = -gnorm * gnorm;
  }
  step_ = m == 0 ? 1.0 / std::max(1.0, std::sqrt(dot(dir_, dir_))) : 1.0;
  tries_ = 0;
  propose();
}

void Lbfgs::propose() {
  phase_ = Phase::search;
  const std::vector<float>& p = pg();
  for (size_t j = 0; j < d_; ++j) {
    float v = x_[j] + float(step_ * dir_[j]);
    if (j < penalised_) {
      const float orthant = x_[j] != 0 ? x_[j] : -p[j];
      if (v * orthant <= 0) v = 0;
    }
    xn_[j] = v;
  }
}

}  // namespace argmax
