#include "io/svmhmm.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "io/libsvm.hpp"

namespace argmax {

void SvmhmmParser::reserve(std::string_view chunk) { reserve_features(chunk, out_.rows); }

void SvmhmmParser::line(const Line& line) {
  const char* p = line.b;
  const char* e = line.e;
  if (!data_part(p, e)) return;
  const std::string_view tag = next_blank_field(p, e), qid_field = next_blank_field(p, e);
  require(qid_field.rfind("qid:", 0) == 0 && qid_field.size() > 4, "line ", line.number,
          ": expected 'TAG qid:N idx:val …'");
  const std::string qid(qid_field.substr(4));
  if (qid != current_ || out_.tags.empty()) {
    if (!out_.tags.empty()) {
      finished_.insert(current_);
      out_.starts.push_back(out_.rows.rows());
    }
    require(!finished_.count(qid), "line ", line.number, ": qid ", qid,
            " appears again after other sequences (a sequence's lines must be consecutive)");
    current_ = qid;
    out_.tags.emplace_back();
    out_.qids.push_back(qid);
  }
  out_.tags.back().emplace_back(tag);
  out_.rows.cols = std::max(out_.rows.cols, parse_features(p, e, line.number, out_.rows));
}

NumericSequences SvmhmmParser::finish() {
  if (!out_.tags.empty()) out_.starts.push_back(out_.rows.rows());
  return std::move(out_);
}

NumericSequences read_svmhmm(std::string_view text) { return read_whole(text, SvmhmmParser()); }

}  // namespace argmax
