#include "io/svmhmm.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/error.hpp"
#include "io/lines.hpp"

namespace argmax {

NumericSequences read_svmhmm(const std::string& text) {
  NumericSequences out;
  out.rows.sparse = true;
  std::set<std::string> finished;
  std::string current;
  for_each_data_line(text, [&](int64_t number, const char* b, const char* e) {
    const std::vector<std::string> f = split_blanks(b, e);
    require(f.size() >= 2 && f[1].rfind("qid:", 0) == 0 && f[1].size() > 4, "line ", number,
            ": expected 'TAG qid:N idx:val …'");
    const std::string qid = f[1].substr(4);
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
    out.tags.back().push_back(f[0]);
    long last = 0;
    for (size_t i = 2; i < f.size(); ++i) {
      const size_t colon = f[i].find(':');
      require(colon != std::string::npos, "line ", number, ": expected idx:val, got '", f[i], "'");
      char* e1 = nullptr;
      const long idx = std::strtol(f[i].c_str(), &e1, 10);
      float val = 0;
      require(e1 == f[i].c_str() + colon && colon > 0, "line ", number, ": bad feature index in '", f[i], "'");
      require(parse_finite_float(f[i].substr(colon + 1), val), "line ", number, ": bad feature value in '", f[i],
              "' (expected a finite number within float range)");
      require(idx >= 1 && idx < (1L << 30), "line ", number, ": feature index ", idx, " must be at least 1");
      require(idx > last, "line ", number, ": feature indices must increase (", idx, " after ", last, ")");
      last = idx;
      out.rows.indices.push_back(int32_t(idx - 1));
      out.rows.values.push_back(val);
      out.rows.cols = std::max<int32_t>(out.rows.cols, int32_t(idx));
    }
    out.rows.offsets.push_back(int32_t(out.rows.indices.size()));
  });
  if (!out.tags.empty()) out.starts.push_back(out.rows.rows());
  return out;
}

}  // namespace argmax
