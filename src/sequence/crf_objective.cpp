#include "sequence/crf_objective.hpp"

#include <cmath>

#include "core/error.hpp"
#include "sequence/forward_backward.hpp"
#include "sequence/viterbi.hpp"

namespace argmax {

namespace {

// The gradient's sum in doubles, as it comes.
struct DoubleSum {
  double* cells;
  // p as this sum adds it to a row
  const double* row(const double* p, int) { return p; }
  void add(double& cell, double v) const { cell += v; }
};

// The gradient's sum in fixed point: every addend rounded to the nearest multiple of 2^−bits (ties to even:
// nearbyint is one instruction in wasm, where llround is a call), then added as an integer. Integer sums are
// exact, so any split of the sequences, summed in any order, gives the same bits.
struct FixedSum {
  int64_t* cells;
  double unit;  // 2^bits
  std::vector<int64_t> rounded;
  static int64_t fixed(double v) { return int64_t(std::nearbyint(v)); }
  const int64_t* row(const double* p, int k) {
    rounded.resize(size_t(k));
    for (int y = 0; y < k; ++y) rounded[size_t(y)] = fixed(p[y] * unit);
    return rounded.data();
  }
  void add(int64_t& cell, double v) const { cell += fixed(v * unit); }
};

// Sequence i's loss ℓ_i = log Z(x_i) − s(x_i, y_i), with the marginals in m, the node marginals less the gold
// labelling's indicator (∇ℓ_i's emission part per position); error: Viterbi's normalised Hamming loss, if asked.
// (Not inlined: both sums share it.)
[[gnu::noinline]] double sequence_loss(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w,
                                       double cost, const std::vector<float>& delta, int i, bool with_error,
                                       ChainScores& s, ChainMarginals& m, double& error) {
  const int n = x.length(i), k = L.labels;
  const int* gold = x.gold(i);
  fill_scores(w.data(), 1.f, L, x, i, s);
  const double gold_score = s.score(gold);
  error = 0;
  if (with_error) {
    const LabelPath p = viterbi(s);
    int miss = 0;
    for (int t = 0; t < n; ++t) miss += p.labels[t] != gold[t];
    error = double(miss) / n;
  }
  if (cost > 0) add_node_loss(s, gold, delta, float(cost));
  forward_backward(s, m);
  for (int t = 0; t < n; ++t) m.node[size_t(t) * k + gold[t]] -= 1.0;
  return m.log_z - gold_score;
}

// The data term of sequences [from, to) at w: each sequence's loss and (with_error) error go to
// seen(i, ℓ_i, error_i), in order, and ∇ℓ_i to sum's cells.
template <class Sum, class Seen>
void add_data_term(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w, double cost, int from,
                   int to, bool with_error, Sum& sum, Seen&& seen) {
  const int k = L.labels;
  ChainScores s;
  ChainMarginals m;
  const std::vector<float> delta = hamming_delta(k);
  for (int i = from; i < to; ++i) {
    const int n = x.length(i);
    if (n == 0) continue;
    const int* gold = x.gold(i);
    double error = 0;
    const double loss = sequence_loss(x, L, w, cost, delta, i, with_error, s, m, error);
    seen(i, loss, error);
    const int64_t first = x.starts[i];
    for (int t = 0; t < n; ++t) {
      const double* p = m.node.data() + size_t(t) * k;
      const auto* as_added = x.values.empty() ? sum.row(p, k) : nullptr;
      for (int64_t q = x.ends[first + t]; q < x.ends[first + t + 1]; ++q) {
        auto* row = sum.cells + L.emission(x.ids[q], 0);
        if (x.values.empty()) {
          for (int y = 0; y < k; ++y) row[y] += as_added[y];
        } else {
          const double v = x.values[q];
          for (int y = 0; y < k; ++y) sum.add(row[y], v * p[y]);
        }
      }
    }
    for (int a = 0; a < k * k; ++a) sum.add(sum.cells[L.transition(0, 0) + a], m.trans[a]);
    for (int t = 1; t < n; ++t) sum.add(sum.cells[L.transition(gold[t - 1], gold[t])], -1.0);
    for (int y = 0; y < k; ++y) sum.add(sum.cells[L.start(y)], m.start[y]), sum.add(sum.cells[L.end(y)], m.end[y]);
    sum.add(sum.cells[L.start(gold[0])], -1.0), sum.add(sum.cells[L.end(gold[n - 1])], -1.0);
  }
}

}  // namespace

CrfEvaluation crf_objective(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w,
                            double lambda, double cost, std::vector<float>& grad, bool with_error) {
  std::vector<double> g(L.dim(), 0.0);
  DoubleSum sum{g.data()};
  CrfEvaluation out;
  double error = 0;
  add_data_term(x, L, w, cost, 0, x.sequences(), with_error, sum, [&](int, double loss, double e) {
    out.objective += loss;
    error += e;
  });
  double norm = 0;
  grad.resize(g.size());
  for (size_t j = 0; j < g.size(); ++j) {
    norm += double(w[j]) * w[j];
    grad[j] = float(g[j] + lambda * w[j]);
  }
  out.objective += 0.5 * lambda * norm;
  out.error = x.sequences() ? error / x.sequences() : 0;
  return out;
}

int crf_fixed_point_bits(const SequenceBatch& x) {
  double bound = 2.0 * double(x.tokens()) + double(x.ids.size());
  if (!x.values.empty()) {
    bound = 2.0 * double(x.tokens());
    for (const float v : x.values) bound += std::fabs(double(v));
  }
  require(std::isfinite(bound), "the feature values sum to more than a double holds");
  // |Σ ∇ℓ_i| ≤ bound in every cell (|p(y) − [y = gold]| ≤ 1), and rounding adds at most ½ per addend: with
  // bound·2^bits ≤ 2^60 no integer sum reaches 2^63. Finer than 2^−40 buys nothing at float precision.
  const int bits = std::min(40, 60 - int(std::ceil(std::log2(bound + 1))));
  require(bits >= 0, "the feature values are too large for an exact parallel sum (", bound, "); train on one thread");
  return bits;
}

void crf_part(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w, double cost, int from,
              int to, int bits, CrfPart& out) {
  out.terms.clear();
  FixedSum sum{out.gradient.data(), std::ldexp(1.0, bits), {}};
  add_data_term(x, L, w, cost, from, to, true, sum, [&](int, double loss, double e) {
    out.terms.push_back(loss), out.terms.push_back(e);
  });
}

}  // namespace argmax
