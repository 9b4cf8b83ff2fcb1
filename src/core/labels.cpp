#include "core/labels.hpp"

namespace argmax {

void refuse_single_class(const char* name, const char* item, const std::string& shown, const char* why_not) {
  if (why_not) fail(name, ": every training ", item, " is ", shown, "; ", why_not);
  fail(name, ": every training ", item, " is ", shown, "; a model of a single class always predicts it (set ",
       "allowSingleClass: true, or the CLI's --allow-single-class, to train one anyway)");
}

}  // namespace argmax
