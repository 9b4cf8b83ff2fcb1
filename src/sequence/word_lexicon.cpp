#include "sequence/word_lexicon.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "core/error.hpp"

namespace argmax {
namespace {

uint64_t fnv(const std::string& s, uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

const uint64_t kNone = fnv("\x01none");
// A set found through the lower-cased word: its own value.
uint64_t lowered(uint64_t set) { return (set ^ 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull | 1; }

}  // namespace

uint64_t WordLexicon::key(const std::string& word) { return fnv(word); }

WordLexicon WordLexicon::parse(const std::string& text) {
  WordLexicon lex;
  lex.sets_.push_back(kNone);
  std::map<uint64_t, uint32_t> set_ids{{kNone, 0}};
  std::vector<int> line_of;  // per word id, for the error on a repeated word
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    std::vector<std::string> fields;
    for (size_t a = 0, b; a <= line.size(); a = b + 1) {
      b = std::min(line.find('\t', a), line.size());
      fields.push_back(line.substr(a, b - a));
    }
    const std::string& word = fields[0];
    require(!word.empty() && word.find(' ') == std::string::npos, "lexicon line ", number,
            ": expected 'word<TAB>classes', got '", line, "'");
    require(fields.size() >= 2 && fields.size() <= 1 + kColumns, "lexicon line ", number, ": '", word, "' has ",
            fields.size() - 1, " class columns (expected 1 or ", kColumns, ", separated by tabs)");
    const int32_t seen = lex.words_.lookup(key(word));
    require(seen < 0, "lexicon line ", number, ": '", word, "' is listed twice (first on line ", seen < 0 ? 0 : line_of[seen], ")");
    lex.words_.add(key(word));
    line_of.push_back(number);
    for (int c = 0; c < kColumns; ++c) {
      uint32_t id = 0;
      if (c + 1 < int(fields.size())) {
        std::istringstream classes(fields[c + 1]);
        std::vector<std::string> set;
        for (std::string name; classes >> name;) set.push_back(name);
        std::sort(set.begin(), set.end());
        set.erase(std::unique(set.begin(), set.end()), set.end());
        uint64_t h = fnv("\x02set");
        for (const auto& name : set) h = fnv(name + '\x1f', h);
        if (!set.empty()) {
          const auto found = set_ids.emplace(h, uint32_t(lex.sets_.size()));
          if (found.second) lex.sets_.push_back(h);
          id = found.first->second;
        }
      }
      lex.classes_.push_back(id);
    }
    const auto own = lex.classes_.end() - kColumns;
    require(std::any_of(own, lex.classes_.end(), [](uint32_t id) { return id != 0; }), "lexicon line ", number, ": '",
            word, "' has no classes");
  }
  require(!lex.classes_.empty(), "the lexicon has no words");
  return lex;
}

uint64_t WordLexicon::value(const std::string& word, const std::string& lower, int column) const {
  if (classes_.empty()) return kNone;
  int32_t id = words_.lookup(key(word));
  if (id >= 0) return sets_[classes_[size_t(id) * kColumns + column]];
  id = words_.lookup(key(lower));
  if (id >= 0) return lowered(sets_[classes_[size_t(id) * kColumns + column]]);
  return kNone;
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
  require(lex.classes_.size() == keys.size() * kColumns, "model bytes are corrupt (word lexicon sizes)");
  require(keys.empty() || (!lex.sets_.empty() && lex.sets_[0] == kNone), "model bytes are corrupt (word lexicon sets)");
  for (uint32_t id : lex.classes_) require(id < lex.sets_.size(), "model bytes are corrupt (word lexicon class id)");
  lex.words_ = FeatureIndex::dictionary(std::move(keys));
  return lex;
}

}  // namespace argmax
