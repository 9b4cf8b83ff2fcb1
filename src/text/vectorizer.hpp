// Texts to feature rows: the words of each text (text/words.hpp: Unicode letters, digits and marks, case
// folded), their word and character n-grams (text/ngrams.hpp),
// each n-gram a column, by a signed hash into 2^b columns (Weinberger et al. 2009) or by a vocabulary of the
// n-grams seen in training, then
//   x_j = tf(c_j) · idf_j,  tf(c) = c (raw), 1 + ln c (log) or 1 (binary),  idf_j = ln((1 + m) / (1 + df_j)) + 1
// with c_j the n-gram's count in the text (with hashing, the signed sum of the counts of the n-grams in bucket
// j, whose sign x_j keeps), m the training texts and df_j how many of them have column j (scikit-learn's
// TfidfVectorizer with smooth_idf), and the word and the character n-grams of each row scaled to unit L2
// norm (as scikit-learn's FeatureUnion of one TfidfVectorizer per kind; or the whole row, or none). The
// columns are the n-grams (or the hash buckets) seen in training: others are dropped, so a model holds
// weights only for what it saw. The rows are CSR (each row's columns in no particular order), so every model
// of the library reads them.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/options.hpp"
#include "core/rows.hpp"
#include "io/bytes.hpp"
#include "text/ngrams.hpp"

namespace argmax {

// An n-gram as explanations show it: its kind and its text (folded).
struct Ngram {
  NgramKind kind;
  std::string text;
};

class TextVectorizer {
 public:
  static const std::vector<OptionSpec>& options_table();

  // A text's words, one after another in buffer, word i ending at ends[i] (scratch space, reused).
  struct Words {
    std::string word, buffer;
    std::vector<size_t> ends;
  };

  // Fits the document frequencies (and the vocabulary) on the texts. Throws InputError for bad options or a
  // text that is not UTF-8.
  static TextVectorizer fit(const std::vector<std::string_view>& texts, const OptionList& options);

  int32_t cols() const { return cols_; }
  const OptionList& options() const { return options_; }

  OwnedRows transform(const std::vector<std::string_view>& texts) const;

  // One text's row, each column with the n-grams that made it.
  struct Feature {
    int32_t col;
    float value;
    std::vector<Ngram> ngrams;
  };
  std::vector<Feature> features_of(std::string_view text) const;

  // The n-gram of a vocabulary column (empty for a hashed column, which any number of n-grams share).
  Ngram ngram_of(int32_t col) const;
  bool hashed() const { return vocabulary_.empty() && bits_ > 0; }

  // Its state inside a model's bytes (the text classifier's) …
  void write(ByteWriter& out) const;
  static TextVectorizer read(ByteReader& in);
  // … or as a model of its own, kind "text-vectorizer".
  std::vector<uint8_t> to_bytes() const;
  static TextVectorizer from_bytes(const uint8_t* data, size_t size);

 private:
  void configure(const OptionList& options);
  // The key of an n-gram of this hash (for_each_ngram's) and its sign: its bucket, or its vocabulary column
  // (−1 when the vocabulary lacks it).
  int32_t key_of(NgramKind kind, uint64_t h, float& sign) const {
    if (bits_ == 0) return sign = 1.f, vocabulary_column(h);
    // word n-grams in the lower half of the buckets, character n-grams in the upper
    const uint64_t half = uint64_t(1) << (bits_ - 1);
    sign = (h >> 63) ? -1.f : 1.f;
    return int32_t((h & (half - 1)) | (kind == NgramKind::chars ? half : 0));
  }
  int32_t vocabulary_column(uint64_t hash) const;
  // A key's column, or −1 (a bucket never seen in training): the bucket's rank among the seen buckets, from a
  // bitmap of them and the count before each word of it, 1/3 bit a bucket where a column per bucket would be
  // 32 bits: 2^20 buckets take 192 KB, which stays in cache, where a 4 MB table missed it once per n-gram.
  int32_t column_of(int32_t key) const {
    if (bits_ == 0) return key;
    const uint64_t word = seen_[size_t(key) >> 6], below = (uint64_t(1) << (key & 63)) - 1;
    return (word >> (key & 63)) & 1 ? seen_before_[size_t(key) >> 6] + __builtin_popcountll(word & below) : -1;
  }
  // count's table, kept from one text to the next.
  struct Counter {
    std::vector<int32_t> keys;  // −1: empty
    std::vector<float> sums;
    std::vector<uint32_t> used;
    Words words;
  };
  // The n-grams of a text's keys, each once, for explanations (features_of): out of count's loop, which is hot.
  struct Named {
    std::vector<std::pair<int32_t, Ngram>> grams;  // (key, n-gram)
    std::unordered_set<uint64_t> hashes;
    void add(int32_t key, NgramKind kind, std::string_view gram, uint64_t hash);
  };
  // The sparse entries of one text, (col, signed count), in no particular order; with named, the n-grams of
  // their keys.
  // by_key: the entries' first is the key itself (fitting, before the columns are known).
  void count(std::string_view text, Counter& counter, std::vector<std::pair<int32_t, float>>& entries,
             Named* named, bool by_key = false) const;
  // Counts to weighted, normalised values, in place.
  void weigh(std::vector<std::pair<int32_t, float>>& entries) const;
  // The words of a text (text/words.hpp, case folded): views into one buffer of words.buffer.
  static std::vector<std::string_view> words_of(std::string_view text, Words& words);
  // Throws InputError naming texts[i] when it is not UTF-8.
  static void require_utf8(std::string_view text, size_t i);
  void set_frequencies(const std::vector<int32_t>& df);
  bool chars_column(int32_t col) const { return col >= chars_from_ && col < chars_to_; }

  OptionList options_;
  NgramSizes sizes_;
  int bits_ = 0, min_count_ = 1;
  enum class Tf { raw, log, binary } tf_ = Tf::raw;
  bool idf_ = true;
  enum class Normalize { each, whole, none } normalize_ = Normalize::each;

  int32_t cols_ = 0, documents_ = 0;
  std::vector<float> idf_of_;                           // per column
  std::vector<std::string> vocabulary_;                 // kind byte + n-gram, sorted (vocabulary only)
  std::unordered_map<uint64_t, int32_t> vocabulary_at_;  // key hash → column
  std::vector<int32_t> df_;                             // per column, in training
  int32_t chars_from_ = 0, chars_to_ = 0;  // the character n-grams' columns, one range (the word n-grams' are the rest)
  std::vector<int32_t> buckets_;                        // hashing: the buckets seen in training, one column each
  std::vector<uint64_t> seen_;                          // hashing: bit b of word b/64 = bucket b seen (column_of)
  std::vector<int32_t> seen_before_;                    // hashing: the buckets seen before each word of seen_
};

}  // namespace argmax
