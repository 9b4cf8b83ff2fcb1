// Native driver for profiling the search index (bench/search-core.mjs measures it in wasm): reads a TSV of
// id<TAB>field<TAB>field… lines, builds the index `repeats` times and prints one JSON line with the fastest
// build's seconds, the words indexed and the saved bytes.
//   bench_search DOCS.tsv [repeats] [key=value]...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "search/search_index.hpp"

#include "slurp.hpp"

using namespace argmax;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_search DOCS.tsv [repeats] [key=value]...\n");
    return 2;
  }
  const std::string file = slurp(argv[1]);
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 1;
  OptionList options;
  for (int i = 3; i < argc; ++i) {
    const std::string kv = argv[i];
    const size_t eq = kv.find('=');
    options.emplace_back(kv.substr(0, eq), eq == std::string::npos ? "" : kv.substr(eq + 1));
  }
  std::vector<Document> docs;
  size_t fields = 0;
  std::string_view all(file);
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    Document d;
    size_t tab = line.find('\t');
    d.id = std::string(line.substr(0, tab));
    while (tab != std::string_view::npos) {
      line.remove_prefix(tab + 1);
      tab = line.find('\t');
      d.texts.push_back(line.substr(0, tab));
    }
    fields = d.texts.size();
    docs.push_back(std::move(d));
  }
  std::vector<std::string> names;
  for (size_t f = 0; f < fields; ++f) names.push_back("f" + std::to_string(f));
  double best = 1e300;
  size_t bytes = 0;
  for (int r = 0; r < repeats; ++r) {
    const auto started = std::chrono::steady_clock::now();
    SearchIndex index(names, {}, options);
    for (const Document& d : docs) index.add(d);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    if (r == repeats - 1) bytes = index.to_bytes().size();
  }
  std::printf("{\"documents\": %zu, \"seconds\": %.4f, \"bytes\": %zu}\n", docs.size(), best, bytes);
}
