// Embind glue for the text classifier (textclass/text_classifier.hpp). Texts cross as one UTF-8 buffer and the
// byte offsets where each text starts (count + 1 of them), which bindings/js/api/text.js packs; labels the same way.
#include "common.hpp"
#include "model_binding.hpp"
#include "training_report.hpp"
#include "textclass/text_classifier.hpp"

namespace argmax::js {
namespace {

// count texts at bytes, text i in [offsets[i], offsets[i + 1]).
std::vector<std::string_view> texts_at(uintptr_t bytes, uintptr_t offsets, int count) {
  require(count >= 0, "negative number of texts");
  const char* data = reinterpret_cast<const char*>(bytes);
  const int32_t* at = reinterpret_cast<const int32_t*>(offsets);
  std::vector<std::string_view> out(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    require(at[i] >= 0 && at[i] <= at[i + 1], "text offsets are not ascending at ", i);
    out[size_t(i)] = std::string_view(data + at[i], size_t(at[i + 1] - at[i]));
  }
  return out;
}
std::vector<std::string> strings_at(uintptr_t bytes, uintptr_t offsets, int count) {
  const auto views = texts_at(bytes, offsets, count);
  return {views.begin(), views.end()};
}

// {kind: 'word' | 'chars', text}
val ngram_to_js(const Ngram& g) {
  val o = val::object();
  o.set("kind", std::string(g.kind == NgramKind::word ? "word" : "chars"));
  o.set("text", g.text);
  return o;
}

TextClassifier train(uintptr_t bytes, uintptr_t offsets, int count, uintptr_t label_bytes, uintptr_t label_offsets,
                     std::string options, bool allow_single_class, val on_progress) {
  return TextClassifier::train(texts_at(bytes, offsets, count), strings_at(label_bytes, label_offsets, count),
                               option_lines(options), progress_from(on_progress), allow_single_class);
}
// sets: set i holds labels [set_offsets[i], set_offsets[i + 1]) of the `labels` packed strings.
TextClassifier train_sets(uintptr_t bytes, uintptr_t offsets, int count, uintptr_t label_bytes, uintptr_t label_offsets,
                          int labels, uintptr_t set_offsets, std::string options, val on_progress) {
  const std::vector<std::string> all = strings_at(label_bytes, label_offsets, labels);
  const int32_t* at = reinterpret_cast<const int32_t*>(set_offsets);
  std::vector<std::vector<std::string>> sets(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    require(at[i] >= 0 && at[i] <= at[i + 1] && at[i + 1] <= labels, "label set offsets are not ascending at ", i);
    sets[size_t(i)].assign(all.begin() + at[i], all.begin() + at[i + 1]);
  }
  return TextClassifier::train_sets(texts_at(bytes, offsets, count), sets, option_lines(options),
                                    progress_from(on_progress));
}

void predict(const TextClassifier& m, uintptr_t bytes, uintptr_t offsets, int count, uintptr_t out) {
  const std::vector<int32_t> y = m.predict(texts_at(bytes, offsets, count));
  std::copy(y.begin(), y.end(), reinterpret_cast<int32_t*>(out));
}
// [Int32Array of class indices] per text
val predict_sets(const TextClassifier& m, uintptr_t bytes, uintptr_t offsets, int count) {
  val out = val::array();
  for (const auto& set : m.predict_sets(texts_at(bytes, offsets, count)))
    out.call<void>("push", typed_array("Int32Array", set));
  return out;
}
void scores(const TextClassifier& m, uintptr_t bytes, uintptr_t offsets, int count, uintptr_t out) {
  m.scores(texts_at(bytes, offsets, count), reinterpret_cast<float*>(out));
}
void probabilities(const TextClassifier& m, uintptr_t bytes, uintptr_t offsets, int count, uintptr_t out) {
  m.probabilities(texts_at(bytes, offsets, count), reinterpret_cast<float*>(out));
}
// [{ngrams: [{kind: 'word' | 'chars', text}], value, weight}] (without value for the model's own weights)
val contributions_to_js(const std::vector<TextClassifier::Contribution>& contributions, bool with_value) {
  val out = val::array();
  for (const auto& x : contributions) {
    val ngrams = val::array();
    for (const Ngram& g : x.ngrams) ngrams.call<void>("push", ngram_to_js(g));
    val o = val::object();
    o.set("ngrams", ngrams);
    if (with_value) o.set("value", x.value);
    o.set("weight", x.weight);
    out.call<void>("push", o);
  }
  return out;
}
val explain(const TextClassifier& m, uintptr_t bytes, int size, int c, int k) {
  return contributions_to_js(m.explain(std::string_view(reinterpret_cast<const char*>(bytes), size_t(size)), c, k), true);
}
val heaviest(const TextClassifier& m, int c, int k) { return contributions_to_js(m.heaviest(c, k), false); }
val classes(const TextClassifier& m) {
  val out = val::array();
  for (const std::string& c : m.classes()) out.call<void>("push", c);
  return out;
}
bool multilabel(const TextClassifier& m) { return m.multilabel(); }
int columns(const TextClassifier& m) { return m.vectorizer().cols(); }
std::string options(const TextClassifier& m) { return option_text(m.options()); }
val training(const TextClassifier& m) { return training_report_to_js(m.training_report()); }

// ---- the vectorizer alone
TextVectorizer fit_vectorizer(uintptr_t bytes, uintptr_t offsets, int count, std::string options) {
  return TextVectorizer::fit(texts_at(bytes, offsets, count), option_lines(options));
}
// {offsets, indices, values, rows, cols}: CSR rows
val transform(const TextVectorizer& v, uintptr_t bytes, uintptr_t offsets, int count) {
  val out = val::object();
  set_sparse_rows(out, v.transform(texts_at(bytes, offsets, count)));
  return out;
}
// The vocabulary's n-grams by column; empty with hashing.
val vocabulary(const TextVectorizer& v) {
  val out = val::array();
  if (v.hashed()) return out;
  for (int32_t j = 0; j < v.cols(); ++j) out.call<void>("push", ngram_to_js(v.ngram_of(j)));
  return out;
}
int vectorizer_columns(const TextVectorizer& v) { return v.cols(); }
std::string vectorizer_options(const TextVectorizer& v) { return option_text(v.options()); }
std::string vectorizer_schema() { return schema_json(TextVectorizer::options_table()); }

std::string schema(bool multilabel, std::string given) {
  return schema_json(TextClassifier::options_of(multilabel, option_lines(given)));
}
std::string help(bool multilabel, std::string given) {
  return describe(TextClassifier::options_of(multilabel, option_lines(given)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_text) {
  using namespace emscripten;
  bind_model<TextClassifier>("TextClassifier")
      .class_function("train", &Guard<&train>::call)
      .class_function("trainSets", &Guard<&train_sets>::call)
      .function("predict", &Guard<&predict>::call)
      .function("predictSets", &Guard<&predict_sets>::call)
      .function("scores", &Guard<&scores>::call)
      .function("probabilities", &Guard<&probabilities>::call)
      .function("explain", &Guard<&explain>::call)
      .function("heaviest", &Guard<&heaviest>::call)
      .function("classes", &Guard<&classes>::call)
      .function("multilabel", &Guard<&multilabel>::call)
      .function("columns", &Guard<&columns>::call)
      .function("options", &Guard<&options>::call)
      .function("training", &Guard<&training>::call);
  bind_model<TextVectorizer>("TextVectorizer")
      .class_function("fit", &Guard<&fit_vectorizer>::call)
      .function("transform", &Guard<&transform>::call)
      .function("vocabulary", &Guard<&vocabulary>::call)
      .function("columns", &Guard<&vectorizer_columns>::call)
      .function("options", &Guard<&vectorizer_options>::call);
  function("textVectorizerSchema", &Guard<&vectorizer_schema>::call);
  function("textClassifierSchema", &Guard<&schema>::call);
  function("textClassifierHelp", &Guard<&help>::call);
}

}  // namespace argmax::js
