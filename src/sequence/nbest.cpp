#include "sequence/nbest.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/sizes.hpp"

namespace argmax {
namespace {

// Scores are summed in double, and the sum a path is ranked by is the score reported for it.
struct Entry {
  double score;
  int prev;  // previous label (or, at the end, the last label)
  int rank;  // rank in the previous list
};

bool better(const Entry& a, const Entry& b) {
  if (a.score != b.score) return a.score > b.score;
  if (a.prev != b.prev) return a.prev < b.prev;
  return a.rank < b.rank;
}

}  // namespace

std::vector<LabelPath> nbest(const ChainScores& s, int count) {
  require(count >= 1, "n-best: count must be at least 1, got ", count);
  const int n = s.n, k = s.k, c = count;
  std::vector<LabelPath> out;
  if (n == 0) {
    out.emplace_back();
    return out;
  }
  // lists[(t*k + y)*c + r], sizes[t*k + y]
  std::vector<Entry> lists(checked_count<Entry>("n-best table (positions × labels × count)", {n, k, c}));
  std::vector<int> sizes(size_t(n) * k, 0);
  for (int y = 0; y < k; ++y) {
    const double v = double(s.start[y]) + s.row(0)[y];
    if (std::isinf(v) && v < 0) continue;
    lists[size_t(y) * c] = {v, -1, 0};
    sizes[y] = 1;
  }
  std::vector<Entry> cand;
  for (int t = 1; t < n; ++t) {
    for (int y = 0; y < k; ++y) {
      cand.clear();
      for (int p = 0; p < k; ++p) {
        const size_t from = size_t(t - 1) * k + p;
        const double tr = s.trans[size_t(p) * k + y];
        for (int r = 0; r < sizes[from]; ++r) cand.push_back({lists[from * c + r].score + tr, p, r});
      }
      const int keep = std::min<int>(c, int(cand.size()));
      std::partial_sort(cand.begin(), cand.begin() + keep, cand.end(), better);
      const size_t at = size_t(t) * k + y;
      int size = 0;
      for (int r = 0; r < keep; ++r) {
        Entry e = cand[r];
        e.score += s.row(t)[y];
        if (std::isinf(e.score) && e.score < 0) break;
        lists[at * c + size++] = e;
      }
      sizes[at] = size;
    }
  }
  cand.clear();
  for (int y = 0; y < k; ++y) {
    const size_t from = size_t(n - 1) * k + y;
    for (int r = 0; r < sizes[from]; ++r) {
      const double v = lists[from * c + r].score + s.end[y];
      if (!(std::isinf(v) && v < 0)) cand.push_back({v, y, r});
    }
  }
  const int keep = std::min<int>(c, int(cand.size()));
  std::partial_sort(cand.begin(), cand.begin() + keep, cand.end(), better);
  for (int i = 0; i < keep; ++i) {
    LabelPath path;
    path.labels.resize(n);
    int y = cand[i].prev, r = cand[i].rank;
    for (int t = n - 1; t >= 0; --t) {
      path.labels[t] = y;
      const Entry& e = lists[(size_t(t) * k + y) * c + r];
      y = e.prev, r = e.rank;
    }
    path.score = cand[i].score;
    out.push_back(std::move(path));
  }
  return out;
}

}  // namespace argmax
