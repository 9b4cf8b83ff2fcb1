// Reader for the SVM^hmm format (Joachims): one position per line,
//   TAG qid:N idx:val idx:val …  [# comment]
// with 1-based, increasing feature indices; consecutive lines with the same qid form a sequence.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/rows.hpp"

namespace argmax {

struct NumericSequences {
  OwnedRows rows;                   // sparse, one row per position; column = idx − 1
  std::vector<int64_t> starts{0};   // sequence i = rows [starts[i], starts[i+1])
  std::vector<std::vector<std::string>> tags;
  std::vector<std::string> qids;    // per sequence
};

// Throws InputError naming the line of the first problem (missing qid, bad idx:val, indices not
// increasing, a qid that comes back after another one).
NumericSequences read_svmhmm(std::string_view text);

}  // namespace argmax
