// Embind glue for iterative parameter mixing: mixWeights, which the JS coordinator (js/parallel.js) calls
// after every round with the states its workers sent back.
#include "common.hpp"
#include "learn/parameter_mixing.hpp"
#include "weight_state.hpp"

namespace argmax::js {
namespace {

// n states of `dim` weights: v_ptrs[i], u_ptrs[i] (0 without averaging) and numbers[4i..4i+3] =
// (μ_i, scale_i, sum_i, steps_i), in memory JS allocated.
val mix(uintptr_t v_ptrs, uintptr_t u_ptrs, uintptr_t numbers, int n, double dim) {
  require(n >= 1 && dim >= 0, "mixing needs at least one state");
  const uint32_t* v = reinterpret_cast<const uint32_t*>(v_ptrs);
  const uint32_t* u = reinterpret_cast<const uint32_t*>(u_ptrs);
  const double* x = reinterpret_cast<const double*>(numbers);
  std::vector<WeightStateView> states;
  std::vector<double> mu;
  for (int i = 0; i < n; ++i) {
    mu.push_back(x[4 * i]);
    states.push_back(state_at(v[i], u[i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]));
  }
  return state_to_js(view_of(mix_weights(states, mu, size_t(dim))), size_t(dim));
}

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_parameter_mixing) { emscripten::function("mixWeights", &Guard<&mix>::call); }

}  // namespace argmax::js
