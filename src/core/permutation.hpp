// Orders and positions of a ranking.
//
// Two conventions meet here:
//  * a ranking as returned to users: an order, best first (order[0] is the top document);
//  * SSBD 17.4's π(y): π(y)_i = the position of y_i when y is sorted ascending (1 = lowest, r = top).
// Tie rule (both): equal values keep their input order, the earlier document ranking higher (a stable
// sort, best first). So π(y)_i = r + 1 − (best-first position of i), e.g. y = (2, 1, 6, −1, 0.5) gives
// order (2, 0, 1, 4, 3) and π(y) = (4, 3, 5, 1, 2).
#pragma once
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace argmax {

// Indices 0..r-1 sorted by value descending, ties by index ascending. O(r log r).
template <class T>
std::vector<int32_t> order_best_first(const T* value, int32_t r) {
  std::vector<int32_t> order(r);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [value](int32_t a, int32_t b) { return value[a] > value[b]; });
  return order;
}

// SSBD's π(y) (1-based, ascending; the top document has π = r), with the tie rule above.
template <class T>
std::vector<int32_t> ascending_positions(const T* value, int32_t r) {
  const std::vector<int32_t> order = order_best_first(value, r);
  std::vector<int32_t> pi(r);
  for (int32_t p = 0; p < r; ++p) pi[order[p]] = r - p;
  return pi;
}

}  // namespace argmax
