// What a shard's epoch changed (learn/weights.hpp WeightChanges) as it crosses to JS for parameter mixing:
// {index: Uint32Array, v: Float32Array, u: Float64Array (empty without averaging), scale, sum, steps}. Back
// into wasm it comes as arrays JS copied into the heap.
#pragma once
#include "common.hpp"
#include "learn/weights.hpp"

namespace argmax::js {

inline val changes_to_js(const WeightChanges& c) {
  val out = val::object();
  out.set("index", typed_array("Uint32Array", c.index));
  out.set("v", typed_array("Float32Array", c.v));
  out.set("u", typed_array("Float64Array", c.u));
  out.set("scale", c.scale), out.set("sum", c.sum), out.set("steps", c.steps);
  return out;
}

// n shards' changes: index_ptrs[i], v_ptrs[i], u_ptrs[i] (0 without averaging) point to counts[i] entries;
// numbers[4i..4i+3] = (μ_i, scale_i, sum_i, steps_i). The μ_i go to mu.
inline std::vector<WeightChanges> changes_at(uintptr_t index_ptrs, uintptr_t v_ptrs, uintptr_t u_ptrs, uintptr_t counts,
                                             uintptr_t numbers, int n, std::vector<double>& mu) {
  require(n >= 1, "mixing needs at least one shard");
  const uint32_t* index_at = reinterpret_cast<const uint32_t*>(index_ptrs);
  const uint32_t* v_at = reinterpret_cast<const uint32_t*>(v_ptrs);
  const uint32_t* u_at = reinterpret_cast<const uint32_t*>(u_ptrs);
  const int32_t* count = reinterpret_cast<const int32_t*>(counts);
  const double* x = reinterpret_cast<const double*>(numbers);
  std::vector<WeightChanges> all(n);
  for (int i = 0; i < n; ++i) {
    require(count[i] >= 0, "shard ", i, " has a negative number of changes");
    const auto* index = reinterpret_cast<const uint32_t*>(uintptr_t(index_at[i]));
    const auto* v = reinterpret_cast<const float*>(uintptr_t(v_at[i]));
    const auto* u = reinterpret_cast<const double*>(uintptr_t(u_at[i]));
    all[i].index.assign(index, index + count[i]);
    all[i].v.assign(v, v + count[i]);
    if (u) all[i].u.assign(u, u + count[i]);
    mu.push_back(x[4 * i]);
    all[i].scale = x[4 * i + 1], all[i].sum = x[4 * i + 2], all[i].steps = x[4 * i + 3];
  }
  return all;
}

}  // namespace argmax::js
