#include "text/vectorizer.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <unordered_set>

#include "core/error.hpp"

namespace argmax {
namespace {

const char* kKind = "text-vectorizer";

std::vector<int> sizes_of(const Options& o, const char* name) {
  const std::vector<int>& n = o.integers(name);
  for (size_t i = 1; i < n.size(); ++i)
    require(n[i] > n[i - 1], "option ", name, ": the sizes must be ascending and distinct (got ", n[i - 1], " before ",
            n[i], ")");
  return n;
}

}  // namespace

const std::vector<OptionSpec>& TextVectorizer::options_table() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> specs = {
      integer_list_option("wordNgrams", "1,2", 1, 8,
       "the sizes n of the word n-grams, ascending (empty: none)"),
      integer_list_option("charNgrams", "1,2,3,4,5", 1, 8,
       "the sizes n of the character n-grams, ascending (empty: none)"),
      choice_option("charSpan", "text", {"text", "word"},
       "character n-grams across words (scikit-learn's char), or within each word padded by spaces (char_wb)"),
      integer_option("startWords", "2", 0, 8,
       "with word n-grams, the first 1, …, n words again, marked as the start ('^ what is'); 0 = none"),
      integer_option("startPairs", "6", 0, 16,
       "with word n-grams, the first word paired with each of the next n ('^ what … city'); 0 = none"),
      integer_option("hashBits", "20", 0, 24,
       "2^hashBits buckets of a signed hash of the n-grams, half for words, half for characters; 0 = a vocabulary"),
      integer_option("minCount", "1", 1, 2147483647,
       "vocabulary (hashBits 0): keep the n-grams found in at least this many training texts"),
      choice_option("tf", "raw", {"raw", "log", "binary"},
       "term frequency: the count c (raw), 1 + ln c (log), or 1 (binary)"),
      boolean_option("idf", "true",
       "weigh each column by ln((1 + m) / (1 + df)) + 1, fitted on the m training texts"),
      choice_option("normalize", "each", {"each", "whole", "none"},
       "scale the word and the character n-grams of a row each to unit L2 norm (as scikit-learn's FeatureUnion), "
       "the whole row, or none"),
    };
    return specs;
  }();
  return specs;
}

void TextVectorizer::configure(const OptionList& given) {
  const Options o = Options::parse(options_table(), given, "the text vectorizer");
  options_ = o.entries();
  // the start's n-grams are word n-grams: with none, no start either
  sizes_ = {sizes_of(o, "wordNgrams"), sizes_of(o, "charNgrams"), o.choice("charSpan") == "text", 0};
  if (!sizes_.word.empty()) sizes_.start = o.integer("startWords"), sizes_.pairs = o.integer("startPairs");
  require(!sizes_.word.empty() || !sizes_.chars.empty(),
          "the text vectorizer needs word or character n-grams (wordNgrams and charNgrams are both empty)");
  bits_ = o.integer("hashBits");
  min_count_ = o.integer("minCount");
  const std::string& tf = o.choice("tf");
  tf_ = tf == "log" ? Tf::log : tf == "binary" ? Tf::binary : Tf::raw;
  idf_ = o.flag("idf");
  const std::string& normalize = o.choice("normalize");
  normalize_ = normalize == "each" ? Normalize::each : normalize == "whole" ? Normalize::whole : Normalize::none;
}

void TextVectorizer::set_frequencies(const std::vector<int32_t>& df) {
  cols_ = int32_t(df.size());
  idf_of_.resize(df.size());
  for (size_t j = 0; j < df.size(); ++j) idf_of_[j] = float(std::log((1.0 + documents_) / (1.0 + df[j])) + 1);
  df_ = df;
  if (bits_ == 0) {  // the vocabulary is sorted by kind byte: the character n-grams ('c') come first
    chars_from_ = 0;
    chars_to_ = int32_t(std::partition_point(vocabulary_.begin(), vocabulary_.end(), [](const std::string& key) {
                          return key[0] == char(NgramKind::chars);
                        }) - vocabulary_.begin());
    return;
  }
  seen_.assign(std::max(size_t(1), (size_t(1) << bits_) / 64), 0);
  for (int32_t b : buckets_) seen_[size_t(b) >> 6] |= uint64_t(1) << (b & 63);
  // the character n-grams' buckets are the upper half
  chars_from_ = int32_t(std::lower_bound(buckets_.begin(), buckets_.end(), int32_t(1) << (bits_ - 1)) - buckets_.begin());
  chars_to_ = cols_;
  seen_before_.resize(seen_.size());
  for (size_t w = 0, before = 0; w < seen_.size(); before += size_t(__builtin_popcountll(seen_[w++])))
    seen_before_[w] = int32_t(before);
}

