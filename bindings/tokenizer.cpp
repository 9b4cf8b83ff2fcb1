// Embind glue for the learned tokenizer (sequence/tokenizer.hpp). Text crosses as one string of NFC clusters
// and an Int32Array of where each cluster ends, in UTF-16 code units; JS segments and keeps the offsets.
#include <cstring>

#include "common.hpp"
#include "model_binding.hpp"
#include "training_report.hpp"
#include "io/conll.hpp"
#include "io/conllu_text.hpp"
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
std::string options_of(const TokenizerModel& m) {
  std::string text;
  for (const auto& [key, value] : m.chain.options) text += key + "=" + value + "\n";
  return text;
}
val training(const TokenizerModel& m) { return training_report_to_js(m.chain.report); }
std::string default_templates() { return kTokenizerTemplates; }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_tokenizer) {
  using namespace emscripten;
  bind_model<TokenizerModel>("TokenizerModel")
      .class_function("train", &Guard<&train_from>::call, allow_raw_pointers())
      .function("tokenize", &Guard<&tokenize>::call)
      .function("skipped", &Guard<&skipped>::call)
      .function("paragraphs", &Guard<&paragraphs>::call)
      .function("multiwordCount", &Guard<&multiword_count>::call)
      .function("options", &Guard<&options_of>::call)
      .function("training", &Guard<&training>::call);
  function("tokenizerParagraphs", &Guard<&paragraph_lines>::call);
  function("tokenizerTemplates", &Guard<&default_templates>::call);
}

}  // namespace argmax::js
