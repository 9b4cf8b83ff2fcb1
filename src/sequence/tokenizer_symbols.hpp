// What a tokenizer's chain reads of a paragraph (sequence/tokenizer.hpp): a symbol per labelled cluster, links
// marked, in runs of at most kTokenizerRun clusters.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sequence/clusters.hpp"
#include "sequence/links.hpp"

namespace argmax {

// A run of this many clusters is labelled as one chain sequence; longer paragraphs are cut at a space near the end
// of each run (or, in a run with no space, at the limit), so memory and time stay linear.
constexpr int32_t kTokenizerRun = 4096;

// The feature symbols of a paragraph's labelled clusters (`where`, of kinds `labelled`), as views into `bytes`
// (which they fill), and the paragraph's links. Every symbol of a link's chunk gets a trailing U+0002, so that
// their n-grams are features of their own: inside links, '-', '?', '/' and '.' seldom end a token.
std::vector<Link> feature_symbols(const ClusterText& text, const std::vector<int32_t>& where,
                                  const std::vector<ClusterKind>& labelled, std::string& bytes,
                                  std::vector<std::string_view>& symbols);

// Where the runs of a paragraph's labelled clusters (indices into `kinds`' positions) end: at most kTokenizerRun long,
// cut after the last space in the run's second half when there is one.
std::vector<size_t> run_ends(const std::vector<ClusterKind>& kinds);

}  // namespace argmax
