// Errors the core raises. The bindings turn each into a JS Error with the same message;
// nothing in the core aborts.
#pragma once
#include <stdexcept>
#include <string>

#include "core/text.hpp"

namespace argmax {

// Bad input from the caller (shapes, values, options, files). Message says what to fix.
struct InputError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Throws InputError(message): one copy of the throw for every fail() below.
[[noreturn]] void fail_with(const std::string& message);

// Builds a message from pieces: fail("row ", i, " has ", n, " features").
template <class... Parts>
[[noreturn]] void fail(const Parts&... parts) {
  fail_with(text(parts...));
}

template <class... Parts>
void require(bool condition, const Parts&... parts) {
  if (!condition) fail(parts...);
}

}  // namespace argmax
