#include "trees/decision_tree.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/labels.hpp"
#include "core/rng.hpp"
#include "trees/tree_grower.hpp"

namespace argmax {

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
  require(config.min_leaf >= 1, "decision tree: minLeaf must be >= 1");
  require(config.max_depth >= 0, "decision tree: maxDepth must be >= 0");
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
    require(config.cv_folds >= 2, "decision tree: cvFolds must be >= 2");
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
      std::vector<int> node_class(t.nodes());
      for (size_t i = 0; i < t.nodes(); ++i) node_class[i] = t.predicted_class(int(i));
      for (int32_t r : held) {
        const double wr = weights.empty() ? 1.0 : weights[r];
        held_weight += wr;
        const std::vector<int> leaf = t.leaves_along_path(rows.row(r), candidates);
        for (size_t c = 0; c < candidates.size(); ++c)
          if (node_class[leaf[c]] != labels[r]) cv_error[c] += wr;
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

  DecisionTree tree;
  tree.classes_ = classes;
  tree.class_labels_.resize(classes);
  std::iota(tree.class_labels_.begin(), tree.class_labels_.end(), 0);
  tree.cols_ = rows.cols();
  grow_tree(rows, subset, y, w, classes, config, tree.nodes_, tree.dist_);
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

// x's path from the root to its leaf in the full tree, p_0 … p_d. T(λ) stops at the first p_i that is a
// leaf or has prune_alpha ≤ λ, i.e. the first i with min_{j ≤ i} a_j ≤ λ (a = prune_alpha, −∞ at p_d).
// That prefix minimum does not increase with i, so over ascending λ the stop moves only up: one walk
// down and one pointer serve every λ, O(d + #λ) instead of O(d · #λ).
std::vector<int> DecisionTree::leaves_along_path(const RowView& x, const std::vector<double>& lambdas) const {
  require(!nodes_.empty(), "decision tree: not trained");
  const auto alpha = [&](int t) {
    return nodes_[t].feature >= 0 ? nodes_[t].prune_alpha : -std::numeric_limits<double>::infinity();
  };
  std::vector<int> path{0};
  std::vector<double> prefix_min{alpha(0)};
  while (nodes_[path.back()].feature >= 0) {
    const TreeNode& n = nodes_[path.back()];
    const float v = feature_value(x, n.feature);
    const bool yes = std::isnan(v) ? bool(n.missing_yes) : (n.categorical ? v == n.threshold : v <= n.threshold);
    path.push_back(yes ? n.yes : n.no);
    prefix_min.push_back(std::min(prefix_min.back(), alpha(path.back())));
  }
  std::vector<size_t> order(lambdas.size());
  std::iota(order.begin(), order.end(), size_t(0));
  if (!std::is_sorted(lambdas.begin(), lambdas.end()))
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return lambdas[a] < lambdas[b]; });
  std::vector<int> leaf(lambdas.size());
  size_t stop = path.size() - 1;
  for (size_t c : order) {
    while (stop > 0 && prefix_min[stop - 1] <= lambdas[c]) --stop;
    leaf[c] = path[stop];
  }
  return leaf;
}

int DecisionTree::predicted_class(int node) const {
  const float* p = dist_.data() + size_t(node) * classes_;
  int best = 0;
  for (int l = 1; l < classes_; ++l)
    if (p[l] > p[best]) best = l;
  return best;
}

const float* DecisionTree::distribution(const RowView& x, double lambda) const {
  return dist_.data() + size_t(leaf_of(x, lambda)) * classes_;
}

int DecisionTree::predict(const RowView& x, double lambda) const { return predicted_class(leaf_of(x, lambda)); }

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
  auto threshold = in.get_finite_vector<float>("tree threshold");
  auto flags = in.get_vector<uint8_t>();
  auto yes = in.get_vector<int32_t>();
  auto no = in.get_vector<int32_t>();
  auto weight = in.get_finite_vector<double>("tree node weight");
  auto risk = in.get_finite_vector<double>("tree node risk");
  t.dist_ = in.get_finite_vector<float>("tree leaf value");
  const size_t n = feature.size();
  require(n >= 1 && threshold.size() == n && flags.size() == n && yes.size() == n && no.size() == n &&
              weight.size() == n && risk.size() == n &&
              t.dist_.size() == checked_count<float>("tree class table", {int64_t(n), t.classes_}),
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
  t.set_class_labels(in.get_vector<int32_t>());
  return t;
}

DecisionTree DecisionTree::train_on_labels(const Rows& rows, const int32_t* labels, const TreeConfig& config,
                                           PruningReport* report) {
  require(rows.rows() > 0, "training data is empty");
  const LabelIndex y = index_labels(labels, size_t(rows.rows()));
  DecisionTree t = train(rows, y.index, int(y.labels.size()), config, {}, {}, report);
  t.set_class_labels(y.labels);
  return t;
}

std::vector<uint8_t> DecisionTree::to_bytes() const {
  ByteWriter out("tree");
  save(out);
  return out.finish();
}

DecisionTree DecisionTree::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "tree");
  DecisionTree t = load(in);
  in.expect_end();
  return t;
}

const std::vector<OptionSpec>& tree_options() {
  static const std::vector<OptionSpec> specs = {
      choice_option("criterion", "gini", {"gini", "entropy", "misclassification"}, "node impurity F"),
      integer_option("maxDepth", "0", 0, 1000, "deepest level (0: unlimited)"),
      integer_option("minLeaf", "1", 1, 1e9, "fewest examples in a leaf"),
      boolean_option("prune", "false", "cost-complexity pruning, lambda by cross-validation"),
      integer_option("cvFolds", "5", 2, 100, "folds for choosing the pruning lambda"),
      integer_option("seed", "1", 0, 4294967295.0,
       "fold assignment and the order features are tried in (decides ties)"),
      integer_list_option("categorical", "", 0, 1e9,
       "columns (from 0) asked as x = v rather than x <= t"),
  };
  return specs;
}

TreeConfig tree_config_from(const Options& o) {
  TreeConfig c;
  c.criterion = impurity_from_name(o.choice("criterion"));
  c.max_depth = o.integer("maxDepth");
  c.min_leaf = o.integer("minLeaf");
  c.prune = o.flag("prune");
  c.cv_folds = o.integer("cvFolds");
  c.categorical.assign(o.integers("categorical").begin(), o.integers("categorical").end());
  return c;
}

}  // namespace argmax
