#include "io/letor.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <unordered_set>

#include "core/error.hpp"
#include "io/lines.hpp"

namespace argmax {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The next whitespace-separated token of [p, end), advancing p.
std::string next_token(const char*& p, const char* end) {
  while (p < end && is_space(*p)) ++p;
  const char* b = p;
  while (p < end && !is_space(*p)) ++p;
  return std::string(b, p);
}

bool parse_index(const std::string& s, long& out) {
  if (s.empty() || s[0] == '-' || s[0] == '+') return false;
  char* stop = nullptr;
  errno = 0;
  out = std::strtol(s.c_str(), &stop, 10);
  return stop == s.c_str() + s.size() && errno != ERANGE;
}

}  // namespace

OwnedQueries read_letor(const std::string& text, int32_t min_cols) {
  OwnedQueries data;
  data.features.sparse = true;
  int32_t max_index = 0;
  std::unordered_set<std::string> finished;  // queries already closed (a later line may not reopen them)
  std::string current;
  for_each_data_line(text, [&](int64_t line, const char* p, const char* end) {
    std::string token = next_token(p, end);

    float rel = 0;
    require(parse_finite_float(token, rel), "line ", line, ": relevance '", token,
            "' is not a finite number within float range");
    token = next_token(p, end);
    require(token.rfind("qid:", 0) == 0 && token.size() > 4, "line ", line,
            ": expected 'qid:<id>' after the relevance, got '", token, "'");
    std::string qid = token.substr(4);
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
    long previous = 0;
    for (token = next_token(p, end); !token.empty(); token = next_token(p, end)) {
      const size_t colon = token.find(':');
      require(colon != std::string::npos, "line ", line, ": expected 'index:value', got '", token, "'");
      long index = 0;
      float value = 0;
      require(parse_index(token.substr(0, colon), index) && index >= 1 && index <= 1000000000, "line ", line,
              ": feature index '", token.substr(0, colon), "' is not a positive integer");
      require(index > previous, "line ", line, ": feature indices must increase (", index, " after ", previous,
              ")");
      require(parse_finite_float(token.substr(colon + 1), value), "line ", line, ": value of feature ", index,
              " ('", token.substr(colon + 1), "') is not a finite number within float range");
      previous = index;
      if (index > max_index) max_index = int32_t(index);
      if (value != 0) {
        data.features.indices.push_back(int32_t(index - 1));
        data.features.values.push_back(value);
      }
    }
    data.features.offsets.push_back(int32_t(data.features.values.size()));
    data.relevance.push_back(rel);
  });
  if (!current.empty()) data.offsets.push_back(int32_t(data.relevance.size()));
  data.features.cols = std::max(max_index, min_cols);
  return data;
}

}  // namespace argmax
