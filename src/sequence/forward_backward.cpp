#include "sequence/forward_backward.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace argmax {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

double log_sum_exp(const double* v, int n) {
  double m = kNegInf;
  for (int i = 0; i < n; ++i) m = std::max(m, v[i]);
  if (m == kNegInf) return kNegInf;
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += std::exp(v[i] - m);
  return m + std::log(sum);
}

// exp(trans − tmax), shared by every step of one sequence.
struct TransitionExp {
  double tmax = kNegInf;
  std::vector<double> e;  // k×k
  explicit TransitionExp(const ChainScores& s) : e(s.trans.size()) {
    for (float x : s.trans) tmax = std::max(tmax, double(x));
    if (tmax == kNegInf) tmax = 0;
    for (size_t j = 0; j < e.size(); ++j) e[j] = std::exp(double(s.trans[j]) - tmax);
  }
};

// alpha[t*k + s] for all t.
void forward(const ChainScores& s, const TransitionExp& te, std::vector<double>& alpha) {
  const int n = s.n, k = s.k;
  alpha.resize(size_t(n) * k);
  for (int y = 0; y < k; ++y) alpha[y] = double(s.start[y]) + s.row(0)[y];
  std::vector<double> a(k), acc(k), direct(k);
  for (int t = 1; t < n; ++t) {
    const double* prev = alpha.data() + size_t(t - 1) * k;
    double* cur = alpha.data() + size_t(t) * k;
    const double m = *std::max_element(prev, prev + k);
    const float* e = s.row(t);
    if (m == kNegInf) {
      std::fill(cur, cur + k, kNegInf);
      continue;
    }
    for (int p = 0; p < k; ++p) a[p] = std::exp(prev[p] - m);
    std::fill(acc.begin(), acc.end(), 0.0);
    for (int p = 0; p < k; ++p) {
      const double ap = a[p];
      if (ap == 0) continue;
      const double* row = te.e.data() + size_t(p) * k;
      for (int y = 0; y < k; ++y) acc[y] += ap * row[y];
    }
    for (int y = 0; y < k; ++y) {
      if (acc[y] > 0 && std::isnormal(acc[y])) {
        cur[y] = e[y] + m + te.tmax + std::log(acc[y]);
      } else {  // shifted product underflowed (or the label is unreachable): exact log-sum-exp
        for (int p = 0; p < k; ++p) direct[p] = prev[p] + s.trans[size_t(p) * k + y];
        cur[y] = e[y] + log_sum_exp(direct.data(), k);
      }
    }
  }
}

double finish(const ChainScores& s, const std::vector<double>& alpha) {
  const int n = s.n, k = s.k;
  std::vector<double> v(k);
  for (int y = 0; y < k; ++y) v[y] = alpha[size_t(n - 1) * k + y] + s.end[y];
  return log_sum_exp(v.data(), k);
}

}  // namespace

double log_partition(const ChainScores& s) {
  if (s.n == 0) return 0;
  TransitionExp te(s);
  std::vector<double> alpha;
  forward(s, te, alpha);
  return finish(s, alpha);
}

double log_probability(const ChainScores& s, const int* y) { return s.score(y) - log_partition(s); }

void forward_backward(const ChainScores& s, ChainMarginals& out, bool edges) {
  const int n = s.n, k = s.k;
  out.n = n, out.k = k;
  out.node.assign(size_t(n) * k, 0.0);
  out.trans.assign(edges ? size_t(k) * k : 0, 0.0);
  out.start.assign(edges ? k : 0, 0.0);
  out.end.assign(edges ? k : 0, 0.0);
  out.log_z = 0;
  if (n == 0) return;
  TransitionExp te(s);
  std::vector<double> alpha, beta(size_t(n) * k);
  forward(s, te, alpha);
  const double log_z = out.log_z = finish(s, alpha);
  // β, and b[s'] = emit[τ+1][s'] + β_{τ+1,s'} which the edge marginals reuse.
  for (int y = 0; y < k; ++y) beta[size_t(n - 1) * k + y] = s.end[y];
  std::vector<double> b(k), bexp(k), acc(k), direct(k);
  for (int t = n - 2; t >= 0; --t) {
    const double* nb = beta.data() + size_t(t + 1) * k;
    const float* e = s.row(t + 1);
    for (int y = 0; y < k; ++y) b[y] = e[y] + nb[y];
    double* cur = beta.data() + size_t(t) * k;
    const double m = *std::max_element(b.begin(), b.end());
    if (m == kNegInf) {
      std::fill(cur, cur + k, kNegInf);
      continue;
    }
    for (int y = 0; y < k; ++y) bexp[y] = std::exp(b[y] - m);
    for (int p = 0; p < k; ++p) {
      const double* row = te.e.data() + size_t(p) * k;
      double sum = 0;
      for (int y = 0; y < k; ++y) sum += row[y] * bexp[y];
      if (sum > 0 && std::isnormal(sum)) {
        cur[p] = m + te.tmax + std::log(sum);
      } else {
        for (int y = 0; y < k; ++y) direct[y] = s.trans[size_t(p) * k + y] + b[y];
        cur[p] = log_sum_exp(direct.data(), k);
      }
    }
  }
  if (!std::isfinite(log_z)) return;  // no labelling is allowed: all marginals stay 0
  for (size_t j = 0; j < out.node.size(); ++j) {
    const double v = alpha[j] + beta[j] - log_z;
    out.node[j] = v == kNegInf ? 0.0 : std::exp(v);
  }
  if (!edges) return;
  for (int y = 0; y < k; ++y) {
    out.start[y] = out.node[y];
    out.end[y] = out.node[size_t(n - 1) * k + y];
  }
  // p(s', s) at τ = exp(α_{τ−1,s'} − A) · exp(trans − tmax) · exp(emit[τ][s] + β_{τ,s} − B) · exp(A + B + tmax − log Z)
  std::vector<double> a(k);
  for (int t = 1; t < n; ++t) {
    const double* prev = alpha.data() + size_t(t - 1) * k;
    const double* bt = beta.data() + size_t(t) * k;
    const float* e = s.row(t);
    for (int y = 0; y < k; ++y) b[y] = e[y] + bt[y];
    const double A = *std::max_element(prev, prev + k), B = *std::max_element(b.begin(), b.end());
    if (A == kNegInf || B == kNegInf) continue;
    const double c = std::exp(A + B + te.tmax - log_z);
    if (std::isfinite(c) && c > 0) {
      for (int y = 0; y < k; ++y) bexp[y] = std::exp(b[y] - B) * c;
      for (int p = 0; p < k; ++p) {
        const double ap = std::exp(prev[p] - A);
        if (ap == 0) continue;
        const double* row = te.e.data() + size_t(p) * k;
        double* acc_row = out.trans.data() + size_t(p) * k;
        for (int y = 0; y < k; ++y) acc_row[y] += ap * row[y] * bexp[y];
      }
    } else {
      for (int p = 0; p < k; ++p)
        for (int y = 0; y < k; ++y) {
          const double v = prev[p] + s.trans[size_t(p) * k + y] + b[y] - log_z;
          if (v != kNegInf) out.trans[size_t(p) * k + y] += std::exp(v);
        }
    }
  }
}

}  // namespace argmax
