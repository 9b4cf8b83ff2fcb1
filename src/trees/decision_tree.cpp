#include "trees/decision_tree.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "core/rng.hpp"

namespace argmax {
namespace {

// Features of the training rows, column-major, so a split search reads one column contiguously.
struct Columns {
  std::vector<float> x;  // x[j * m + i]
  int m = 0;
  int32_t n = 0;
  float at(int i, int32_t j) const { return x[size_t(j) * m + i]; }
};

Columns densify(const Rows& rows, const std::vector<int32_t>& subset) {
  Columns c;
  c.m = int(subset.size());
  c.n = rows.cols();
  require(double(c.m) * c.n <= double(1 << 28), "decision tree: ", c.m, " rows × ", c.n,
          " columns is too large (trees read features densely; at most 2^28 values)");
  c.x.assign(size_t(c.m) * c.n, 0.f);
  for (int i = 0; i < c.m; ++i) {
    const RowView r = rows.row(subset[i]);
    r.for_each([&](int32_t j, float v) {
      require(!std::isinf(v), "decision tree: row ", subset[i], " has an infinite value at column ", j,
              " (NaN is allowed, meaning missing)");
      c.x[size_t(j) * c.m + i] = v;
    });
  }
  return c;
}

struct Split {
  double gain = 0;
  int32_t feature = -1;
  float threshold = 0;
  bool categorical = false;
};

class Grower {
 public:
  Grower(const Columns& cols, const std::vector<int32_t>& y, const std::vector<double>& w, int k,
         const TreeConfig& config)
      : c_(cols), y_(y), w_(w), k_(k), config_(config), is_cat_(size_t(cols.n), 0) {
    for (int32_t j : config.categorical) {
      require(j >= 0 && j < cols.n, "decision tree: categorical feature ", j, " out of range 0..", cols.n - 1);
      is_cat_[j] = 1;
    }
  }

  void grow(std::vector<TreeNode>& nodes, std::vector<float>& dist) {
    std::vector<int> all(c_.m);
    std::iota(all.begin(), all.end(), 0);
    // Each feature's known examples sorted by value, once; children inherit the order (CART's presort).
    Sorted sorted(c_.n);
    for (int32_t j = 0; j < c_.n; ++j) {
      for (int i : all)
        if (!std::isnan(c_.at(i, j))) sorted[j].push_back(i);
      std::stable_sort(sorted[j].begin(), sorted[j].end(), [&](int a, int b) { return c_.at(a, j) < c_.at(b, j); });
    }
    side_.assign(c_.m, 0);
    grow_node(all, std::move(sorted), 0, nodes, dist);
  }

 private:
  std::vector<double> class_weights(const std::vector<int>& idx) const {
    std::vector<double> cw(k_, 0.0);
    for (int i : idx) cw[y_[i]] += w_[i];
    return cw;
  }

  // Gain of a partition of the known examples, scaled by their weight fraction.
  double gain(double parent_f, const std::vector<double>& yes, const std::vector<double>& no, double known,
              double total) const {
    double wy = 0, wn = 0;
    for (int l = 0; l < k_; ++l) wy += yes[l], wn += no[l];
    if (known <= 0) return 0;
    const double children = (wy * impurity(config_.criterion, yes.data(), k_) +
                             wn * impurity(config_.criterion, no.data(), k_)) / known;
    return (parent_f - children) * (known / total);
  }

  using Sorted = std::vector<std::vector<int>>;

