// Embind glue for learning a tokenizer from a UD treebank (sequence/tokenizer.hpp). argmax and argmax/sequence
// link it; argmax/tagger, which only tokenizes, does not.
#include "common.hpp"
#include "io/conllu_text.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/tokenizer.hpp"

namespace argmax::js {
namespace {

// The treebank's paragraphs as running text, one a line (what JS segments for train_from).
std::string paragraph_lines(std::string conllu) {
  std::string out;
  for (const TextParagraph& p : read_conllu_paragraphs(conllu)) out += p.text() + '\n';
  return out;
}

// clusters: the clusters of paragraph_lines(conllu), each line's break its own cluster.
TokenizerModel train_from(std::string conllu, std::string clusters, uintptr_t ends, int n, std::string options,
                          val on_progress) {
  require(n >= 0, "negative number of clusters");
  const std::vector<TextParagraph> paragraphs = read_conllu_paragraphs(conllu);
  const ClusterText all = clusters_from_utf16(std::move(clusters), reinterpret_cast<const int32_t*>(ends), size_t(n));
  std::vector<ClusterText> each(1);
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string_view c = all.cluster(i);
    if (c == "\n") {
      each.emplace_back();
      continue;
    }
    each.back().text += c;
    each.back().ends.push_back(int32_t(each.back().text.size()));
  }
  each.pop_back();  // after the last line break
  return train_tokenizer(paragraphs, each, option_lines(options), progress_from(on_progress));
}

std::string help(std::string trainer) { return describe(tokenizer_options(trainer)); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_tokenizer_training) {
  using namespace emscripten;
  function("trainTokenizer", &Guard<&train_from>::call);
  function("tokenizerParagraphs", &Guard<&paragraph_lines>::call);
  function("tokenizerHelp", &Guard<&help>::call);
}

}  // namespace argmax::js
