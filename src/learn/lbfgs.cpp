#include "learn/lbfgs.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {

Lbfgs::Lbfgs(std::vector<float> x0, const LbfgsConfig& config)
    : config_(config), x_(std::move(x0)), d_(x_.size()), c_(config.l1),
      penalised_(c_ > 0 && config.l1_size > config.offset ? std::min(config.l1_size - config.offset, d_) : 0),
      l1_(c_ > 0 && config.l1_size > 0), g_(d_), xn_(x_), gn_(d_), dir_(d_), pseudo_(penalised_ ? d_ : 0),
      alpha_(size_t(std::max(config.memory, 0))) {
  r_.cap = config.max_iterations, r_.converged = false, r_.hint = "raise maxIter";
}

size_t Lbfgs::ask(int quantities, Resume then) {
  const size_t blocks = config_.block ? (d_ + config_.block - 1) / config_.block : 1;
  partials_.assign(size_t(quantities) * blocks, 0.0);
  quantities_ = quantities, resume_ = then, phase_ = Phase::reducing;
  return blocks;
}

size_t Lbfgs::block_end(size_t b) const { return config_.block ? std::min(d_, (b + 1) * config_.block) : d_; }

std::vector<double> Lbfgs::sum_partials(const std::vector<const double*>& slices, const std::vector<size_t>& blocks,
                                        int quantities) {
  // (a pass's sums start at +0 and so are never −0: 0 + one block's sum is that sum, bit for bit)
  std::vector<double> sums(size_t(quantities), 0.0);
  for (int q = 0; q < quantities; ++q)
    for (size_t w = 0; w < slices.size(); ++w)
      for (size_t b = 0; b < blocks[w]; ++b) sums[size_t(q)] += slices[w][size_t(q) * blocks[w] + b];
  return sums;
}

void Lbfgs::tell(double f, std::vector<float>& g) {
  require(phase_ == Phase::start || phase_ == Phase::search, "L-BFGS was told a value it did not ask for");
  require(g.size() == d_, "L-BFGS was told a gradient of ", g.size(), " values for ", d_, " weights");
  told_ = f;
  starting_ = phase_ == Phase::start;
  if (starting_) {
    g_.swap(g);
    update_pseudo_gradient();
  } else {
    gn_.swap(g);
  }
  // The L1 norm at the point; at x0 ‖pg‖², else pgᵀ(xn − x) with an L1 term (the projection may have shortened
  // the step); ‖x‖² at x0, and at every point with an L2 term.
  const float *at = point().data(), *p = pg().data(), *x = x_.data();
  const bool second = starting_ || l1_, squares = starting_ || config_.l2;
  for (size_t b = 0, blocks = ask(3, Resume::evaluated); b < blocks; ++b) {
    double norm = 0, sum = 0, xx = 0;
    for (size_t j = b * config_.block, to = std::min(block_end(b), penalised_); j < to; ++j) norm += std::fabs(at[j]);
    if (second || squares)
      for (size_t j = b * config_.block, to = block_end(b); j < to; ++j) {
        if (starting_) sum += double(p[j]) * p[j];
        else if (l1_) sum += double(p[j]) * (at[j] - x[j]);
        if (squares) xx += double(at[j]) * at[j];
      }
    partials_[b] = norm, partials_[blocks + b] = sum, partials_[2 * blocks + b] = xx;
  }
}

void Lbfgs::reduced(std::vector<double> sums) {  // (a copy: the next pass rewrites partials_)
  require(phase_ == Phase::reducing && int(sums.size()) == quantities_, "L-BFGS was told a value it did not ask for");
  switch (resume_) {
    case Resume::evaluated: {
      double value = told_ + c_ * sums[0];  // f plus the L1 term (and the L2 term, with l2)
      if (config_.l2) value += 0.5 * config_.l2 * sums[2];
      if (starting_) {
        fx_ = value, pp_ = sums[1], xx_ = sums[2];
        history_.push_back(fx_);
        if (iteration_ > config_.max_iterations) return finish(false, false);
        return begin_iteration();
      }
      const double decrease = l1_ ? sums[1] : step_ * slope_;
      if (!(std::isfinite(value) && value <= fx_ + 1e-4 * decrease)) {
        step_ *= 0.5;
        if (++tries_ == 40) return finish(true, true);  // no decrease possible at float precision: converged as far as it goes
        return propose();
      }
      told_ = value;
      x_.swap(xn_), g_.swap(gn_);
      update_pseudo_gradient();
      // the new memory pair s = x_{k+1} − x_k, y = g_{k+1} − g_k with sᵀy and yᵀy, and ‖pg‖², ‖x‖² at the new point
      spare_s_.resize(d_), spare_y_.resize(d_);
      float* s = spare_s_.data();
      float* y = spare_y_.data();
      const float *p = pg().data(), *x = x_.data(), *xn = xn_.data(), *g = g_.data(), *gn = gn_.data();
      for (size_t b = 0, blocks = ask(4, Resume::paired); b < blocks; ++b) {
        double sy = 0, pp = 0, xx = 0, yy = 0;
        for (size_t j = b * config_.block, to = block_end(b); j < to; ++j) {
          s[j] = x[j] - xn[j], y[j] = g[j] - gn[j];
          sy += double(s[j]) * y[j], pp += double(p[j]) * p[j], xx += double(x[j]) * x[j], yy += double(y[j]) * y[j];
        }
        partials_[b] = sy, partials_[blocks + b] = pp, partials_[2 * blocks + b] = xx, partials_[3 * blocks + b] = yy;
      }
      return;
    }
    case Resume::paired: {
      const double sy = sums[0];
      pp_ = sums[1], xx_ = sums[2];
      if (sy > 1e-10) {
        std::vector<float> oldest_s, oldest_y;  // the pair that leaves a full memory: the next pair's buffers
        if (int(S_.size()) == config_.memory) {
          oldest_s = std::move(S_.front()), oldest_y = std::move(Y_.front());
          S_.erase(S_.begin()), Y_.erase(Y_.begin()), rho_.erase(rho_.begin());
        }
        S_.push_back(std::move(spare_s_)), Y_.push_back(std::move(spare_y_)), rho_.push_back(1.0 / sy);
        newest_yy_ = sums[3];
        spare_s_ = std::move(oldest_s), spare_y_ = std::move(oldest_y);
      }
      fx_ = told_;
      history_.push_back(fx_);
      r_.iterations = iteration_;
      phase_ = Phase::iterated;
      return;
    }
    default:
      return two_loop(sums);
  }
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
    r_.gap = std::sqrt(pp_) / std::max(1.0, std::sqrt(xx_));
  } else {
    r_.measure = text("relative decrease over ", config_.period, " iterations"), r_.tolerance = config_.delta;
    r_.gap = decrease;
  }
}

