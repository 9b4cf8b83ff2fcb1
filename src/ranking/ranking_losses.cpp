#include "ranking/ranking_losses.hpp"

#include <cmath>

#include "core/permutation.hpp"
#include "metrics/pair_counts.hpp"

namespace argmax {

double zero_one_ranking_loss(const double* predicted, const float* truth, int32_t r) {
  return ascending_positions(predicted, r) == ascending_positions(truth, r) ? 0.0 : 1.0;
}

namespace {
int sign(double x) { return (x > 0) - (x < 0); }
}  // namespace

double kendall_tau_loss_quadratic(const double* predicted, const float* truth, int32_t r) {
  if (r < 2) return 0;
  long long wrong = 0;
  for (int32_t i = 0; i < r; ++i)
    for (int32_t j = i + 1; j < r; ++j)
      wrong += sign(predicted[i] - predicted[j]) != sign(double(truth[i]) - double(truth[j]));
  return 2.0 * double(wrong) / (double(r) * (r - 1));
}

// Agreeing pairs = pairs ordered the same strict way in both vectors + pairs tied in both (count_pairs).
double kendall_tau_loss(const double* predicted, const float* truth, int32_t r) {
  if (r < 2) return 0;
  const PairCounts n = count_pairs(predicted, truth, r);
  return double(n.pairs - n.concordant - n.tied_both) / double(n.pairs);
}

double top_k_discount(int32_t p, int32_t k) { return p >= 1 && p <= k ? 1.0 / std::log2(double(p) + 1.0) : 0.0; }

template <typename Gain>
double top_k_gain(const std::vector<int32_t>& order, const Gain* gain, int32_t r, int32_t k) {
  double g = 0;
  for (int32_t p = 1; p <= r && p <= k; ++p) g += top_k_discount(p, k) * gain[order[p - 1]];
  return g;
}
template double top_k_gain(const std::vector<int32_t>&, const float*, int32_t, int32_t);
template double top_k_gain(const std::vector<int32_t>&, const double*, int32_t, int32_t);

double ndcg_loss(const double* predicted, const float* truth, int32_t r, int32_t k) {
  const double best = top_k_gain(order_best_first(truth, r), truth, r, k);
  return best > 0 ? 1.0 - top_k_gain(order_best_first(predicted, r), truth, r, k) / best : 0.0;
}

}  // namespace argmax
