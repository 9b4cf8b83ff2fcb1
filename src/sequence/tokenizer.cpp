#include "sequence/tokenizer.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "io/utf8.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

const char* const kTokenizerTemplates =
    "bias word[0] word[-1] word[1] word[-2] word[2] word[-3] word[3] "
    "word[-1]|word[0] word[0]|word[1] word[-2]|word[-1] word[1]|word[2] "
    "word[-2]|word[-1]|word[0] word[-1]|word[0]|word[1] word[0]|word[1]|word[2] "
    "word[-3]|word[-2]|word[-1] word[1]|word[2]|word[3] "
    "word[0]|word[1]|word[2]|word[3] word[-1]|word[0]|word[1]|word[2] word[-2]|word[-1]|word[0]|word[1] "
    "lower[-4]|lower[-3]|lower[-2]|lower[-1] lower[-3]|lower[-2]|lower[-1]|lower[0] "
    "shape[0] shape[-1]|shape[0]|shape[1] shape[-2]|shape[-1]|shape[0]|shape[1]|shape[2] chunk[0] chunkshape[0]";

namespace {

// The code point at s[i] (well-formed UTF-8), advancing i.
char32_t next_code_point(std::string_view s, size_t& i) {
  const auto b = uint8_t(s[i]);
  const int more = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
  char32_t cp = more == 0 ? b : more == 1 ? (b & 0x1F) : more == 2 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k <= more; ++k) cp = (cp << 6) | (uint8_t(s[i + k]) & 0x3F);
  i += size_t(more) + 1;
  return cp;
}

bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_line_break(char32_t c) { return (c >= 0x0A && c <= 0x0D) || c == 0x85 || c == 0x2028 || c == 0x2029; }

// Controls (Cc) other than spaces, format characters (Cf) and variation selectors.
bool is_ignorable(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xAD || (c >= 0x600 && c <= 0x605) || c == 0x61C ||
         c == 0x6DD || c == 0x70F || c == 0x180E || (c >= 0x200C && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x206F) || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) ||
         (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0xE0000 && c <= 0xE007F) ||
         (c >= 0xE0100 && c <= 0xE01EF);
}

// The ASCII character a quote, apostrophe or hyphen reads as, or 0.
char folded(char32_t c) {
  switch (c) {
    case 0x2018: case 0x2019: case 0x201A: case 0x201B: case 0x2032: case 0x02BC: case 0xFF07: return '\'';
    case 0x201C: case 0x201D: case 0x201E: case 0x201F: case 0x2033: case 0xFF02: return '"';
    case 0x2010: case 0x2011: return '-';
    default: return 0;
  }
}

// Letters of the Latin, Greek and Cyrillic blocks beyond ASCII, as 'X' (upper case) or 'x' (lower case), 0 for
// other code points: rare letters then read like common ones ("café" like "cafe"), whatever the treebank saw.
char letter_class(char32_t c) {
  if (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7) return c <= 0xDE ? 'X' : 'x';
  if (c >= 0x100 && c <= 0x17F) return c % 2 ? 'x' : 'X';  // upper and lower case alternate here
  if (c >= 0x180 && c <= 0x24F) return 'x';
  if (c >= 0x391 && c <= 0x3A9) return 'X';
  if (c >= 0x3AC && c <= 0x3CE) return 'x';
  if (c >= 0x400 && c <= 0x42F) return 'X';
  if (c >= 0x430 && c <= 0x45F) return 'x';
  return 0;
}

// What the features read of a cluster, written as write_cluster_symbol writes: its symbol, with a letter of
// letter_class as that class.
size_t write_feature_symbol(std::string_view cluster, ClusterKind kind, char* out) {
  size_t i = 0;
  if (!cluster.empty() && uint8_t(cluster[0]) >= 0x80) {
    const char letter = letter_class(next_code_point(cluster, i));
    if (letter) return *out = letter, 1;
  }
  return write_cluster_symbol(cluster, kind, out);
}

