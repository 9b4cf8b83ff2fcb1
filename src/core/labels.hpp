// Integer class labels as models use them: the sorted distinct values, and each example's position
// among them (models predict positions and report the original labels); and the one check that training
// labels hold two classes or more.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/error.hpp"

namespace argmax {

struct LabelIndex {
  std::vector<int32_t> labels;  // sorted, distinct
  std::vector<int32_t> index;   // index[i] = position of y[i] in labels
};

inline LabelIndex index_labels(const int32_t* y, size_t n) {
  LabelIndex out;
  out.labels.assign(y, y + n);
  std::sort(out.labels.begin(), out.labels.end());
  out.labels.erase(std::unique(out.labels.begin(), out.labels.end()), out.labels.end());
  out.index.reserve(n);
  for (size_t i = 0; i < n; ++i)
    out.index.push_back(int32_t(std::lower_bound(out.labels.begin(), out.labels.end(), y[i]) - out.labels.begin()));
  return out;
}

// The error of require_two_classes below, `shown` the one label as the message gives it (one copy for every type).
[[noreturn]] void refuse_single_class(const char* name, const char* item, const std::string& shown, const char* why_not);

// Training labels (or a tagger's tags: any type with ==) must hold two classes or more: a model of one class
// always answers it, which the caller gets only by asking (allowSingleClass, the CLI's --allow-single-class).
// Every model that learns classes checks here, after the checks of its input's shape. `name` is the argument
// ("y", "tags"), `item` what it holds ("label", "tag"). A model that cannot be of one class passes `why_not`,
// which the message gives instead of the way to ask.
template <class Label>
void require_two_classes(const Label* y, size_t n, const char* name, const char* item, bool allow_single_class,
                         const char* why_not = nullptr) {
  if (allow_single_class || n == 0 || std::any_of(y, y + n, [&](const Label& l) { return !(l == y[0]); })) return;
  if constexpr (std::is_arithmetic_v<Label>) refuse_single_class(name, item, text(y[0]), why_not);
  else refuse_single_class(name, item, text("'", y[0], "'"), why_not);
}

}  // namespace argmax
