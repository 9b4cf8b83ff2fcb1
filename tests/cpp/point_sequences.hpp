// Shared by the numeric sequence tests: sequences of 2-D points, each point labelled by a rule on it.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "core/rows.hpp"
#include "sequence/sequence_model.hpp"

namespace argmax {

struct PointSequences {
  std::vector<float> values;
  std::vector<int64_t> starts{0};
  Sentences tags;
  Rows rows() const { return Rows::dense(values.data(), int32_t(values.size() / 2), 2); }
};

// `sequences` sequences of 2 to 6 points; point(rng, x, y) draws each point and returns its label.
inline PointSequences point_sequences(uint64_t seed, int sequences,
                                      const std::function<std::string(Rng&, float&, float&)>& point) {
  Rng rng(seed);
  PointSequences data;
  for (int i = 0; i < sequences; ++i) {
    const int n = 2 + int(rng.below(5));
    data.tags.emplace_back();
    for (int t = 0; t < n; ++t) {
      float x = 0, y = 0;
      data.tags.back().push_back(point(rng, x, y));
      data.values.push_back(x), data.values.push_back(y);
    }
    data.starts.push_back(data.starts.back() + n);
  }
  return data;
}

// The share of positions the model tags with their label.
inline double tag_accuracy(const SequenceModel& m, const PointSequences& data) {
  SequenceBatch x;
  m.featurize(data.rows(), data.starts, x);
  const std::vector<int> ids = m.decode(x);
  size_t p = 0, ok = 0;
  for (const auto& s : data.tags)
    for (const auto& t : s) ok += m.labels[size_t(ids[p++])] == t;
  return double(ok) / double(p);
}

}  // namespace argmax
