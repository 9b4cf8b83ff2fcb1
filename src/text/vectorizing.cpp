// The vectorizer's work per text (counting, weighing, transforming), on its own so that the wasm build compiles it
// for speed (CMakeLists.txt): a prediction spends its time here. Fitting, options and bytes are vectorizer.cpp.
#include <climits>
#include <cmath>

#include "core/error.hpp"
#include "io/utf8.hpp"
#include "text/vectorizer.hpp"
#include "text/words.hpp"

namespace argmax {

// The words of a text (text/words.hpp, case folded): views into one buffer of words.buffer.
std::vector<std::string_view> TextVectorizer::words_of(std::string_view text, Words& words) {
  words.buffer.clear(), words.ends.clear();
  for_each_word(text, words.word, [&](std::string_view word) {
    words.buffer += word;
    words.ends.push_back(words.buffer.size());
  });
  std::vector<std::string_view> out(words.ends.size());
  for (size_t i = 0, begin = 0; i < out.size(); begin = words.ends[i++])
    out[i] = std::string_view(words.buffer).substr(begin, words.ends[i] - begin);
  return out;
}

void TextVectorizer::require_utf8(std::string_view text, size_t i) {
  const char* bad = find_invalid_utf8(text.data(), text.data() + text.size());
  require(bad == text.data() + text.size(), "texts[", i, "] is not valid UTF-8 (byte ", bad - text.data(), ")");
}

int32_t TextVectorizer::vocabulary_column(uint64_t h) const {
  const auto at = vocabulary_at_.find(h);
  return at == vocabulary_at_.end() ? -1 : at->second;
}

void TextVectorizer::count(std::string_view text, Counter& counter, std::vector<std::pair<int32_t, float>>& entries,
                           Named* named, bool by_key) const {
  // Signed sums per key (the bucket, or the vocabulary's column) in an open-addressing table of at least twice
  // the text's n-grams, or twice the keys when fewer: a short text costs little, a long one time linear in its
  // n-grams and memory in its distinct keys. The table is kept for the next text, and only the slots used
  // are cleared; a bucket becomes its column once per text, not once per n-gram.
  const size_t keys = bits_ > 0 ? size_t(1) << bits_ : size_t(cols_);
  const size_t most = std::min(text.size() * (sizes_.word.size() + sizes_.chars.size()) + sizes_.start + sizes_.pairs + 1, keys);
  if (counter.keys.size() < 2 * most) {
    size_t slots = 16;
    while (slots < 2 * most) slots <<= 1;
    counter.keys.assign(slots, -1);
    counter.sums.resize(slots);
  }
  const size_t mask = counter.keys.size() - 1;
  for_each_ngram(words_of(text, counter.words), sizes_, [&](NgramKind kind, std::string_view gram, uint64_t hash) {
    float sign;
    const int32_t key = key_of(kind, hash, sign);
    if (key < 0) return;
    size_t at = (uint32_t(key) * 2654435761u) & mask;
    while (counter.keys[at] != key && counter.keys[at] != -1) at = (at + 1) & mask;
    if (counter.keys[at] == -1) counter.keys[at] = key, counter.sums[at] = 0.f, counter.used.push_back(uint32_t(at));
    counter.sums[at] += sign;
    if (named) named->add(key, kind, gram, hash);
  });
  entries.clear();
  for (uint32_t at : counter.used) {  // a column whose n-grams cancel is left out
    const int32_t col = by_key ? counter.keys[at] : column_of(counter.keys[at]);
    if (col >= 0 && counter.sums[at] != 0.f) entries.emplace_back(col, counter.sums[at]);
    counter.keys[at] = -1;
  }
  counter.used.clear();
}

void TextVectorizer::weigh(std::vector<std::pair<int32_t, float>>& entries) const {
  double norm[2] = {0, 0};  // of the word and the character n-grams
  for (auto& [col, c] : entries) {
    const float magnitude = std::fabs(c);
    float v = tf_ == Tf::log ? 1.f + std::log(magnitude) : tf_ == Tf::binary ? 1.f : magnitude;
    if (idf_) v *= idf_of_[col];
    c = c < 0 ? -v : v;
    norm[normalize_ == Normalize::each && chars_column(col)] += double(c) * c;
  }
  if (normalize_ == Normalize::none) return;
  const float scale[2] = {norm[0] > 0 ? float(1 / std::sqrt(norm[0])) : 0.f, norm[1] > 0 ? float(1 / std::sqrt(norm[1])) : 0.f};
  for (auto& [col, c] : entries) c *= scale[normalize_ == Normalize::each && chars_column(col)];
}

OwnedRows TextVectorizer::transform(const std::vector<std::string_view>& texts) const {
  OwnedRows rows;
  rows.cols = cols_;
  std::vector<std::pair<int32_t, float>> entries;
  Counter counter;
  size_t bytes = 0;
  for (std::string_view text : texts) bytes += text.size();
  rows.offsets.reserve(texts.size() + 1);
  for (size_t i = 0; i < texts.size(); ++i) {
    require_utf8(texts[i], i);
    count(texts[i], counter, entries, nullptr);
    weigh(entries);
    if (i == 0) {  // the batch's entries at once, as the first text foretells them (growing copied them: 5% of a batch
                   // of short texts), by its entries a text or a byte, whichever foretells fewer
      const double per_byte = double(entries.size()) / double(std::max(texts[0].size(), size_t(1)));
      const size_t expected = size_t(std::min(double(entries.size()) * double(texts.size()), per_byte * double(bytes)));
      rows.indices.reserve(expected), rows.values.reserve(expected);
    }
    for (const auto& [col, value] : entries) rows.indices.push_back(col), rows.values.push_back(value);
    require(rows.values.size() <= size_t(INT32_MAX), "texts: more than 2^31 − 1 features in one batch");
    rows.offsets.push_back(int32_t(rows.values.size()));
  }
  return rows;
}

}  // namespace argmax
