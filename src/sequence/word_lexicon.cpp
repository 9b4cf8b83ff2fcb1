#include "sequence/word_lexicon.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/lines.hpp"
#include "io/varint.hpp"

namespace argmax {
namespace {

const uint64_t kNone = fnv1a("\x01none");
// A set found through the lower-cased word: its own value.
uint64_t lowered(uint64_t set) { return (set ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull | 1; }

uint64_t fingerprint(std::string_view word) { return fnv1a(word.data(), word.size()) >> 32; }

}  // namespace

WordLexicon WordLexicon::parse(const std::string& text) {
  WordLexicon lex;
  lex.sets_.push_back(kNone);
  std::map<uint64_t, uint32_t> set_ids{{kNone, 0}};
  std::vector<int64_t> line_of;   // per word id, for the error on a repeated word
  std::vector<uint64_t> full_key;  // per word id, to tell a repeated word from a shared fingerprint
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    if (is_blank(b, e) || *b == '#') return;
    const std::vector<std::string> fields = split_tabs(b, e);
    const std::string& word = fields[0];
    require(!word.empty() && word.find(' ') == std::string::npos, "lexicon line ", number,
            ": expected 'word<TAB>classes', got '", std::string(b, e), "'");
    require(fields.size() >= 2 && fields.size() <= 1 + kColumns, "lexicon line ", number, ": '", word, "' has ",
            fields.size() - 1, " class columns (expected 1 or ", kColumns, ", separated by tabs)");
    const int32_t seen = lex.words_.lookup(fingerprint(word));
    require(seen < 0 || full_key[seen] != fnv1a(word), "lexicon line ", number, ": '", word,
            "' is listed twice (first on line ", seen < 0 ? 0 : line_of[seen], ")");
    if (seen >= 0) return;
    lex.words_.add(fingerprint(word));
    line_of.push_back(number), full_key.push_back(fnv1a(word));
    bool any = false;
    for (int c = 0; c < kColumns; ++c) {
      std::vector<std::string> set;
      if (c + 1 < int(fields.size())) set = split_blanks(fields[c + 1].data(), fields[c + 1].data() + fields[c + 1].size());
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
      uint32_t id = 0;
      if (!set.empty()) {
        uint64_t h = fnv1a("\x02set");
        for (const auto& name : set) h = fnv1a(name + '\x1f', h);
        const auto found = set_ids.emplace(h, uint32_t(lex.sets_.size()));
        if (found.second) lex.sets_.push_back(h);
        id = found.first->second, any = true;
      }
      lex.classes_.push_back(id);
    }
    require(any, "lexicon line ", number, ": '", word, "' has no classes");
  });
  require(!lex.classes_.empty(), "the lexicon has no words");
  return lex;
}

WordLexicon WordLexicon::listing(const std::vector<std::string>& words) {
  WordLexicon lex;
  lex.sets_ = {kNone, fnv1a(std::string("listed\x1f"), fnv1a("\x02set"))};  // (as parse hashes the set {listed})
  for (const std::string& word : words) {
    if (lex.words_.lookup(fingerprint(word)) >= 0) continue;
    lex.words_.add(fingerprint(word));
    lex.classes_.push_back(1);  // column 1 "listed", the others none
    lex.classes_.resize(lex.classes_.size() + kColumns - 1, 0);
  }
  return lex;
}

WordLexicon::Match WordLexicon::find(std::string_view word, std::string_view lower) const {
  if (classes_.empty()) return {};
  const int32_t id = words_.lookup(fingerprint(word));
  if (id >= 0 || lower == word) return {id, false};
  return {words_.lookup(fingerprint(lower)), true};
}

uint64_t WordLexicon::value(Match match, int column) const {
  if (match.id < 0) return kNone;
  const uint64_t set = sets_[classes_[size_t(match.id) * kColumns + column]];
  return match.lowered ? lowered(set) : set;
}

// Fingerprints in increasing order as varint gaps, then each word's class-set ids as varints.
void WordLexicon::save(ByteWriter& out) const {
  const std::vector<uint64_t>& keys = words_.keys();
  std::vector<int32_t> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = int32_t(i);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return keys[a] < keys[b]; });
  std::vector<uint8_t> gaps, classes;
  uint64_t last = 0;
  for (int32_t id : order) {
    put_varint(gaps, keys[id] - last), last = keys[id];
    for (int c = 0; c < kColumns; ++c) put_varint(classes, classes_[size_t(id) * kColumns + c]);
  }
  out.put<uint64_t>(keys.size());
  out.put_vector(gaps);
  out.put_vector(classes);
  out.put_vector(sets_);
}

WordLexicon WordLexicon::load(ByteReader& in) {
  WordLexicon lex;
  const uint64_t words = in.get<uint64_t>();
  const std::vector<uint64_t> gaps = get_varints(in.get_vector<uint8_t>());
  const std::vector<uint64_t> classes = get_varints(in.get_vector<uint8_t>());
  lex.sets_ = in.get_vector<uint64_t>();
  require(gaps.size() == words && classes.size() == checked_count<uint32_t>("word lexicon classes", {int64_t(gaps.size()), kColumns}),
          "model bytes are corrupt (word lexicon sizes)");
  require(words == 0 || (!lex.sets_.empty() && lex.sets_[0] == kNone), "model bytes are corrupt (word lexicon sets)");
  std::vector<uint64_t> keys;
  uint64_t key = 0;
  for (size_t i = 0; i < gaps.size(); ++i) {
    require(gaps[i] <= 0xffffffffull - key && (i == 0 || gaps[i] > 0), "model bytes are corrupt (word lexicon keys)");
    keys.push_back(key += gaps[i]);
  }
  for (uint64_t id : classes) require(id < lex.sets_.size(), "model bytes are corrupt (word lexicon class id)");
  lex.classes_.assign(classes.begin(), classes.end());
  lex.words_ = FeatureIndex::dictionary(std::move(keys));
  return lex;
}

}  // namespace argmax
