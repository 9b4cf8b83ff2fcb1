// The cumulative L1 penalty of Tsuruoka, Tsujii & Ananiadou (2009) for the online trainers
// (learn/online.hpp): SGD on (1/m) Σ ℓ + c‖w‖₁ that ends with exact zeros. Every step adds η·c to u,
// the penalty each weight could have received so far; each weight the step may touch is then pulled
// towards 0 by what it has not yet received, never past 0 (q_j: the penalty it did receive):
//   w_j > 0: w_j ← max(0, w_j − (u + q_j));   w_j < 0: w_j ← min(0, w_j + (u − q_j));   q_j += change.
// With averaging, the output is the average restricted to the last iterate's nonzeros, so the
// zeros the penalty found survive.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "learn/online.hpp"

namespace argmax {

// Wraps a problem; coordinates(i, f) calls f(j) for every weight j that step i may change and the
// penalty covers (the others, e.g. a chain's transitions, are left unpenalised).
template <class Problem, class Coordinates>
class CumulativeL1 {
 public:
  CumulativeL1(const Problem& problem, double c, Coordinates coordinates)
      : problem_(problem), c_(c), coordinates_(coordinates), received_(problem.dim(), 0.f), zero_(problem.dim(), 0) {}

  int size() const { return problem_.size(); }
  size_t dim() const { return problem_.dim(); }

  StepResult step(TrainedWeights& w, int i, Surrogate surrogate, float eta) const {
    const StepResult r = problem_.step(w, i, surrogate, eta);
    total_ += double(eta) * c_;
    coordinates_(i, [&](size_t j) {
      const double z = w.view()[j];
      double to = z;
      if (z > 0) to = std::max(0.0, z - (total_ + received_[j]));
      else if (z < 0) to = std::min(0.0, z + (total_ - received_[j]));
      if (to != z) w.add(j, float(to - z)), received_[j] += float(to - z);
      zero_[j] = to == 0;
    });
    return r;
  }

  // Zeroes the weights that are 0 in the last iterate.
  void keep_support(std::vector<float>& w) const {
    for (size_t j = 0; j < w.size(); ++j)
      if (zero_[j]) w[j] = 0;
  }

 private:
  const Problem& problem_;
  double c_;
  Coordinates coordinates_;
  mutable double total_ = 0;
  mutable std::vector<float> received_;
  mutable std::vector<uint8_t> zero_;
};

template <class Problem, class Coordinates>
std::vector<float> train_online_l1(const Problem& problem, const OnlineConfig& config, double c,
                                   Coordinates coordinates, const ProgressFn& progress, std::vector<float> start = {}) {
  const CumulativeL1<Problem, Coordinates> penalised(problem, c, coordinates);
  std::vector<float> w = train_online(penalised, config, progress, std::move(start));
  penalised.keep_support(w);
  return w;
}

}  // namespace argmax
