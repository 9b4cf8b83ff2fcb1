// Reader for the SVM^hmm format (Joachims): one position per line,
//   TAG qid:N idx:val idx:val …  [# comment]
// with 1-based, increasing feature indices; consecutive lines with the same qid form a sequence.
#pragma once
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/rows.hpp"
#include "io/lines.hpp"

namespace argmax {

struct NumericSequences {
  OwnedRows rows;                   // sparse, one row per position; column = idx − 1
  std::vector<int64_t> starts{0};   // sequence i = rows [starts[i], starts[i+1])
  std::vector<std::vector<std::string>> tags;
  std::vector<std::string> qids;    // per sequence
};

// The SVM^hmm parser for ChunkedReader.
class SvmhmmParser {
 public:
  SvmhmmParser() { out_.rows.sparse = true; }
  void reserve(std::string_view chunk);
  void line(const Line& line);  // throws InputError naming the line
  NumericSequences finish();

 private:
  NumericSequences out_;
  std::set<std::string> finished_;
  std::string current_;
};

// Throws InputError naming the line of the first problem (missing qid, bad idx:val, indices not
// increasing, a qid that comes back after another one).
NumericSequences read_svmhmm(std::string_view text);

}  // namespace argmax
