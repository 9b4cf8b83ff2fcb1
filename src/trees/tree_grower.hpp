// Growing one CART tree by the rule of decision_tree.hpp, over presorted columns.
//
// Each feature keeps one array of (value, example) sorted by value, NaN last, built once (CART's presort).
// A node owns the same range [lo, hi) of every array; a split partitions each range stably in place, so the
// children's ranges stay sorted and no per-node vectors are made. A feature that is constant at a node (or
// has fewer than 2·min_leaf known values) stays so below it and is dropped from the node's subtree.
//
// At each node the features are tried in a random order (Rng seeded by TreeConfig::seed) and the first
// strictly better split wins (gain above the best so far by more than 1e-12), as scikit-learn does, so
// the seed decides between exactly tied splits and nothing else.
#pragma once
#include <cstdint>
#include <vector>

#include "core/rows.hpp"
#include "trees/decision_tree.hpp"

namespace argmax {

// rows.row(subset[i]) is example i, with label y[i] and weight w[i]. Appends the nodes in preorder and
// each node's class fractions (classes floats per node).
void grow_tree(const Rows& rows, const std::vector<int32_t>& subset, const std::vector<int32_t>& y,
               const std::vector<double>& w, int classes, const TreeConfig& config, std::vector<TreeNode>& nodes,
               std::vector<float>& dist);

}  // namespace argmax