bool has_line_break(std::string_view cluster) {
  for (size_t i = 0; i < cluster.size();)
    if (is_line_break(next_code_point(cluster, i))) return true;
  return false;
}

std::string ascii_lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

enum Label : int { kS, kB, kI, kW, kD, kH, kO, kLabels };
const char* const kLabelNames[kLabels] = {"S", "B", "I", "W", "D", "H", "O"};

// The clusters in [begin, end) that the chain labels (`where`), with their kinds (`labelled`): ignorable ones are
// skipped, and so is every space after the first of a run, so that "ends.  Next" reads as "ends. Next".
void labelled_clusters(const std::vector<ClusterKind>& kinds, int32_t begin, int32_t end, std::vector<int32_t>& where,
                       std::vector<ClusterKind>& labelled) {
  where.clear(), labelled.clear();
  for (int32_t i = begin; i < end; ++i) {
    const ClusterKind kind = kinds[size_t(i)];
    if (kind == ClusterKind::Ignorable || (kind == ClusterKind::Space && !labelled.empty() && labelled.back() == ClusterKind::Space)) continue;
    where.push_back(i), labelled.push_back(kind);
  }
}

// Where the runs of a paragraph's labelled clusters (indices into `kinds`' positions) end: at most kRun long,
// cut after the last space in the run's second half when there is one.
std::vector<size_t> run_ends(const std::vector<ClusterKind>& kinds) {
  std::vector<size_t> ends;
  size_t start = 0;
  while (kinds.size() - start > size_t(TokenizerModel::kRun)) {
    size_t cut = start + TokenizerModel::kRun;
    for (size_t i = cut; i > start + TokenizerModel::kRun / 2; --i)
      if (kinds[i - 1] == ClusterKind::Space) {
        cut = i;
        break;
      }
    ends.push_back(cut);
    start = cut;
  }
  ends.push_back(kinds.size());
  return ends;
}

// A link-like chunk (a run without spaces holding "://", starting with "www.", an e-mail address: '@' after a
// letter, digit or '.' (as in "jo...@x.org", shortened by mail archives) and before a letter or digit, a '.'
// after it, or a file name: a letter or digit, then a '.' and a common extension at its end), in symbols: the
// chunk, and the link itself within it, without the brackets and quotes before it nor the brackets, quotes and
// punctuation after it ("<a@b.com>", "[http://x.org/].", "(notes.pdf)", "Jo"<jo@x.org>").
struct Link {
  size_t chunk_begin, chunk_end, begin, end;
};

bool ascii_alnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Whether s ends in a '.' and a common file extension, after a letter or digit.
bool file_name(std::string_view s) {
  const size_t dot = s.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || !ascii_alnum(s[dot - 1])) return false;
  const std::string extension = ascii_lower(std::string(s.substr(dot + 1)));
  static const char* const kExtensions[] = {"pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "rtf", "csv",
                                            "htm", "html", "xml", "jpg", "jpeg", "png", "gif", "zip", "mp3", "wav", "exe"};
  for (const char* known : kExtensions)
    if (extension == known) return true;
  return false;
}

