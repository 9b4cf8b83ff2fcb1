// A trainer's weight state as it crosses to JS for parameter mixing: {v: Float32Array, u: Float64Array (empty
// without averaging), scale, sum, steps} (learn/weights.hpp). Into wasm it comes as pointers JS allocated.
#pragma once
#include "common.hpp"
#include "learn/weights.hpp"

namespace argmax::js {

template <class T>
val copy_array(const char* type, const T* data, size_t n) {
  val out = val::global(type).new_(n);
  if (n) out.call<void>("set", val(emscripten::typed_memory_view(n, data)));
  return out;
}

inline val state_to_js(const WeightStateView& s, size_t dim) {
  val out = val::object();
  out.set("v", copy_array("Float32Array", s.v, dim));
  out.set("u", copy_array("Float64Array", s.u, s.u ? dim : 0));
  out.set("scale", s.scale), out.set("sum", s.sum), out.set("steps", s.steps);
  return out;
}

// v and u (0 = no averaging) point to `dim` numbers each.
inline WeightStateView state_at(uintptr_t v, uintptr_t u, double scale, double sum, double steps) {
  return {reinterpret_cast<const float*>(v), reinterpret_cast<const double*>(u), scale, sum, steps};
}

}  // namespace argmax::js
