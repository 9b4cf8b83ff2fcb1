#include "trees/tree_grower.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "trees/impurity_sweep.hpp"

namespace argmax {
namespace {

// For the wasm build: V8 runs a function in its baseline tier until a later call picks up the optimised
// code (wasm has no on-stack replacement), and binaryen inlines every function that has one call site.
// So the per-node work is a virtual call (SplitSearch), not code inside the once-called node loop. The
// size-optimised libc's memmove is slow too: large copies are plain loops.

struct Entry {
  float value;
  int32_t example;
};

// An unsigned key in the order of the values: −0 = +0, NaN after everything. No branches: columns of
// mixed signs or zeros would mispredict them.
uint32_t sort_key(float v) {
  const float canonical = v + 0.f;  // −0 + 0 = +0
  uint32_t u;
  std::memcpy(&u, &canonical, sizeof u);
  const uint32_t flip = (0u - (u >> 31)) | 0x80000000u;  // negative: all bits; else the sign bit
  return std::isnan(v) ? 0xFFFFFFFFu : u ^ flip;
}
float key_value(uint32_t key) {
  const uint32_t u = key ^ (((key >> 31) - 1u) | 0x80000000u);  // 0xFFFFFFFF gives a NaN
  float v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}

// Scratch space for sorting columns, reused from one column to the next.
struct SortBuffers {
  static constexpr int bits = 10;
  static constexpr uint32_t slots = 1u << bits;
  std::vector<uint64_t> a, b;
  std::vector<uint32_t> counts = std::vector<uint32_t>(3 * 2049);
  std::vector<uint16_t> slot_of;
  std::vector<uint32_t> slot_key = std::vector<uint32_t>(slots, 0);  // all 0 between columns
  std::vector<int32_t> start = std::vector<int32_t>(slots, 0);       // all 0 between columns
  std::vector<uint32_t> used;
  std::vector<Entry> out;
};

// Columns often hold few distinct values (pixel levels, indicators, letter's 16 levels). Then a counting
// sort by rank is one pass that hashes each value to a slot and counts it, and one stable scatter. Returns
// false, having changed nothing, when the column has more than 512 distinct values.
bool sort_few_values(Entry* e, size_t n, SortBuffers& s) {
  constexpr uint32_t slots = SortBuffers::slots, most = 512;
  s.slot_of.resize(n);
  s.used.clear();
  bool few = true;
  for (size_t p = 0; p < n; ++p) {
    const uint32_t key = sort_key(e[p].value);
    uint32_t h = (key * 0x9E3779B1u) >> (32 - SortBuffers::bits);
    while (s.slot_key[h] != key && s.slot_key[h] != 0) h = (h + 1) & (slots - 1);  // sort_key is never 0
    if (s.slot_key[h] == 0) {
      if (s.used.size() == most) {
        few = false;
        break;
      }
      s.slot_key[h] = key;
      s.used.push_back(h);
    }
    s.slot_of[p] = uint16_t(h);
    ++s.start[h];
  }
  if (few) {
    std::sort(s.used.begin(), s.used.end(), [&](uint32_t a, uint32_t b) { return s.slot_key[a] < s.slot_key[b]; });
    int32_t offset = 0;
    for (uint32_t h : s.used) {
      const int32_t count = s.start[h];
      s.start[h] = offset, offset += count;
    }
    s.out.resize(n);
    for (size_t p = 0; p < n; ++p) s.out[size_t(s.start[s.slot_of[p]]++)] = {e[p].value + 0.f, e[p].example};
    for (size_t p = 0; p < n; ++p) e[p] = s.out[p];
  }
  for (uint32_t h : s.used) s.slot_key[h] = 0, s.start[h] = 0;
  return few;
}

// Sorts one column stably by value, NaN last. With many distinct values: an LSD radix sort of
// (key << 32 | example) over the key's 11-bit digits, O(n) where a comparison sort is O(n log n); a digit
// shared by every entry skips its pass.
void sort_by_value(Entry* e, size_t n, SortBuffers& s) {
  if (sort_few_values(e, n, s)) return;
  s.a.resize(n), s.b.resize(n);
  for (size_t p = 0; p < n; ++p) s.a[p] = uint64_t(sort_key(e[p].value)) << 32 | uint32_t(e[p].example);
  uint64_t *from = s.a.data(), *to = s.b.data();
  static constexpr int shifts[3] = {32, 43, 54};
  uint32_t* counts = s.counts.data();
  std::fill(counts, counts + 3 * 2049, 0u);
  for (size_t p = 0; p < n; ++p)  // one read fills all three digits' counts
    for (int d = 0; d < 3; ++d) ++counts[d * 2049 + ((from[p] >> shifts[d]) & 2047) + 1];
  for (int d = 0; d < 3; ++d) {
    uint32_t* count = counts + d * 2049;
    if (std::find(count + 1, count + 2049, uint32_t(n)) != count + 2049) continue;
    for (size_t v = 1; v < 2049; ++v) count[v] += count[v - 1];
    for (size_t p = 0; p < n; ++p) to[count[(from[p] >> shifts[d]) & 2047]++] = from[p];
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
    const int32_t* y = y_.data();
    const double* w = w_.data();
    std::unique_ptr<SplitSearch> search;
    switch (config_.criterion) {
      case Impurity::Gini:
        if (unit) search = std::make_unique<SweepSearch<GiniCountSweep>>(*this, GiniCountSweep(y, k_));
        else search = std::make_unique<SweepSearch<GiniSweep>>(*this, GiniSweep(y, w, k_));
        break;
      case Impurity::Entropy:
        if (unit) search = std::make_unique<SweepSearch<EntropyCountSweep>>(*this, EntropyCountSweep(y, k_, m_));
        else search = std::make_unique<SweepSearch<EntropySweep>>(*this, EntropySweep(y, w, k_));
        break;
      case Impurity::Misclassification:
        search = std::make_unique<SweepSearch<MisclassificationSweep>>(*this, MisclassificationSweep(y, w, k_));
        break;
    }
    grow_nodes(*search, nodes, dist);
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

  // split_node with the tree's criterion, called through a virtual function once per node (a direct call
  // from its one call site would be inlined into the node loop, which runs once: see the top).
  class SplitSearch {
   public:
    virtual ~SplitSearch() = default;
    virtual bool split(Pending& node, double total, TreeNode& t, Pending& yes, Pending& no) = 0;
  };
  template <class Sweep>
  class SweepSearch final : public SplitSearch {
   public:
    SweepSearch(Grower& grower, Sweep sweep) : grower_(grower), sweep_(std::move(sweep)) {}
    bool split(Pending& node, double total, TreeNode& t, Pending& yes, Pending& no) override {
      return grower_.split_node(sweep_, node, total, t, yes, no);
    }

   private:
    Grower& grower_;
    Sweep sweep_;
  };

  const Entry* column(int32_t j) const { return entries_.get() + size_t(j) * m_; }
  Entry* column(int32_t j) { return entries_.get() + size_t(j) * m_; }

  void presort(const Rows& rows, const std::vector<int32_t>& subset) {
    require(double(m_) * n_ <= double(1 << 28), "decision tree: ", m_, " rows × ", n_,
            " columns is too large (trees read features densely; at most 2^28 values)");
    entries_.reset(new Entry[size_t(m_) * n_]);  // uninitialised: every entry is written next
    for (int32_t j = 0; j < n_; ++j) {
      Entry* e = column(j);
      for (int32_t i = 0; i < m_; ++i) e[i] = {0.f, i};
    }
    for (int32_t i = 0; i < m_; ++i) {
      rows.row(subset[i]).for_each([&](int32_t j, float v) {
        require(j >= 0 && j < n_, "decision tree: row ", subset[i], " has column ", j, ", expected 0..", n_ - 1);
        require(!std::isinf(v), "decision tree: row ", subset[i], " has an infinite value at column ", j,
                " (NaN is allowed, meaning missing)");
        column(j)[i].value = v;
        if (std::isnan(v)) has_nan_[j] = 1;
      });
    }
    SortBuffers buffers;
    for (int32_t j = 0; j < n_; ++j) sort_by_value(column(j), size_t(m_), buffers);
  }

  void grow_nodes(SplitSearch& search, std::vector<TreeNode>& nodes, std::vector<float>& dist) {
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
      Pending yes{node.lo, node.lo, node.depth + 1, id, true, {}, {}};
      Pending no{node.lo, node.hi, node.depth + 1, id, false, {}, {}};
      if (!search.split(node, total, nodes[id], yes, no)) continue;
      stack.push_back(std::move(no));
      stack.push_back(std::move(yes));
    }
  }

  // Asks the node's best question and partitions its range into the children's; false when no question
  // decreases the impurity.
  template <class Sweep>
  bool split_node(Sweep& sweep, Pending& node, double total, TreeNode& t, Pending& yes, Pending& no);

  // The best question at the node [lo, hi), trying `features` in a fresh random order. Drops from
  // `features` those that can no longer split anything in this subtree.
  template <class Sweep>
  Split best_split(Sweep& sweep, int32_t lo, int32_t hi, const std::vector<double>& cw, double total,
                   std::vector<int32_t>& features);

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
    Entry* spilled = scratch_.data();
    int32_t out = lo, spill = 0;
    for (int32_t p = lo; p < hi; ++p) {  // both stores, one kept: no branch to mispredict
      const Entry x = e[p];
      const int32_t yes = side_[x.example];
      e[out] = x, spilled[spill] = x;
      out += yes, spill += 1 - yes;
    }
    for (int32_t q = 0; q < spill; ++q) e[out + q] = spilled[q];
  }