std::vector<Link> links_of(const std::vector<std::string_view>& symbols) {
  auto alnum = [](std::string_view s) { return s.size() == 1 && ascii_alnum(s[0]); };
  std::vector<Link> links;
  std::string chunk;
  size_t b = 0;
  while (b < symbols.size()) {
    if (symbols[b] == " ") {
      ++b;
      continue;
    }
    size_t e = b;
    while (e < symbols.size() && symbols[e] != " ") ++e;
    chunk.resize(e - b);
    for (size_t i = b; i < e; ++i) chunk[i - b] = symbols[i].size() == 1 ? symbols[i][0] : '\x01';
    const size_t at = chunk.find('@'), scheme = chunk.find("://");
    const size_t first = chunk.find_first_not_of("(<[\"'"), last = chunk.find_last_not_of(")>]\"'.,;:!?");
    const bool mail = at != std::string::npos && at > 0 && at + 1 < chunk.size() &&
                      (alnum(symbols[b + at - 1]) || chunk[at - 1] == '.') && alnum(symbols[b + at + 1]) &&
                      chunk.find('.', at) != std::string::npos;
    // where the chunk says it is a link: the link begins after the last '<' or '"' before that ("Jo"<jo@x.org>")
    size_t core = std::string::npos;
    if (scheme != std::string::npos) core = scheme;
    else if (first != std::string::npos && chunk.compare(first, 4, "www.") == 0) core = first;
    else if (mail) core = at;
    else if (first != std::string::npos && last != std::string::npos && first <= last &&
             file_name(std::string_view(chunk).substr(first, last + 1 - first)))
      core = chunk.rfind('.', last);
    if (core != std::string::npos) {  // (a link holds a letter or digit: first and last are found)
      const size_t opened = core ? chunk.find_last_of("<\"", core - 1) : std::string::npos;
      const size_t begin = std::max(first, opened == std::string::npos ? 0 : opened + 1);
      if (begin <= last) links.push_back({b, e, b + begin, b + last + 1});
    }
    b = e;
  }
  return links;
}

// The feature symbols of a paragraph's labelled clusters (`where`, of kinds `labelled`), as views into `bytes`
// (which they fill), and the paragraph's links. Every symbol of a link's chunk gets a trailing U+0002, so that
// their n-grams are features of their own: inside links, '-', '?', '/' and '.' seldom end a token.
std::vector<Link> feature_symbols(const ClusterText& text, const std::vector<int32_t>& where,
                                  const std::vector<ClusterKind>& labelled, std::string& bytes,
                                  std::vector<std::string_view>& symbols) {
  size_t room = 0;  // a symbol is no longer than its cluster
  for (const int32_t i : where) room += text.cluster(size_t(i)).size();
  bytes.resize(room);
  std::vector<size_t> ends(where.size());
  size_t used = 0;
  for (size_t j = 0; j < where.size(); ++j) ends[j] = used += write_feature_symbol(text.cluster(size_t(where[j])), labelled[j], &bytes[used]);
  auto view = [&]() {
    symbols.clear();
    for (size_t j = 0, b = 0; j < ends.size(); b = ends[j++]) symbols.emplace_back(bytes.data() + b, ends[j] - b);
  };
  view();
  const std::vector<Link> links = links_of(symbols);
  if (links.empty()) return links;
  std::vector<bool> marks(symbols.size());
  for (const Link& l : links) std::fill(marks.begin() + long(l.chunk_begin), marks.begin() + long(l.chunk_end), true);
  std::string marked;  // (paragraphs with links are few)
  for (size_t j = 0; j < symbols.size(); ++j) {
    marked += symbols[j];
    if (marks[j]) marked += '\x02';
    ends[j] = marked.size();
  }
  bytes.swap(marked);
  view();
  return links;
}

}  // namespace

ClusterText clusters_from_utf16(std::string text, const int32_t* ends, size_t n) {
  const char* bad = find_invalid_utf8(text.data(), text.data() + text.size());
  require(bad == text.data() + text.size(), "text is not well-formed UTF-8 at byte ", bad - text.data());
  const void* nul = std::memchr(text.data(), 0, text.size());
  require(!nul, "text has a NUL character (U+0000) at byte ", static_cast<const char*>(nul) - text.data());
  ClusterText out;
  out.ends.reserve(n);
  size_t byte = 0;
  int64_t unit = 0;
  for (size_t k = 0; k < n; ++k) {
    require(ends[k] > unit, "cluster ", k, " ends at ", ends[k], ", not after ", unit);
    while (unit < ends[k] && byte < text.size()) unit += next_code_point(text, byte) >= 0x10000 ? 2 : 1;
    require(unit == ends[k], "cluster ", k, " ends at ", ends[k], ", inside a code point or past the text");
    out.ends.push_back(int32_t(byte));
  }
  require(byte == text.size(), "the clusters end at byte ", byte, " of a text of ", text.size(), " bytes");
  out.text = std::move(text);
  return out;
}

