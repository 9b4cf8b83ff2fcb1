#include "io/svmhmm.hpp"

#include <algorithm>
#include <set>

#include "core/error.hpp"
#include "io/libsvm.hpp"
#include "io/lines.hpp"

namespace argmax {

NumericSequences read_svmhmm(std::string_view text) {
  NumericSequences out;
  out.rows.sparse = true;
  reserve_features(text, out.rows);
  std::set<std::string> finished;
  std::string current;
  for_each_data_line(text, [&](int64_t number, const char* p, const char* e) {
    const std::string_view tag = next_blank_field(p, e), qid_field = next_blank_field(p, e);
    require(qid_field.rfind("qid:", 0) == 0 && qid_field.size() > 4, "line ", number,
            ": expected 'TAG qid:N idx:val …'");
    const std::string qid(qid_field.substr(4));
    if (qid != current || out.tags.empty()) {
      if (!out.tags.empty()) {
        finished.insert(current);
        out.starts.push_back(out.rows.rows());
      }
      require(!finished.count(qid), "line ", number, ": qid ", qid,
              " appears again after other sequences (a sequence's lines must be consecutive)");
      current = qid;
      out.tags.emplace_back();
      out.qids.push_back(qid);
    }
    out.tags.back().emplace_back(tag);
    out.rows.cols = std::max(out.rows.cols, parse_features(p, e, number, out.rows));
  });
  if (!out.tags.empty()) out.starts.push_back(out.rows.rows());
  return out;
}

}  // namespace argmax
