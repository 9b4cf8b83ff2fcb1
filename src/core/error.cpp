#include "core/error.hpp"

namespace argmax {

void fail_with(const std::string& message) { throw InputError(message); }

}  // namespace argmax
