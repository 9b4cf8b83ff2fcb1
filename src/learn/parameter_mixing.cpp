#include "learn/parameter_mixing.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace argmax {

std::vector<int> shard_examples(int m, int shards, int shard, uint64_t seed) {
  require(shards >= 1 && shard >= 0 && shard < shards, "shard ", shard, " of ", shards, " does not exist");
  std::vector<int> order(m);
  std::iota(order.begin(), order.end(), 0);
  if (shards > 1) Rng(~seed).shuffle(order);  // a stream apart from the shards' own shuffles
  std::vector<int> mine;
  for (int p = shard; p < m; p += shards) mine.push_back(order[p]);
  std::sort(mine.begin(), mine.end());
  return mine;
}

void check_state(const WeightState& s, size_t dim, bool average) {
  require(s.v.size() == dim, "the weight state has ", s.v.size(), " weights, expected ", dim);
  require(s.u.size() == (average ? dim : 0), "the weight state's averaging part has ", s.u.size(),
          " entries, expected ", average ? dim : 0);
  require(s.scale > 0 && std::isfinite(s.scale) && std::isfinite(s.sum) && s.steps >= 0,
          "the weight state's scale, sum and steps must be finite (scale > 0, steps ≥ 0)");
}

WeightState mix_weights(const std::vector<WeightStateView>& states, const std::vector<double>& mu, size_t dim) {
  require(!states.empty() && mu.size() == states.size(), "mixing needs one weight per state");
  const bool average = states[0].u != nullptr;
  for (const auto& s : states) require((s.u != nullptr) == average, "mixing states that average with ones that do not");
  if (states.size() == 1) return copy_state(states[0], dim);
  // The result has scale 1 and sum 0, so u = −Σ_t w_t.
  WeightState out;
  out.v.resize(dim);
  if (average) out.u.assign(dim, 0.0);
  for (size_t i = 0; i < states.size(); ++i) out.steps += mu[i] * states[i].steps;
  for (size_t j = 0; j < dim; ++j) {
    double w = 0, total = 0;
    for (size_t i = 0; i < states.size(); ++i) {
      const WeightStateView& s = states[i];
      w += mu[i] * (s.scale * s.v[j]);
      if (average) total += mu[i] * (s.sum * s.v[j] - s.u[j]);
    }
    out.v[j] = float(w);
    if (average) out.u[j] = -total;
  }
  return out;
}

}  // namespace argmax
