// Native driver for bench/languages.mjs: raw text → tokens → UPOS tags with a language package's tokenizer.bin
// and tagger.bin, timed, so that the wasm speed has the native one beside it in the same run. The clusters are
// the ones the JS boundary cuts (Intl.Segmenter, NFC): bench/languages.mjs writes the normalised text and the
// cluster ends (UTF-16 units, one per line) to files. Prints one JSON line: {words, seconds, cpuSeconds}, each
// time the best of `passes` passes.
//   bench_tag_text TOKENIZER.bin TAGGER.bin TEXT CLUSTER_ENDS [passes]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

#include "sequence/sequence_model.hpp"
#include "sequence/tokenizer.hpp"

#include "slurp.hpp"

using namespace argmax;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: bench_tag_text TOKENIZER.bin TAGGER.bin TEXT CLUSTER_ENDS [passes]\n");
    return 2;
  }
  try {
    const std::string tokenizer_bytes = slurp(argv[1]), tagger_bytes = slurp(argv[2]);
    const TokenizerModel tokenizer =
        TokenizerModel::from_bytes(reinterpret_cast<const uint8_t*>(tokenizer_bytes.data()), tokenizer_bytes.size());
    const SequenceModel tagger = SequenceModel::from_bytes(reinterpret_cast<const uint8_t*>(tagger_bytes.data()), tagger_bytes.size());
    std::vector<int32_t> ends;
    std::istringstream lines(slurp(argv[4]));
    for (int32_t e; lines >> e;) ends.push_back(e);
    const ClusterText text = clusters_from_utf16(slurp(argv[3]), ends.data(), ends.size());
    const int passes = argc > 5 ? std::max(1, std::atoi(argv[5])) : 5;
    double best = 1e300, best_cpu = 1e300;
    size_t words = 0;
    for (int p = 0; p < passes; ++p) {
      const auto start = std::chrono::steady_clock::now();
      const std::clock_t cpu = std::clock();
      // what tagText does: tokens with each word's form, then the tags of each sentence's words
      const Tokenization t = tokenizer.tokenize(text);
      Sentences sentences;
      for (size_t s = 0; s + 1 < t.sentences.size(); ++s)
        sentences.emplace_back(t.forms.begin() + t.words[size_t(t.sentences[s])], t.forms.begin() + t.words[size_t(t.sentences[s + 1])]);
      const Sentences tags = tagger.tag(sentences);
      best_cpu = std::min(best_cpu, double(std::clock() - cpu) / CLOCKS_PER_SEC);
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      words = 0;
      for (const auto& s : tags) words += s.size();
    }
    std::printf("{\"words\": %zu, \"seconds\": %.6f, \"cpuSeconds\": %.6f}\n", words, best, best_cpu);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tag_text: %s\n", e.what());
    return 1;
  }
  return 0;
}
