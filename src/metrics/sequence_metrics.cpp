#include "metrics/sequence_metrics.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "core/error.hpp"

namespace argmax {
namespace {

void check_shapes(const TagSequences& gold, const TagSequences& predicted) {
  require(gold.size() == predicted.size(), "got ", gold.size(), " gold sequences but ", predicted.size(),
          " predicted ones");
  for (size_t i = 0; i < gold.size(); ++i)
    require(gold[i].size() == predicted[i].size(), "sequence ", i, ": ", gold[i].size(), " gold tags but ",
            predicted[i].size(), " predicted tags");
}

void finish(TagScores& c) {
  c.precision = c.predicted ? double(c.correct) / c.predicted : 0;
  c.recall = c.gold ? double(c.correct) / c.gold : 0;
  c.f1 = c.precision + c.recall > 0 ? 2 * c.precision * c.recall / (c.precision + c.recall) : 0;
}

// conlleval: "B-PER" → ('B', "PER"), "O" → ('O', ""), a tag without a prefix → ('I', tag).
std::pair<char, std::string> split(const std::string& tag) {
  if (tag == "O") return {'O', ""};
  if (tag.size() >= 2 && tag[1] == '-' && std::string("BIES").find(tag[0]) != std::string::npos)
    return {tag[0], tag.substr(2)};
  return {'I', tag};
}

bool end_of_chunk(char prev, char cur, const std::string& prev_type, const std::string& type) {
  if (prev == 'E' || prev == 'S') return true;
  if (prev == 'B' && (cur == 'B' || cur == 'S' || cur == 'O')) return true;
  if (prev == 'I' && (cur == 'B' || cur == 'S' || cur == 'O')) return true;
  return prev != 'O' && prev_type != type;
}

bool start_of_chunk(char prev, char cur, const std::string& prev_type, const std::string& type) {
  if (cur == 'B' || cur == 'S') return true;
  if ((prev == 'E' || prev == 'S' || prev == 'O') && (cur == 'E' || cur == 'I')) return true;
  return cur != 'O' && prev_type != type;
}

}  // namespace

bool Chunk::operator<(const Chunk& o) const { return std::tie(begin, end, type) < std::tie(o.begin, o.end, o.type); }

std::vector<Chunk> chunks(const std::vector<std::string>& tags) {
  std::vector<Chunk> out;
  char prev = 'O';
  std::string prev_type;
  int open = -1;
  for (int t = 0; t <= int(tags.size()); ++t) {
    auto [cur, type] = t < int(tags.size()) ? split(tags[t]) : std::pair<char, std::string>{'O', ""};
    if (open >= 0 && end_of_chunk(prev, cur, prev_type, type)) out.push_back({open, t, prev_type}), open = -1;
    if (t < int(tags.size()) && start_of_chunk(prev, cur, prev_type, type)) open = t;
    prev = cur, prev_type = type;
  }
  return out;
}

SequenceScores score_sequences(const TagSequences& gold, const TagSequences& predicted) {
  check_shapes(gold, predicted);
  SequenceScores s;
  std::set<std::string> names;
  for (const auto* side : {&gold, &predicted})
    for (const auto& seq : *side) names.insert(seq.begin(), seq.end());
  s.tags.assign(names.begin(), names.end());
  std::map<std::string, int> id;
  for (size_t i = 0; i < s.tags.size(); ++i) id[s.tags[i]] = int(i);
  const size_t k = s.tags.size();
  s.confusion.assign(k * k, 0);
  for (size_t i = 0; i < gold.size(); ++i) {
    bool all = true;
    for (size_t t = 0; t < gold[i].size(); ++t) {
      const bool ok = gold[i][t] == predicted[i][t];
      s.correct_tokens += ok, all &= ok;
      ++s.confusion[size_t(id[gold[i][t]]) * k + id[predicted[i][t]]];
    }
    s.tokens += long(gold[i].size());
    s.correct_sequences += all;
  }
  s.sequences = long(gold.size());
  s.token_accuracy = s.tokens ? double(s.correct_tokens) / s.tokens : 0;
  s.sequence_accuracy = s.sequences ? double(s.correct_sequences) / s.sequences : 0;
  for (size_t a = 0; a < k; ++a) {
    TagScores c;
    c.name = s.tags[a];
    for (size_t b = 0; b < k; ++b) c.gold += s.confusion[a * k + b], c.predicted += s.confusion[b * k + a];
    c.correct = s.confusion[a * k + a];
    finish(c);
    s.per_tag.push_back(c);
  }
  return s;
}

ChunkScores score_chunks(const TagSequences& gold, const TagSequences& predicted) {
  check_shapes(gold, predicted);
  ChunkScores s;
  std::map<std::string, TagScores> by_type;
  for (size_t i = 0; i < gold.size(); ++i) {
    const std::vector<Chunk> g = chunks(gold[i]), p = chunks(predicted[i]);
    const std::set<Chunk> gs(g.begin(), g.end());
    for (const auto& c : g) ++by_type[c.type].gold, ++s.gold;
    for (const auto& c : p) {
      ++by_type[c.type].predicted, ++s.predicted;
      if (gs.count(c)) ++by_type[c.type].correct, ++s.correct;
    }
  }
  TagScores total;
  total.gold = s.gold, total.predicted = s.predicted, total.correct = s.correct;
  finish(total);
  s.precision = total.precision, s.recall = total.recall, s.f1 = total.f1;
  for (auto& [type, c] : by_type) {
    c.name = type;
    finish(c);
    s.per_type.push_back(c);
  }
  return s;
}

}  // namespace argmax
