// Least-recently-used cache of kernel columns K(·, x_i) for the dual solvers with shrinking, as LIBSVM's
// (Chang & Lin 2011, §5.1 and §5.2): a solver revisits the same few examples (the support vectors) step after
// step, and a column costs one kernel evaluation per row. The solvers keep their active variables at the
// positions [0, active), so a column is asked for only up to the length the solver needs, and is extended
// later if a longer prefix is asked for; swapping two positions (when the solver shrinks or unshrinks) swaps
// the entries of every cached column. The budget counts the floats held, so short columns of a shrunk problem
// leave room for more of them.
#pragma once
#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "core/error.hpp"

namespace argmax {

class KernelCache {
 public:
  // fill(i, from, to, out) writes out[j] = K(x_j, x_i) for the positions j in [from, to).
  using Fill = std::function<void(int column, int from, int to, float* out)>;

  // Up to `megabytes` of columns over `length` positions; throws InputError when not even one full column fits.
  KernelCache(int length, double megabytes, Fill fill)
      : length_(length), fill_(std::move(fill)), columns_(size_t(length)) {
    const double column_mb = double(length) * sizeof(float) / (1 << 20);
    require(megabytes >= column_mb && length > 0, "a kernel cache of ", megabytes, " MB cannot hold one column of ",
            length, " values (", column_mb, " MB): raise cache");
    budget_ = size_t(std::min(megabytes * (1 << 20) / sizeof(float), double(length) * length));
    prev_.assign(size_t(length) + 1, kNone), next_.assign(size_t(length) + 1, kNone);
    prev_[sentinel()] = next_[sentinel()] = sentinel();
  }

  // Entries [0, length) of column i, computing the missing ones (evicting least recently used columns to make
  // room). Valid until the next call.
  const float* column(int i, int length) {
    Column& c = columns_[size_t(i)];
    const int have = c.size;
    if (have > 0) unlink(i);
    if (have < length) {
      make_room(size_t(length - have));
      std::unique_ptr<float[]> longer(new float[size_t(length)]);  // left uninitialised: fill_ writes it
      std::copy_n(c.values.get(), have, longer.get());
      c.values = std::move(longer), c.size = length;
      fill_(i, have, length, c.values.get());
      used_ += size_t(length - have);
      ++misses_;
    }
    link_last(i);
    return c.values.get();
  }

  // Positions i and j exchange their examples: their columns, and their entries in every cached column. A
  // column that holds one of the two entries but not the other keeps the prefix before the first.
  void swap(int i, int j) {
    if (i == j) return;
    if (i > j) std::swap(i, j);
    const bool linked_i = columns_[size_t(i)].size > 0, linked_j = columns_[size_t(j)].size > 0;
    if (linked_i) unlink(i);
    if (linked_j) unlink(j);
    std::swap(columns_[size_t(i)], columns_[size_t(j)]);
    if (linked_j) link_last(i);
    if (linked_i) link_last(j);
    for (int h = next_[sentinel()]; h != int(sentinel());) {
      const int after = next_[size_t(h)];
      Column& c = columns_[size_t(h)];
      if (c.size > j) {
        std::swap(c.values[size_t(i)], c.values[size_t(j)]);
      } else if (c.size > i) {
        used_ -= size_t(c.size - i);
        c.size = i;  // the prefix stays; its storage is kept until the column is extended or released
        if (i == 0) release(h);
      }
      h = after;
    }
  }

  int length() const { return length_; }
  size_t misses() const { return misses_; }  // columns computed or extended
  size_t budget() const { return budget_; }  // floats

 private:
  static constexpr int kNone = -1;
  size_t sentinel() const { return size_t(length_); }
  void unlink(int i) {
    next_[size_t(prev_[size_t(i)])] = next_[size_t(i)];
    prev_[size_t(next_[size_t(i)])] = prev_[size_t(i)];
  }
  void link_last(int i) {  // most recently used
    const int last = prev_[sentinel()];
    prev_[size_t(i)] = last, next_[size_t(i)] = int(sentinel());
    next_[size_t(last)] = i, prev_[sentinel()] = i;
  }
  void release(int h) {  // h is linked; frees its column
    unlink(h);
    used_ -= size_t(columns_[size_t(h)].size);
    columns_[size_t(h)] = Column{};
  }
  void make_room(size_t needed) {
    while (used_ + needed > budget_ && next_[sentinel()] != int(sentinel())) release(next_[sentinel()]);
  }

  int length_;
  Fill fill_;
  struct Column {
    std::unique_ptr<float[]> values;
    int size = 0;  // entries held; 0 when not cached
  };
  std::vector<Column> columns_;  // by position
  std::vector<int> prev_, next_;             // LRU list over positions, least recent first; sentinel at length_
  size_t budget_ = 0, used_ = 0, misses_ = 0;
};

}  // namespace argmax