TextVectorizer TextVectorizer::fit(const std::vector<std::string_view>& texts, const OptionList& options) {
  require(!texts.empty(), "the text vectorizer needs training texts (got none)");
  TextVectorizer v;
  v.configure(options);
  v.documents_ = int32_t(texts.size());
  std::vector<std::pair<int32_t, float>> entries;
  Counter counter;
  if (v.bits_ > 0) {
    // Counted per bucket, then the buckets seen become the columns.
    std::vector<int32_t> per_bucket(size_t(1) << v.bits_, 0);
    for (size_t i = 0; i < texts.size(); ++i) {
      require_utf8(texts[i], i);
      v.count(texts[i], counter, entries, nullptr, true);
      for (const auto& e : entries) ++per_bucket[e.first];
    }
    std::vector<int32_t> df;
    for (size_t b = 0; b < per_bucket.size(); ++b)
      if (per_bucket[b] > 0) v.buckets_.push_back(int32_t(b)), df.push_back(per_bucket[b]);
    v.set_frequencies(df);
    return v;
  }
  // The vocabulary: every n-gram's document frequency, then those kept, in byte order of kind and text.
  struct Seen {
    int32_t df = 0;
    std::string key;
  };
  std::unordered_map<uint64_t, Seen> seen;
  std::unordered_set<uint64_t> in_text;
  for (size_t i = 0; i < texts.size(); ++i) {
    require_utf8(texts[i], i);
    in_text.clear();
    const auto words = words_of(texts[i], counter.words);
    for_each_ngram(words, v.sizes_, [&](NgramKind kind, std::string_view gram, uint64_t h) {
      if (!in_text.insert(h).second) return;
      Seen& s = seen[h];
      if (s.df++ == 0) (s.key = char(kind)) += gram;
    });
  }
  std::vector<std::pair<std::string, int32_t>> kept;
  for (auto& [h, s] : seen)
    if (s.df >= v.min_count_) kept.emplace_back(std::move(s.key), s.df);
  std::sort(kept.begin(), kept.end());
  std::vector<int32_t> df;
  for (auto& [key, n] : kept) v.vocabulary_.push_back(std::move(key)), df.push_back(n);
  for (size_t j = 0; j < v.vocabulary_.size(); ++j) {
    const std::string& key = v.vocabulary_[j];
    v.vocabulary_at_[ngram_hash(NgramKind(key[0]), std::string_view(key).substr(1))] = int32_t(j);
  }
  v.set_frequencies(df);
  return v;
}

void TextVectorizer::Named::add(int32_t key, NgramKind kind, std::string_view gram, uint64_t hash) {
  if (hashes.insert(hash).second) grams.push_back({key, {kind, std::string(gram)}});
}

std::vector<TextVectorizer::Feature> TextVectorizer::features_of(std::string_view text) const {
  require_utf8(text, 0);
  std::vector<std::pair<int32_t, float>> entries;
  Counter counter;
  Named named;
  count(text, counter, entries, &named);
  weigh(entries);
  std::sort(entries.begin(), entries.end());  // by column: each is there once
  std::vector<Feature> out;
  for (const auto& [col, value] : entries) out.push_back({col, value, {}});
  for (auto& [key, ngram] : named.grams) {
    const int32_t col = column_of(key);
    const auto e = std::lower_bound(entries.begin(), entries.end(), std::make_pair(col, -HUGE_VALF));
    if (e != entries.end() && e->first == col) out[size_t(e - entries.begin())].ngrams.push_back(std::move(ngram));
  }
  return out;
}

Ngram TextVectorizer::ngram_of(int32_t col) const {
  if (col < 0 || size_t(col) >= vocabulary_.size()) return {NgramKind::word, ""};
  const std::string& key = vocabulary_[col];
  return {NgramKind(key[0]), key.substr(1)};
}

void TextVectorizer::write(ByteWriter& out) const {
  out.put_options(without_former_values(options_));
  out.put<int32_t>(documents_);
  out.put_strings(vocabulary_);
  out.put_vector(buckets_);
  out.put_vector(df_);
}

TextVectorizer TextVectorizer::read(ByteReader& in) {
  TextVectorizer v;
  v.configure(with_former_values(in.get_options(), options_table()));
  v.documents_ = in.get<int32_t>();
  require(v.documents_ >= 0, "model bytes are corrupt (text vectorizer: ", v.documents_, " documents)");
  v.vocabulary_ = in.get_strings();
  v.buckets_ = in.get_vector<int32_t>();
  const std::vector<int32_t> df = in.get_vector<int32_t>();
  for (int32_t n : df) require(n >= 1 && n <= v.documents_, "model bytes are corrupt (document frequency ", n, ")");
  if (v.bits_ > 0) {
    require(v.vocabulary_.empty() && df.size() == v.buckets_.size(), "model bytes are corrupt (text vectorizer: buckets)");
    for (size_t i = 0; i < v.buckets_.size(); ++i)
      require(v.buckets_[i] >= (i ? v.buckets_[i - 1] + 1 : 0) && v.buckets_[i] < (int32_t(1) << v.bits_),
              "model bytes are corrupt (text vectorizer: bucket ", v.buckets_[i], ")");
  } else {
    require(v.buckets_.empty() && df.size() == v.vocabulary_.size() && v.vocabulary_.size() <= size_t(INT32_MAX),
            "model bytes are corrupt (text vectorizer: vocabulary)");
    for (size_t j = 0; j < v.vocabulary_.size(); ++j) {
      const std::string& key = v.vocabulary_[j];
      require(key.size() >= 2 && (key[0] == char(NgramKind::word) || key[0] == char(NgramKind::chars)) &&
                  (j == 0 || v.vocabulary_[j - 1] < key),
              "model bytes are corrupt (text vectorizer: vocabulary entry ", j, ")");
      v.vocabulary_at_[ngram_hash(NgramKind(key[0]), std::string_view(key).substr(1))] = int32_t(j);
    }
  }
  v.set_frequencies(df);
  return v;
}

std::vector<uint8_t> TextVectorizer::to_bytes() const {
  ByteWriter out(kKind);
  write(out);
  return out.finish();
}

TextVectorizer TextVectorizer::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  TextVectorizer v = read(in);
  in.expect_end();
  return v;
}

}  // namespace argmax
