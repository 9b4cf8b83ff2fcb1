// CART decision trees (Breiman et al. 1984; FML 9.3.3) for k classes, with example weights.
//
// Growth: at node n choose the question q maximising the impurity decrease
//   F(n) − [η F(n₋) + (1 − η) F(n₊)],   η = weight fraction answering yes,
// over numeric questions x_j ≤ θ (θ midway between consecutive distinct values) and categorical
// questions x_j = v (for features declared categorical). Stop at max_depth, when a child would hold
// fewer than min_leaf examples, when the node is pure, or when no question decreases F.
// Ties: each node tries the features in a random order drawn from `seed` and keeps the first question
// that beats the best so far by more than 1e-12 (thresholds of one feature in ascending order), as
// scikit-learn's DecisionTreeClassifier does with random_state; so the seed decides among exactly tied
// questions and nothing else. Gini and entropy cost O(1) per threshold (trees/impurity_sweep.hpp); the
// growth itself is in trees/tree_grower.hpp.
//
// Missing values (NaN), the rule: a question's gain is computed on the examples whose x_j is known and
// scaled by their weight fraction (as C4.5 does); examples with x_j missing then follow the child that
// received more known weight (ties: the "yes" child), both in training and in prediction.
// Categorical values never seen at a node simply answer "no".
//
// Pruning (cost complexity, weakest link): G_λ(T) = Σ_{leaves} |n| F(n) + λ·|leaves(T)|, |n| the weight
// at n. For an internal node t with subtree T_t, g(t) = (|t|F(t) − Σ_{leaves of T_t}|n|F(n)) / (|leaves(T_t)| − 1)
// is the λ at which collapsing t stops costing; collapsing the smallest g repeatedly gives the nested
// sequence T_0 ⊃ T_1 ⊃ … ⊃ {root} with λ_1 ≤ λ_2 ≤ …, stored as each node's prune_alpha (t is a leaf of
// T(λ) iff prune_alpha ≤ λ). λ is chosen by n-fold cross-validation over the geometric means
// √(λ_i λ_{i+1}) of the full tree's sequence (Breiman et al. 3.4.2), smallest CV error, ties to the
// larger λ (the smaller tree).
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "io/bytes.hpp"
#include "trees/impurity.hpp"

namespace argmax {

struct TreeConfig {
  Impurity criterion = Impurity::Gini;
  int max_depth = 0;   // 0: unlimited
  int min_leaf = 1;    // examples per child, at least
  std::vector<int32_t> categorical;  // features asked as x_j = v
  bool prune = false;  // grow, then prune with λ chosen by cross-validation
  int cv_folds = 5;
  uint64_t seed = 1;   // fold assignment and the order features are tried in (decides ties)
};

struct TreeNode {
  int32_t feature = -1;  // −1: a leaf
  float threshold = 0;   // numeric: yes when x ≤ threshold; categorical: yes when x == threshold
  uint8_t categorical = 0;
  uint8_t missing_yes = 1;  // a NaN answers yes
  int32_t yes = -1, no = -1;
  double weight = 0;  // training weight reaching the node
  double risk = 0;    // weight · F(node)
  double prune_alpha = std::numeric_limits<double>::infinity();  // a leaf of T(λ) for λ ≥ this
};

// The cross-validation trace of pruning: candidate λ, leaves of the full tree pruned at λ, CV error.
struct PruningReport {
  std::vector<double> lambdas;
  std::vector<int> leaves;
  std::vector<double> cv_error;  // weighted misclassification rate on held-out folds
  double chosen = 0;
};

class DecisionTree {
 public:
  DecisionTree() = default;

  // rows: all features (NaN allowed, ±Inf not); labels in 0..classes−1; weights may be empty (all 1);
  // subset: the rows to use (empty = all).
  static DecisionTree train(const Rows& rows, const std::vector<int32_t>& labels, int classes,
                            const TreeConfig& config, const std::vector<double>& weights = {},
                            const std::vector<int32_t>& subset = {}, PruningReport* report = nullptr);
  // The same from any integer labels (n = rows.rows() of them), indexed by the model (core/labels.hpp) and
  // kept with it: class_labels() are the distinct labels, sorted, and predict_label answers in them.
  static DecisionTree train_on_labels(const Rows& rows, const int32_t* labels, const TreeConfig& config,
                                      PruningReport* report = nullptr);
  int32_t predict_label(const RowView& x) const { return class_labels_[size_t(predict(x))]; }

  int classes() const { return classes_; }
  int32_t cols() const { return cols_; }
  size_t nodes() const { return nodes_.size(); }
  const TreeNode& node(size_t i) const { return nodes_[i]; }
  int leaves() const;
  // The label each class index stands for (0..k−1 unless set); saved with the tree.
  const std::vector<int32_t>& class_labels() const { return class_labels_; }
  void set_class_labels(std::vector<int32_t> labels);

  // Class fractions at the leaf x reaches (in T(λ)); argmax with ties to the lowest class.
  const float* distribution(const RowView& x, double lambda = 0) const;
  int predict(const RowView& x, double lambda = 0) const;
  // The node x reaches in T(λ); the same for many λ at once, with one walk down (cross-validating λ).
  int leaf_of(const RowView& x, double lambda = 0) const;
  std::vector<int> leaves_along_path(const RowView& x, const std::vector<double>& lambdas) const;
  int predicted_class(int node) const;  // argmax of the node's class fractions, ties to the lowest

  // Weakest-link pruning: fills every node's prune_alpha; returns the distinct λ_i, ascending,
  // starting with 0 (the full tree), ending with the λ that leaves only the root.
  std::vector<double> compute_pruning();
  int leaves_at(double lambda) const;
  // T(λ) as a tree of its own (unused nodes dropped).
  DecisionTree pruned(double lambda) const;

  void save(ByteWriter& out) const;
  static DecisionTree load(ByteReader& in);
  std::vector<uint8_t> to_bytes() const;  // kind "tree"
  static DecisionTree from_bytes(const uint8_t* data, size_t size);

 private:
  int classes_ = 0;
  int32_t cols_ = 0;
  std::vector<TreeNode> nodes_;  // preorder: children come after their parent
  std::vector<float> dist_;      // classes_ fractions per node
  std::vector<int32_t> class_labels_;
};

// Value of column j in a row (0 when a sparse row lacks it or a dense row is shorter).
float feature_value(const RowView& x, int32_t j);

const std::vector<OptionSpec>& tree_options();
// Every setting but the seed, which is the caller's (a reduction seeds each of its trees).
TreeConfig tree_config_from(const Options& options);

}  // namespace argmax
