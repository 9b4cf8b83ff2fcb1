// The weight vector of the online trainers: w = s·v with a lazy scale s (Pegasos shrinks w by
// (1 − ηλ) every step in O(1)) and lazy averaging (Daumé's trick, generalised to a scale):
// with S_t = Σ_{τ≤t} s_τ, a change δ made to v_j at step t adds δ·(S_T − S_{t−1}) to Σ_t w_t,j,
// so keeping u_j = Σ δ·S_{t−1} gives Σ_t w_t = S_T·v − u at O(1) per changed coordinate.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace argmax {

// What a problem reads while scoring: ⟨w, ·⟩ = scale·⟨v, ·⟩.
struct ScaledWeights {
  const float* v;
  float scale;
  float operator[](size_t j) const { return scale * v[j]; }
};

// What one shard's epoch changed, for parameter mixing (learn/parameter_mixing.hpp): the weights it touched
// (increasing indices) with their v and u after the epoch (u empty without averaging), and its scalars.
struct WeightChanges {
  std::vector<uint32_t> index;
  std::vector<float> v;
  std::vector<double> u;
  double scale = 1.0, sum = 0.0, steps = 0.0;
};

class TrainedWeights {
 public:
  TrainedWeights(size_t dim, bool average) : v_(dim, 0.f), u_(average ? dim : 0, 0.0) {}
  TrainedWeights(std::vector<float> start, bool average)
      : v_(std::move(start)), u_(average ? v_.size() : 0, 0.0) {}

  size_t dim() const { return v_.size(); }
  ScaledWeights view() const { return {v_.data(), float(s_)}; }

  // w_j += a
  void add(size_t j, float a) {
    if (pending_ != 1.0) apply_shrink();
    if (!touched_.empty() && !touched_[j]) record(j);
    const float delta = float(a / s_);
    v_[j] += delta;
    if (!u_.empty()) u_[j] += double(delta) * sum_;
  }
  // w *= factor (factor ≥ 0), applied just before the next change, so the step in progress
  // still scores with the old w (Pegasos: w ← (1 − ηλ)w − η∇ℓ(w)).
  void shrink_next(double factor) { pending_ = factor; }
  // Closes one step: the current w joins the average.
  void end_step() {
    if (pending_ != 1.0) apply_shrink();
    sum_ += s_;
    ++steps_;
  }

  // Steps taken (Pegasos' t − 1). A double: a mixed state's count is a weighted mean.
  double steps() const { return steps_; }

  // Parameter mixing: from now on, remember which weights change (and their values before the change).
  void track_changes();
  // The weights changed since tracking began or since the last mix, with the scalars.
  WeightChanges changes() const;
  // Becomes Σ_i μ_i (shard i's weights), shard i's weights being the state before its epoch (the same in every
  // shard) with all[i]'s changes; all[i] for this object's own shard is its changes(). Every shard computes the
  // same numbers in the same order, so all hold the same state afterwards. Tracking starts again.
  void mix(const std::vector<WeightChanges>& all, const std::vector<double>& mu);

  std::vector<float> current() const;
  // (1/T) Σ_t w_t over the steps taken; the current w when averaging is off or no step was taken.
  std::vector<float> average() const;
  // The same, computed in place in v: the trainer's last use of w, one weight-sized array fewer at the
  // peak of memory (v, u and a copy would be 16 bytes per weight; this needs 12).
  std::vector<float> release_average();
  double squared_norm() const;

 private:
  void apply_shrink();
  void fold_scale();
  void record(size_t j);
  std::vector<float> v_;
  std::vector<double> u_;
  double s_ = 1.0, sum_ = 0.0, pending_ = 1.0;
  double steps_ = 0;
  // Change tracking (empty when off): a flag per weight and, per changed weight, its v and u before the change.
  std::vector<uint8_t> touched_;
  std::vector<uint32_t> base_index_;
  std::vector<float> base_v_;
  std::vector<double> base_u_;
};

}  // namespace argmax
