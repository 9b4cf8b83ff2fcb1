// The batch CRF objective for L-BFGS (Lafferty et al. 2001; FML 9.24 with L ≡ 0):
//   F(w) = Σ_i [log Z(x_i) − s(x_i, y_i)] + (λ/2)‖w‖²,
//   ∇F   = Σ_i (E_{p(·|x_i)}[Ψ(x_i, Y)] − Ψ(x_i, y_i)) + λw,
// with the expectations from forward–backward. With cost c > 0 it is the softmax-margin objective
// (Gimpel & Smith 2010): Z(x_i) sums exp(s(x_i, y') + c·Σ_t [y'_t ≠ y_{i,t}]).
#pragma once
#include <vector>

#include "sequence/chain_weights.hpp"

namespace argmax {

struct CrfEvaluation {
  double objective = 0;
  double error = 0;  // mean normalised Hamming loss of Viterbi at w
};

// Returns F(w) and writes ∇F into grad (resized to the dimension).
CrfEvaluation crf_objective(const SequenceBatch& x, const ChainLayout& layout, const std::vector<float>& w,
                            double lambda, double cost, std::vector<float>& grad, bool with_error = true);

}  // namespace argmax
