// The module's own state as JS sees it: the pending error of the last failed call, memory in use, and the kind
// of a saved model (every module has these, whichever tasks it binds).
#include <emscripten/heap.h>
#include <emscripten/stack.h>
#include <malloc.h>

#include <cstdlib>
#include <new>

#include "common.hpp"
#include "core/sizes.hpp"
#include "io/bytes.hpp"

// Every C++ allocation goes through here, so an out-of-memory error can say how much was asked for.
void* operator new(size_t bytes) {
  if (void* p = std::malloc(bytes ? bytes : 1)) return p;
  argmax::js::failed_allocation_bytes() = bytes;
  throw std::bad_alloc();
}
void* operator new[](size_t bytes) { return operator new(bytes); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace argmax::js {
namespace {

// The error left by the last failed call (a new Error, RangeError, …), or null; taking it clears it.
val take_error() {
  PendingError& error = pending_error();
  if (!error.type) return val::null();
  val out = val::global(error.type).new_(error.message.empty() ? std::string("out of memory") : error.message);
  error.type = nullptr;
  error.message.clear();
  error.message.shrink_to_fit();
  return out;
}

// {heapInUse, heapSize, stackInUse} in bytes: what the allocator has handed out, the wasm memory's size,
// and the shadow stack's depth (0 between calls).
val memory_usage() {
  val out = val::object();
  out.set("heapInUse", double(mallinfo().uordblks));
  out.set("heapSize", double(emscripten_get_heap_size()));
  out.set("stackInUse", double(emscripten_stack_get_base() - emscripten_stack_get_current()));
  return out;
}

// The core's limits on sizes that come from input (core/sizes.hpp), read once by bindings/js/api/inputs.js so
// that the JS API refuses what the readers refuse, before anything is allocated:
// {maxBufferBytes, maxLabels}.
val input_limits() {
  val out = val::object();
  out.set("maxBufferBytes", double(kMaxBufferBytes));
  out.set("maxLabels", kMaxLabels);
  return out;
}

std::string kind_of(uintptr_t data, int size) { return model_kind(bytes_at(data), size_t(size)); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_runtime) {
  emscripten::function("inputLimits", &input_limits);
  emscripten::function("takeError", &take_error);
  emscripten::function("memoryUsage", &memory_usage);
  emscripten::function("modelKind", &Guard<&kind_of>::call);
}

}  // namespace argmax::js
