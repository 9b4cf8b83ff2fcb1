// The task loss Δ(y', y) of multiclass prediction as a k×k matrix: row = true label y,
// column = predicted label y'. 0-1 by default; a user matrix must be non-negative with a zero diagonal.
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

class CostMatrix {
 public:
  CostMatrix() = default;
  // 0-1 loss over k labels.
  static CostMatrix zero_one(int k);
  // Validates a row-major k×k matrix (non-negative, finite, zero diagonal); throws InputError.
  static CostMatrix from_rows(const std::vector<float>& rows, int k);

  int size() const { return k_; }
  float operator()(int predicted, int truth) const { return cost_[truth * k_ + predicted]; }
  const float* row(int truth) const { return cost_.data() + truth * k_; }
  const std::vector<float>& values() const { return cost_; }
  float max() const;

 private:
  std::vector<float> cost_;
  int k_ = 0;
};

// The labels a multiclass model predicts, each example's position among them, and the cost matrix over them.
// With a row-major k×k matrix the labels must be 0..k−1; with none, they are the sorted distinct labels
// under 0-1 loss. Throws InputError naming the first label outside the matrix.
struct LabelCosts {
  std::vector<int32_t> labels, index;
  CostMatrix cost;
};
LabelCosts label_costs(const std::vector<int32_t>& raw_labels, const std::vector<float>& cost_rows);

}  // namespace argmax