ClusterKind cluster_kind(std::string_view cluster) {
  if (cluster.size() == 1) {  // (most clusters)
    const char32_t c = uint8_t(cluster[0]);
    return is_space(c) ? ClusterKind::Space : is_ignorable(c) ? ClusterKind::Ignorable : ClusterKind::Visible;
  }
  size_t i = 0;
  if (cluster.empty()) return ClusterKind::Ignorable;
  if (is_space(next_code_point(cluster, i))) return ClusterKind::Space;
  for (i = 0; i < cluster.size();)
    if (!is_ignorable(next_code_point(cluster, i))) return ClusterKind::Visible;
  return ClusterKind::Ignorable;
}

size_t write_cluster_symbol(std::string_view cluster, ClusterKind kind, char* out) {
  if (kind == ClusterKind::Space) return *out = ' ', 1;
  size_t n = 0;
  for (size_t i = 0; i < cluster.size();) {
    const size_t from = i;
    const char f = folded(next_code_point(cluster, i));
    if (f) out[n++] = f;
    else std::memcpy(out + n, cluster.data() + from, i - from), n += i - from;
  }
  return n;
}

std::string cluster_symbol(std::string_view cluster) {
  std::string out(cluster.size(), '\0');
  out.resize(write_cluster_symbol(cluster, cluster_kind(cluster), out.data()));
  return out;
}

namespace {

std::vector<ClusterKind> cluster_kinds(const ClusterText& text) {
  std::vector<ClusterKind> kinds(text.size());
  for (size_t i = 0; i < text.size(); ++i) kinds[i] = cluster_kind(text.cluster(i));
  return kinds;
}

// paragraphs_of, given the kind of each cluster.
std::vector<std::pair<int32_t, int32_t>> paragraphs_from(const ClusterText& text, const std::vector<ClusterKind>& kinds) {
  const int32_t n = int32_t(text.size());
  std::vector<char> breaks(static_cast<size_t>(n));
  bool blank_lines = false;
  int32_t gap_breaks = 0;  // line breaks since the last visible cluster
  for (int32_t i = 0; i < n; ++i) {
    breaks[size_t(i)] = kinds[size_t(i)] == ClusterKind::Space && has_line_break(text.cluster(size_t(i)));
    if (kinds[size_t(i)] == ClusterKind::Visible) gap_breaks = 0;
    else if (breaks[size_t(i)] && ++gap_breaks == 2) blank_lines = true;
  }
  const int32_t needed = blank_lines ? 2 : 1;  // line breaks in a gap that end a paragraph
  std::vector<std::pair<int32_t, int32_t>> out;
  int32_t begin = -1, end = 0;  // the open paragraph's first visible cluster and its end
  gap_breaks = 0;
  for (int32_t i = 0; i < n; ++i) {
    if (kinds[size_t(i)] != ClusterKind::Visible) {
      gap_breaks += breaks[size_t(i)];
      continue;
    }
    if (begin >= 0 && gap_breaks >= needed) out.emplace_back(begin, end), begin = -1;
    if (begin < 0) begin = i;
    end = i + 1, gap_breaks = 0;
  }
  if (begin >= 0) out.emplace_back(begin, end);
  return out;
}

}  // namespace

std::vector<std::pair<int32_t, int32_t>> paragraphs_of(const ClusterText& text) {
  return paragraphs_from(text, cluster_kinds(text));
}

