// Impurities of both sides of a threshold sweep, updated in O(1) per example that crosses (Breiman et al.
// 1984, ch. 4; scikit-learn's ClassificationCriterion.update keeps the same running sums).
//
// For a side with class weights w_l and total W, write R = W·F (its weighted impurity). A split of the
// known examples K into "yes" and "no" decreases the impurity by
//   R(K) − R(yes) − R(no) = P(yes) + P(no) − P(K)
// for a "proxy" P with P(yes) + P(no) − P(K) equal to that difference:
//   Gini               R = W − Σ_l w_l²/W          P = S/W,  S = Σ_l w_l²
//   entropy (bits)     R = W log₂W − Σ_l w_l log₂w_l   P = E − W log₂W,  E = Σ_l w_l log₂w_l
//   misclassification  R = W − max_l w_l           P = max_l w_l
// Moving weight w of class c from "no" to "yes" changes S by w(2w_c + w) on one side and w(w − 2w_c) on the
// other, and E by one term per side, so Gini and entropy cost O(1) per step; misclassification takes the
// maximum over the classes of the "no" side, O(k) per candidate.
//
// Every sweep has the same interface:  State s = start(known) puts the known class weights on the "no"
// side; move(s, i) moves example i to "yes"; proxy(s) = P(yes) + P(no); proxy_of(cw) = P of one class-weight
// vector. The running sums live in the small State the caller keeps as a local, so they stay in registers.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "trees/impurity.hpp"

namespace argmax {

class GiniSweep {
 public:
  struct State {
    double s_yes, w_yes, s_no, w_no;
  };
  GiniSweep(const int32_t* y, const double* w, int k) : y_(y), w_(w), k_(k), yes_(k), no_(k) {}
  State start(const double* known) {
    State s{0, 0, 0, 0};
    for (int l = 0; l < k_; ++l) {
      yes_[l] = 0, no_[l] = known[l];
      s.s_no += known[l] * known[l], s.w_no += known[l];
    }
    return s;
  }
  void move(State& s, int32_t i) {
    const int c = y_[i];
    const double w = w_[i];
    s.s_yes += w * (2 * yes_[c] + w), yes_[c] += w, s.w_yes += w;
    s.s_no += w * (w - 2 * no_[c]), no_[c] -= w, s.w_no -= w;
  }
  static double proxy(const State& s) { return side(s.s_yes, s.w_yes) + side(s.s_no, s.w_no); }
  double proxy_of(const double* cw) const {
    double s = 0, total = 0;
    for (int l = 0; l < k_; ++l) s += cw[l] * cw[l], total += cw[l];
    return total > 0 ? s / total : 0;
  }

 private:
  // S/W lies in [W/k, W]. Kept in [0, W], a side whose weights cancelled to a rounding residue (the rest
  // of the sweep has weight 0) counts as the near-empty side it is.
  static double side(double s, double w) { return w > 0 ? std::max(0.0, std::min(s / w, w)) : 0; }
  const int32_t* y_;
  const double* w_;
  int k_;
  std::vector<double> yes_, no_;
};

// Gini when every weight is 1: counts and sums of squared counts are integers, so the running sums are
// exact and cost integer additions (one cycle, where a chain of floating-point additions costs four).
class GiniCountSweep {
 public:
  struct State {
    int64_t s_yes, s_no;
    int32_t n_yes, n_no;
  };
  GiniCountSweep(const int32_t* y, int k) : y_(y), k_(k), yes_(k), no_(k) {}
  State start(const double* known) {
    State s{0, 0, 0, 0};
    for (int l = 0; l < k_; ++l) {
      yes_[l] = 0, no_[l] = int32_t(known[l]);
      s.s_no += int64_t(no_[l]) * no_[l], s.n_no += no_[l];
    }
    return s;
  }
  void move(State& s, int32_t i) {
    const int c = y_[i];
    const int32_t a = yes_[c]++, b = no_[c]--;
    s.s_yes += 2 * int64_t(a) + 1, s.s_no += 1 - 2 * int64_t(b);
    ++s.n_yes, --s.n_no;
  }
  static double proxy(const State& s) {
    return (s.n_yes > 0 ? double(s.s_yes) / s.n_yes : 0) + (s.n_no > 0 ? double(s.s_no) / s.n_no : 0);
  }
  double proxy_of(const double* cw) const {
    int64_t sum = 0, total = 0;
    for (int l = 0; l < k_; ++l) sum += int64_t(cw[l]) * int64_t(cw[l]), total += int64_t(cw[l]);
    return total > 0 ? double(sum) / double(total) : 0;
  }

