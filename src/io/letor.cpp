#include "io/letor.hpp"

#include <algorithm>
#include <unordered_set>

#include "core/error.hpp"
#include "io/libsvm.hpp"
#include "io/lines.hpp"
#include "io/parse_number.hpp"

namespace argmax {
OwnedQueries read_letor(std::string_view text, int32_t min_cols) {
  OwnedQueries data;
  data.features.sparse = true;
  reserve_features(text, data.features);
  int32_t max_index = 0;
  std::unordered_set<std::string> finished;  // queries already closed (a later line may not reopen them)
  std::string current;
  for_each_data_line(text, [&](int64_t line, const char* p, const char* end) {
    std::string_view token = next_blank_field(p, end);
    float rel = 0;
    require(parse_finite_float(token.data(), token.data() + token.size(), rel), "line ", line, ": relevance '", token,
            "' is not a finite number within float range");
    token = next_blank_field(p, end);
    require(token.rfind("qid:", 0) == 0 && token.size() > 4, "line ", line,
            ": expected 'qid:<id>' after the relevance, got '", token, "'");
    const std::string qid(token.substr(4));
    if (qid != current) {
      require(!finished.count(qid), "line ", line, ": query ", qid,
              " appears again after other queries; the documents of a query must be contiguous");
      if (!current.empty()) {
        finished.insert(current);
        data.offsets.push_back(int32_t(data.relevance.size()));
      }
      current = qid;
      data.qids.push_back(qid);
    }
    max_index = std::max(max_index, parse_features(p, end, line, data.features));
    data.relevance.push_back(rel);
  });
  if (!current.empty()) data.offsets.push_back(int32_t(data.relevance.size()));
  data.features.cols = std::max(max_index, min_cols);
  return data;
}

}  // namespace argmax
