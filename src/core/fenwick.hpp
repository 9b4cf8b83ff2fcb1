// A Fenwick (binary indexed) tree of sums over 0..n-1: add and prefix sum in O(log n).
// Used by the O(r log r) pairwise counts (metrics/pair_counts.hpp, the Kendall hinge, oracle candidate counts).
#pragma once
#include <algorithm>
#include <vector>

namespace argmax {

template <class T>
class Fenwick {
 public:
  explicit Fenwick(int n) : tree_(size_t(n) + 1, T(0)) {}
  void add(int i, T x) {
    for (++i; i < int(tree_.size()); i += i & -i) tree_[i] += x;
  }
  // Σ of entries 0..i-1 (i may be 0 or n).
  T prefix(int i) const {
    T s(0);
    for (; i > 0; i -= i & -i) s += tree_[i];
    return s;
  }

 private:
  std::vector<T> tree_;
};

// Dense ranks 0..L-1 of values (equal values share a rank, larger value = larger rank).
template <class V>
std::vector<int> dense_ranks(const V* value, int n, int* levels) {
  std::vector<V> sorted(value, value + n);
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::vector<int> rank(n);
  for (int i = 0; i < n; ++i)
    rank[i] = int(std::lower_bound(sorted.begin(), sorted.end(), value[i]) - sorted.begin());
  *levels = int(sorted.size());
  return rank;
}

}  // namespace argmax
