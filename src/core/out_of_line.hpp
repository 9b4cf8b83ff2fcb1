// A call that stays a call in the wasm build, so that a long training run soon runs optimised code.
// V8 compiles wasm in tiers (baseline code at once, optimised code for functions that turn out hot) and
// swaps in a function's optimised code only at its next call: a solver whose whole loop is one call
// runs to its end in baseline code, 1.5–2.5× slower. Its per-pass (or per-example) body must be a function
// called once per pass (or example). [[gnu::noinline]] is not enough: Binaryen's optimiser inlines every function that has one caller,
// whatever its attributes. A call through a volatile function pointer is opaque to both optimisers.
#pragma once

namespace argmax {

// Calls body(args...) through a function the optimisers cannot merge into the caller.
template <class Body, class... Args>
auto out_of_line(Body& body, Args... args) -> decltype(body(args...)) {
  using Result = decltype(body(args...));
  Result (*volatile call)(Body&, Args...) = [](Body& b, Args... a) -> Result { return b(a...); };
  return call(body, args...);
}

}  // namespace argmax
