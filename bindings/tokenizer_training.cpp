// Embind glue for learning a tokenizer from a UD treebank (sequence/tokenizer.hpp). argmax and argmax/sequence
// link it; argmax/tagger, which only tokenizes, does not. The treebank is read once (TokenizerTreebank.read):
// JS cuts each paragraph's running text (texts()) into clusters, and train() takes them back, as the text of
// the NFC clusters, an Int32Array of where each cluster ends (UTF-16 code units) and an Int32Array of the cluster
// where each paragraph starts (then the number of clusters), as sequence starts cross for the taggers.
#include "common.hpp"
#include "gradient_binding.hpp"
#include "io/conllu_text.hpp"
#include "sequence/tokenizer_trainer.hpp"

namespace argmax::js {
namespace {

struct TokenizerTreebank {
  std::vector<TextParagraph> paragraphs;
};

TokenizerTreebank read_treebank(std::string conllu) { return {read_conllu_paragraphs(conllu)}; }

// The paragraphs' running text, an array of strings.
val texts(const TokenizerTreebank& t) {
  val out = val::array();
  for (const TextParagraph& p : t.paragraphs) out.call<void>("push", p.text());
  return out;
}

// starts: count = paragraphs + 1 entries, paragraph p's clusters being [starts[p], starts[p + 1]).
std::vector<ClusterText> paragraph_clusters(const TokenizerTreebank& t, std::string clusters, uintptr_t ends, int n,
                                            uintptr_t starts, int count) {
  require(n >= 0, "negative number of clusters");
  require(size_t(count) == t.paragraphs.size() + 1, "tokenizer training: ", count, " paragraph starts for ",
          t.paragraphs.size(), " paragraphs");
  const ClusterText all = clusters_from_utf16(std::move(clusters), reinterpret_cast<const int32_t*>(ends), size_t(n));
  const int32_t* first = reinterpret_cast<const int32_t*>(starts);
  std::vector<ClusterText> each(t.paragraphs.size());
  for (size_t p = 0; p < each.size(); ++p) {
    require(first[p] >= 0 && first[p] <= first[p + 1] && first[p + 1] <= n, "paragraph ", p, "'s clusters are not in order");
    for (int32_t i = first[p]; i < first[p + 1]; ++i) {
      each[p].text += all.cluster(size_t(i));
      each[p].ends.push_back(int32_t(each[p].text.size()));
    }
  }
  return each;
}

TokenizerModel train(const TokenizerTreebank& t, std::string clusters, uintptr_t ends, int n, uintptr_t starts, int count,
                     std::string options, val on_progress) {
  return train_tokenizer(t.paragraphs, paragraph_clusters(t, std::move(clusters), ends, n, starts, count),
                         option_lines(options), progress_from(on_progress));
}

// Worker `worker` of `workers` of an L-BFGS fit by exact parallel gradients (arguments as train's).
TokenizerGradientTrainer* gradient(const TokenizerTreebank& t, std::string clusters, uintptr_t ends, int n, uintptr_t starts,
                                   int count, std::string options, int workers, int worker) {
  return new TokenizerGradientTrainer(
      prepare_tokenizer(t.paragraphs, paragraph_clusters(t, std::move(clusters), ends, n, starts, count), option_lines(options)),
      workers, worker);
}

std::string help(std::string trainer) { return describe(tokenizer_options(trainer)); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_tokenizer_training) {
  using namespace emscripten;
  class_<TokenizerTreebank>("TokenizerTreebank")
      .class_function("read", &Guard<&read_treebank>::call)
      .function("texts", &Guard<&texts>::call)
      .function("train", &Guard<&train>::call)
      .function("gradient", &Guard<&gradient>::call, allow_raw_pointers());
  class_<TokenizerGradientTrainer, base<ChainGradientTrainer>>("TokenizerGradient")
      .function("finish", &Guard<&finish_gradient<TokenizerGradientTrainer>>::call);
  function("tokenizerHelp", &Guard<&help>::call);
}

}  // namespace argmax::js
