// ECOC code matrices M ∈ {−1, 0, +1}^{k×c} (Dietterich & Bakiri 1995; Allwein, Schapire & Singer 2000;
// FML 9.4.3): row l is the code word of class l, column j a binary problem on the classes with ±1
// (classes with 0 are left out of it).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.hpp"

namespace argmax {

class CodeMatrix {
 public:
  CodeMatrix() = default;
  // entries row-major, k·c values in {−1, 0, +1}; throws InputError on a malformed code (a column
  // without both a +1 and a −1, a value outside {−1, 0, 1}).
  CodeMatrix(int classes, int columns, std::vector<int8_t> entries);

  int classes() const { return k_; }
  int columns() const { return c_; }
  int8_t at(int l, int j) const { return m_[size_t(l) * c_ + j]; }
  const std::vector<int8_t>& entries() const { return m_; }

  // d(r, s) = Σ_j (1 − M_rj M_sj)/2: disagreements count 1, a 0 on either side counts ½.
  double row_distance(int r, int s) const;
  // d = min over pairs of rows; Hamming decoding corrects ⌊(d − 1)/2⌋ binary errors.
  double minimum_distance() const;
  int correctable_errors() const;

  // One-vs-all: k×k, +1 on the diagonal, −1 elsewhere.
  static CodeMatrix one_vs_all(int k);
  // One-vs-one: k × k(k−1)/2, column (i, j), i < j, has +1 for i, −1 for j, 0 elsewhere (pairs in
  // lexicographic order).
  static CodeMatrix one_vs_one(int k);
  // Exhaustive (Dietterich & Bakiri): all 2^(k−1) − 1 distinct splits of k ≤ 10 classes; d = 2^(k−2).
  static CodeMatrix exhaustive(int k);
  // Dense random (Allwein et al.): entries ±1 with probability ½; of `tries` draws, keep the one with
  // the largest minimum distance, every column having both signs and no two columns equal or opposite
  // when possible.
  static CodeMatrix dense_random(int k, int columns, Rng& rng, int tries = 100);
  // Sparse random ternary (Allwein et al.): 0 with probability ½, ±1 with probability ¼ each; same rule.
  static CodeMatrix sparse_random(int k, int columns, Rng& rng, int tries = 100);

 private:
  int k_ = 0, c_ = 0;
  std::vector<int8_t> m_;
};

// Default code lengths of Allwein et al.: ⌈10 log₂ k⌉ dense, ⌈15 log₂ k⌉ sparse.
int default_code_length(int k, bool sparse);

}  // namespace argmax
