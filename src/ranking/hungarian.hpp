// Minimum-cost assignment (Kuhn 1955; Munkres 1957), the shortest-augmenting-path form with
// potentials (Jonker & Volgenant 1987; as in e-maxx's "Hungarian algorithm in O(n^2 m)"):
//
//   minimise Σ_i cost[i][col(i)] over injective col: {0..n-1} → {0..m-1},  n ≤ m.
//
// Rows are added one at a time; each addition grows a shortest-path tree over the reduced costs
// cost[i][j] − u_i − v_j ≥ 0 (the dual potentials stay feasible), O(n·m) per row, O(n²m) in all
// (O(r³) for the r×r NDCG assignment).
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

// cost is row-major n×m. Returns col(i) for each row i.
std::vector<int32_t> min_cost_assignment(const std::vector<double>& cost, int32_t n, int32_t m);

}  // namespace argmax
