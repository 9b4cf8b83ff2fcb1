// Links in a paragraph of symbols (sequence/tokenizer.hpp): a link is one token, whatever the chain says of it.
#pragma once
#include <cstddef>
#include <string_view>
#include <vector>

namespace argmax {

// A link-like chunk (a run without spaces holding "://", starting with "www.", an e-mail address: '@' after a
// letter, digit or '.' (as in "jo...@x.org", shortened by mail archives) and before a letter or digit, a '.'
// after it, or a file name: a letter or digit, then a '.' and a common extension at its end), in symbols: the
// chunk, and the link itself within it, without the brackets and quotes before it nor the brackets, quotes and
// punctuation after it ("<a@b.com>", "[http://x.org/].", "(notes.pdf)", "Jo"<jo@x.org>").
struct Link {
  size_t chunk_begin, chunk_end, begin, end;
};
std::vector<Link> links_of(const std::vector<std::string_view>& symbols);

}  // namespace argmax
