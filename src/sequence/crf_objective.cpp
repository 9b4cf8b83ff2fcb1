#include "sequence/crf_objective.hpp"

#include "sequence/forward_backward.hpp"
#include "sequence/viterbi.hpp"

namespace argmax {

CrfEvaluation crf_objective(const SequenceBatch& x, const ChainLayout& L, const std::vector<float>& w,
                            double lambda, double cost, std::vector<float>& grad, bool with_error) {
  const int k = L.labels;
  std::vector<double> g(L.dim(), 0.0);
  ChainScores s;
  ChainMarginals m;
  const std::vector<float> delta = hamming_delta(k);
  CrfEvaluation out;
  double error = 0;
  for (int i = 0; i < x.sequences(); ++i) {
    const int n = x.length(i);
    if (n == 0) continue;
    const int* gold = x.gold(i);
    fill_scores(w.data(), 1.f, L, x, i, s);
    const double gold_score = s.score(gold);
    if (with_error) {
      const LabelPath p = viterbi(s);
      int miss = 0;
      for (int t = 0; t < n; ++t) miss += p.labels[t] != gold[t];
      error += double(miss) / n;
    }
    if (cost > 0) add_node_loss(s, gold, delta, float(cost));
    forward_backward(s, m);
    out.objective += m.log_z - gold_score;
    const int64_t first = x.starts[i];
    for (int t = 0; t < n; ++t) {
      double* p = m.node.data() + size_t(t) * k;
      p[gold[t]] -= 1.0;
      for (int64_t q = x.ends[first + t]; q < x.ends[first + t + 1]; ++q) {
        double* row = g.data() + L.emission(x.ids[q], 0);
        if (x.values.empty()) {
          for (int y = 0; y < k; ++y) row[y] += p[y];
        } else {
          const double v = x.values[q];
          for (int y = 0; y < k; ++y) row[y] += v * p[y];
        }
      }
    }
    for (int a = 0; a < k * k; ++a) g[L.transition(0, 0) + a] += m.trans[a];
    for (int t = 1; t < n; ++t) g[L.transition(gold[t - 1], gold[t])] -= 1.0;
    for (int y = 0; y < k; ++y) g[L.start(y)] += m.start[y], g[L.end(y)] += m.end[y];
    g[L.start(gold[0])] -= 1.0, g[L.end(gold[n - 1])] -= 1.0;
  }
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

}  // namespace argmax
