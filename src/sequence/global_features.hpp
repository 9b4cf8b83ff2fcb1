// Global ("other") features of a whole labelling: the third kind of chain feature beside node and
// Markov features, which Viterbi cannot score because they look at every position at once ("most
// English sentences have a verb", "a noun comes before the verb", "the letters spell a known word").
// They are declared as data, a whitespace-separated list of templates, each expanding to a block:
//
//   has      k features  g_L(y)   = [some y_t = L]
//   count    k features  g_L(y)   = #{t : y_t = L}
//   before   k² features g_AB(y)  = [some s < t has y_s = A and y_t = B]
//   lexicon  1 feature   g(y)     = [the labels' names, concatenated, are a word of the given list]
//
// A chain model with global features scores s(x, y) + ⟨v, g(y)⟩ and decodes by reranking the chain's
// n best labellings (sequence/rerank.hpp).
#pragma once
#include <cstdint>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace argmax {

class GlobalFeatures {
 public:
  GlobalFeatures() = default;
  // labels: the model's label names (the lexicon template reads them); words: the lexicon template's list,
  // whitespace-separated. Throws InputError on an unknown template, a repeated one, or `lexicon` without words.
  GlobalFeatures(const std::string& templates, std::vector<std::string> labels, const std::string& words);

  bool empty() const { return size_ == 0; }
  int size() const { return size_; }
  const std::string& templates() const { return templates_; }
  const std::string& words() const { return words_text_; }

  // g(y) of the labelling y[0..n) as (feature, value) pairs, value ≠ 0, into `out` (cleared first).
  void extract(const int* y, int n, std::vector<std::pair<int32_t, float>>& out) const;
  // ⟨v, g(y)⟩.
  double score(const float* v, const int* y, int n) const;

 private:
  enum class Kind { Has, Count, Before, Lexicon };
  std::string templates_, words_text_;
  std::vector<std::pair<Kind, int32_t>> blocks_;  // kind, first feature
  std::vector<std::string> labels_;
  std::unordered_set<std::string> words_;
  int size_ = 0;
  mutable std::vector<uint8_t> seen_;
  mutable std::vector<std::pair<int32_t, float>> scratch_;
};

}  // namespace argmax
