#include "sequence/global_features.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/sizes.hpp"
#include "io/lines.hpp"

namespace argmax {

GlobalFeatures::GlobalFeatures(const std::string& templates, std::vector<std::string> labels, const std::string& words)
    : labels_(std::move(labels)) {
  const int64_t k = int64_t(labels_.size());
  int64_t size = 0;
  for (const std::string& name : split_blanks(templates.data(), templates.data() + templates.size())) {
    Kind kind;
    int64_t width;
    if (name == "has") kind = Kind::Has, width = k;
    else if (name == "count") kind = Kind::Count, width = k;
    else if (name == "before") kind = Kind::Before, width = k * k;
    else if (name == "lexicon") kind = Kind::Lexicon, width = 1;
    else fail("unknown global feature template '", name, "' (known: has, count, before, lexicon)");
    require(std::none_of(blocks_.begin(), blocks_.end(), [&](const auto& b) { return b.first == kind; }),
            "global feature template '", name, "' is given twice");
    blocks_.emplace_back(kind, int32_t(size));
    size = int64_t(checked_count<float>("global features", {size + width}));
    templates_ += (templates_.empty() ? "" : " ") + name;
  }
  size_ = int(size);
  for (const std::string& word : split_blanks(words.data(), words.data() + words.size())) {
    words_.insert(word);
    words_text_ += (words_text_.empty() ? "" : " ") + word;
  }
  const bool lexicon = std::any_of(blocks_.begin(), blocks_.end(), [](const auto& b) { return b.first == Kind::Lexicon; });
  require(!lexicon || !words_.empty(), "the global feature template 'lexicon' needs its word list (globalWords)");
  require(lexicon || words_.empty(), "globalWords are read only by the global feature template 'lexicon'");
  seen_.resize(labels_.size());
}

void GlobalFeatures::extract(const int* y, int n, std::vector<std::pair<int32_t, float>>& out) const {
  out.clear();
  const int k = int(labels_.size());
  for (const auto& [kind, first] : blocks_) {
    switch (kind) {
      case Kind::Has:
      case Kind::Count: {
        std::vector<int> counts(k, 0);
        for (int t = 0; t < n; ++t) ++counts[y[t]];
        for (int l = 0; l < k; ++l)
          if (counts[l]) out.emplace_back(first + l, kind == Kind::Has ? 1.f : float(counts[l]));
        break;
      }
      case Kind::Before: {
        // pairs (A, B) with an A strictly before a B, each once
        std::fill(seen_.begin(), seen_.end(), 0);
        std::vector<uint8_t> pair(size_t(k) * k, 0);
        for (int t = 0; t < n; ++t) {
          for (int a = 0; a < k; ++a)
            if (seen_[a] && !pair[size_t(a) * k + y[t]]) {
              pair[size_t(a) * k + y[t]] = 1;
              out.emplace_back(first + int32_t(size_t(a) * k + y[t]), 1.f);
            }
          seen_[y[t]] = 1;
        }
        break;
      }
      case Kind::Lexicon: {
        std::string word;
        for (int t = 0; t < n; ++t) word += labels_[y[t]];
        if (words_.count(word)) out.emplace_back(first, 1.f);
        break;
      }
    }
  }
}

double GlobalFeatures::score(const float* v, const int* y, int n) const {
  extract(y, n, scratch_);
  double s = 0;
  for (const auto& [j, value] : scratch_) s += double(v[j]) * value;
  release_large_scratch(scratch_);
  return s;
}

}  // namespace argmax
