#include "learn/simplex_qp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/error.hpp"

namespace argmax {

SimplexQpResult solve_simplex_qp(const std::vector<double>& G, const std::vector<double>& b, double C,
                                 std::vector<double>& alpha, double tol, int max_iterations) {
  const int K = int(b.size());
  require(G.size() == size_t(K) * K && alpha.size() == size_t(K), "simplex QP: G must be K×K and α of size K");
  require(C > 0 && std::isfinite(C), "simplex QP: C must be a finite number > 0");
  for (double v : G) require(std::isfinite(v), "simplex QP: G has a non-finite entry");
  for (double v : b) require(std::isfinite(v), "simplex QP: b has a non-finite entry");
  double mass = 0;
  for (double a : alpha) {
    require(a >= 0, "simplex QP: the start must have α ≥ 0");
    mass += a;
  }
  require(mass <= C * (1 + 1e-12), "simplex QP: the start must have Σα ≤ C");
  // Coordinate K is the slack α_0; its row of G and its b are 0.
  std::vector<double> a(alpha), grad(K + 1, 0.0);
  a.push_back(std::max(0.0, C - mass));
  for (int c = 0; c < K; ++c) {
    double g = -b[c];
    for (int e = 0; e < K; ++e) g += G[size_t(c) * K + e] * a[e];
    grad[c] = g;
  }
  auto Gat = [&](int c, int e) { return c == K || e == K ? 0.0 : G[size_t(c) * K + e]; };
  // Scale for the tolerance: gradients are of the order of b and of G·α.
  double scale = 1;
  for (int c = 0; c < K; ++c) scale = std::max(scale, std::fabs(b[c]));
  const double limit = tol * scale;
  SimplexQpResult result;
  const double inf = std::numeric_limits<double>::infinity();
  for (;;) {
    // down: the positive coordinate with the largest gradient; the violation against the smallest gradient.
    int down = -1;
    double gmin = inf;
    for (int c = 0; c <= K; ++c) {
      if (a[c] > 0 && (down < 0 || grad[c] > grad[down])) down = c;
      gmin = std::min(gmin, grad[c]);
    }
    result.violation = down < 0 ? 0.0 : grad[down] - gmin;
    if (result.violation <= limit) {
      result.converged = true;
      break;
    }
    if (result.iterations >= max_iterations) break;
    ++result.iterations;
    // up: among coordinates with a smaller gradient, the one whose pair step decreases f most.
    int up = -1;
    double best = 0;
    for (int c = 0; c <= K; ++c) {
      const double diff = grad[down] - grad[c];
      if (diff <= 0) continue;
      const double curvature = Gat(c, c) + Gat(down, down) - 2 * Gat(c, down);
      const double gain = curvature > 1e-12 * scale ? diff * diff / curvature : inf;
      if (up < 0 || gain > best) up = c, best = gain;
    }
    const double diff = grad[down] - grad[up];
    const double curvature = Gat(up, up) + Gat(down, down) - 2 * Gat(up, down);
    const double t = curvature > 1e-12 * scale ? std::min(diff / curvature, a[down]) : a[down];
    a[up] += t, a[down] -= t;
    if (a[down] < 1e-300) a[down] = 0;
    for (int c = 0; c < K; ++c) grad[c] += t * (Gat(c, up) - Gat(c, down));
  }
  a.pop_back();
  alpha = a;
  return result;
}

}  // namespace argmax
