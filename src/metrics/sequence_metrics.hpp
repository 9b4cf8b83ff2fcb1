// Evaluation of tag sequences: token and sequence accuracy, per-tag precision/recall/F1, the
// confusion matrix, and chunk-level P/R/F1 for BIO/IOB/BIOES tags (the CoNLL evaluation, conlleval).
#pragma once
#include <string>
#include <vector>

namespace argmax {

using TagSequences = std::vector<std::vector<std::string>>;

struct TagScores {
  std::string name;
  long gold = 0, predicted = 0, correct = 0;
  double precision = 0, recall = 0, f1 = 0;  // 0 when undefined (no prediction / no gold)
};

struct SequenceScores {
  long tokens = 0, correct_tokens = 0, sequences = 0, correct_sequences = 0;
  double token_accuracy = 0, sequence_accuracy = 0;
  std::vector<std::string> tags;       // sorted union of gold and predicted tags
  std::vector<TagScores> per_tag;    // in the order of `tags`
  std::vector<long> confusion;         // tags×tags, row = gold, column = predicted
};

// Throws InputError when the two sides differ in shape (naming the sequence).
SequenceScores score_sequences(const TagSequences& gold, const TagSequences& predicted);

struct ChunkScores {
  long gold = 0, predicted = 0, correct = 0;
  double precision = 0, recall = 0, f1 = 0;
  std::vector<TagScores> per_type;  // sorted by chunk type
};

// A chunk is a maximal span started and ended by conlleval's rules (B-X, I-X, E-X, S-X, O; an I-X
// after O or after another type starts a chunk). It is correct when gold has the same span and type.
ChunkScores score_chunks(const TagSequences& gold, const TagSequences& predicted);

struct Chunk {
  int begin, end;  // [begin, end)
  std::string type;
  bool operator<(const Chunk& o) const;
  bool operator==(const Chunk& o) const { return begin == o.begin && end == o.end && type == o.type; }
};
std::vector<Chunk> chunks(const std::vector<std::string>& tags);

}  // namespace argmax