  const std::vector<int32_t>& y_;
  const std::vector<double>& w_;
  int k_;
  int32_t m_, n_;
  const TreeConfig& config_;
  Rng rng_;
  std::vector<uint8_t> is_categorical_, has_nan_;
  std::unique_ptr<Entry[]> entries_;  // column j: [j·m, (j + 1)·m), each node's range sorted by value
  std::vector<uint8_t> side_;         // scratch: 1 when the example goes to the "yes" child
  std::vector<Entry> scratch_;
  std::vector<double> known_, run_, rest_;  // scratch: class weights
};

template <class Sweep>
bool Grower::split_node(Sweep& sweep, Pending& node, double total, TreeNode& t, Pending& yes, Pending& no) {
  const Split s = best_split(sweep, node.lo, node.hi, node.class_weight, total, node.features);
  if (s.feature < 0) return false;
  t.feature = s.feature, t.threshold = s.threshold, t.categorical = s.categorical;
  yes.class_weight.assign(size_t(k_), 0.0), no.class_weight.assign(size_t(k_), 0.0);
  int32_t yes_count = 0;
  t.missing_yes = assign_sides(s, node.lo, node.hi, yes.class_weight, no.class_weight, yes_count);
  for (int32_t j : node.features) partition(j, node.lo, node.hi);
  yes.hi = no.lo = node.lo + yes_count;
  yes.features = node.features, no.features = std::move(node.features);
  return true;
}

template <class Sweep>
Split Grower::best_split(Sweep& sweep, int32_t lo, int32_t hi, const std::vector<double>& cw, double total,
                         std::vector<int32_t>& features) {
  Split best;
  const double inv_total = 1 / total;
  const int32_t min_leaf = config_.min_leaf;
  rng_.shuffle(features);
  size_t kept = 0;
  for (const int32_t j : features) {
    const Entry* e = column(j);
    const auto is_known = [](const Entry& x) { return !std::isnan(x.value); };
    const int32_t known_end = has_nan_[j] ? int32_t(std::partition_point(e + lo, e + hi, is_known) - e) : hi;
    const int32_t known = known_end - lo;
    if (known < 2 * min_leaf || e[lo].value == e[known_end - 1].value) continue;  // so in every descendant too
    features[kept++] = j;
    for (int l = 0; l < k_; ++l) known_[l] = cw[l];
    for (int32_t p = known_end; p < hi; ++p) known_[y_[e[p].example]] -= w_[e[p].example];
    const double p_known = sweep.proxy_of(known_.data());
    if (is_categorical_[j]) {
      // Each run of equal values is one question x_j = v.
      for (int32_t p = lo, q; p < known_end; p = q) {
        for (int l = 0; l < k_; ++l) run_[l] = 0;
        for (q = p; q < known_end && e[q].value == e[p].value; ++q) run_[y_[e[q].example]] += w_[e[q].example];
        if (q - p < min_leaf || known - (q - p) < min_leaf) continue;
        for (int l = 0; l < k_; ++l) rest_[l] = known_[l] - run_[l];
        const double g = (sweep.proxy_of(run_.data()) + sweep.proxy_of(rest_.data()) - p_known) * inv_total;
        if (g > best.gain + 1e-12) best = {g, j, e[p].value, true};
      }
      continue;
    }
    // x_j ≤ θ: the examples up to position p answer yes; θ lies between e[p] and e[p + 1]. The last run
    // of equal values never answers yes, so the sweep stops before it.
    typename Sweep::State state = sweep.start(known_.data());
    const float top = e[known_end - 1].value;
    const auto below_top = [top](const Entry& x) { return x.value < top; };
    const int32_t last_run = int32_t(std::partition_point(e + lo, e + known_end, below_top) - e);
    const int32_t first = lo + min_leaf - 1, last = std::min(known_end - min_leaf, last_run);
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

}  // namespace

void grow_tree(const Rows& rows, const std::vector<int32_t>& subset, const std::vector<int32_t>& y,
               const std::vector<double>& w, int classes, const TreeConfig& config, std::vector<TreeNode>& nodes,
               std::vector<float>& dist) {
  Grower(rows, subset, y, w, classes, config).grow(nodes, dist);
}

}  // namespace argmax
