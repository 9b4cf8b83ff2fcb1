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
  // The best c paths into (t, y) are the best c entries of k sorted lists, one per previous label p, each
  // shifted by the transition p → y: merged through a heap of the lists' heads, O(k + c log k) per (t, y)
  // instead of sorting all k·c. Each list is in `better` order, so the merge pops in exactly that order.
  const auto worse = [](const Entry& a, const Entry& b) { return better(b, a); };
  std::vector<Entry> heads;
  for (int t = 1; t < n; ++t) {
    for (int y = 0; y < k; ++y) {
      const auto entry = [&](int p, int r) {
        const size_t from = size_t(t - 1) * k + p;
        return Entry{lists[from * c + r].score + double(s.trans[size_t(p) * k + y]), p, r};
      };
      heads.clear();
      for (int p = 0; p < k; ++p)
        if (sizes[size_t(t - 1) * k + p] > 0) heads.push_back(entry(p, 0));
      std::make_heap(heads.begin(), heads.end(), worse);
      const size_t at = size_t(t) * k + y;
      int size = 0;
      while (size < c && !heads.empty()) {
        std::pop_heap(heads.begin(), heads.end(), worse);
        Entry e = heads.back();
        if (e.rank + 1 < sizes[size_t(t - 1) * k + e.prev]) {
          heads.back() = entry(e.prev, e.rank + 1);
          std::push_heap(heads.begin(), heads.end(), worse);
        } else {
          heads.pop_back();
        }
        e.score += s.row(t)[y];
        if (std::isinf(e.score) && e.score < 0) break;
        lists[at * c + size++] = e;
      }
      sizes[at] = size;
    }
  }
  std::vector<Entry> cand;
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
