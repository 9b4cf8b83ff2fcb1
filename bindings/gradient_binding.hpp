// The Embind class of one worker of an L-BFGS fit by exact parallel gradients (ChainGradientTrainer and the
// tokenizer's TokenizerGradientTrainer, sequence/chain_gradient_trainer.hpp), as
// bindings/js/parallel/gradient-worker.js drives it; each model's binding adds the factories that build it.
#pragma once
#include "common.hpp"
#include "sequence/chain_gradient_trainer.hpp"

namespace argmax::js {

// This worker's part at the solver's point: {gradient: the int64 sums' bytes (Uint8Array), losses, errors
// (Float64Array, one per sequence)}.
inline val evaluate_part(ChainGradientTrainer& t) {
  const CrfPart& part = t.evaluate();
  val out = val::object();
  const size_t size = part.gradient.size() * sizeof(int64_t);
  val gradient = val::global("Uint8Array").new_(size);
  gradient.call<void>("set", val(emscripten::typed_memory_view(size, reinterpret_cast<const uint8_t*>(part.gradient.data()))));
  out.set("gradient", gradient);
  out.set("losses", typed_array("Float64Array", part.losses));
  out.set("errors", typed_array("Float64Array", part.errors));
  return out;
}
// n addresses (uint32) in wasm memory, as pointers to T.
template <class T>
std::vector<const T*> pointers_at(uintptr_t at, int n) {
  const uint32_t* p = reinterpret_cast<const uint32_t*>(at);
  std::vector<const T*> out;
  for (int w = 0; w < n; ++w) out.push_back(reinterpret_cast<const T*>(uintptr_t(p[w])));
  return out;
}
// Every worker's part as JS copied it into the heap: gradient_ptrs[w], loss_ptrs[w], error_ptrs[w] (0 at this
// worker's place). True when an iteration ended.
inline bool tell_parts(ChainGradientTrainer& t, uintptr_t gradient_ptrs, uintptr_t loss_ptrs, uintptr_t error_ptrs, int n) {
  require(n >= 1, "the fit needs at least one worker's part");
  return t.tell(pointers_at<int64_t>(gradient_ptrs, n), pointers_at<double>(loss_ptrs, n), pointers_at<double>(error_ptrs, n));
}
inline val gradient_progress(const ChainGradientTrainer& t) {
  const Progress p = t.progress();
  val out = val::object();
  out.set("epoch", p.epoch), out.set("objective", p.objective), out.set("trainingError", p.training_error);
  return out;
}
inline void proceed(ChainGradientTrainer& t, bool keep_going) { t.proceed(keep_going); }
inline bool gradient_done(const ChainGradientTrainer& t) { return t.done(); }
// The chain's class binds the solver's methods; the tokenizer's derives from it, adding only its own finish.
template <class Trainer>
auto finish_gradient(Trainer& t) { return t.finish(); }

inline emscripten::class_<ChainGradientTrainer> bind_chain_gradient() {
  emscripten::class_<ChainGradientTrainer> c("ChainGradient");
  c.function("evaluate", &Guard<&evaluate_part>::call)
      .function("tell", &Guard<&tell_parts>::call)
      .function("progress", &Guard<&gradient_progress>::call)
      .function("proceed", &Guard<&proceed>::call)
      .function("done", &Guard<&gradient_done>::call)
      .function("finish", &Guard<&finish_gradient<ChainGradientTrainer>>::call);
  return c;
}

}  // namespace argmax::js
