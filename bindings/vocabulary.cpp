// The vocabulary the JS API checks options with before they reach a table: the trainers (which of them are
// online, so parameter mixing applies) and the option names and values of 0.1 with what replaced them.
#include "common.hpp"
#include "learn/trainer_options.hpp"

namespace argmax::js {
namespace {

// [{name, help, online}]
val trainer_catalogue_js() {
  val out = val::array();
  for (const auto& t : trainer_catalogue()) {
    val o = val::object();
    o.set("name", t.name), o.set("help", t.help), o.set("online", t.online);
    out.call<void>("push", o);
  }
  return out;
}

// [{old, now, instead}]: now is empty where the option split.
val renamed_options_js() {
  val out = val::array();
  for (const auto& r : renamed_options()) {
    val o = val::object();
    o.set("old", r.old), o.set("now", r.now), o.set("instead", r.instead);
    out.call<void>("push", o);
  }
  return out;
}

// [{option, old, instead}]: values of 0.1 that 0.2 replaced (learner 'svm-dcd', …).
val renamed_values_js() {
  val out = val::array();
  for (const auto& r : renamed_values()) {
    val o = val::object();
    o.set("option", r.option), o.set("old", r.old), o.set("instead", r.instead());
    out.call<void>("push", o);
  }
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_vocabulary) {
  function("trainerCatalogue", &Guard<&trainer_catalogue_js>::call);
  function("renamedOptions", &Guard<&renamed_options_js>::call);
  function("renamedValues", &Guard<&renamed_values_js>::call);
}

}  // namespace argmax::js
