// The batch CRF objective for L-BFGS (Lafferty et al. 2001; FML 9.24 with L ≡ 0):
//   F(w) = Σ_i [log Z(x_i) − s(x_i, y_i)] + (λ/2)‖w‖²,
//   ∇F   = Σ_i (E_{p(·|x_i)}[Ψ(x_i, Y)] − Ψ(x_i, y_i)) + λw,
// with the expectations from forward–backward. With cost c > 0 it is the softmax-margin objective
// (Gimpel & Smith 2010): Z(x_i) sums exp(s(x_i, y') + c·Σ_t [y'_t ≠ y_{i,t}]).
#pragma once
#include <cstdint>
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

// The data term of a part of the batch, for fits that sum it over workers (sequence/chain_gradient_trainer.hpp):
// Σ_i ∇ℓ_i over sequences [from, to) in fixed point (each addend rounded to a multiple of 2^−bits, so that
// integer sums of any split are exact and the same bits in any order), added to out.gradient (dim() values: the
// caller zeroes the rows these sequences touch, and the transitions), and in terms each sequence's loss
// ℓ_i = log Z(x_i) − s(x_i, y_i) and Viterbi's normalised Hamming loss, in order (ℓ_from, error_from, ℓ_from+1, …),
// to be summed in sequence order.
struct CrfPart {
  std::vector<int64_t> gradient;
  std::vector<double> terms;
};
void crf_part(const SequenceBatch& x, const ChainLayout& layout, const std::vector<float>& w, double cost, int from,
              int to, int bits, CrfPart& out);
// The finest 2^−bits at which no sum of the whole batch's gradient can overflow an int64 (at most 40 bits).
int crf_fixed_point_bits(const SequenceBatch& x);

}  // namespace argmax
