#include "sequence/viterbi.hpp"

#include <limits>

#include "core/error.hpp"
#include "core/sizes.hpp"

namespace argmax {

LabelPath viterbi(const ChainScores& s) {
  const int n = s.n, k = s.k;
  LabelPath out;
  if (n == 0) return out;
  require(k > 0, "viterbi: no labels");
  std::vector<float> m(s.start), next(k);
  std::vector<int> back(checked_count<int>("Viterbi back-pointers (positions × labels)", {n, k}), 0);
  for (int y = 0; y < k; ++y) m[y] += s.row(0)[y];
  for (int t = 1; t < n; ++t) {
    // Vectorised over the current label: for each previous label, one pass over a row of trans.
    int* bp = back.data() + size_t(t) * k;
    for (int y = 0; y < k; ++y) next[y] = m[0] + s.trans[y], bp[y] = 0;
    for (int p = 1; p < k; ++p) {
      const float mp = m[p];
      const float* tr = s.trans.data() + size_t(p) * k;
      for (int y = 0; y < k; ++y) {
        const float c = mp + tr[y];
        if (c > next[y]) next[y] = c, bp[y] = p;  // strict: the lowest previous label wins ties
      }
    }
    const float* e = s.row(t);
    for (int y = 0; y < k; ++y) m[y] = next[y] + e[y];
  }
  int best = 0;
  float best_score = m[0] + s.end[0];
  for (int y = 1; y < k; ++y)
    if (m[y] + s.end[y] > best_score) best_score = m[y] + s.end[y], best = y;
  require(best_score > -std::numeric_limits<float>::infinity(),
          "no labelling satisfies the decoding constraints");
  out.labels.resize(n);
  out.labels[n - 1] = best;
  for (int t = n - 1; t > 0; --t) out.labels[t - 1] = back[size_t(t) * k + out.labels[t]];
  out.score = s.score(out.labels.data());
  return out;
}

std::vector<float> hamming_delta(int k) {
  std::vector<float> d(size_t(k) * k, 1.f);
  for (int y = 0; y < k; ++y) d[size_t(y) * k + y] = 0.f;
  return d;
}

void add_node_loss(ChainScores& s, const int* gold, const std::vector<float>& delta, float weight) {
  const int k = s.k;
  require(delta.size() == size_t(k) * k, "loss table has ", delta.size(), " entries, expected ", k * k);
  for (int t = 0; t < s.n; ++t) {
    if (gold[t] < 0) continue;
    require(gold[t] < k, "gold label ", gold[t], " at position ", t, " is out of range (", k, " labels)");
    float* e = s.row(t);
    for (int y = 0; y < k; ++y) e[y] += weight * delta[size_t(y) * k + gold[t]];
  }
}

double hamming_loss(const int* y, const int* gold, int n, double weight) {
  int mistakes = 0;
  for (int t = 0; t < n; ++t) mistakes += y[t] != gold[t];
  return weight * mistakes;
}

ReferencedPath decode_against(const ChainScores& s, const int* gold, bool loss_augmented, double weight) {
  ReferencedPath out;
  if (loss_augmented) {
    ChainScores augmented = s;
    add_node_loss(augmented, gold, hamming_delta(s.k), float(weight));
    out.path = viterbi(augmented);
    out.path.score = s.score(out.path.labels.data());  // the chain's score, without the loss
  } else {
    out.path = viterbi(s);
  }
  out.loss = hamming_loss(out.path.labels.data(), gold, s.n, weight);
  return out;
}

namespace {

// "B-PER" → {'B', "PER"}; "O" (or anything without a B/I/E/S- prefix) → {'O', ""}.
std::pair<char, std::string> split_tag(const std::string& label) {
  if (label.size() >= 2 && label[1] == '-' && (label[0] == 'B' || label[0] == 'I' || label[0] == 'E' ||
                                               label[0] == 'S'))
    return {label[0], label.substr(2)};
  return {'O', ""};
}

}  // namespace

ChainConstraints ChainConstraints::bio(const std::vector<std::string>& labels) {
  const int k = int(labels.size());
  ChainConstraints c;
  c.k = k;
  c.forbidden_transition.assign(size_t(k) * k, 0);
  c.forbidden_start.assign(k, 0);
  c.forbidden_end.assign(k, 0);
  bool bioes = false;
  for (const auto& l : labels) bioes |= split_tag(l).first == 'E' || split_tag(l).first == 'S';
  for (int cur = 0; cur < k; ++cur) {
    auto [cp, ct] = split_tag(labels[cur]);
    const bool inside = cp == 'I' || cp == 'E';
    c.forbidden_start[cur] = inside;
    if (bioes) c.forbidden_end[cur] = cp == 'B' || cp == 'I';
    for (int prev = 0; prev < k; ++prev) {
      auto [pp, pt] = split_tag(labels[prev]);
      const bool open = pp == 'B' || pp == 'I';  // the previous chunk may continue
      bool forbid = inside && !(open && pt == ct);
      if (bioes && open) forbid |= !(inside && pt == ct);  // an open BIOES chunk must be continued
      c.forbidden_transition[size_t(prev) * k + cur] = forbid;
    }
  }
  return c;
}

void apply_constraints(ChainScores& s, const ChainConstraints& c) {
  const int k = s.k;
  constexpr float kNo = -std::numeric_limits<float>::infinity();
  require(c.k == k, "constraints are for ", c.k, " labels, the model has ", k);
  require(c.forbidden_transition.empty() || c.forbidden_transition.size() == size_t(k) * k,
          "forbidden transitions: expected ", k * k, " entries, got ", c.forbidden_transition.size());
  require(c.forbidden_start.empty() || c.forbidden_start.size() == size_t(k),
          "forbidden start labels: expected ", k, " entries");
  require(c.forbidden_end.empty() || c.forbidden_end.size() == size_t(k), "forbidden end labels: expected ", k,
          " entries");
  for (size_t j = 0; j < c.forbidden_transition.size(); ++j)
    if (c.forbidden_transition[j]) s.trans[j] = kNo;
  for (size_t j = 0; j < c.forbidden_start.size(); ++j)
    if (c.forbidden_start[j]) s.start[j] = kNo;
  for (size_t j = 0; j < c.forbidden_end.size(); ++j)
    if (c.forbidden_end[j]) s.end[j] = kNo;
  for (int t = 0; t < s.n && t < int(c.forced.size()); ++t) {
    const int f = c.forced[t];
    if (f < 0) continue;
    require(f < k, "forced label ", f, " at position ", t, " is out of range (", k, " labels)");
    float* e = s.row(t);
    for (int y = 0; y < k; ++y)
      if (y != f) e[y] = kNo;
  }
}

}  // namespace argmax
