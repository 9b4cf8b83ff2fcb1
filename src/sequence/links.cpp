#include "sequence/links.hpp"

#include <algorithm>
#include <string>

#include "text/character_classes.hpp"

namespace argmax {
namespace {

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

}  // namespace

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

}  // namespace argmax
