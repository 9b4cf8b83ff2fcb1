// Embind glue for the learned tokenizer (sequence/tokenizer.hpp). Text crosses as one string of NFC clusters
// and an Int32Array of where each cluster ends, in UTF-16 code units; JS segments and keeps the offsets.
// Training is in tokenizer_training.cpp, which argmax/tagger's module leaves out.
#include <cstring>

#include "common.hpp"
#include "model_binding.hpp"
#include "training_report.hpp"
#include "io/conll.hpp"
#include "sequence/tokenizer.hpp"
#include "sequence/tokenizer_trainer.hpp"

namespace argmax::js {
namespace {

// {tokens, sentences, words, wordSpans: Int32Array (see Tokenization), forms: the words joined by U+001F (with
// all_forms false, only the dictionary words)}
val tokenize(const TokenizerModel& m, std::string clusters, uintptr_t ends, int n, bool all_forms) {
  require(n >= 0, "negative number of clusters");
  const Tokenization t = m.tokenize(clusters_from_utf16(std::move(clusters), reinterpret_cast<const int32_t*>(ends), size_t(n)), all_forms);
  size_t size = t.forms.size();
  for (const std::string& form : t.forms) size += form.size();
  std::string forms(size ? size - 1 : 0, kWordSeparator);
  size_t at = 0;
  for (const std::string& form : t.forms) {
    require(form.find(kWordSeparator) == std::string::npos, "a word contains the control character U+001F");
    std::memcpy(&forms[at], form.data(), form.size()), at += form.size() + 1;
  }
  val out = val::object();
  out.set("tokens", typed_array("Int32Array", t.tokens));
  out.set("sentences", typed_array("Int32Array", t.sentences));
  out.set("words", typed_array("Int32Array", t.words));
  out.set("wordSpans", typed_array("Int32Array", t.word_spans));
  out.set("forms", forms);
  return out;
}

int skipped(const TokenizerModel& m) { return m.skipped; }
int paragraphs(const TokenizerModel& m) { return m.paragraphs; }
int multiword_count(const TokenizerModel& m) { return int(m.multiword.size()); }
std::string options_of(const TokenizerModel& m) { return option_text(m.chain.options); }
val training(const TokenizerModel& m) { return training_report_to_js(m.chain.report); }
std::string schema(std::string trainer) { return schema_json(tokenizer_options(trainer)); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_tokenizer) {
  using namespace emscripten;
  bind_model<TokenizerModel>("TokenizerModel")
      .function("tokenize", &Guard<&tokenize>::call)
      .function("skipped", &Guard<&skipped>::call)
      .function("paragraphs", &Guard<&paragraphs>::call)
      .function("multiwordCount", &Guard<&multiword_count>::call)
      .function("options", &Guard<&options_of>::call)
      .function("training", &Guard<&training>::call);
  function("tokenizerSchema", &Guard<&schema>::call);
}

}  // namespace argmax::js
