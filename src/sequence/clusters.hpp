// Text as the tokenizer reads it (sequence/tokenizer.hpp): grapheme clusters, their kinds and symbols, its
// paragraphs, and the clusters its chain labels.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace argmax {

// A text cut into clusters: the UTF-8 text and the byte offset where each cluster ends.
struct ClusterText {
  std::string text;
  std::vector<int32_t> ends;

  size_t size() const { return ends.size(); }
  std::string_view cluster(size_t i) const {
    const size_t b = i ? size_t(ends[i - 1]) : 0;
    return std::string_view(text).substr(b, size_t(ends[i]) - b);
  }
};
// From cluster ends counted in UTF-16 code units (as JS counts) to byte ends. Throws InputError unless the ends
// rise, the last is the text's length, each falls on a code point, and the text is well-formed UTF-8 without NUL.
ClusterText clusters_from_utf16(std::string text, const int32_t* ends, size_t n);

// Spaces (White_Space, and U+200B ZERO WIDTH SPACE) separate tokens. Ignorable clusters (controls other than
// spaces, format characters such as U+00AD, U+200D, U+FEFF, bidi marks) are never a token and never split
// one: the labelling skips them, and a token keeps those that sit inside it.
enum class ClusterKind : uint8_t { Visible, Space, Ignorable };
ClusterKind cluster_kind(std::string_view cluster);
// What the features see of a cluster: spaces are " "; ‘ ’ ‚ ‛ ′ ʼ ＇ read as ', “ ” „ ‟ ″ ＂ as ", ‐ ‑ as -.
std::string cluster_symbol(std::string_view cluster);
// The same for a cluster of the given kind (cluster_kind's, which callers that label text have found already),
// written to out, which has room for cluster.size() bytes (a symbol is never longer than its cluster); returns
// the symbol's length.
size_t write_cluster_symbol(std::string_view cluster, ClusterKind kind, char* out);

// The kind of each cluster of a text.
std::vector<ClusterKind> cluster_kinds(const ClusterText& text);

// Paragraphs of a text: a blank line (a line of spaces) ends one; a text with no blank line has a paragraph
// per line. Sentences never cross a paragraph. Returns [begin, end) cluster ranges.
std::vector<std::pair<int32_t, int32_t>> paragraphs_of(const ClusterText& text);
// The same, given the kind of each cluster.
std::vector<std::pair<int32_t, int32_t>> paragraphs_from(const ClusterText& text, const std::vector<ClusterKind>& kinds);

// The clusters in [begin, end) that the chain labels (`where`), with their kinds (`labelled`): ignorable ones are
// skipped, and so is every space after the first of a run, so that "ends.  Next" reads as "ends. Next".
void labelled_clusters(const std::vector<ClusterKind>& kinds, int32_t begin, int32_t end, std::vector<int32_t>& where,
                       std::vector<ClusterKind>& labelled);

}  // namespace argmax
