// Option lists for the tests: the trainer in front of the rest (0.2's vocabulary, learn/trainer_options.hpp).
#pragma once
#include <string>

#include "core/options.hpp"

namespace argmax {

// {trainer=name} followed by `options`.
inline OptionList with_trainer(const std::string& name, const OptionList& options) {
  OptionList out = {{"trainer", name}};
  out.insert(out.end(), options.begin(), options.end());
  return out;
}

}  // namespace argmax
