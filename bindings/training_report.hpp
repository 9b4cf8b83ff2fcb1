// How a fit ended, as the JS object { converged, iterations, gap, tolerance, measure, warning? }
// (warning only when it did not converge, or when the model is known to be poor).
#pragma once
#include <emscripten/val.h>

#include "learn/progress.hpp"

namespace argmax::js {

inline emscripten::val training_report_to_js(const TrainingReport& r) {
  emscripten::val out = emscripten::val::object();
  out.set("converged", r.converged);
  out.set("iterations", r.iterations);
  out.set("gap", r.gap);
  out.set("tolerance", r.tolerance);
  out.set("measure", r.measure);
  const std::string warning = r.warning();
  if (!warning.empty()) out.set("warning", warning);
  return out;
}

}  // namespace argmax::js
