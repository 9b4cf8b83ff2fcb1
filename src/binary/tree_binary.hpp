// A decision tree (or stump) as a binary scorer: f(x) = p₊ − p₋ at the leaf x reaches, in [−1, 1].
#pragma once
#include <memory>

#include "binary/binary_model.hpp"
#include "binary/binary_sample.hpp"
#include "trees/decision_tree.hpp"

namespace argmax {

class TreeBinaryModel : public BinaryModel {
 public:
  TreeBinaryModel(std::string learner, DecisionTree tree) : learner_(std::move(learner)), tree_(std::move(tree)) {
    require(tree_.classes() == 2, "a binary tree model needs 2 classes, got ", tree_.classes());  // score reads p₋, p₊
  }
  std::string learner() const override { return learner_; }
  float score(const RowView& x) const override;
  int32_t cols() const override { return tree_.cols(); }
  void save(ByteWriter& out) const override { tree_.save(out); }
  const DecisionTree& tree() const { return tree_; }

 private:
  std::string learner_;
  DecisionTree tree_;
};

// CART on the sample with classes {−1 → 0, +1 → 1}.
std::unique_ptr<TreeBinaryModel> train_binary_tree(const BinarySample& data, const TreeConfig& config);

// The decision stump: the one question x_j ≤ θ (or x_j = v) of least weighted training error, i.e. a
// depth-1 CART with misclassification impurity (ERM over axis-aligned thresholds, SSBD 10.1.1).
std::unique_ptr<TreeBinaryModel> train_stump(const BinarySample& data);

}  // namespace argmax
