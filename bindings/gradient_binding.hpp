// The Embind class of one worker of an L-BFGS fit by exact parallel gradients (ChainGradientTrainer and the
// tokenizer's TokenizerGradientTrainer, sequence/chain_gradient_trainer.hpp), as
// bindings/js/parallel/gradient-worker.js drives it; each model's binding adds the factories that build it.
#pragma once
#include "common.hpp"
#include "sequence/chain_gradient_trainer.hpp"

namespace argmax::js {

// This worker's part at the solver's point: {gradient: the address of its int64 sums over all the weights (the
// weights [slices[w], slices[w + 1]) go to worker w), slices, losses, errors (Float64Array, one per sequence)}.
inline val evaluate_part(ChainGradientTrainer& t) {
  const CrfPart& part = t.evaluate();
  val out = val::object();
  std::vector<double> slices;
  for (int w = 0; w <= t.workers(); ++w) slices.push_back(double(t.slice_begin(w)));
  out.set("gradient", uintptr_t(part.gradient.data()));
  out.set("slices", typed_array("Float64Array", slices));
  out.set("losses", typed_array("Float64Array", part.losses));
  out.set("errors", typed_array("Float64Array", part.errors));
  return out;
}
// n addresses (uint32) in wasm memory, as pointers to T.
template <class T>
std::vector<const T*> pointers_at(uintptr_t at, int n) {
  require(n >= 1, "the fit needs at least one worker's part");
  const uint32_t* p = reinterpret_cast<const uint32_t*>(at);
  std::vector<const T*> out;
  for (int w = 0; w < n; ++w) out.push_back(reinterpret_cast<const T*>(uintptr_t(p[w])));
  return out;
}
// Every worker's part of this worker's slice as JS copied it into the heap: gradient_ptrs[w], loss_ptrs[w],
// error_ptrs[w] (0 at this worker's place).
inline void tell_parts(ChainGradientTrainer& t, uintptr_t gradient_ptrs, uintptr_t loss_ptrs, uintptr_t error_ptrs, int n) {
  t.tell(pointers_at<int64_t>(gradient_ptrs, n), pointers_at<double>(loss_ptrs, n), pointers_at<double>(error_ptrs, n));
}
inline val gradient_progress(const ChainGradientTrainer& t) {
  const Progress p = t.progress();
  val out = val::object();
  out.set("epoch", p.epoch), out.set("objective", p.objective), out.set("trainingError", p.training_error);
  return out;
}
// What the solver waits for, with what this worker sends every other: {state: 'sums', data: its partial sums
// (Float64Array)}, {state: 'point' or 'done', data: its slice of the point, or of the solution (Float32Array)} or
// {state: 'iterated', epoch, objective, trainingError} (the iteration's progress; then proceed()).
inline val ask(const ChainGradientTrainer& t) {
  val out = gradient_progress(t);
  const bool sums = t.reducing(), iterated = t.iterated();
  out.set("state", std::string(t.done() ? "done" : sums ? "sums" : iterated ? "iterated" : "point"));
  if (sums) out.set("data", typed_array("Float64Array", t.partials()));
  else if (!iterated) out.set("data", typed_array("Float32Array", t.slice()));
  return out;
}
// Every worker's data of ask() (0 at this worker's place): the sums for the solver, or the point's slices (before
// evaluate() or finish()).
inline void take(ChainGradientTrainer& t, uintptr_t ptrs, int n) {
  if (t.reducing()) t.reduced(pointers_at<double>(ptrs, n));
  else t.gather(pointers_at<float>(ptrs, n));
}
inline void proceed(ChainGradientTrainer& t, bool keep_going) { t.proceed(keep_going); }
// The chain's class binds the solver's methods; the tokenizer's derives from it, adding only its own finish.
template <class Trainer>
auto finish_gradient(Trainer& t) { return t.finish(); }

inline emscripten::class_<ChainGradientTrainer> bind_chain_gradient() {
  emscripten::class_<ChainGradientTrainer> c("ChainGradient");
  c.function("evaluate", &Guard<&evaluate_part>::call)
      .function("tell", &Guard<&tell_parts>::call)
      .function("ask", &Guard<&ask>::call)
      .function("take", &Guard<&take>::call)
      .function("proceed", &Guard<&proceed>::call)
      .function("finish", &Guard<&finish_gradient<ChainGradientTrainer>>::call);
  return c;
}

}  // namespace argmax::js
