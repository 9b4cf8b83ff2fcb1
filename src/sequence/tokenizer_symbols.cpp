#include "sequence/tokenizer_symbols.hpp"

#include <algorithm>

#include "text/character_classes.hpp"

namespace argmax {
namespace {

// What the features read of a cluster, written as write_cluster_symbol writes: its symbol, with a letter of the
// Latin, Greek and Cyrillic blocks beyond ASCII as its case class ('X' or 'x'), so that rare letters read like
// common ones ("café" like "cafe"), whatever the treebank saw.
size_t write_feature_symbol(std::string_view cluster, ClusterKind kind, char* out) {
  size_t i = 0;
  if (!cluster.empty() && uint8_t(cluster[0]) >= 0x80) {
    const char letter = letter_case_class(next_code_point(cluster, i));
    if (letter) return *out = letter, 1;
  }
  return write_cluster_symbol(cluster, kind, out);
}

}  // namespace

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

std::vector<size_t> run_ends(const std::vector<ClusterKind>& kinds) {
  std::vector<size_t> ends;
  size_t start = 0;
  while (kinds.size() - start > size_t(kTokenizerRun)) {
    size_t cut = start + kTokenizerRun;
    for (size_t i = cut; i > start + kTokenizerRun / 2; --i)
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

}  // namespace argmax
