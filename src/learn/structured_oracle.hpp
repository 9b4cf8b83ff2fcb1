// What the exact structured SVM solvers (learn/cutting_plane.hpp, learn/bcfw.hpp) ask of a problem, and
// the objective they share. For examples (x_i, y_i), i = 1..n, and a labelling ŷ of example i write
//   δψ_i(ŷ) = Ψ(x_i, y_i) − Ψ(x_i, ŷ),   Δ_i(ŷ) = Δ(ŷ, y_i).
// Both solvers minimise (Tsochantaridis et al. 2005; FML 9.22–9.23)
//   P(w) = ½‖w‖² + C Σ_i H_i(w),   H_i(w) = max_ŷ [Δ_i(ŷ) − ⟨w, δψ_i(ŷ)⟩]            (margin rescaling)
//                                  H_i(w) = max_ŷ Δ_i(ŷ)·[1 − ⟨w, δψ_i(ŷ)⟩]          (slack rescaling)
// — the second is the first with δψ scaled by Δ, so one oracle answer (Δ, δψ) serves both — through its dual
//   D(α) = Σ_i Σ_ŷ α_i(ŷ) Δ_i(ŷ) − ½‖w(α)‖²,  w(α) = Σ_i Σ_ŷ α_i(ŷ) δψ_i(ŷ),  α_i ≥ 0, Σ_ŷ α_i(ŷ) ≤ C.
// P(w(α)) − D(α) ≥ P(w(α)) − min P is the certified gap each solver reports; both stop once it is at most
// eps·C·n (no constraint violated by more than eps on average: SVM^struct's ε). This is the C of LIBLINEAR
// and of Crammer–Singer (sum of the losses); C = 1/(λn) turns it into λ/2‖w‖² + (1/n) Σ_i H_i.
//
// A problem provides
//   int size() const;  size_t dim() const;
//   Violation most_violated(const float* w, int i, Surrogate s, SparseAccumulator& psi) const;
// which finds ŷ = argmax of H_i's bracket at w (the loss-augmented argmax for margin rescaling), adds
// δψ_i(ŷ) (times Δ_i(ŷ) for slack rescaling) into psi, and returns Δ_i(ŷ) with the task loss of the plain
// prediction at w. Every problem here has H_i ≥ 0 (ŷ = y_i, or a target that is a mean of labellings of
// loss Δ*, is a candidate), so the zero constraint ξ_i ≥ 0 is implied.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "learn/online.hpp"

namespace argmax {

struct Violation {
  double loss = 0;   // Δ_i(ŷ) of the most violating labelling
  double error = 0;  // Δ(h_w(x_i), y_i), for the progress report
};

// Distinct indices with their values.
struct SparseVector {
  std::vector<uint32_t> index;
  std::vector<double> value;

  double dot(const double* w) const {
    double s = 0;
    for (size_t q = 0; q < index.size(); ++q) s += value[q] * w[index[q]];
    return s;
  }
  double squared_norm() const {
    double s = 0;
    for (double v : value) s += v * v;
    return s;
  }
};

// Builds a SparseVector from contributions in any order: a dense scratch array and the touched indices,
// so a sum costs O(contributions) and take() costs O(distinct indices).
class SparseAccumulator {
 public:
  explicit SparseAccumulator(size_t dim) : sum_(dim, 0.0), seen_(dim, 0) {
    require(uint64_t(dim) < (uint64_t(1) << 32), "the structured solvers index at most 2^32 weights; got ", dim);
  }
  // (called per coordinate, so inlined even in the size-optimised build; the other two are in
  // structured_oracle.cpp, which is built for speed: CMakeLists.txt)
  [[gnu::always_inline]] void add(size_t j, double v) {
    if (!seen_[j]) seen_[j] = 1, touched_.push_back(uint32_t(j));
    sum_[j] += v;
  }
  void add(const SparseVector& v, double scale);
  // The sum so far (exact zeros dropped, indices in first-touched order); the accumulator is empty after.
  SparseVector take();

 private:
  std::vector<double> sum_;
  std::vector<char> seen_;
  std::vector<uint32_t> touched_;
};

struct StructuredSvmConfig {
  double C = 1.0;
  double eps = 1e-3;           // stop when (P − D)/(C·n) ≤ eps
  int max_iterations = 1000;   // cutting-plane rounds, or BCFW passes over the examples
  Surrogate surrogate = Surrogate::MarginRescaled;  // or SlackRescaled
  bool average = true;         // BCFW: output the weighted average of the iterates
  uint64_t seed = 1;           // BCFW: example order
};

// Σ_i H_i(w), one oracle call per example (psi: scratch of dim() entries).
template <class Problem>
double hinge_sum(const Problem& problem, const float* w, Surrogate surrogate, SparseAccumulator& psi) {
  double hinge = 0;
  for (int i = 0; i < problem.size(); ++i) {
    const Violation v = problem.most_violated(w, i, surrogate, psi);
    const SparseVector g = psi.take();
    double margin = 0;
    for (size_t q = 0; q < g.index.size(); ++q) margin += g.value[q] * w[g.index[q]];
    hinge += std::max(0.0, v.loss - margin);
  }
  return hinge;
}

// Throws InputError unless C > 0, eps > 0, max_iterations ≥ 1 and the surrogate is a rescaled hinge.
void check_structured_svm(const StructuredSvmConfig& config, int examples);

}  // namespace argmax
