// Best labellings of a chain: Viterbi, loss-augmented Viterbi and constrained decoding.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sequence/chain_scores.hpp"

namespace argmax {

struct LabelPath {
  std::vector<int> labels;
  double score = 0;  // s(x, labels) under the scores that were decoded
};

// argmax_y s(x, y) by Viterbi (SSBD 17.5):
//   M_{1,s} = start[s] + emit[1][s]
//   M_{τ,s} = emit[τ][s] + max_{s'} (M_{τ−1,s'} + trans[s'][s]),  back-pointer I_{τ,s} = the argmax s'
//   best    = max_s M_{n,s} + end[s], then follow I backwards.  O(n k²) time, O(n k) memory.
// Ties go to the lowest label index (at every max). Throws InputError when every labelling
// scores −∞ (constraints that cannot be met).
LabelPath viterbi(const ChainScores& s);

// Per-position loss δ(y', y_t) as a k×k table (row = predicted y', column = gold y_t).
// hamming_delta(k) is 1 − [y' = y].
std::vector<float> hamming_delta(int k);

// Loss augmentation (SSBD ex. 17.3): for Δ(y', y) = weight·Σ_t δ(y'_t, y_t), adds weight·δ(s, y_t)
// to every node, so viterbi() then returns argmax_{y'} Δ(y', y) + s(x, y'). SSBD's normalised
// Hamming loss is weight = 1/n with hamming_delta. A position whose gold label is −1 (one the model
// does not have) is left alone: every label misses it alike, a constant that no argmax sees.
void add_node_loss(ChainScores& s, const int* gold, const std::vector<float>& delta, float weight);

// Hamming loss weight·Σ_t [y_t ≠ gold_t] of a labelling of n positions; gold[t] = −1 differs from every label.
double hamming_loss(const int* y, const int* gold, int n, double weight = 1.0);

// A labelling decoded against a reference: its score s(x, y') under the chain's own scores (no loss
// added) and its Hamming loss Δ(y', y) = weight·Σ_t [y'_t ≠ y_t] against the reference y.
struct ReferencedPath {
  LabelPath path;
  double loss = 0;
};

// Decoding against a reference labelling gold[0..n) (−1 = a label the model lacks, missed by every label):
//   plain:          y' = argmax_{y'} s(x, y')             (viterbi)
//   loss_augmented: y' = argmax_{y'} Δ(y', y) + s(x, y')  (add_node_loss with hamming_delta, then viterbi:
//                   the structured SVM's separation oracle, margin rescaling, SSBD ex. 17.3)
// with Δ the Hamming loss times `weight` (1: the count of mismatches; 1/n: the normalised loss the ssvm
// trainers use). Reports s(x, y') without the loss, and Δ(y', y).
ReferencedPath decode_against(const ChainScores& s, const int* gold, bool loss_augmented, double weight = 1.0);

// Hard constraints for decoding: disallowed transitions (such as O → I-PER), disallowed first and
// last labels, and positions whose label is fixed in advance.
struct ChainConstraints {
  int k = 0;
  std::vector<uint8_t> forbidden_transition;  // k×k [prev*k + cur], empty = all allowed
  std::vector<uint8_t> forbidden_start;       // k, empty = all allowed
  std::vector<uint8_t> forbidden_end;         // k, empty = all allowed
  std::vector<int> forced;                    // per position: a label, or −1 = free; may be shorter than n

  // BIO/BIOES rules from label names: I-X (and E-X) may only follow B-X or I-X, a sequence may not
  // start with I-X/E-X, and with BIOES B-X/I-X must be continued by I-X/E-X.
  static ChainConstraints bio(const std::vector<std::string>& labels);
};

// Sets every score the constraints forbid to −∞ (checks labels and sizes).
void apply_constraints(ChainScores& s, const ChainConstraints& c);

}  // namespace argmax