std::vector<std::string> cluster_labels(const ClusterText& text, const TextParagraph& paragraph,
                                        std::map<std::string, std::vector<std::string>>& multiword) {
  const size_t n = text.size();
  std::vector<std::string> labels(n, kLabelNames[kO]);
  size_t c = 0;
  for (const TextSentence& sentence : paragraph.sentences)
    for (size_t k = 0; k < sentence.tokens.size(); ++k) {
      const SurfaceToken& token = sentence.tokens[k];
      while (c < n && cluster_kind(text.cluster(c)) != ClusterKind::Visible) ++c;
      const size_t first = c;
      std::vector<size_t> starts;  // byte offset in the form where each cluster starts
      std::string spelled;
      while (spelled.size() < token.form.size() && c < n) starts.push_back(spelled.size()), spelled += text.cluster(c++);
      if (spelled != token.form) return {};
      labels[first] = kLabelNames[k == 0 ? kS : kB];
      for (size_t j = first + 1; j < c; ++j) labels[j] = kLabelNames[kI];
      if (token.words.size() < 2) continue;
      // The words spell the token, or spell it with a hyphen between each two (Portuguese "dá-se" = "dá" + "se").
      std::string joined, hyphened;
      std::vector<size_t> word_starts;  // where each word starts in the form
      for (const std::string& w : token.words) {
        hyphened += (joined.empty() ? "" : "-") + w;
        word_starts.push_back(joined.size()), joined += w;
      }
      const size_t hyphens = joined != token.form && hyphened == token.form;
      for (size_t w = 1; w < word_starts.size(); ++w) word_starts[w] += w * hyphens;
      bool on_clusters = joined == token.form || hyphens;
      for (size_t w = 1; on_clusters && w < word_starts.size(); ++w) {
        size_t j = 0;
        while (j < starts.size() && starts[j] < word_starts[w]) ++j;
        on_clusters = j < starts.size() && starts[j] == word_starts[w] && word_starts[w] > word_starts[w - 1] + hyphens &&
                      (!hyphens || starts[j - 1] + 1 == word_starts[w]);
        if (on_clusters) labels[first + j] = kLabelNames[kW];
        if (on_clusters && hyphens) labels[first + j - 1] = kLabelNames[kH];
      }
      if (!on_clusters) {
        for (size_t j = first + 1; j < c; ++j) labels[j] = kLabelNames[kD];
        multiword.emplace(ascii_lower(token.form), token.words);
      }
    }
  for (; c < n; ++c)
    if (cluster_kind(text.cluster(c)) == ClusterKind::Visible) return {};
  return labels;
}

