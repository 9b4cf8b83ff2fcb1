// Least-recently-used cache of kernel columns K(·, x_i), as in LIBSVM: a dual coordinate method revisits
// the same few examples (the support vectors) pass after pass, and a column costs m kernel evaluations.
#pragma once
#include <cstddef>
#include <functional>
#include <list>
#include <vector>

#include "core/error.hpp"

namespace argmax {

class KernelCache {
 public:
  using Fill = std::function<void(int column, float* out)>;

  // Holds as many columns of `length` floats as fit in `megabytes`; throws InputError when not even one does.
  KernelCache(int columns, size_t length, double megabytes, Fill fill)
      : length_(length), fill_(std::move(fill)), where_(columns, order_.end()) {
    const double column_mb = double(length) * sizeof(float) / (1 << 20);
    capacity_ = size_t(megabytes / column_mb);
    require(capacity_ >= 1, "a kernel cache of ", megabytes, " MB cannot hold one column of ", length,
            " values (", column_mb, " MB): raise cache");
    if (capacity_ > size_t(columns)) capacity_ = size_t(columns);
  }

  // The column, computed on a miss (evicting the least recently used one when full). Valid until the next call.
  const float* column(int i) {
    auto& at = where_[i];
    if (at != order_.end()) {
      order_.splice(order_.begin(), order_, at);
      return at->values.data();
    }
    if (order_.size() < capacity_) {
      order_.push_front({i, std::vector<float>(length_)});
    } else {
      order_.splice(order_.begin(), order_, std::prev(order_.end()));
      where_[order_.front().owner] = order_.end();
      order_.front().owner = i;
    }
    at = order_.begin();
    ++misses_;
    fill_(i, at->values.data());
    return at->values.data();
  }

  size_t capacity() const { return capacity_; }
  size_t misses() const { return misses_; }

 private:
  struct Entry {
    int owner;
    std::vector<float> values;
  };
  size_t length_, capacity_ = 0, misses_ = 0;
  Fill fill_;
  std::list<Entry> order_;  // most recently used first
  std::vector<std::list<Entry>::iterator> where_;
};

}  // namespace argmax
