#include "sequence/clusters.hpp"

#include <cstring>

#include "core/error.hpp"
#include "io/utf8.hpp"
#include "text/character_classes.hpp"

namespace argmax {
namespace {

bool has_line_break(std::string_view cluster) {
  for (size_t i = 0; i < cluster.size();)
    if (is_line_break(next_code_point(cluster, i))) return true;
  return false;
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
    const char f = folded_ascii(next_code_point(cluster, i));
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

std::vector<ClusterKind> cluster_kinds(const ClusterText& text) {
  std::vector<ClusterKind> kinds(text.size());
  for (size_t i = 0; i < text.size(); ++i) kinds[i] = cluster_kind(text.cluster(i));
  return kinds;
}

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

std::vector<std::pair<int32_t, int32_t>> paragraphs_of(const ClusterText& text) {
  return paragraphs_from(text, cluster_kinds(text));
}

void labelled_clusters(const std::vector<ClusterKind>& kinds, int32_t begin, int32_t end, std::vector<int32_t>& where,
                       std::vector<ClusterKind>& labelled) {
  where.clear(), labelled.clear();
  for (int32_t i = begin; i < end; ++i) {
    const ClusterKind kind = kinds[size_t(i)];
    if (kind == ClusterKind::Ignorable || (kind == ClusterKind::Space && !labelled.empty() && labelled.back() == ClusterKind::Space)) continue;
    where.push_back(i), labelled.push_back(kind);
  }
}

}  // namespace argmax
