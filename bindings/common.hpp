// Shared glue for the Embind modules: every exported function runs inside Guard, which turns any C++
// exception into a pending JS Error carrying its message, so the module stays usable after bad input.
// Data arrives as pointers into wasm memory that the JS layer allocated (no per-element calls).
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "core/labels.hpp"
#include "core/options.hpp"
#include "core/rows.hpp"
#include "io/lines.hpp"
#include "learn/progress.hpp"

namespace argmax::js {

using emscripten::val;

// A call that fails returns normally and leaves its error here for JS to take (takeError, wrapped around
// every binding by guardCalls in js/wasm.js). A JS exception thrown from C++ would unwind through wasm
// frames that never return: the caught C++ exception is never freed and the shadow stack never restored,
// so every error would leak until the module dies.
struct PendingError {
  const char* type = nullptr;  // the JS constructor's name; nullptr when there is no error
  std::string message;
};
inline PendingError& pending_error() {
  static PendingError error;
  return error;
}

// The size of the last allocation that failed (operator new in runtime.cpp records it).
inline size_t& failed_allocation_bytes() {
  static size_t bytes = 0;
  return bytes;
}
// Called inside a catch block: records the exception being handled (common.cpp; one copy for every Guard).
void record_current_exception() noexcept;

// What a failed call returns; JS sees the pending error instead.
template <class R>
R failure_value() {
  if constexpr (std::is_same_v<R, val>) return val::undefined();
  else if constexpr (!std::is_void_v<R>) return R{};
}

template <auto F>
struct Guard;
template <typename R, typename... A, R (*F)(A...)>
struct Guard<F> {
  static R call(A... a) {
    try {
      return F(a...);
    } catch (...) {
      record_current_exception();
    }
    return failure_value<R>();
  }
};

// A feature matrix as bindings/js/api/wasm.js matrixArgs sends it: CSR when offsets != 0, else dense row-major,
// in JS-allocated memory, with the argument's name for messages. JS has matched the arrays' lengths to
// rows, cols and the last offset (only it knows them); rows_at checks everything else.
struct MatrixArg {
  uintptr_t offsets = 0, indices = 0, values = 0;
  int32_t rows = 0, cols = 0;
  std::string name;
};

// The one way from JS memory to a Rows view, for every method that takes a matrix: the shape, the CSR
// offsets (from 0, non-decreasing), every column in [0, cols) and every value finite (or NaN, where the
// reader takes it as missing) are checked here, so no model sees a malformed matrix.
inline Rows rows_at(const MatrixArg& x, NanFeatures nan = NanFeatures::rejected) {
  require(x.rows >= 0 && x.cols >= 0, x.name, ": negative matrix shape (", x.rows, " × ", x.cols, ")");
  const Rows rows = x.offsets ? Rows::sparse(reinterpret_cast<const int32_t*>(x.offsets),
                                             reinterpret_cast<const int32_t*>(x.indices),
                                             reinterpret_cast<const float*>(x.values), x.rows, x.cols)
                              : Rows::dense(reinterpret_cast<const float*>(x.values), x.rows, x.cols);
  rows.validate(x.name.c_str(), nan);
  return rows;
}

// rows_at for the input of a model trained on `model_cols` columns. Dense rows must have exactly that
// width. Sparse rows may have any: a LIBSVM file often omits trailing features (they are 0), and columns
// the model never saw carry no weight.
inline Rows input_rows(const MatrixArg& x, int32_t model_cols, NanFeatures nan = NanFeatures::rejected) {
  require(x.offsets || x.rows == 0 || x.cols == model_cols, x.name, " has ", x.cols,
          " columns; the model was trained on ", model_cols);
  return rows_at(x, nan);
}

// "key=value" lines (the CLI's --set and the JS option objects both arrive this way).
inline OptionList option_lines(const std::string& text) {
  OptionList list;
  for (size_t start = 0, end; start < text.size(); start = end + 1) {
    end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (line.empty()) continue;
    const size_t eq = line.find('=');
    require(eq != std::string::npos && eq > 0, "option '", line, "' is not key=value");
    list.emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
  return list;
}
// The inverse: a model's options as "key=value" lines, as JS decodes them.
inline std::string option_text(const OptionList& options) {
  std::string text;
  for (const auto& [key, value] : options) text += key + "=" + value + "\n";
  return text;
}

// Calls onProgress(epoch, objective, trainingError); a returned `false` stops training.
inline ProgressFn progress_from(val callback) {
  if (callback.isUndefined() || callback.isNull()) return nullptr;
  return [callback](const Progress& p) {
    return !callback(p.epoch, p.objective, p.training_error).strictlyEquals(val(false));
  };
}

// {epoch, objective, trainingError}, as onProgress hears them.
inline val progress_to_js(const Progress& p) {
  val out = val::object();
  out.set("epoch", p.epoch), out.set("objective", p.objective), out.set("trainingError", p.training_error);
  return out;
}

inline val copy_to_js(const std::vector<uint8_t>& bytes) {
  val out = val::global("Uint8Array").new_(bytes.size());
  out.call<void>("set", val(emscripten::typed_memory_view(bytes.size(), bytes.data())));
  return out;
}
template <class T>
val typed_array(const char* type, const std::vector<T>& v) {
  val out = val::global(type).new_(v.size());
  out.call<void>("set", val(emscripten::typed_memory_view(v.size(), v.data())));
  return out;
}

// Sparse rows as a reader returns them to JS: offsets, indices, values (CSR), rows and cols, set on out.
inline void set_sparse_rows(val& out, const OwnedRows& rows) {
  out.set("offsets", typed_array("Int32Array", rows.offsets));
  out.set("indices", typed_array("Int32Array", rows.indices));
  out.set("values", typed_array("Float32Array", rows.values));
  out.set("rows", rows.rows());
  out.set("cols", rows.cols);
}

// A JS array of strings in, and out (one Embind call per string: for ids and texts, not for numbers).
inline std::vector<std::string> strings(const val& array) { return emscripten::vecFromJSArray<std::string>(array); }
inline val string_array(const std::vector<std::string>& items) {
  val out = val::array();
  for (const std::string& s : items) out.call<void>("push", s);
  return out;
}

inline const uint8_t* bytes_at(uintptr_t p) { return reinterpret_cast<const uint8_t*>(p); }
// A text file's bytes that JS copied into wasm memory (wasm.js readText), read in place.
inline std::string_view text_at(uintptr_t p, size_t size) { return {reinterpret_cast<const char*>(p), size}; }

// A text reader as JS drives it (wasm.js readText): X.open(…) makes one, feed(pointer, size) parses each chunk
// of the file where JS copied it, finish() returns what was parsed, converted by ToJs.
template <class Parser, auto ToJs>
struct JsReader {
  ChunkedReader<Parser> reader;
  static void feed(JsReader& r, uintptr_t text, size_t size) { r.reader.feed(text_at(text, size)); }
  static val finish(JsReader& r) { return ToJs(r.reader.finish()); }
};

// Binds a JsReader class whose factory is Open (the parser's options in, the reader out).
template <class Reader, auto Open>
void bind_reader(const char* name) {
  emscripten::class_<Reader>(name)
      .class_function("open", &Guard<Open>::call)
      .function("feed", &Guard<&Reader::feed>::call)
      .function("finish", &Guard<&Reader::finish>::call);
}

}  // namespace argmax::js
