// Forward–backward for a chain in log space: log Z, per-position marginals, expected transitions.
#pragma once
#include <vector>

#include "sequence/chain_scores.hpp"

namespace argmax {

struct ChainMarginals {
  int n = 0, k = 0;
  double log_z = 0;            // log Σ_y exp s(x, y)
  std::vector<double> node;    // n×k: p(y_t = s | x)
  std::vector<double> trans;   // k×k: Σ_{t≥2} p(y_{t−1} = s', y_t = s | x)   (expected transition counts)
  std::vector<double> start;   // k: p(y_1 = s | x)
  std::vector<double> end;     // k: p(y_n = s | x)
};

// p(y | x) = exp s(x, y) / Z (Lafferty et al. 2001). With α_{1,s} = start[s] + emit[1][s],
//   α_{τ,s} = emit[τ][s] + log Σ_{s'} exp(α_{τ−1,s'} + trans[s'][s]),   β_{n,s} = end[s],
//   β_{τ,s} = log Σ_{s'} exp(trans[s][s'] + emit[τ+1][s'] + β_{τ+1,s'}),  log Z = log Σ_s exp(α_{n,s} + end[s]),
//   p(y_τ = s) = exp(α_{τ,s} + β_{τ,s} − log Z),
//   p(y_{τ−1} = s', y_τ = s) = exp(α_{τ−1,s'} + trans[s'][s] + emit[τ][s] + β_{τ,s} − log Z).
// Each log-sum-exp is shifted by its maximum; exp(trans − max trans) is computed once per call,
// so a step costs k exps and a k×k product instead of k² exps (with an exact fallback when
// the shifted product underflows). −∞ scores (constraints) are allowed.
// `edges` = false skips the transition/start/end expectations.
void forward_backward(const ChainScores& s, ChainMarginals& out, bool edges = true);

// log Z alone (the forward pass).
double log_partition(const ChainScores& s);

// log p(y | x) = s(x, y) − log Z.
double log_probability(const ChainScores& s, const int* y);

}  // namespace argmax