  // node_cw: the class weights of all the node's examples (equal to the known ones when none is missing).
  Split best_split(const Sorted& sorted, size_t node_size, const std::vector<double>& node_cw, double total) const {
    Split best;
    std::vector<double> yes(k_), no(k_), known_cw(k_);
    for (int32_t j = 0; j < c_.n; ++j) {
      const std::vector<int>& order = sorted[j];
      if (int(order.size()) < 2 * config_.min_leaf) continue;
      const float* col = &c_.x[size_t(j) * c_.m];
      if (col[order.front()] == col[order.back()]) continue;  // constant here: no question
      if (order.size() == node_size) {
        known_cw = node_cw;
      } else {
        std::fill(known_cw.begin(), known_cw.end(), 0.0);
        for (int i : order) known_cw[y_[i]] += w_[i];
      }
      double known = 0;
      for (double x : known_cw) known += x;
      const double parent_f = impurity(config_.criterion, known_cw.data(), k_);
      if (is_cat_[j]) {
        size_t p = 0;
        while (p < order.size()) {  // one run of equal values = one question x_j = v
          size_t q = p;
          std::fill(yes.begin(), yes.end(), 0.0);
          while (q < order.size() && col[order[q]] == col[order[p]]) yes[y_[order[q]]] += w_[order[q]], ++q;
          const int n_yes = int(q - p), n_no = int(order.size()) - n_yes;
          if (n_yes >= config_.min_leaf && n_no >= config_.min_leaf) {
            for (int l = 0; l < k_; ++l) no[l] = known_cw[l] - yes[l];
            const double g = gain(parent_f, yes, no, known, total);
            if (g > best.gain + 1e-12) best = {g, j, col[order[p]], true};
          }
          p = q;
        }
        continue;
      }
      std::fill(yes.begin(), yes.end(), 0.0);
      for (size_t p = 0; p + 1 < order.size(); ++p) {
        const int i = order[p];
        yes[y_[i]] += w_[i];
        const float here = col[i], next = col[order[p + 1]];
        if (here == next) continue;
        const int n_yes = int(p + 1), n_no = int(order.size() - p - 1);
        if (n_yes < config_.min_leaf || n_no < config_.min_leaf) continue;
        for (int l = 0; l < k_; ++l) no[l] = known_cw[l] - yes[l];
        const double g = gain(parent_f, yes, no, known, total);
        if (g > best.gain + 1e-12) {
          float t = float(0.5 * (double(here) + double(next)));
          if (!(t < next)) t = here;  // rounding: keep x_p ≤ t < x_{p+1}
          best = {g, j, t, false};
        }
      }
    }
    return best;
  }

  int grow_node(const std::vector<int>& idx, Sorted sorted, int depth, std::vector<TreeNode>& nodes,
                std::vector<float>& dist) {
    const int id = int(nodes.size());
    nodes.emplace_back();
    const std::vector<double> cw = class_weights(idx);
    double total = 0;
    for (double x : cw) total += x;
    {
      TreeNode& node = nodes[id];
      node.weight = total;
      node.risk = total * impurity(config_.criterion, cw.data(), k_);
      for (int l = 0; l < k_; ++l) dist.push_back(total > 0 ? float(cw[l] / total) : 1.f / k_);
    }
    const bool pure = nodes[id].risk <= 0;
    if (pure || (config_.max_depth > 0 && depth >= config_.max_depth) || int(idx.size()) < 2 * config_.min_leaf ||
        total <= 0)
      return id;
    const Split s = best_split(sorted, idx.size(), cw, total);
    if (s.feature < 0) return id;
    std::vector<int> yes, no, missing;
    double w_yes = 0, w_no = 0;
    for (int i : idx) {
      const float v = c_.at(i, s.feature);
      if (std::isnan(v)) {
        missing.push_back(i);
      } else if (s.categorical ? v == s.threshold : v <= s.threshold) {
        yes.push_back(i), w_yes += w_[i];
      } else {
        no.push_back(i), w_no += w_[i];
      }
    }
    const bool missing_yes = w_yes >= w_no;
    (missing_yes ? yes : no).insert((missing_yes ? yes : no).end(), missing.begin(), missing.end());
    nodes[id].feature = s.feature;
    nodes[id].threshold = s.threshold;
    nodes[id].categorical = s.categorical;
    nodes[id].missing_yes = missing_yes;
    for (int i : yes) side_[i] = 1;
    for (int i : no) side_[i] = 0;
    Sorted sorted_yes(c_.n), sorted_no(c_.n);
    for (int32_t j = 0; j < c_.n; ++j) {
      size_t n_yes = 0;
      for (int i : sorted[j]) n_yes += side_[i];
      sorted_yes[j].reserve(n_yes), sorted_no[j].reserve(sorted[j].size() - n_yes);
      for (int i : sorted[j]) (side_[i] ? sorted_yes : sorted_no)[j].push_back(i);
      std::vector<int>().swap(sorted[j]);
    }
    std::vector<int> no_idx = std::move(no);
    const int a = grow_node(yes, std::move(sorted_yes), depth + 1, nodes, dist);
    const int b = grow_node(no_idx, std::move(sorted_no), depth + 1, nodes, dist);
    nodes[id].yes = a, nodes[id].no = b;
    return id;
  }

