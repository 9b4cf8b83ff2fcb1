// The Embind class of a model kind, with the contract every kind shares: `load` builds one from its bytes
// (Model::from_bytes) and `save` gives them back (to_bytes). Each binding adds the kind's own methods.
#pragma once
#include "common.hpp"

namespace argmax::js {

template <class Model>
val model_bytes(const Model& m) { return copy_to_js(m.to_bytes()); }

template <class Model>
Model model_from_bytes(uintptr_t data, int size) { return Model::from_bytes(bytes_at(data), size_t(size)); }

template <class Model>
emscripten::class_<Model> bind_model(const char* name) {
  return emscripten::class_<Model>(name)
      .class_function("load", &Guard<&model_from_bytes<Model>>::call)
      .function("save", &Guard<&model_bytes<Model>>::call);
}

}  // namespace argmax::js