Tokenization TokenizerModel::tokenize(const ClusterText& text, bool forms) const {
  int ids[kLabels];
  for (int l = 0; l < kLabels; ++l) ids[l] = chain.label_id(kLabelNames[l]);
  // Whether the chain decides which dictionary forms to split ("des" is "de les" or a word, by its context); a
  // chain that never saw D (no dictionary token of two clusters or more) leaves the dictionary to split them all.
  const bool chooses = ids[kD] >= 0;
  Tokenization out;
  const std::vector<ClusterKind> kinds = cluster_kinds(text);
  std::string bytes;                       // the paragraph's feature symbols
  std::vector<std::string_view> symbols;   // views into bytes
  std::vector<ClusterKind> labelled;       // the kind of each labelled cluster
  std::vector<int32_t> where;              // cluster index of each labelled cluster
  std::vector<int> labels;                 // per cluster of the paragraph: Label, or −1 for one not labelled
  SequenceBatch batch;
  for (const auto& paragraph : paragraphs_from(text, kinds)) {
    const int32_t pb = paragraph.first, pe = paragraph.second;  // not a structured binding: the lambdas use them
    labelled_clusters(kinds, pb, pe, where, labelled);
    labels.assign(size_t(pe - pb), -1);
    const std::vector<Link> links = feature_symbols(text, where, labelled, bytes, symbols);
    size_t start = 0;
    for (const size_t end : run_ends(labelled)) {
      batch.starts.assign(1, 0), batch.ends.assign(1, 0), batch.ids.clear();
      chain.featurize(symbols.data() + start, int(end - start), batch);
      const std::vector<int> decoded = chain.decode(batch);
      for (size_t j = start; j < end; ++j) {
        int label = kO;
        for (int l = 0; l < kLabels; ++l)
          if (ids[l] == decoded[j - start]) label = l;
        labels[size_t(where[j] - pb)] = label;
      }
      start = end;
    }
    // A link is one token, whatever the chain says of its insides and of the brackets and punctuation around it
    // (UD treebanks split those off).
    for (const Link& l : links) {
      for (size_t j = l.begin + 1; j < l.end; ++j) labels[size_t(where[j] - pb)] = kI;
      for (const size_t j : {l.begin, l.end})
        if (j > l.chunk_begin && j < l.chunk_end) {
          int& label = labels[size_t(where[j] - pb)];
          if (label == kI || label == kW) label = kB;
        }
    }
    // Labels → tokens. A visible cluster labelled O begins a token (every visible character is in one).
    int32_t begin = -1, end = 0;
    bool split = false;  // whether a cluster of the open token is labelled D
    std::vector<int32_t> word_starts;
    bool sentence_open = false;
    auto symbols_of = [&](int32_t b, int32_t e) {
      std::string s(size_t(text.ends[size_t(e - 1)] - (b ? text.ends[size_t(b - 1)] : 0)), '\0');
      size_t n = 0;
      for (int32_t i = b; i < e; ++i)
        if (labels[size_t(i - pb)] >= 0) n += write_cluster_symbol(text.cluster(size_t(i)), kinds[size_t(i)], &s[n]);
      s.resize(n);
      return s;
    };
    auto close = [&]() {
      if (begin < 0) return;
      out.tokens.push_back(begin), out.tokens.push_back(end);
      out.words.push_back(int32_t(out.word_spans.size() / 2));
      word_starts.push_back(end);
      if (word_starts.size() == 2) {  // one word, unless the dictionary splits it
        // the dictionary is asked for a token the chain split (D), or for every token when the chain never does
        const bool asked = !multiword.empty() && (split || !chooses || end - begin == 1);
        std::string form = forms || asked ? symbols_of(begin, end) : std::string();
        const auto known = asked ? multiword.find(ascii_lower(form)) : multiword.end();
        if (known == multiword.end()) {
          out.word_spans.push_back(begin), out.word_spans.push_back(end);
          if (forms) out.forms.push_back(std::move(form));
        } else {
          for (const std::string& w : known->second) out.forms.push_back(w), out.word_spans.push_back(-1), out.word_spans.push_back(-1);
        }
      } else {
        for (size_t w = 0; w + 1 < word_starts.size(); ++w) {
          // a hyphen (H) before the next word is in neither
          const int32_t e = word_starts[w + 1] - (w + 2 < word_starts.size() && labels[size_t(word_starts[w + 1] - 1 - pb)] == kH);
          out.word_spans.push_back(word_starts[w]), out.word_spans.push_back(e);
          if (forms) out.forms.push_back(symbols_of(word_starts[w], e));
        }
      }
      begin = -1, split = false;
      word_starts.clear();
    };
    for (int32_t i = pb; i < pe; ++i) {
      const int label = labels[size_t(i - pb)];
      if (label < 0) continue;
      if (kinds[size_t(i)] == ClusterKind::Space) {
        if ((label != kI && label != kD) || begin < 0) close();
        else split = split || label == kD;
        continue;
      }
      if (begin < 0 || label == kB || label == kS || label == kO) {
        close();
        if (!sentence_open || label == kS) {
          out.sentences.push_back(int32_t(out.tokens.size() / 2));
          sentence_open = true;
        }
        begin = i;
        word_starts.assign(1, i);
      } else if (label == kW) {
        word_starts.push_back(i);
      } else if (label == kD) {
        split = true;
      }
      end = i + 1;
    }
    close();
  }
  out.sentences.push_back(int32_t(out.tokens.size() / 2));
  out.words.push_back(int32_t(out.word_spans.size() / 2));
  return out;
}

// Payload: the chain's own model bytes (checked as a sequence model is), then the multiword dictionary.
std::vector<uint8_t> TokenizerModel::to_bytes() const {
  ByteWriter w("tokenizer");
  w.put_vector(chain.to_bytes());
  w.put<uint64_t>(multiword.size());
  for (const auto& [surface, words] : multiword) w.put_string(surface), w.put_strings(words);
  return w.finish();
}