  const Columns& c_;
  const std::vector<int32_t>& y_;
  const std::vector<double>& w_;
  int k_;
  const TreeConfig& config_;
  std::vector<uint8_t> is_cat_;
  std::vector<uint8_t> side_;  // scratch: which child an example went to
};

}  // namespace

float feature_value(const RowView& x, int32_t j) {
  if (!x.index) return j < x.size ? x.value[j] : 0.f;
  for (int32_t p = 0; p < x.size; ++p)
    if (x.index[p] == j) return x.value[p];
  return 0.f;
}

DecisionTree DecisionTree::train(const Rows& rows, const std::vector<int32_t>& labels, int classes,
                                 const TreeConfig& config, const std::vector<double>& weights,
                                 const std::vector<int32_t>& subset_in, PruningReport* report) {
  require(classes >= 1, "decision tree: need at least one class");
  require(int(labels.size()) == rows.rows(), "decision tree: ", labels.size(), " labels for ", rows.rows(), " rows");
  require(weights.empty() || weights.size() == labels.size(), "decision tree: ", weights.size(), " weights for ",
          labels.size(), " rows");
  require(config.min_leaf >= 1, "decision tree: min_leaf must be >= 1");
  require(config.max_depth >= 0, "decision tree: max_depth must be >= 0");
  std::vector<int32_t> subset = subset_in;
  if (subset.empty()) {
    subset.resize(rows.rows());
    std::iota(subset.begin(), subset.end(), 0);
  }
  require(!subset.empty(), "decision tree: no training examples");
  std::vector<int32_t> y(subset.size());
  std::vector<double> w(subset.size());
  for (size_t i = 0; i < subset.size(); ++i) {
    const int32_t r = subset[i];
    require(r >= 0 && r < rows.rows(), "decision tree: row ", r, " out of range");
    require(labels[r] >= 0 && labels[r] < classes, "row ", r, " has label ", labels[r], ", expected 0..",
            classes - 1);
    y[i] = labels[r];
    w[i] = weights.empty() ? 1.0 : weights[r];
    require(std::isfinite(w[i]) && w[i] >= 0, "row ", r, " has weight ", w[i], ", expected finite and >= 0");
  }

  if (config.prune) {
    require(config.cv_folds >= 2, "decision tree: cv_folds must be >= 2");
    require(int(subset.size()) >= config.cv_folds, "decision tree: ", subset.size(),
            " examples are too few for ", config.cv_folds, "-fold cross-validation");
    TreeConfig grow_config = config;
    grow_config.prune = false;
    DecisionTree full = train(rows, labels, classes, grow_config, weights, subset);
    const std::vector<double> alphas = full.compute_pruning();
    std::vector<double> candidates;
    for (size_t i = 0; i < alphas.size(); ++i)
      candidates.push_back(i + 1 < alphas.size() ? std::sqrt(alphas[i] * alphas[i + 1]) : alphas[i]);
    // Folds: a seeded shuffle of the subset, fold f = positions ≡ f (mod n).
    std::vector<int32_t> order = subset;
    Rng rng(config.seed);
    rng.shuffle(order);
    std::vector<double> cv_error(candidates.size(), 0.0);
    double held_weight = 0;
    for (int f = 0; f < config.cv_folds; ++f) {
      std::vector<int32_t> fit, held;
      for (size_t p = 0; p < order.size(); ++p) (int(p % config.cv_folds) == f ? held : fit).push_back(order[p]);
      DecisionTree t = train(rows, labels, classes, grow_config, weights, fit);
      t.compute_pruning();
      for (int32_t r : held) {
        const double wr = weights.empty() ? 1.0 : weights[r];
        held_weight += wr;
        const RowView x = rows.row(r);
        for (size_t c = 0; c < candidates.size(); ++c)
          if (t.predict(x, candidates[c]) != labels[r]) cv_error[c] += wr;
      }
    }
    size_t best = 0;
    for (size_t c = 0; c < candidates.size(); ++c) {
      if (held_weight > 0) cv_error[c] /= held_weight;
      if (cv_error[c] <= cv_error[best]) best = c;
    }
    if (report) {
      report->lambdas = candidates;
      report->cv_error = cv_error;
      report->leaves.clear();
      for (double l : candidates) report->leaves.push_back(full.leaves_at(l));
      report->chosen = candidates[best];
    }
    return full.pruned(candidates[best]);
  }

  const Columns cols = densify(rows, subset);
  DecisionTree tree;
  tree.classes_ = classes;
  tree.class_labels_.resize(classes);
  std::iota(tree.class_labels_.begin(), tree.class_labels_.end(), 0);
  tree.cols_ = rows.cols();
  Grower grower(cols, y, w, classes, config);
  grower.grow(tree.nodes_, tree.dist_);
  return tree;
}

int DecisionTree::leaf_of(const RowView& x, double lambda) const {
  require(!nodes_.empty(), "decision tree: not trained");
  int t = 0;
  while (nodes_[t].feature >= 0 && nodes_[t].prune_alpha > lambda) {
    const TreeNode& n = nodes_[t];
    const float v = feature_value(x, n.feature);
    const bool yes = std::isnan(v) ? bool(n.missing_yes) : (n.categorical ? v == n.threshold : v <= n.threshold);
    t = yes ? n.yes : n.no;
  }
  return t;
}

const float* DecisionTree::distribution(const RowView& x, double lambda) const {
  return dist_.data() + size_t(leaf_of(x, lambda)) * classes_;
}

int DecisionTree::predict(const RowView& x, double lambda) const {
  const float* p = distribution(x, lambda);
  int best = 0;
  for (int l = 1; l < classes_; ++l)
    if (p[l] > p[best]) best = l;
  return best;
}

int DecisionTree::leaves() const { return leaves_at(-1); }

int DecisionTree::leaves_at(double lambda) const {
  int count = 0;
  std::vector<int> stack{0};
  while (!stack.empty()) {
    const int t = stack.back();
    stack.pop_back();
    if (nodes_[t].feature < 0 || nodes_[t].prune_alpha <= lambda) {
      ++count;
    } else {
      stack.push_back(nodes_[t].no), stack.push_back(nodes_[t].yes);
    }
  }
  return count;
}

std::vector<double> DecisionTree::compute_pruning() {
  const int n = int(nodes_.size());
  const double inf = std::numeric_limits<double>::infinity();
  for (TreeNode& t : nodes_) t.prune_alpha = inf;
  std::vector<uint8_t> collapsed(n, 0);
  std::vector<double> subtree_risk(n);
  std::vector<int> subtree_leaves(n);
  std::vector<double> alphas{0.0};
  double last = 0;
  while (true) {
    // Children come after parents (preorder), so a reverse scan is a postorder.
    int weakest = -1;
    double g_min = inf;
    for (int t = n - 1; t >= 0; --t) {
      const TreeNode& node = nodes_[t];
      if (node.feature < 0 || collapsed[t]) {
        subtree_risk[t] = node.risk, subtree_leaves[t] = 1;
        continue;
      }
      subtree_risk[t] = subtree_risk[node.yes] + subtree_risk[node.no];
      subtree_leaves[t] = subtree_leaves[node.yes] + subtree_leaves[node.no];
    }
    for (int t = 0; t < n; ++t) {
      const TreeNode& node = nodes_[t];
      if (node.feature < 0 || collapsed[t]) continue;
      const double g = (node.risk - subtree_risk[t]) / (subtree_leaves[t] - 1);
      if (g < g_min) g_min = g, weakest = t;  // the first in preorder on ties: the larger subtree
    }
    if (weakest < 0) break;
    last = std::max(last, std::max(g_min, 0.0));
    // Collapse every not-yet-collapsed internal node of the weakest subtree at this λ.
    std::vector<int> stack{weakest};
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      if (nodes_[t].feature < 0 || collapsed[t]) continue;
      collapsed[t] = 1;
      nodes_[t].prune_alpha = last;
      stack.push_back(nodes_[t].yes), stack.push_back(nodes_[t].no);
    }
    if (last > alphas.back()) alphas.push_back(last);
  }
  return alphas;
}

