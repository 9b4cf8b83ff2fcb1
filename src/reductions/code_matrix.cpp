#include "reductions/code_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/sizes.hpp"

namespace argmax {

CodeMatrix::CodeMatrix(int classes, int columns, std::vector<int8_t> entries)
    : k_(classes), c_(columns), m_(std::move(entries)) {
  require(k_ >= 2, "a code needs at least 2 classes; got ", k_);
  require(c_ >= 1, "a code needs at least 1 column; got ", c_);
  require(m_.size() == checked_count<int8_t>("code matrix (classes × columns)", {k_, c_}), "code matrix has ",
          m_.size(), " entries, expected ", k_, "×", c_);
  for (int l = 0; l < k_; ++l)
    for (int j = 0; j < c_; ++j)
      require(at(l, j) >= -1 && at(l, j) <= 1, "code entry (", l, ", ", j, ") is ", int(at(l, j)),
              ", expected -1, 0 or +1");
  for (int j = 0; j < c_; ++j) {
    bool plus = false, minus = false;
    for (int l = 0; l < k_; ++l) plus |= at(l, j) > 0, minus |= at(l, j) < 0;
    require(plus && minus, "code column ", j, " needs at least one +1 and one -1");
  }
}

double CodeMatrix::row_distance(int r, int s) const {
  double d = 0;
  for (int j = 0; j < c_; ++j) d += 0.5 * (1 - at(r, j) * at(s, j));
  return d;
}

double CodeMatrix::minimum_distance() const {
  double d = std::numeric_limits<double>::infinity();
  for (int r = 0; r < k_; ++r)
    for (int s = r + 1; s < k_; ++s) d = std::min(d, row_distance(r, s));
  return d;
}

int CodeMatrix::correctable_errors() const {
  const double d = minimum_distance();
  return d >= 1 ? int(std::floor((d - 1) / 2)) : 0;
}

CodeMatrix CodeMatrix::one_vs_all(int k) {
  require(k >= 2, "one-vs-all needs at least 2 classes");
  std::vector<int8_t> m(size_t(k) * k, -1);
  for (int l = 0; l < k; ++l) m[size_t(l) * k + l] = 1;
  return CodeMatrix(k, k, std::move(m));
}

CodeMatrix CodeMatrix::one_vs_one(int k) {
  require(k >= 2, "one-vs-one needs at least 2 classes");
  const int c = k * (k - 1) / 2;
  std::vector<int8_t> m(size_t(k) * c, 0);
  int j = 0;
  for (int a = 0; a < k; ++a)
    for (int b = a + 1; b < k; ++b, ++j) m[size_t(a) * c + j] = 1, m[size_t(b) * c + j] = -1;
  return CodeMatrix(k, c, std::move(m));
}

CodeMatrix CodeMatrix::exhaustive(int k) {
  require(k >= 2 && k <= 10, "the exhaustive code needs 2 <= k <= 10 classes; got ", k);
  // Column j (0 ≤ j < 2^(k−1) − 1) puts class 0 on +1 and class l ≥ 1 on +1 iff bit (l−1) of j is set:
  // every split with class 0 on the + side, except the one with all classes on it.
  const int c = (1 << (k - 1)) - 1;
  std::vector<int8_t> m(size_t(k) * c);
  for (int j = 0; j < c; ++j) {
    m[j] = 1;
    for (int l = 1; l < k; ++l) m[size_t(l) * c + j] = ((j >> (l - 1)) & 1) ? 1 : -1;
  }
  return CodeMatrix(k, c, std::move(m));
}

namespace {

CodeMatrix random_code(int k, int columns, Rng& rng, int tries, bool sparse) {
  require(k >= 2, "a random code needs at least 2 classes");
  require(columns >= 1, "a random code needs at least 1 column");
  require(tries >= 1, "tries must be >= 1");
  std::vector<int8_t> best;
  double best_d = -1;
  bool best_clean = false;
  for (int t = 0; t < tries; ++t) {
    std::vector<int8_t> m(size_t(k) * columns);
    bool clean = true;
    for (int j = 0; j < columns; ++j) {
      // Redraw a column until it has both signs (at most a bounded number of times).
      for (int attempt = 0; attempt < 1000; ++attempt) {
        bool plus = false, minus = false;
        for (int l = 0; l < k; ++l) {
          int8_t v;
          if (sparse) {
            const uint32_t r = rng.below(4);
            v = r < 2 ? 0 : (r == 2 ? 1 : -1);
          } else {
            v = rng.below(2) ? 1 : -1;
          }
          m[size_t(l) * columns + j] = v;
          plus |= v > 0, minus |= v < 0;
        }
        if (plus && minus) break;
      }
      for (int i = 0; i < j && clean; ++i) {  // equal or opposite columns make the same binary problem
        bool same = true, opposite = true;
        for (int l = 0; l < k; ++l) {
          const int a = m[size_t(l) * columns + i], b = m[size_t(l) * columns + j];
          same &= a == b, opposite &= a == -b;
        }
        clean = !(same || opposite);
      }
    }
    double d = std::numeric_limits<double>::infinity();
    for (int r = 0; r < k; ++r)
      for (int s = r + 1; s < k; ++s) {
        double drs = 0;
        for (int j = 0; j < columns; ++j) drs += 0.5 * (1 - m[size_t(r) * columns + j] * m[size_t(s) * columns + j]);
        d = std::min(d, drs);
      }
    if ((clean && !best_clean) || (clean == best_clean && d > best_d)) best = m, best_d = d, best_clean = clean;
  }
  return CodeMatrix(k, columns, std::move(best));
}

}  // namespace

CodeMatrix CodeMatrix::dense_random(int k, int columns, Rng& rng, int tries) {
  return random_code(k, columns, rng, tries, false);
}

CodeMatrix CodeMatrix::sparse_random(int k, int columns, Rng& rng, int tries) {
  return random_code(k, columns, rng, tries, true);
}

int default_code_length(int k, bool sparse) {
  return std::max(1, int(std::ceil((sparse ? 15.0 : 10.0) * std::log2(double(k)))));
}

}  // namespace argmax
