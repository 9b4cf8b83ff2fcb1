#include "trees/tree_grower.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "trees/impurity_sweep.hpp"

namespace argmax {
namespace {

struct Entry {
  float value;
  int32_t example;
};

// An unsigned key in the order of the values: −0 = +0, NaN after everything. key_value inverts it.
uint32_t sort_key(float v) {
  if (std::isnan(v)) return 0xFFFFFFFFu;
  if (v == 0) v = 0;
  uint32_t u;
  std::memcpy(&u, &v, sizeof u);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
float key_value(uint32_t key) {
  const uint32_t u = (key & 0x80000000u) ? (key & 0x7FFFFFFFu) : ~key;  // 0xFFFFFFFF gives a NaN
  float v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

// Sorts one column stably by value, NaN last: an LSD radix sort of (key << 32 | example) over the key's
// 11-bit digits, O(n) where a comparison sort is O(n log n); a digit shared by every entry skips its pass.
void sort_by_value(Entry* e, size_t n, std::vector<uint64_t>& a, std::vector<uint64_t>& b) {
  a.resize(n), b.resize(n);
  for (size_t p = 0; p < n; ++p) a[p] = uint64_t(sort_key(e[p].value)) << 32 | uint32_t(e[p].example);
  uint64_t *from = a.data(), *to = b.data();
  size_t count[2049];
  for (int shift : {32, 43, 54}) {
    std::fill(count, count + 2049, 0);
    for (size_t p = 0; p < n; ++p) ++count[((from[p] >> shift) & 2047) + 1];
    if (std::find(count + 1, count + 2049, n) != count + 2049) continue;
    for (size_t d = 1; d < 2049; ++d) count[d] += count[d - 1];
    for (size_t p = 0; p < n; ++p) to[count[(from[p] >> shift) & 2047]++] = from[p];
    std::swap(from, to);
  }
  for (size_t p = 0; p < n; ++p) e[p] = {key_value(uint32_t(from[p] >> 32)), int32_t(uint32_t(from[p]))};
}

struct Split {
  double gain = 0;
  int32_t feature = -1;
  float threshold = 0;
  bool categorical = false;
};

class Grower {
 public:
  Grower(const Rows& rows, const std::vector<int32_t>& subset, const std::vector<int32_t>& y,
         const std::vector<double>& w, int k, const TreeConfig& config)
      : y_(y), w_(w), k_(k), m_(int32_t(subset.size())), n_(rows.cols()), config_(config), rng_(config.seed),
        is_categorical_(size_t(n_), 0), has_nan_(size_t(n_), 0), side_(size_t(m_), 0), scratch_(size_t(m_)),
        known_(k), run_(k), rest_(k) {
    for (int32_t j : config.categorical) {
      require(j >= 0 && j < n_, "decision tree: categorical feature ", j, " out of range 0..", n_ - 1);
      is_categorical_[j] = 1;
    }
    presort(rows, subset);
  }

  void grow(std::vector<TreeNode>& nodes, std::vector<float>& dist) {
    bool unit = true;
    for (double x : w_) unit &= x == 1.0;
    switch (config_.criterion) {
      case Impurity::Gini: {
        GiniSweep s(y_.data(), w_.data(), k_);
        return grow_with(s, nodes, dist);
      }
      case Impurity::Entropy:
        if (unit) {
          EntropyCountSweep s(y_.data(), k_, m_);
          return grow_with(s, nodes, dist);
        } else {
          EntropySweep s(y_.data(), w_.data(), k_);
          return grow_with(s, nodes, dist);
        }
      case Impurity::Misclassification: {
        MisclassificationSweep s(y_.data(), w_.data(), k_);
        return grow_with(s, nodes, dist);
      }
    }
  }

 private:
  // A node still to grow: its range of every column, and the features that may still split it.
  struct Pending {
    int32_t lo, hi;
    int depth;
    int parent;
    bool yes;
    std::vector<double> class_weight;
    std::vector<int32_t> features;
  };

  const Entry* column(int32_t j) const { return entries_.data() + size_t(j) * m_; }
  Entry* column(int32_t j) { return entries_.data() + size_t(j) * m_; }

  void presort(const Rows& rows, const std::vector<int32_t>& subset) {
    require(double(m_) * n_ <= double(1 << 28), "decision tree: ", m_, " rows × ", n_,
            " columns is too large (trees read features densely; at most 2^28 values)");
    entries_.resize(size_t(m_) * n_);
    for (int32_t j = 0; j < n_; ++j)
      for (int32_t i = 0; i < m_; ++i) column(j)[i] = {0.f, i};
    for (int32_t i = 0; i < m_; ++i) {
      rows.row(subset[i]).for_each([&](int32_t j, float v) {
        require(j >= 0 && j < n_, "decision tree: row ", subset[i], " has column ", j, ", expected 0..", n_ - 1);
        require(!std::isinf(v), "decision tree: row ", subset[i], " has an infinite value at column ", j,
                " (NaN is allowed, meaning missing)");
        column(j)[i].value = v;
        if (std::isnan(v)) has_nan_[j] = 1;
      });
    }
    std::vector<uint64_t> a, b;
    for (int32_t j = 0; j < n_; ++j) sort_by_value(column(j), size_t(m_), a, b);
  }

  template <class Sweep>
  void grow_with(Sweep& sweep, std::vector<TreeNode>& nodes, std::vector<float>& dist) {
    Pending root{0, m_, 0, -1, true, std::vector<double>(k_, 0.0), std::vector<int32_t>(size_t(n_))};
    for (int32_t i = 0; i < m_; ++i) root.class_weight[y_[i]] += w_[i];
    for (int32_t j = 0; j < n_; ++j) root.features[j] = j;
    std::vector<Pending> stack;
    stack.push_back(std::move(root));
    while (!stack.empty()) {  // depth first, "yes" child first: nodes come out in preorder
      Pending node = std::move(stack.back());
      stack.pop_back();
      const int id = int(nodes.size());
      if (node.parent >= 0) (node.yes ? nodes[node.parent].yes : nodes[node.parent].no) = id;
      nodes.emplace_back();
      const std::vector<double>& cw = node.class_weight;
      double total = 0;
      for (double x : cw) total += x;
      nodes[id].weight = total;
      nodes[id].risk = total * impurity(config_.criterion, cw.data(), k_);
      for (int l = 0; l < k_; ++l) dist.push_back(total > 0 ? float(cw[l] / total) : 1.f / k_);
      const int32_t size = node.hi - node.lo;
      if (nodes[id].risk <= 0 || (config_.max_depth > 0 && node.depth >= config_.max_depth) ||
          size < 2 * config_.min_leaf || total <= 0)
        continue;
      const Split s = best_split(sweep, node.lo, node.hi, cw, total, node.features);
      if (s.feature < 0) continue;
      TreeNode& t = nodes[id];
      t.feature = s.feature, t.threshold = s.threshold, t.categorical = s.categorical;
      Pending yes{node.lo, node.lo, node.depth + 1, id, true, std::vector<double>(k_, 0.0), node.features};
      Pending no{node.lo, node.hi, node.depth + 1, id, false, std::vector<double>(k_, 0.0), std::move(node.features)};
      int32_t yes_count = 0;
      t.missing_yes = assign_sides(s, node.lo, node.hi, yes.class_weight, no.class_weight, yes_count);
      for (int32_t j : no.features) partition(j, node.lo, node.hi);
      yes.hi = no.lo = node.lo + yes_count;
      stack.push_back(std::move(no));
      stack.push_back(std::move(yes));
    }
  }

  // The best question at the node [lo, hi), trying `features` in a fresh random order. Drops from
  // `features` those that can no longer split anything in this subtree.
  template <class Sweep>
  Split best_split(Sweep& sweep, int32_t lo, int32_t hi, const std::vector<double>& cw, double total,
                   std::vector<int32_t>& features) {
    Split best;
    const double inv_total = 1 / total;
    const int32_t min_leaf = config_.min_leaf;
    rng_.shuffle(features);
    size_t kept = 0;
    for (const int32_t j : features) {
      const Entry* e = column(j);
      const int32_t known_end =
          has_nan_[j] ? int32_t(std::partition_point(e + lo, e + hi, [](const Entry& x) { return !std::isnan(x.value); }) - e)
                      : hi;
      const int32_t known = known_end - lo;
      if (known < 2 * min_leaf || e[lo].value == e[known_end - 1].value) continue;  // so in every descendant too
      features[kept++] = j;
      known_ = cw;
      for (int32_t p = known_end; p < hi; ++p) known_[y_[e[p].example]] -= w_[e[p].example];
      const double p_known = sweep.proxy_of(known_.data());
      if (is_categorical_[j]) {
        // Each run of equal values is one question x_j = v.
        for (int32_t p = lo, q; p < known_end; p = q) {
          std::fill(run_.begin(), run_.end(), 0.0);
          for (q = p; q < known_end && e[q].value == e[p].value; ++q) run_[y_[e[q].example]] += w_[e[q].example];
          if (q - p < min_leaf || known - (q - p) < min_leaf) continue;
          for (int l = 0; l < k_; ++l) rest_[l] = known_[l] - run_[l];
          const double g = (sweep.proxy_of(run_.data()) + sweep.proxy_of(rest_.data()) - p_known) * inv_total;
          if (g > best.gain + 1e-12) best = {g, j, e[p].value, true};
        }
        continue;
      }
      // x_j ≤ θ: the examples up to position p answer yes; θ lies between e[p] and e[p + 1].
      typename Sweep::State state = sweep.start(known_.data());
      const int32_t first = lo + min_leaf - 1, last = known_end - min_leaf;
      for (int32_t p = lo; p < last; ++p) {
        sweep.move(state, e[p].example);
        if (p < first || e[p].value == e[p + 1].value) continue;
        const double g = (sweep.proxy(state) - p_known) * inv_total;
        if (g > best.gain + 1e-12) {
          const float here = e[p].value, next = e[p + 1].value;
          float t = float(0.5 * (double(here) + double(next)));
          if (!(t < next)) t = here;  // rounding: keep x_p ≤ t < x_{p+1}
          best = {g, j, t, false};
        }
      }
    }
    features.resize(kept);
    return best;
  }

  // Marks each example of the node with its child (side_) and sums the children's class weights.
  // Missing values go to the child with more known weight (ties: yes); returns whether that is "yes".
  bool assign_sides(const Split& s, int32_t lo, int32_t hi, std::vector<double>& yes, std::vector<double>& no,
                    int32_t& yes_count) {
    const Entry* e = column(s.feature);
    double w_yes = 0, w_no = 0;
    int32_t p = lo;
    for (; p < hi && !std::isnan(e[p].value); ++p) {
      const int32_t i = e[p].example;
      const bool answer = s.categorical ? e[p].value == s.threshold : e[p].value <= s.threshold;
      side_[i] = answer;
      yes_count += answer;
      (answer ? yes : no)[y_[i]] += w_[i];
      (answer ? w_yes : w_no) += w_[i];
    }
    const bool missing_yes = w_yes >= w_no;
    for (; p < hi; ++p) {
      const int32_t i = e[p].example;
      side_[i] = missing_yes;
      yes_count += missing_yes;
      (missing_yes ? yes : no)[y_[i]] += w_[i];
    }
    return missing_yes;
  }

  // Stable partition of column j's range by side_: "yes" examples first.
  void partition(int32_t j, int32_t lo, int32_t hi) {
    Entry* e = column(j);
    int32_t out = lo, spill = 0;
    for (int32_t p = lo; p < hi; ++p) {  // both stores, one kept: no branch to mispredict
      const Entry x = e[p];
      const int32_t yes = side_[x.example];
      e[out] = x, scratch_[spill] = x;
      out += yes, spill += 1 - yes;
    }
    std::copy(scratch_.begin(), scratch_.begin() + spill, e + out);
  }

  const std::vector<int32_t>& y_;
  const std::vector<double>& w_;
  int k_;
  int32_t m_, n_;
  const TreeConfig& config_;
  Rng rng_;
  std::vector<uint8_t> is_categorical_, has_nan_;
  std::vector<Entry> entries_;  // column j: entries_[j·m, (j + 1)·m), each node's range sorted by value
  std::vector<uint8_t> side_;   // scratch: 1 when the example goes to the "yes" child
  std::vector<Entry> scratch_;
  std::vector<double> known_, run_, rest_;  // scratch: class weights
};

}  // namespace

void grow_tree(const Rows& rows, const std::vector<int32_t>& subset, const std::vector<int32_t>& y,
               const std::vector<double>& w, int classes, const TreeConfig& config, std::vector<TreeNode>& nodes,
               std::vector<float>& dist) {
  Grower(rows, subset, y, w, classes, config).grow(nodes, dist);
}

}  // namespace argmax