DecisionTree DecisionTree::pruned(double lambda) const {
  DecisionTree out;
  out.classes_ = classes_;
  out.class_labels_ = class_labels_;
  out.cols_ = cols_;
  // Preorder copy of T(λ).
  struct Item { int old_id, parent; bool yes; };
  std::vector<Item> stack{{0, -1, true}};
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const int id = int(out.nodes_.size());
    TreeNode node = nodes_[it.old_id];
    const bool leaf = node.feature < 0 || node.prune_alpha <= lambda;
    if (leaf) node.feature = -1, node.yes = node.no = -1;
    node.prune_alpha = std::numeric_limits<double>::infinity();
    out.nodes_.push_back(node);
    out.dist_.insert(out.dist_.end(), dist_.begin() + size_t(it.old_id) * classes_,
                     dist_.begin() + size_t(it.old_id + 1) * classes_);
    if (it.parent >= 0) (it.yes ? out.nodes_[it.parent].yes : out.nodes_[it.parent].no) = id;
    if (!leaf) {
      stack.push_back({nodes_[it.old_id].no, id, false});
      stack.push_back({nodes_[it.old_id].yes, id, true});
    }
  }
  return out;
}

void DecisionTree::save(ByteWriter& out) const {
  out.put<int32_t>(classes_);
  out.put<int32_t>(cols_);
  std::vector<int32_t> feature, yes, no;
  std::vector<float> threshold;
  std::vector<uint8_t> flags;
  std::vector<double> weight, risk;
  for (const TreeNode& n : nodes_) {
    feature.push_back(n.feature), yes.push_back(n.yes), no.push_back(n.no), threshold.push_back(n.threshold);
    flags.push_back(uint8_t(n.categorical | (n.missing_yes << 1)));
    weight.push_back(n.weight), risk.push_back(n.risk);
  }
  out.put_vector(feature), out.put_vector(threshold), out.put_vector(flags);
  out.put_vector(yes), out.put_vector(no), out.put_vector(weight), out.put_vector(risk);
  out.put_vector(dist_);
  out.put_vector(class_labels_);
}

