// The Embind class of one worker of an L-BFGS fit by exact parallel gradients (ChainGradientTrainer and the
// tokenizer's TokenizerGradientTrainer, sequence/chain_gradient_trainer.hpp), as
// bindings/js/parallel/gradient-worker.js drives it; each model's binding adds the factories that build it.
#pragma once
#include "common.hpp"
#include "sequence/chain_gradient_trainer.hpp"

namespace argmax::js {

// This worker's part at the solver's point: each sequence's loss and error (a Float64Array, CrfPart's terms); then
// gradientFor(w) is its part of worker w's slice (packed int64s, as a Uint8Array).
inline val evaluate_part(ChainGradientTrainer& t) { return typed_array("Float64Array", t.evaluate().terms); }
// A view of the packed bytes in wasm memory, valid until the next call (JS copies it at once into a buffer it
// reuses: a fresh ArrayBuffer of a slice's size at every message costs more than the copy).
inline val packed_view(const std::vector<uint8_t>& bytes) { return val(emscripten::typed_memory_view(bytes.size(), bytes.data())); }
inline val gradient_for(ChainGradientTrainer& t, int worker) { return packed_view(t.gradient_for(worker)); }
// n addresses in wasm memory (an Int32Array that JS wrote: wasm32's pointers), as an array of pointers to T.
template <class T>
const T* const* pointers_at(uintptr_t at) { return reinterpret_cast<const T* const*>(at); }
// Every worker's part of this worker's slice as JS copied it into the heap: gradient_ptrs[w] and term_ptrs[w] (0 at
// this worker's place), and at seconds (0 for none), what each worker's evaluate() took (n doubles).
inline void tell_parts(ChainGradientTrainer& t, uintptr_t gradient_ptrs, uintptr_t term_ptrs, uintptr_t seconds, int n) {
  t.tell(pointers_at<int64_t>(gradient_ptrs), pointers_at<double>(term_ptrs), n, reinterpret_cast<const double*>(seconds));
}
// What the solver waits for, with what this worker sends every other: {state: 'sums', data: its partial sums
// (Float64Array)}, {state: 'done', data: its slice of the solution (Float32Array)}, {state: 'point'}: then
// pointFor(w) is what worker w reads of this worker's slice of the point (packed floats, a view as gradientFor's); or {state:
// 'iterated', epoch, objective, trainingError} (the iteration's progress; then proceed()).
inline val ask(const ChainGradientTrainer& t) {
  val out = progress_to_js(t.progress());
  const bool sums = t.reducing(), iterated = t.iterated(), done = t.done();
  out.set("state", std::string(done ? "done" : sums ? "sums" : iterated ? "iterated" : "point"));
  if (sums) out.set("data", typed_array("Float64Array", t.partials()));
  else if (done) out.set("data", typed_array("Float32Array", t.slice()));
  return out;
}
inline val point_for(ChainGradientTrainer& t, int worker) { return packed_view(t.point_for(worker)); }
// What every worker sent this one of ask()'s data (0 at this worker's place): the sums for the solver, or the
// point's values (before evaluate() or finish()).
inline void take(ChainGradientTrainer& t, uintptr_t ptrs, int n) {
  if (t.reducing()) t.reduced(pointers_at<double>(ptrs), n);
  else t.gather(pointers_at<float>(ptrs), n);
}
inline void proceed(ChainGradientTrainer& t, bool keep_going) { t.proceed(keep_going); }
// The chain's class binds the solver's methods; the tokenizer's derives from it, adding only its own finish.
template <class Trainer>
auto finish_gradient(Trainer& t) { return t.finish(); }

inline emscripten::class_<ChainGradientTrainer> bind_chain_gradient() {
  emscripten::class_<ChainGradientTrainer> c("ChainGradient");
  c.function("evaluate", &Guard<&evaluate_part>::call)
      .function("gradientFor", &Guard<&gradient_for>::call)
      .function("pointFor", &Guard<&point_for>::call)
      .function("tell", &Guard<&tell_parts>::call)
      .function("ask", &Guard<&ask>::call)
      .function("take", &Guard<&take>::call)
      .function("proceed", &Guard<&proceed>::call)
      .function("finish", &Guard<&finish_gradient<ChainGradientTrainer>>::call);
  return c;
}

}  // namespace argmax::js
