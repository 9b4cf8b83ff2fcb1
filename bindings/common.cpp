// What common.hpp declares once for the whole module: the value types it registers and the error recorder.
#include "common.hpp"

namespace argmax::js {
namespace {

std::string out_of_memory_message() {
  const size_t bytes = failed_allocation_bytes();
  failed_allocation_bytes() = 0;
  return text("out of memory: ", bytes ? text("a block of ", (bytes + (1 << 20) - 1) / (1 << 20), " MB ") : "an allocation ",
              "did not fit in the wasm heap (2 GB at most); train on less data or a smaller model (fewer features "
              "or labels, hash_bits, min_count; solver=sgd instead of L-BFGS for sequence models)");
}

}  // namespace

void record_current_exception() noexcept {
  PendingError& error = pending_error();
  try {
    try {
      throw;
    } catch (const InputError& e) {
      error.message = e.what(), error.type = "Error";
    } catch (const std::bad_alloc&) {
      error.message = out_of_memory_message(), error.type = "RangeError";
    } catch (const std::exception& e) {
      error.message = std::string("internal error: ") + e.what(), error.type = "Error";
    } catch (...) {
      error.message = "unknown internal error", error.type = "Error";
    }
  } catch (...) {  // no memory left even for the message
    error.message.clear(), error.type = "RangeError";
  }
}

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
