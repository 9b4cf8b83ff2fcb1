// Sequences after feature extraction: a CSR of CSRs, built once per data set so training epochs
// and decoding never touch strings again. Sequence i owns tokens [starts[i], starts[i+1]);
// token j owns feature entries [ends[j], ends[j+1]) of ids/values.
#pragma once
#include <cstdint>
#include <vector>

namespace argmax {

struct SequenceBatch {
  std::vector<int64_t> starts{0};  // per sequence, into tokens
  std::vector<int64_t> ends{0};    // per token, into ids/values
  std::vector<int32_t> ids;        // feature rows
  std::vector<float> values;       // empty: every value is 1 (symbolic features)
  std::vector<int32_t> labels;     // per token (gold), or empty when unlabelled

  int sequences() const { return int(starts.size()) - 1; }
  int64_t tokens() const { return int64_t(ends.size()) - 1; }
  int length(int i) const { return int(starts[i + 1] - starts[i]); }
  const int32_t* gold(int i) const { return labels.data() + starts[i]; }
  float value(int64_t p) const { return values.empty() ? 1.f : values[p]; }
};

}  // namespace argmax
