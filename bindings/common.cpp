// Registers the value types that common.hpp declares (once for the whole module).
#include "common.hpp"

namespace argmax::js {

EMSCRIPTEN_BINDINGS(argmax_common) {
  using namespace emscripten;
  value_object<MatrixArg>("Matrix")
      .field("offsets", &MatrixArg::offsets)
      .field("indices", &MatrixArg::indices)
      .field("values", &MatrixArg::values)
      .field("rows", &MatrixArg::rows)
      .field("cols", &MatrixArg::cols)
      .field("name", &MatrixArg::name);
}

}  // namespace argmax::js
