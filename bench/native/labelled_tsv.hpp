// label<TAB>text lines, for the text benchmark drivers (lines without a tab are skipped).
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "slurp.hpp"

struct LabelledTexts {
  std::unique_ptr<std::string> file;  // owns the text the views point into (on the heap: moving keeps them valid)
  std::vector<std::string_view> texts;
  std::vector<std::string> labels;
};

inline LabelledTexts read_labelled_tsv(const std::string& path) {
  LabelledTexts d{std::make_unique<std::string>(slurp(path)), {}, {}};
  std::string_view all(*d.file);
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view line = all.substr(start, end - start);
    const size_t tab = line.find('\t');
    if (tab != std::string_view::npos) {
      d.labels.emplace_back(line.substr(0, tab));
      d.texts.push_back(line.substr(tab + 1));
    }
    start = end + 1;
  }
  return d;
}
