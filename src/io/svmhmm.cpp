#include "io/svmhmm.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>

#include "core/error.hpp"

namespace argmax {

NumericSequences read_svmhmm(const std::string& text) {
  NumericSequences out;
  out.rows.sparse = true;
  std::set<std::string> finished;
  std::string current;
  size_t pos = 0;
  long number = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::vector<std::string> f;
    for (size_t a = 0; a < line.size();) {
      while (a < line.size() && std::isspace(uint8_t(line[a]))) ++a;
      size_t b = a;
      while (b < line.size() && !std::isspace(uint8_t(line[b]))) ++b;
      if (b > a) f.push_back(line.substr(a, b - a));
      a = b;
    }
    if (f.empty()) continue;
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
      char* e2 = nullptr;
      const long idx = std::strtol(f[i].c_str(), &e1, 10);
      const double val = std::strtod(f[i].c_str() + colon + 1, &e2);
      require(e1 == f[i].c_str() + colon && colon > 0, "line ", number, ": bad feature index in '", f[i], "'");
      require(*e2 == '\0' && colon + 1 < f[i].size() && std::isfinite(val), "line ", number,
              ": bad feature value in '", f[i], "'");
      require(idx >= 1 && idx < (1L << 30), "line ", number, ": feature index ", idx, " must be at least 1");
      require(idx > last, "line ", number, ": feature indices must increase (", idx, " after ", last, ")");
      last = idx;
      out.rows.indices.push_back(int32_t(idx - 1));
      out.rows.values.push_back(float(val));
      out.rows.cols = std::max<int32_t>(out.rows.cols, int32_t(idx));
    }
    out.rows.offsets.push_back(int32_t(out.rows.indices.size()));
  }
  if (!out.tags.empty()) out.starts.push_back(out.rows.rows());
  return out;
}

}  // namespace argmax
