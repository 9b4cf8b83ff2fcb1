#include "learn/weights.hpp"

namespace argmax {

void TrainedWeights::apply_shrink() {
  const double factor = pending_;
  pending_ = 1.0;
  if (factor <= 0) {  // w becomes 0: a dense change, recorded exactly for the average
    for (size_t j = 0; j < v_.size(); ++j) add(j, -float(s_ * v_[j]));
    return;
  }
  s_ *= factor;
  if (s_ < 1e-6) fold_scale();
}

// Moves s into v (v' = s·v, s' = 1) so v stays in float range. The running average restarts its
// scale sum: u' = u − S·v and S' = 0 leave Σ_t w_t = S·v − u unchanged, and keep S from growing
// by 1/s at every fold (which would cancel catastrophically in S·v − u).
void TrainedWeights::fold_scale() {
  for (size_t j = 0; j < u_.size(); ++j) u_[j] -= sum_ * v_[j];
  for (float& x : v_) x = float(x * s_);
  sum_ = 0.0;
  s_ = 1.0;
}

std::vector<float> TrainedWeights::current() const {
  std::vector<float> w(v_.size());
  for (size_t j = 0; j < w.size(); ++j) w[j] = float(s_ * v_[j]);
  return w;
}

std::vector<float> TrainedWeights::average() const {
  if (u_.empty() || steps_ == 0) return current();
  std::vector<float> w(v_.size());
  for (size_t j = 0; j < w.size(); ++j) w[j] = float((sum_ * v_[j] - u_[j]) / steps_);
  return w;
}

std::vector<float> TrainedWeights::release_average() {
  const bool averaged = !u_.empty() && steps_ > 0;
  for (size_t j = 0; j < v_.size(); ++j)
    v_[j] = averaged ? float((sum_ * v_[j] - u_[j]) / steps_) : float(s_ * v_[j]);
  std::vector<double>().swap(u_);
  s_ = 1.0, sum_ = 0.0, steps_ = 0;
  return std::move(v_);
}

double TrainedWeights::squared_norm() const {
  double n = 0;
  for (float x : v_) n += double(x) * x;
  return n * s_ * s_;
}

}  // namespace argmax