// The two-loop recursion, one pass over the slice per memory pair and loop: each pass updates the direction and
// sums the dot product that the next step needs (the first loop's last pass also scales it by γ), so a fit on
// workers sums each over all the slices before the next pass.
void Lbfgs::begin_iteration() {
  const double gnorm = std::sqrt(pp_), xnorm = std::sqrt(xx_);
  if (gnorm <= config_.gradient_tolerance * std::max(1.0, xnorm)) return finish(true, true);
  m_ = int(S_.size());
  if (m_ == 0) return sum_slope(nullptr, 0);  // d = −pg
  const float* s_last = S_[size_t(m_) - 1].data();
  i_ = m_;  // the first loop's pair is i_ − 1
  const float* p = pg().data();
  float* dir = dir_.data();
  for (size_t b = 0, blocks = ask(1, Resume::back); b < blocks; ++b) {
    double next = 0;
    for (size_t j = b * config_.block, to = block_end(b); j < to; ++j) {
      dir[j] = -p[j];
      next += double(s_last[j]) * dir[j];
    }
    partials_[b] = next;
  }
}

void Lbfgs::sum_slope(const float* s, float b) {
  float* dir = dir_.data();
  const float* p = pg().data();
  const size_t penalised = penalised_;
  for (size_t k = 0, blocks = ask(2, Resume::sloped); k < blocks; ++k) {
    double slope = 0, dd = 0;
    for (size_t j = k * config_.block, to = block_end(k); j < to; ++j) {
      if (s) dir[j] += b * s[j];
      else dir[j] = -p[j];
      if (j < penalised && dir[j] * p[j] >= 0) dir[j] = 0;
      slope += double(p[j]) * dir[j], dd += double(dir[j]) * dir[j];
    }
    partials_[k] = slope, partials_[blocks + k] = dd;
  }
}

void Lbfgs::sum_update(float c, const float* v, const float* w, Resume then) {
  float* dir = dir_.data();
  for (size_t b = 0, blocks = ask(1, then); b < blocks; ++b) {
    double next = 0;
    for (size_t j = b * config_.block, to = block_end(b); j < to; ++j) {
      dir[j] += c * v[j];  // (d − a·y as d + (−a)·y: the same bits)
      next += double(w[j]) * dir[j];
    }
    partials_[b] = next;
  }
}

void Lbfgs::two_loop(const std::vector<double>& sums) {
  float* dir = dir_.data();
  if (resume_ == Resume::back) {
    const int i = --i_;
    alpha_[size_t(i)] = rho_[size_t(i)] * sums[0];
    const float a = float(alpha_[size_t(i)]);
    const float* y = Y_[size_t(i)].data();
    if (i > 0) return sum_update(-a, y, S_[size_t(i) - 1].data(), Resume::back);  // and the next pair's sᵀd
    // The first loop's last pass, and H₀ = γ·I with γ = sᵀy / yᵀy of the newest pair; then y_0ᵀd.
    const double gamma = 1.0 / (rho_[size_t(m_) - 1] * newest_yy_);
    i_ = 0;
    for (size_t b = 0, blocks = ask(1, Resume::forth); b < blocks; ++b) {
      double next = 0;
      for (size_t j = b * config_.block, to = block_end(b); j < to; ++j) {
        dir[j] += -a * y[j];
        dir[j] = float(dir[j] * gamma);
        next += double(y[j]) * dir[j];
      }
      partials_[b] = next;
    }
    return;
  }
  if (resume_ == Resume::forth) {
    const int i = i_++;
    const float b = float(alpha_[size_t(i)] - rho_[size_t(i)] * sums[0]);
    const float* s = S_[size_t(i)].data();
    if (i + 1 == m_) return sum_slope(s, b);
    return sum_update(b, s, Y_[size_t(i) + 1].data(), Resume::forth);
  }
  // Resume::sloped
  slope_ = sums[0];
  double dd = sums[1];
  if (slope_ >= 0) {  // not a descent direction (numerical trouble): restart from steepest descent
    S_.clear(), Y_.clear(), rho_.clear();
    const std::vector<float>& p = pg();
    for (size_t j = 0; j < d_; ++j) dir[j] = -p[j];
    const double gnorm = std::sqrt(pp_);
    slope_ = -gnorm * gnorm;
    dd = pp_;  // (−p)ᵀ(−p), term by term
  }
  step_ = m_ == 0 ? 1.0 / std::max(1.0, std::sqrt(dd)) : 1.0;
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
