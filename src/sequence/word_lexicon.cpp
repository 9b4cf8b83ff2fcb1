#include "sequence/word_lexicon.hpp"

#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/lines.hpp"

namespace argmax {
namespace {

const uint64_t kNone = fnv1a("\x01none");
// A set found through the lower-cased word: its own value.
uint64_t lowered(uint64_t set) { return (set ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull | 1; }

}  // namespace

WordLexicon WordLexicon::parse(const std::string& text) {
  WordLexicon lex;
  lex.sets_.push_back(kNone);
  std::map<uint64_t, uint32_t> set_ids{{kNone, 0}};
  std::vector<int64_t> line_of;  // per word id, for the error on a repeated word
  for_each_line(text, [&](int64_t number, const char* b, const char* e) {
    if (is_blank(b, e) || *b == '#') return;
    const std::vector<std::string> fields = split_tabs(b, e);
    const std::string& word = fields[0];
    require(!word.empty() && word.find(' ') == std::string::npos, "lexicon line ", number,
            ": expected 'word<TAB>classes', got '", std::string(b, e), "'");
    require(fields.size() >= 2 && fields.size() <= 1 + kColumns, "lexicon line ", number, ": '", word, "' has ",
            fields.size() - 1, " class columns (expected 1 or ", kColumns, ", separated by tabs)");
    const int32_t seen = lex.words_.lookup(fnv1a(word));
    require(seen < 0, "lexicon line ", number, ": '", word, "' is listed twice (first on line ", seen < 0 ? 0 : line_of[seen], ")");
    lex.words_.add(fnv1a(word));
    line_of.push_back(number);
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

WordLexicon::Match WordLexicon::find(const std::string& word, const std::string& lower) const {
  if (classes_.empty()) return {};
  const int32_t id = words_.lookup(fnv1a(word));
  if (id >= 0 || lower == word) return {id, false};
  return {words_.lookup(fnv1a(lower)), true};
}

uint64_t WordLexicon::value(Match match, int column) const {
  if (match.id < 0) return kNone;
  const uint64_t set = sets_[classes_[size_t(match.id) * kColumns + column]];
  return match.lowered ? lowered(set) : set;
}

void WordLexicon::save(ByteWriter& out) const {
  out.put_vector(words_.keys());
  out.put_vector(classes_);
  out.put_vector(sets_);
}

WordLexicon WordLexicon::load(ByteReader& in) {
  WordLexicon lex;
  std::vector<uint64_t> keys = in.get_vector<uint64_t>();
  lex.classes_ = in.get_vector<uint32_t>();
  lex.sets_ = in.get_vector<uint64_t>();
  require(lex.classes_.size() == checked_count<uint32_t>("word lexicon classes", {int64_t(keys.size()), kColumns}),
          "model bytes are corrupt (word lexicon sizes)");
  require(keys.empty() || (!lex.sets_.empty() && lex.sets_[0] == kNone), "model bytes are corrupt (word lexicon sets)");
  for (uint32_t id : lex.classes_) require(id < lex.sets_.size(), "model bytes are corrupt (word lexicon class id)");
  lex.words_ = FeatureIndex::dictionary(std::move(keys));
  return lex;
}

}  // namespace argmax