TokenizerModel TokenizerModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader r(data, size, "tokenizer");
  TokenizerModel m;
  const std::vector<uint8_t> chain = r.get_vector<uint8_t>();
  m.chain = SequenceModel::from_bytes(chain.data(), chain.size());
  require(m.chain.input == SequenceInput::Tokens, "tokenizer model's chain does not read tokens");
  for (const std::string& label : m.chain.labels) {
    bool known = false;
    for (const char* name : kLabelNames) known = known || label == name;
    require(known, "tokenizer model has a label '", label, "' (a tokenizer labels clusters S, B, I, W, D, H, O)");
  }
  const uint64_t entries = r.get<uint64_t>();
  require(entries <= size, "tokenizer model bytes are corrupt (", entries, " multiword entries)");
  for (uint64_t e = 0; e < entries; ++e) {
    std::string surface = r.get_string();
    std::vector<std::string> words = r.get_strings();
    require(words.size() >= 2, "tokenizer model bytes are corrupt (multiword token '", surface, "' has ",
            words.size(), " words)");
    m.multiword.emplace(std::move(surface), std::move(words));
  }
  r.expect_end();
  return m;
}

TokenizerModel train_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                               const OptionList& options, const ProgressFn& progress) {
  require(paragraphs.size() == clusters.size(), "tokenizer training: ", paragraphs.size(), " paragraphs but ",
          clusters.size(), " cluster lists");
  require(!paragraphs.empty(), "tokenizer training: the treebank has no sentences");
  // The chain is trained, and saved, with the tokenizer's defaults written out where a tagger's differ; they are
  // checked before the paragraphs are labelled, so that a bad option is refused at once.
  OptionList given = options;
  auto is_given = [&options](const std::string& key) {
    return std::any_of(options.begin(), options.end(), [&key](const auto& kv) { return kv.first == key; });
  };
  const std::string trainer = tokenizer_trainer_of(options);
  const std::vector<OptionSpec>& tagger = sequence_options(trainer);
  for (const OptionSpec& s : tokenizer_options(trainer)) {  // merged by name
    const auto as_tagger = std::find_if(tagger.begin(), tagger.end(), [&s](const OptionSpec& t) { return t.name == s.name; });
    if (as_tagger != tagger.end() && as_tagger->default_value != s.default_value && !is_given(s.name))
      given.emplace_back(s.name, s.default_value);
  }
  if (!is_given("features") && !is_given("templates")) given.emplace_back("templates", kTokenizerTemplates);
  check_sequence_options(given);
  TokenizerModel m;
  Sentences symbols, labels;
  std::vector<ClusterKind> kinds;
  std::vector<int32_t> where;
  std::string bytes;
  std::vector<std::string_view> views;
  for (size_t p = 0; p < paragraphs.size(); ++p) {
    const std::vector<std::string> gold = cluster_labels(clusters[p], paragraphs[p], m.multiword);
    if (gold.empty()) {
      ++m.skipped;
      continue;
    }
    ++m.paragraphs;
    std::vector<std::string> y;
    labelled_clusters(cluster_kinds(clusters[p]), 0, int32_t(gold.size()), where, kinds);
    for (const int32_t i : where) y.push_back(gold[size_t(i)]);
    feature_symbols(clusters[p], where, kinds, bytes, views);  // (the gold labels already split links off)
    const std::vector<std::string> x(views.begin(), views.end());
    size_t start = 0;
    for (const size_t end : run_ends(kinds)) {
      symbols.emplace_back(x.begin() + long(start), x.begin() + long(end));
      labels.emplace_back(y.begin() + long(start), y.begin() + long(end));
      start = end;
    }
  }
  require(!symbols.empty(), "tokenizer training: no paragraph's tokens spell its text (", m.skipped, " skipped)");
  m.chain = train_tagger(symbols, labels, given, progress);
  return m;
}

}  // namespace argmax
