#include "sequence/token_features.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/sizes.hpp"
#include "text/character_classes.hpp"

namespace argmax {
namespace {

const char* const kNames[] = {"word",    "lower",    "prefix1",   "prefix2",   "prefix3",   "prefix4", "suffix1",
                              "suffix2", "suffix3",  "suffix4",   "shape",     "shortshape", "length", "hasdigit",
                              "hashyphen", "hasupper", "initcap", "allcaps", "first", "last", "titlecase", "bias", "tags", "lex", "lex2",
                              "chunk", "prevchunk", "nextchunk", "chunkshape", "class", "lexbegin", "lexend"};
static_assert(sizeof(kNames) / sizeof(kNames[0]) == size_t(Attribute::Count));

// SplitMix64's finaliser: spreads the bits of a combined key (hashing into 2^b buckets takes the low bits).
// Inlined even in the size-optimised build: it runs for every feature of every token (CMakeLists.txt).
[[gnu::always_inline]] inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
// What each part of a template adds to its running hash: h = mix(h ^ value) + kStep.
constexpr uint64_t kStep = 0x632BE59BD9B4E019ull;
// Never 0: 0 marks "attribute absent".
uint64_t present(uint64_t h) { return h ? h : 1; }

bool is_flag(Attribute a) { return a >= Attribute::HasDigit && a <= Attribute::Bias; }

char shape_class(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return 'X';
  if (c >= 'a' && c <= 'z') return 'x';
  if (c >= '0' && c <= '9') return 'd';
  if (c >= 0x80) return 'u';  // any non-ASCII byte
  return char(c);
}

// A code point's class for the `class` attribute: shape_class's for ASCII, a letter beyond it by its case class
// (Latin, Greek, Cyrillic) or as L, the other word classes as M, D, I, and P.
char code_point_class(char32_t c) {
  if (c < 0x80) return shape_class(uint8_t(c));
  if (const char letter = letter_case_class(c)) return letter;
  switch (word_class(c)) {
    case WordClass::letter: return 'L';
    case WordClass::mark: return 'M';
    case WordClass::digit: return 'D';
    case WordClass::ideograph: return 'I';
    case WordClass::separator: break;
  }
  return 'P';
}

// The value of lexbegin and lexend for a word of `length` tokens (0: none).
uint64_t listed_length(int length) { return mix(0x1E0C0 + uint64_t(length)); }

const char* const kCrfsuite =
    "lower[0] lower[-1] lower[1] prefix1[0] prefix2[0] prefix3[0] suffix1[0] suffix2[0] suffix3[0] "
    "initcap[0] allcaps[0] hasdigit[0] hashyphen[0] bias";

const char* const kPos =
    "bias word[0] lower[0] lower[-1] lower[1] lower[-2] lower[2] "
    "prefix1[0] prefix2[0] prefix3[0] prefix4[0] suffix1[0] suffix2[0] suffix3[0] suffix4[0] "
    "shape[0] shortshape[0] length[0] hasdigit[0] hashyphen[0] hasupper[0] initcap[0] allcaps[0] "
    "suffix3[-1] suffix3[1] shortshape[-1] shortshape[1] "
    "lower[-1]|lower[0] lower[0]|lower[1] lower[-1]|lower[1] suffix2[-1]|lower[0] lower[0]|suffix2[1]";

}  // namespace

const char* const kLexicon = " lex[0] lex[-1] lex[1] lex[0]|suffix2[0] lex2[0] lex2[-1] lex2[1] lex[0]|lex2[0]";

std::string template_preset(const std::string& name, bool with_lexicon) {
  if (name == "crfsuite") return kCrfsuite;
  if (name == "pos" || name == "default") return std::string(kPos) + (with_lexicon ? kLexicon : "");
  return name;
}

std::vector<FeatureTemplate> parse_templates(const std::string& text) {
  std::vector<FeatureTemplate> out;
  size_t i = 0;
  auto is_sep = [](char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == ';'; };
  while (i < text.size()) {
    while (i < text.size() && is_sep(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !is_sep(text[j])) ++j;
    if (j == i) break;
    FeatureTemplate ft;
    ft.text = text.substr(i, j - i);
    size_t a = 0;
    while (a <= ft.text.size()) {
      size_t b = ft.text.find('|', a);
      if (b == std::string::npos) b = ft.text.size();
      const std::string part = ft.text.substr(a, b - a);
      std::string name = part;
      int offset = 0;
      const size_t br = part.find('[');
      if (br != std::string::npos) {
        require(part.back() == ']', "feature template '", ft.text, "': expected name[offset] in '", part, "'");
        name = part.substr(0, br);
        const std::string num = part.substr(br + 1, part.size() - br - 2);
        char* end = nullptr;
        const long v = std::strtol(num.c_str(), &end, 10);
        require(!num.empty() && *end == '\0' && v >= -8 && v <= 8, "feature template '", ft.text,
                "': offset '", num, "' must be an integer in [-8, 8]");
        offset = int(v);
      }
      int found = -1;
      for (int k = 0; k < int(Attribute::Count); ++k)
        if (name == kNames[k]) found = k;
      if (found < 0) {
        std::string known;
        for (const char* n : kNames) known += std::string(known.empty() ? "" : ", ") + n;
        fail("feature template '", ft.text, "': unknown attribute '", name, "' (known: ", known, ")");
      }
      ft.parts.push_back({Attribute(found), offset});
      a = b + 1;
    }
    ft.seed = fnv1a(ft.text.data(), ft.text.size());
    out.push_back(std::move(ft));
    i = j;
  }
  require(!out.empty(), "no feature templates given");
  return out;
}

uint64_t TokenFeaturizer::word_key(const std::string& token) {
  std::string lower = token;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = char(c + 32);
  return fnv1a(lower.data(), lower.size());
}

TokenFeaturizer::TokenFeaturizer(const std::string& templates_or_preset)
    : spec_(template_preset(templates_or_preset)), templates_(parse_templates(spec_)) {
  std::fill(slot_, slot_ + int(Attribute::Count), -1);
  for (const auto& t : templates_) {
    for (const auto& p : t.parts) {
      if (slot_[int(p.attribute)] < 0) slot_[int(p.attribute)] = int(used_.size()), used_.push_back(p.attribute);
      parts_.push_back({p.offset, slot_[int(p.attribute)], is_flag(p.attribute) && p.attribute != Attribute::Bias});
      affixes_ = affixes_ || (p.attribute >= Attribute::Prefix1 && p.attribute <= Attribute::Suffix4);
      chunks_ = chunks_ || (p.attribute >= Attribute::Chunk && p.attribute <= Attribute::ChunkShape);
    }
    part_ends_.push_back(uint32_t(parts_.size()));
  }
}

// The chunk attributes of tokens[0..n), whose columns hold each token's lower-cased hash: a run's hash mixes
// those of its tokens in order.
void TokenFeaturizer::chunk_values(const std::string_view* tokens, int n, int a) const {
  const uint64_t space = mix(0x5BACE), none = mix(0xB0DA);  // (none: before the first run, after the last)
  const int own = std::max({slot_[int(Attribute::Chunk)], slot_[int(Attribute::PrevChunk)], slot_[int(Attribute::NextChunk)],
                            slot_[int(Attribute::ChunkShape)]});
  const int shaped = slot_[int(Attribute::ChunkShape)];
  auto is_space = [&](int t) { return tokens[t] == " "; };
  std::vector<uint64_t> runs;  // the hash of each run of non-space tokens, in order
  std::vector<int32_t> run_of(size_t(n), -1);  // index into runs; for a space, −(the number of runs before it) − 1
  std::vector<int32_t> step(shaped >= 0 ? size_t(n) : 0);  // 2 × the token's place in its run's short shape, + 1 if it begins a step
  for (int t = 0; t < n;) {
    if (is_space(t)) {
      run_of[size_t(t)] = -int32_t(runs.size()) - 1;
      ++t;
      continue;
    }
    uint64_t h = 0x43484E4Bull, shape = kFnvOffset;
    int e = t, steps = 0;
    char last = 0;
    for (; e < n && !is_space(e); ++e) {
      h = mix(h ^ table_[size_t(e) * a + own]) + kStep, run_of[size_t(e)] = int32_t(runs.size());
      if (shaped < 0) continue;
      const char k = tokens[e].empty() ? 0 : shape_class(uint8_t(tokens[e][0]));
      const bool begins = e == t || k != last;
      steps += begins, last = k;
      if (begins) shape = fnv1a(&k, 1, shape);
      step[size_t(e)] = 2 * steps + begins;
    }
    runs.push_back(mix(h));
    if (shaped >= 0)  // (the run's short shape, then each token's place in it)
      for (int j = t; j < e; ++j) table_[size_t(j) * a + shaped] = present(mix(shape + uint64_t(step[size_t(j)])));
    t = e;
  }
  const int r = int(runs.size());
  auto run = [&](int k) { return k >= 0 && k < r ? runs[size_t(k)] : none; };
  int start = 0;  // of the current run
  for (int t = 0; t < n; ++t) {
    const int k = run_of[size_t(t)];
    if (k >= 0 && (t == 0 || run_of[size_t(t - 1)] != k)) start = t;
    // a space between runs p and p + 1 (p = −k − 2) reads them as its previous and next runs
    const int before = k >= 0 ? k - 1 : -k - 2, after = k >= 0 ? k + 1 : -k - 1;
    uint64_t* row = table_.data() + size_t(t) * a;
    if (slot_[int(Attribute::Chunk)] >= 0)
      row[slot_[int(Attribute::Chunk)]] = present(k >= 0 ? mix(run(k) + uint64_t(t - start + 1)) : space);
    if (slot_[int(Attribute::PrevChunk)] >= 0) row[slot_[int(Attribute::PrevChunk)]] = present(run(before));
    if (slot_[int(Attribute::NextChunk)] >= 0) row[slot_[int(Attribute::NextChunk)]] = present(run(after));
    if (shaped >= 0 && k < 0) row[shaped] = space;
  }
}

// lexbegin and lexend of tokens[0..n): the words of up to kLexiconSpan tokens from each token on, hashed a token
// at a time, looked up in the listing.
void TokenFeaturizer::listed_word_values(const std::string_view* tokens, int n, int a) const {
  std::vector<int> begins(size_t(n), 0), ends(size_t(n), 0);  // the longest listed word beginning, ending here
  if (words_)
    for (int t = 0; t < n; ++t) {
      uint64_t h = kFnvOffset;
      for (int e = t; e < std::min(n, t + kLexiconSpan); ++e) {
        h = fnv1a(tokens[e].data(), tokens[e].size(), h);
        if (!words_->lists(h)) continue;
        begins[size_t(t)] = e - t + 1;
        ends[size_t(e)] = std::max(ends[size_t(e)], e - t + 1);
      }
    }
  const int begin = slot_[int(Attribute::LexBegin)], end = slot_[int(Attribute::LexEnd)];
  for (int t = 0; t < n; ++t) {
    uint64_t* row = table_.data() + size_t(t) * a;
    if (begin >= 0) row[begin] = listed_length(begins[size_t(t)]);
    if (end >= 0) row[end] = listed_length(ends[size_t(t)]);
  }
}

void TokenFeaturizer::extract(const std::string* tokens, int n, std::vector<uint64_t>& keys,
                              std::vector<int64_t>& ends) const {
  std::vector<std::string_view> views(tokens, tokens + n);
  extract(views.data(), n, keys, ends);
}

void TokenFeaturizer::extract(const std::string_view* tokens, int n, std::vector<uint64_t>& keys,
                              std::vector<int64_t>& ends) const {
  const int a = int(used_.size());
  // (scratch only grows: zeroing it anew for every sequence would cost as much as filling it)
  const size_t cells = checked_count<uint64_t>("token attribute table (tokens × attributes)", {n, a});
  if (table_.size() < cells) table_.resize(cells);
  std::vector<char> lowered;
  // Headline-style sentences: at least 3 words with letters, 60% of them capitalised.
  int words = 0, capitalised = 0;
  if (slot_[int(Attribute::TitleCase)] >= 0)
    for (int t = 0; t < n; ++t) {
      const std::string_view w = tokens[t];
      bool letter = false;
      for (unsigned char c : w) letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      words += letter, capitalised += letter && w[0] >= 'A' && w[0] <= 'Z';
    }
  const bool title_case = words >= 3 && capitalised * 5 >= words * 3;
  for (int t = 0; t < n; ++t) {
    const std::string_view w = tokens[t];
    uint64_t* row = table_.data() + size_t(t) * a;
    if (lowered.size() < w.size()) lowered.resize(w.size());
    const std::string_view lower(lowered.data(), w.size());
    bool digit = false, hyphen = false, upper = false, all_upper = !w.empty(), any_letter = false;
    for (size_t i = 0; i < w.size(); ++i) {
      const unsigned char c = w[i];
      const bool up = c >= 'A' && c <= 'Z', low = c >= 'a' && c <= 'z';
      lowered[i] = up ? char(c + 32) : char(c);
      digit |= c >= '0' && c <= '9';
      hyphen |= c == '-';
      upper |= up;
      any_letter |= up || low;
      all_upper &= !low;
    }
    all_upper &= any_letter;
    // Code point starts, for prefixes and suffixes.
    size_t cp[5] = {0, 0, 0, 0, 0}, cs[5] = {0, 0, 0, 0, 0};  // byte length of the first / last i code points
    if (affixes_) {
      int count = 0;
      for (size_t i = 0; i <= lower.size() && count <= 4; ++i)
        if (i == lower.size() || (uint8_t(lower[i]) & 0xC0) != 0x80) cp[count++] = i;
      for (int c = count; c <= 4; ++c) cp[c] = lower.size();
      count = 0;
      for (size_t i = lower.size() + 1; i-- > 0 && count <= 4;)
        if (i == lower.size() || (uint8_t(lower[i]) & 0xC0) != 0x80) cs[count++] = lower.size() - i;
      for (int c = count; c <= 4; ++c) cs[c] = lower.size();
    }
    // One lookup serves both lexicon columns.
    const WordLexicon::Match match = words_ && uses_word_lexicon() ? words_->find(w, lower) : WordLexicon::Match{};
    for (int s = 0; s < a; ++s) {
      const Attribute at = used_[s];
      uint64_t v = 0;
      switch (at) {
        case Attribute::Word: v = fnv1a(w.data(), w.size()); break;
        case Attribute::Lower: v = fnv1a(lower.data(), lower.size()); break;
        case Attribute::Prefix1: case Attribute::Prefix2: case Attribute::Prefix3: case Attribute::Prefix4: {
          const int len = 1 + int(at) - int(Attribute::Prefix1);
          v = fnv1a(lower.data(), cp[len], 0x9e3779b97f4a7c15ull + len);
          break;
        }
        case Attribute::Suffix1: case Attribute::Suffix2: case Attribute::Suffix3: case Attribute::Suffix4: {
          const int len = 1 + int(at) - int(Attribute::Suffix1);
          v = fnv1a(lower.data() + lower.size() - cs[len], cs[len], 0x7f4a7c159e3779b9ull + len);
          break;
        }
        case Attribute::Class: {  // (shortshape's runs, of code_point_class)
          uint64_t h = kFnvOffset;
          char last = 0;
          for (size_t i = 0; i < w.size();) {
            const char k = code_point_class(next_code_point(w, i));
            if (k != last) h = fnv1a(&k, 1, h), last = k;
          }
          v = h;
          break;
        }
        case Attribute::LexBegin: case Attribute::LexEnd: break;  // (listed_word_values)
        case Attribute::Shape: case Attribute::ShortShape: {
          const size_t cut = at == Attribute::Shape ? 4 : 1;
          uint64_t h = kFnvOffset;
          char last = 0;
          size_t run = 0;
          for (unsigned char c : w) {
            if ((c & 0xC0) == 0x80) continue;  // one class per code point
            const char k = shape_class(c);
            run = k == last ? run + 1 : 1;
            last = k;
            if (run <= cut) h = fnv1a(&k, 1, h);
          }
          v = h;
          break;
        }
        case Attribute::Length: {
          size_t len = 0;
          for (unsigned char c : w) len += (c & 0xC0) != 0x80;
          v = mix(0x1e46 + std::min<size_t>(len, 10));
          break;
        }
        case Attribute::HasDigit: v = digit; break;
        case Attribute::HasHyphen: v = hyphen; break;
        case Attribute::HasUpper: v = upper; break;
        case Attribute::InitCap: v = !w.empty() && w[0] >= 'A' && w[0] <= 'Z'; break;
        case Attribute::AllCaps: v = all_upper; break;
        case Attribute::First: v = t == 0; break;
        case Attribute::Last: v = t == n - 1; break;
        case Attribute::TitleCase: v = title_case; break;
        case Attribute::Bias: v = 1; break;
        case Attribute::Tags: v = mix(lexicon_ ? lexicon_->class_of(fnv1a(lower.data(), lower.size())) : TagLexicon::kRare); break;
        case Attribute::Lex: case Attribute::Lex2:
          v = words_ ? words_->value(match, int(at) - int(Attribute::Lex)) : mix(0x4E4F4E45);
          break;
        case Attribute::Chunk: case Attribute::PrevChunk: case Attribute::NextChunk: case Attribute::ChunkShape:
          v = fnv1a(lower.data(), lower.size());  // the token's own hash, which chunk_values turns into its runs'
          break;
        case Attribute::Count: break;
      }
      row[s] = is_flag(at) ? v : present(v);
    }
  }
  if (chunks_) chunk_values(tokens, n, a);
  if (reads_listing()) listed_word_values(tokens, n, a);
  // Each template's key: its seed, mixed with the value of each part in turn; a part that reads an absent flag
  // turns the template off. The chains of a block of positions are mixed a template at a time, so that the
  // positions' chains, independent of one another, overlap instead of waiting on each other.
  const size_t count = templates_.size(), block = kHashBlock;
  if (hashes_.size() < count * block) hashes_.resize(count * block), live_.resize(count * block);
  const size_t first = keys.size();  // keys are written in place, and what is left over cut off at the end
  keys.resize(first + checked_count<uint64_t>("feature keys (tokens × templates)", {n, int64_t(count)}));
  uint64_t* out = keys.data() + first;
  for (int t0 = 0; t0 < n; t0 += kHashBlock) {
    const int m = std::min(kHashBlock, n - t0);
    uint32_t q = 0;
    for (size_t j = 0; j < count; ++j) {
      uint64_t* h = hashes_.data() + j * block;
      uint8_t* on = live_.data() + j * block;
      std::fill(h, h + m, templates_[j].seed);
      std::fill(on, on + m, uint8_t(1));
      for (; q < part_ends_[j]; ++q) {
        const Part& p = parts_[q];
        // Positions [lo, hi) of the block read a token of the sequence; the others a boundary symbol, which
        // says which side and how far out (u = −1 and u = −2 differ).
        const int lo = std::clamp(-p.offset - t0, 0, m), hi = std::clamp(n - p.offset - t0, lo, m);
        auto outside = [&](int i) {
          const int u = t0 + i + p.offset;
          const uint64_t v = p.flag ? 0 : mix(0xB0DA + uint64_t(u < 0 ? -u : 64 + u - n));
          on[i] &= v != 0;
          h[i] = mix(h[i] ^ v) + kStep;
        };
        for (int i = 0; i < lo; ++i) outside(i);
        if (lo < hi) {
          const uint64_t* v = table_.data() + size_t(t0 + lo + p.offset) * a + p.column;
          if (p.flag)
            for (int i = lo; i < hi; ++i, v += a) on[i] &= *v != 0, h[i] = mix(h[i] ^ *v) + kStep;
          else
            for (int i = lo; i < hi; ++i, v += a) h[i] = mix(h[i] ^ *v) + kStep;
        }
        for (int i = hi; i < m; ++i) outside(i);
      }
      for (int i = 0; i < m; ++i) h[i] = mix(h[i]);
    }
    for (int i = 0; i < m; ++i) {
      for (size_t j = 0; j < count; ++j)
        if (live_[j * block + i]) *out++ = hashes_[j * block + i];
      ends.push_back(int64_t(out - keys.data()));
    }
  }
  keys.resize(size_t(out - keys.data()));
}

}  // namespace argmax
