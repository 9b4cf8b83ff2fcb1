#include "learn/weights.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

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
  if (!touched_.empty())
    for (size_t j = 0; j < v_.size(); ++j)
      if (!touched_[j]) record(j);
  for (size_t j = 0; j < u_.size(); ++j) u_[j] -= sum_ * v_[j];
  for (float& x : v_) x = float(x * s_);
  sum_ = 0.0;
  s_ = 1.0;
}

void TrainedWeights::record(size_t j) {
  touched_[j] = 1;
  base_index_.push_back(uint32_t(j));
  base_v_.push_back(v_[j]);
  if (!u_.empty()) base_u_.push_back(u_[j]);
}

void TrainedWeights::track_changes() {
  touched_.assign(v_.size(), 0);
  base_index_.clear(), base_v_.clear(), base_u_.clear();
}

WeightChanges TrainedWeights::changes() const {
  WeightChanges c;
  c.index = base_index_;
  std::sort(c.index.begin(), c.index.end());
  for (uint32_t j : c.index) {
    c.v.push_back(v_[j]);
    if (!u_.empty()) c.u.push_back(u_[j]);
  }
  c.scale = s_, c.sum = sum_, c.steps = steps_;
  return c;
}

// Shard i's weights are base + changes: w_i = s_i·v_i and Σ_t w_t = S_i·v_i − u_i. The mix keeps the base's v
// and u where no shard changed anything, with scale Σ μ_i s_i and sum Σ μ_i S_i (exact there, as Σ μ_i = 1);
// a weight some shard changed gets v = Σ μ_i s_i v_ij / scale and u = sum·v − Σ μ_i (S_i v_ij − u_ij).
void TrainedWeights::mix(const std::vector<WeightChanges>& all, const std::vector<double>& mu) {
  require(!all.empty() && mu.size() == all.size(), "mixing needs one weight μ per shard");
  const bool average = !u_.empty();
  double scale = 0, sum = 0, steps = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    require(all[i].v.size() == all[i].index.size() && all[i].u.size() == (average ? all[i].index.size() : 0),
            "shard ", i, "'s changes do not fit this trainer");
    for (size_t k = 0; k < all[i].index.size(); ++k)
      require(all[i].index[k] < v_.size() && (k == 0 || all[i].index[k] > all[i].index[k - 1]),
              "shard ", i, "'s changes must name weights in increasing order, below ", v_.size());
    scale += mu[i] * all[i].scale, sum += mu[i] * all[i].sum, steps += mu[i] * all[i].steps;
  }
  require(scale > 0 && std::isfinite(scale) && std::isfinite(sum), "the mixed scale must be finite and positive");
  for (size_t k = 0; k < base_index_.size(); ++k) {  // back to the state before the epoch
    v_[base_index_[k]] = base_v_[k];
    if (average) u_[base_index_[k]] = base_u_[k];
  }
  // Merge the sorted lists: each weight any shard changed, once, in increasing order.
  std::vector<size_t> at(all.size(), 0);
  for (;;) {
    size_t j = v_.size();
    for (size_t i = 0; i < all.size(); ++i)
      if (at[i] < all[i].index.size()) j = std::min<size_t>(j, all[i].index[at[i]]);
    if (j == v_.size()) break;
    double w = 0, total = 0;
    for (size_t i = 0; i < all.size(); ++i) {
      const bool changed = at[i] < all[i].index.size() && all[i].index[at[i]] == j;
      const double v = changed ? all[i].v[at[i]] : v_[j];
      const double u = average ? (changed ? all[i].u[at[i]] : u_[j]) : 0.0;
      w += mu[i] * all[i].scale * v;
      total += mu[i] * (all[i].sum * v - u);
      at[i] += changed;
    }
    v_[j] = float(w / scale);
    if (average) u_[j] = sum * v_[j] - total;
  }
  s_ = scale, sum_ = sum, steps_ = steps, pending_ = 1.0;
  track_changes();
  if (s_ < 1e-6) fold_scale();
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