void DecisionTree::set_class_labels(std::vector<int32_t> labels) {
  require(int(labels.size()) == classes_, "expected ", classes_, " class labels, got ", labels.size());
  std::vector<int32_t> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "class labels must be distinct");
  class_labels_ = std::move(labels);
}

DecisionTree DecisionTree::load(ByteReader& in) {
  DecisionTree t;
  t.classes_ = in.get<int32_t>();
  t.cols_ = in.get<int32_t>();
  require(t.classes_ >= 1 && t.cols_ >= 0, "model bytes are corrupt (tree shape)");
  auto feature = in.get_vector<int32_t>();
  auto threshold = in.get_vector<float>();
  auto flags = in.get_vector<uint8_t>();
  auto yes = in.get_vector<int32_t>();
  auto no = in.get_vector<int32_t>();
  auto weight = in.get_vector<double>();
  auto risk = in.get_vector<double>();
  t.dist_ = in.get_vector<float>();
  const size_t n = feature.size();
  require(n >= 1 && threshold.size() == n && flags.size() == n && yes.size() == n && no.size() == n &&
              weight.size() == n && risk.size() == n && t.dist_.size() == n * size_t(t.classes_),
          "model bytes are corrupt (tree arrays of different lengths)");
  for (size_t i = 0; i < n; ++i) {
    TreeNode node;
    node.feature = feature[i], node.threshold = threshold[i], node.yes = yes[i], node.no = no[i];
    node.categorical = flags[i] & 1, node.missing_yes = (flags[i] >> 1) & 1;
    node.weight = weight[i], node.risk = risk[i];
    if (node.feature >= 0) {  // children after the parent: no cycles
      require(node.feature < t.cols_ && node.yes > int32_t(i) && node.no > int32_t(i) && size_t(node.yes) < n &&
                  size_t(node.no) < n,
              "model bytes are corrupt (tree node ", i, ")");
    } else {
      require(node.feature == -1, "model bytes are corrupt (tree node ", i, ")");
    }
    t.nodes_.push_back(node);
  }
  for (float p : t.dist_) require(std::isfinite(p), "model bytes are corrupt (tree leaf values)");
  t.set_class_labels(in.get_vector<int32_t>());
  return t;
}

std::vector<uint8_t> DecisionTree::to_bytes() const {
  ByteWriter out("tree");
  save(out);
  return out.finish();
}

DecisionTree DecisionTree::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  require(in.kind() == "tree", "expected a tree model, got '", in.kind(), "'");
  DecisionTree t = load(in);
  in.expect_end();
  return t;
}

const std::vector<OptionSpec>& tree_options() {
  static const std::vector<OptionSpec> specs = {
      {"criterion", OptionType::Choice, "gini", 0, -1, false, "node impurity F", {"gini", "entropy", "misclassification"}},
      {"max_depth", OptionType::Integer, "0", 0, 1000, false, "deepest level (0: unlimited)"},
      {"min_leaf", OptionType::Integer, "1", 1, 1e9, false, "fewest examples in a leaf"},
      {"prune", OptionType::Boolean, "false", 0, -1, false, "cost-complexity pruning, lambda by cross-validation"},
      {"cv_folds", OptionType::Integer, "5", 2, 100, false, "folds for choosing the pruning lambda"},
      {"seed", OptionType::Integer, "1", 0, 4294967295.0, false, "fold assignment"},
  };
  return specs;
}

TreeConfig tree_config_from(const Options& o) {
  TreeConfig c;
  c.criterion = impurity_from_name(o.choice("criterion"));
  c.max_depth = o.integer("max_depth");
  c.min_leaf = o.integer("min_leaf");
  c.prune = o.flag("prune");
  c.cv_folds = o.integer("cv_folds");
  c.seed = uint64_t(o.real("seed"));
  return c;
}

}  // namespace argmax
