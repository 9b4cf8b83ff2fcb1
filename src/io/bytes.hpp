// Model bytes: "ARGMAX" magic, format version, kind, payload, FNV-1a-64 checksum.
// Little-endian fixed-width fields, so native and wasm builds read each other's models.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/options.hpp"
#include "core/sizes.hpp"

namespace argmax {

// Format versions. 3 is every kind's layout since 0.2; 4 adds layouts that a model writes only where it uses them
// (the kernel all-pairs' class order beside its ascending labels, a linear binary model's compact weights). A model
// writes the oldest version that holds it, so the bytes of every other model stay as they were, a loader reads each
// version it knows, and a build that knows only 3 refuses the new layouts by their version.
constexpr uint32_t kFormatVersion = 3;        // what a model writes unless it needs a newer layout
constexpr uint32_t kNewestFormatVersion = 4;  // the newest this build reads

class ByteWriter {
 public:
  explicit ByteWriter(const std::string& kind, uint32_t version = kFormatVersion);
  uint32_t version() const { return version_; }

  template <class T>
  void put(T x) {
    static_assert(std::is_arithmetic_v<T>);
    const auto* p = reinterpret_cast<const uint8_t*>(&x);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void put_string(const std::string& s);
  template <class T>
  void put_vector(const std::vector<T>& v) {
    put<uint64_t>(v.size());
    const auto* p = reinterpret_cast<const uint8_t*>(v.data());
    bytes_.insert(bytes_.end(), p, p + v.size() * sizeof(T));
  }
  void put_strings(const std::vector<std::string>& v);
  // The options a model was trained with, as key=value text.
  void put_options(const OptionList& options);

  // Appends the checksum and returns the finished bytes.
  std::vector<uint8_t> finish();

 private:
  std::vector<uint8_t> bytes_;
  uint32_t version_;
};

class ByteReader {
 public:
  // Checks magic, version and checksum; throws InputError saying which is wrong.
  ByteReader(const uint8_t* data, size_t size);
  // The same, and the bytes must hold a model of this kind.
  ByteReader(const uint8_t* data, size_t size, const std::string& kind);
  const std::string& kind() const { return kind_; }
  uint32_t version() const { return version_; }  // kFormatVersion … kNewestFormatVersion

  template <class T>
  T get() {
    T x;
    take(&x, sizeof(T));
    return x;
  }
  std::string get_string();
  template <class T>
  std::vector<T> get_vector() {
    uint64_t n = get<uint64_t>();
    require(n <= (end_ - pos_) / sizeof(T), "model bytes are truncated or corrupt (vector of ", n,
            " items past the end)");
    std::vector<T> v(checked_count<T>("model bytes: vector", {int64_t(n)}));
    take(v.data(), v.size() * sizeof(T));
    return v;
  }
  // Weights and every other real number a model computes with: the same reads, refusing NaN and ±Inf
  // ("model bytes are corrupt (non-finite <what> …)"). Every loader reads its floats through these, so a
  // mutated model with a valid checksum is refused the same way whatever its kind.
  template <class T>
  T get_finite(const char* what) {
    static_assert(std::is_floating_point_v<T>);
    const T x = get<T>();
    require(std::isfinite(x), "model bytes are corrupt (non-finite ", what, ": ", x, ")");
    return x;
  }
  template <class T>
  std::vector<T> get_finite_vector(const char* what) {
    static_assert(std::is_floating_point_v<T>);
    std::vector<T> v = get_vector<T>();
    require_finite(v.data(), v.size(), what);
    return v;
  }
  template <class T>
  static void require_finite(const T* x, size_t n, const char* what) {
    for (size_t i = 0; i < n; ++i)
      require(std::isfinite(x[i]), "model bytes are corrupt (non-finite ", what, " at ", i, ": ", x[i], ")");
  }
  std::vector<std::string> get_strings();
  OptionList get_options();
  // Throws unless every payload byte was read.
  void expect_end() const;
  // Whether every payload byte was read (for optional trailing sections added in later versions).
  bool at_end() const { return pos_ == end_; }

 private:
  void take(void* out, size_t n);
  const uint8_t* pos_;
  const uint8_t* end_;
  std::string kind_;
  uint32_t version_ = 0;
};

// The kind recorded in model bytes, without reading the rest.
std::string model_kind(const uint8_t* data, size_t size);

}  // namespace argmax