 private:
  const int32_t* y_;
  int k_;
  std::vector<int32_t> yes_, no_;
};

// Entropy when every weight is 1: the terms n log₂ n come from a table, in fixed point (64-bit integers),
// so the sums are exact and two partitions with the same class counts get bit-identical gains, whatever
// order the examples crossed in (exact ties stay ties).
class EntropyCountSweep {
 public:
  struct State {
    int64_t e_yes, e_no;
    int32_t n_yes, n_no;
  };
  EntropyCountSweep(const int32_t* y, int k, int max_count) : y_(y), k_(k), yes_(k), no_(k), table_(max_count + 1) {
    // Largest sum: max_count·log₂(max_count) · 2^bits must stay below 2^62.
    const double top = std::max(2.0, max_count * portable_log2(std::max(2, max_count)));
    const int bits = std::min(40, 62 - int(std::ceil(portable_log2(top))));
    scale_ = std::ldexp(1.0, bits);
    for (int n = 2; n <= max_count; ++n) table_[n] = std::llround(n * portable_log2(double(n)) * scale_);
  }
  State start(const double* known) {
    State s{0, 0, 0, 0};
    for (int l = 0; l < k_; ++l) {
      yes_[l] = 0, no_[l] = int32_t(known[l]);
      s.e_no += table_[no_[l]], s.n_no += no_[l];
    }
    return s;
  }
  void move(State& s, int32_t i) {
    const int c = y_[i];
    s.e_yes += table_[yes_[c] + 1] - table_[yes_[c]], ++yes_[c], ++s.n_yes;
    s.e_no += table_[no_[c] - 1] - table_[no_[c]], --no_[c], --s.n_no;
  }
  double proxy(const State& s) const {
    return double((s.e_yes - table_[s.n_yes]) + (s.e_no - table_[s.n_no])) / scale_;
  }
  double proxy_of(const double* cw) const {
    int64_t e = 0;
    int32_t total = 0;
    for (int l = 0; l < k_; ++l) e += table_[int32_t(cw[l])], total += int32_t(cw[l]);
    return double(e - table_[total]) / scale_;
  }

 private:
  const int32_t* y_;
  int k_;
  std::vector<int32_t> yes_, no_;
  std::vector<int64_t> table_;  // round(n log₂ n · scale)
  double scale_ = 1;
};

// Entropy with arbitrary weights: each side keeps w_l log₂ w_l per class, so a move costs two logarithms.
class EntropySweep {
 public:
  struct State {
    double e_yes, w_yes, e_no, w_no;
  };
  EntropySweep(const int32_t* y, const double* w, int k)
      : y_(y), w_(w), k_(k), yes_(k), no_(k), yes_term_(k), no_term_(k) {}
  static double xlogx(double x) { return x > 0 ? x * portable_log2(x) : 0; }
  State start(const double* known) {
    State s{0, 0, 0, 0};
    for (int l = 0; l < k_; ++l) {
      yes_[l] = yes_term_[l] = 0;
      no_[l] = known[l], no_term_[l] = xlogx(known[l]);
      s.e_no += no_term_[l], s.w_no += known[l];
    }
    return s;
  }
  void move(State& s, int32_t i) {
    const int c = y_[i];
    const double w = w_[i];
    if (w == 0) return;
    yes_[c] += w, no_[c] -= w, s.w_yes += w, s.w_no -= w;
    const double ty = xlogx(yes_[c]), tn = xlogx(no_[c]);
    s.e_yes += ty - yes_term_[c], s.e_no += tn - no_term_[c];
    yes_term_[c] = ty, no_term_[c] = tn;
  }
  static double proxy(const State& s) { return (s.e_yes - xlogx(s.w_yes)) + (s.e_no - xlogx(s.w_no)); }
  double proxy_of(const double* cw) const {
    double e = 0, total = 0;
    for (int l = 0; l < k_; ++l) e += xlogx(cw[l]), total += cw[l];
    return e - xlogx(total);
  }

 private:
  const int32_t* y_;
  const double* w_;
  int k_;
  std::vector<double> yes_, no_, yes_term_, no_term_;
};

class MisclassificationSweep {
 public:
  struct State {
    double best_yes;  // "yes" weights only grow, so their maximum is kept as they do
  };
  MisclassificationSweep(const int32_t* y, const double* w, int k) : y_(y), w_(w), k_(k), yes_(k), no_(k) {}
  State start(const double* known) {
    for (int l = 0; l < k_; ++l) yes_[l] = 0, no_[l] = known[l];
    return {0};
  }
  void move(State& s, int32_t i) {
    const int c = y_[i];
    yes_[c] += w_[i], no_[c] -= w_[i];
    s.best_yes = std::max(s.best_yes, yes_[c]);
  }
  double proxy(const State& s) const { return s.best_yes + *std::max_element(no_.begin(), no_.end()); }
  double proxy_of(const double* cw) const { return *std::max_element(cw, cw + k_); }

 private:
  const int32_t* y_;
  const double* w_;
  int k_;
  std::vector<double> yes_, no_;
};

}  // namespace argmax
