#include "binary/tree_binary.hpp"

namespace argmax {

float TreeBinaryModel::score(const RowView& x) const {
  const float* p = tree_.distribution(x);
  return p[1] - p[0];
}

std::unique_ptr<TreeBinaryModel> train_binary_tree(const BinarySample& data, const TreeConfig& config) {
  data.validate();
  // Labels and weights indexed by row of data.rows, as DecisionTree::train expects.
  std::vector<int32_t> labels(data.rows.rows(), 0);
  std::vector<double> weights;
  if (!data.weight.empty()) weights.assign(data.rows.rows(), 0.0);
  for (int k = 0; k < data.size(); ++k) {
    labels[data.index[k]] = data.label[k] > 0 ? 1 : 0;
    if (!weights.empty()) weights[data.index[k]] = data.weight[k];
  }
  return std::make_unique<TreeBinaryModel>("tree", DecisionTree::train(data.rows, labels, 2, config, weights, data.index));
}

std::unique_ptr<TreeBinaryModel> train_stump(const BinarySample& data) {
  TreeConfig c;
  c.criterion = Impurity::Misclassification;
  c.max_depth = 1;
  auto model = train_binary_tree(data, c);
  return std::make_unique<TreeBinaryModel>("stump", model->tree());
}

}  // namespace argmax
