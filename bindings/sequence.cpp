// Embind glue for sequence tagging: chain taggers (tokens or numeric positions) and their inference, one path
// for both inputs (Viterbi with constraints, emission scores, decoding against a reference, marginals, n-best,
// sequence probability), the CoNLL-U / column / SVM^hmm readers and the sequence metrics. Training is in
// sequence_training.cpp, which argmax/tagger's module leaves out. Token sequences cross as one string of tokens
// joined by U+001F plus an Int32Array of sequence lengths (one conversion, not one per token).
#include <cmath>
#include <unordered_map>
#include <utility>

#include "common.hpp"
#include "model_binding.hpp"
#include "sequence_input.hpp"
#include "training_report.hpp"
#include "io/bytes.hpp"
#include "io/conll.hpp"
#include "io/svmhmm.hpp"
#include "metrics/sequence_metrics.hpp"
#include "sequence/forward_backward.hpp"
#include "sequence/nbest.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax::js {
namespace {

constexpr char kSep = kWordSeparator;

std::string join(const Sentences& s) {
  std::string out;
  bool first = true;
  for (const auto& seq : s)
    for (const auto& t : seq) {
      if (!first) out += kSep;
      out += t, first = false;
    }
  return out;
}

std::vector<int32_t> lengths_of(const Sentences& s) {
  std::vector<int32_t> out;
  for (const auto& seq : s) out.push_back(int32_t(seq.size()));
  return out;
}

// A call's sequences, featurised once (a SequenceBatch object that JS deletes), whichever their input: tokens
// (one U+001F-joined string and their lengths) or numeric rows (a matrix and where each sequence starts). Every
// inference below then reads the batch, the same for both inputs.
SequenceBatch featurize_tokens(const SequenceModel& model, std::string tokens, uintptr_t lengths, int m) {
  SequenceBatch x;
  model.featurize(split_sequences(tokens, lengths, m), x);
  return x;
}
SequenceBatch featurize_numeric(const SequenceModel& model, const MatrixArg& x, uintptr_t starts, int m) {
  SequenceBatch batch;
  model.featurize(input_rows(x, model.numeric_columns), starts_at(starts, m), batch);
  return batch;
}

// Viterbi labels of every position (Int32Array, concatenated). forced: per position a label id or −1
// (0 = none); bio: apply the BIO/BIOES transition rules derived from the label names.
val decode(const SequenceModel& model, const SequenceBatch& x, uintptr_t forced, bool bio) {
  const ChainConstraints rules = bio ? ChainConstraints::bio(model.labels) : ChainConstraints{};
  return typed_array("Int32Array", model.decode(x, bio ? &rules : nullptr, reinterpret_cast<const int32_t*>(forced)));
}

// Emission scores ⟨w, φ(x, t, y)⟩: Float32Array (positions × labels, concatenated over the sequences).
val emissions(const SequenceModel& model, const SequenceBatch& x) {
  return typed_array("Float32Array", model.emissions(x));
}

// The chain's Viterbi paths, against reference label ids (concatenated, −1 = unknown; 0 = no reference):
// {labels: Int32Array (concatenated), scores: Float64Array, losses: Float64Array (empty without a reference)}.
val chain_paths_of(const SequenceModel& model, const SequenceBatch& x, uintptr_t reference, bool augmented,
                   bool normalized) {
  const SequenceModel::ChainPaths p =
      model.chain_paths(x, reinterpret_cast<const int32_t*>(reference), augmented, normalized);
  val out = val::object();
  out.set("labels", typed_array("Int32Array", p.labels));
  out.set("scores", typed_array("Float64Array", p.score));
  out.set("losses", typed_array("Float64Array", p.loss));
  return out;
}

// {probabilities: Float32Array (positions × labels), logZ: Float64Array (one per sequence)}
val marginals_of(const SequenceModel& model, const SequenceBatch& x) {
  const SequenceModel::Marginals m = model.marginals(x);
  val out = val::object();
  out.set("probabilities", typed_array("Float32Array", m.probabilities));
  out.set("logZ", typed_array("Float64Array", m.log_z));
  return out;
}

// The `count` best labellings of the batch's one sequence: {paths: Int32Array (found × n), scores: Float64Array, logZ}.
val nbest_of(const SequenceModel& model, const SequenceBatch& x, int count) {
  require(x.sequences() == 1, "n-best decodes one sequence at a time");
  ChainScores s;
  model.scores(x, 0, s);
  const std::vector<LabelPath> paths = nbest(s, count);
  std::vector<int32_t> flat;
  std::vector<double> scores;
  for (const auto& p : paths) flat.insert(flat.end(), p.labels.begin(), p.labels.end()), scores.push_back(p.score);
  val out = val::object();
  out.set("paths", typed_array("Int32Array", flat));
  out.set("scores", typed_array("Float64Array", scores));
  out.set("logZ", log_partition(s));
  return out;
}

// log p(y | x) of given labels (label ids, concatenated; −1 = a label the model does not know → −∞).
val log_probability_of(const SequenceModel& model, const SequenceBatch& x, uintptr_t labels) {
  return typed_array("Float64Array", model.log_probability(x, reinterpret_cast<const int32_t*>(labels)));
}

std::string labels_text(const SequenceModel& m) {
  std::string out;
  for (size_t i = 0; i < m.labels.size(); ++i) out += (i ? std::string(1, kSep) : "") + m.labels[i];
  return out;
}
std::string input_kind(const SequenceModel& m) { return m.input == SequenceInput::Tokens ? "tokens" : "numeric"; }
int columns(const SequenceModel& m) { return m.numeric_columns; }
std::string templates_of(const SequenceModel& m) { return m.templates; }
int feature_rows(const SequenceModel& m) { return m.feature_rows(); }
int lexicon_words(const SequenceModel& m) { return int(m.words.words()); }
// The trainer its options name (models trained before there was a choice: the perceptron).
std::string trainer_of(const SequenceModel& m) {
  for (const auto& [key, value] : m.options)
    if (key == "trainer") return value;
  return "perceptron";
}

std::string options_of(const SequenceModel& m) { return option_text(m.options); }
// Transition weights: Float32Array of (k + 2) × k: rows 0..k−1 = from label, row k = start, row k+1 = end.
val transitions(const SequenceModel& m) {
  const ChainLayout L = m.layout();
  const int k = L.labels;
  std::vector<float> t(size_t(k + 2) * k);
  for (int a = 0; a < k; ++a)
    for (int b = 0; b < k; ++b) t[size_t(a) * k + b] = m.weights[L.transition(a, b)];
  for (int b = 0; b < k; ++b) t[size_t(k) * k + b] = m.weights[L.start(b)], t[size_t(k + 1) * k + b] = m.weights[L.end(b)];
  return typed_array("Float32Array", t);
}

std::string schema(std::string trainer) { return schema_json(sequence_options(trainer)); }
std::string preset(std::string name, bool with_lexicon) { return template_preset(name, with_lexicon); }

// The distinct words of a U+001F-joined list (joined likewise, in order of first use) and, for each word of
// the list, its index among them.
std::pair<std::string, std::vector<int32_t>> interned(std::string_view joined, size_t count) {
  std::pair<std::string, std::vector<int32_t>> out;
  std::unordered_map<std::string_view, int32_t> index;
  out.second.reserve(count);
  for (size_t pos = 0, n = 0; n < count; ++n) {
    const size_t end = std::min(joined.find(kSep, pos), joined.size());
    const auto [at, added] = index.emplace(joined.substr(pos, end - pos), int32_t(index.size()));
    if (added) out.first.append(index.size() > 1 ? 1 : 0, kSep).append(at->first);
    out.second.push_back(at->second);
    pos = end + 1;
  }
  return out;
}

// {words, tags: the distinct ones joined by U+001F; wordIds, tagIds: Int32Arrays indexing them; lengths}.
// Each distinct word crosses once, so JS builds the sentences from shared strings, not one string per token.
val tagged_to_js(const TaggedText& t) {
  size_t count = 0;
  for (const int32_t n : t.lengths) count += size_t(n);
  const auto [words, word_ids] = interned(t.tokens, count);
  const auto [tags, tag_ids] = interned(t.tags, count);
  val out = val::object();
  out.set("words", words);
  out.set("wordIds", typed_array("Int32Array", word_ids));
  out.set("tags", tags);
  out.set("tagIds", typed_array("Int32Array", tag_ids));
  out.set("lengths", typed_array("Int32Array", t.lengths));
  return out;
}
using ConlluReader = JsReader<ConlluParser, &tagged_to_js>;
ConlluReader open_conllu(std::string column) { return {ChunkedReader(ConlluParser(column))}; }
using ColumnsReader = JsReader<ColumnsParser, &tagged_to_js>;
ColumnsReader open_columns() { return {}; }

// {offsets, indices, values, rows, cols, starts, tags, lengths}: rows of every position of every sequence
val svmhmm_to_js(const NumericSequences& d) {
  std::vector<int32_t> starts(d.starts.begin(), d.starts.end());
  val out = val::object();
  set_sparse_rows(out, d.rows);
  out.set("starts", typed_array("Int32Array", starts));
  out.set("tags", join(d.tags));
  out.set("lengths", typed_array("Int32Array", lengths_of(d.tags)));
  return out;
}
using SvmhmmReader = JsReader<SvmhmmParser, &svmhmm_to_js>;
SvmhmmReader open_svmhmm() { return {}; }

val scores_to_js(const TagScores& c) {
  val o = val::object();
  o.set("name", c.name), o.set("precision", c.precision), o.set("recall", c.recall), o.set("f1", c.f1);
  o.set("support", double(c.gold)), o.set("predicted", double(c.predicted)), o.set("correct", double(c.correct));
  return o;
}

// Gold and predicted tags joined by U+001F with shared lengths.
val sequence_report(std::string gold, std::string predicted, uintptr_t lengths, int m, bool chunks) {
  const Sentences g = split_sequences(gold, lengths, m), p = split_sequences(predicted, lengths, m);
  const SequenceScores s = score_sequences(g, p);
  val out = val::object(), per_tag = val::array();
  for (const auto& c : s.per_tag) per_tag.call<void>("push", scores_to_js(c));
  std::vector<double> confusion(s.confusion.begin(), s.confusion.end());
  val tags = val::array();
  for (const auto& t : s.tags) tags.call<void>("push", t);
  out.set("tokenAccuracy", s.token_accuracy);
  out.set("sequenceAccuracy", s.sequence_accuracy);
  out.set("tokens", double(s.tokens));
  out.set("sequences", double(s.sequences));
  out.set("tags", tags);
  out.set("perTag", per_tag);
  out.set("confusion", typed_array("Float64Array", confusion));
  if (chunks) {
    const ChunkScores c = score_chunks(g, p);
    val o = val::object(), per_type = val::array();
    for (const auto& t : c.per_type) per_type.call<void>("push", scores_to_js(t));
    o.set("precision", c.precision), o.set("recall", c.recall), o.set("f1", c.f1);
    o.set("gold", double(c.gold)), o.set("predicted", double(c.predicted)), o.set("correct", double(c.correct));
    o.set("perType", per_type);
    out.set("chunks", o);
  }
  return out;
}

val training(const SequenceModel& m) { return training_report_to_js(m.report); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_sequence) {
  using namespace emscripten;
  class_<SequenceBatch>("SequenceBatch");
  bind_model<SequenceModel>("SequenceModel")
      .function("training", &Guard<&training>::call)
      .function("featurizeTokens", &Guard<&featurize_tokens>::call)
      .function("featurizeNumeric", &Guard<&featurize_numeric>::call)
      .function("tag", &Guard<&decode>::call)
      .function("emissions", &Guard<&emissions>::call)
      .function("decode", &Guard<&chain_paths_of>::call)
      .function("marginals", &Guard<&marginals_of>::call)
      .function("nbest", &Guard<&nbest_of>::call)
      .function("logProbability", &Guard<&log_probability_of>::call)
      .function("labels", &Guard<&labels_text>::call)
      .function("input", &Guard<&input_kind>::call)
      .function("columns", &Guard<&columns>::call)
      .function("templates", &Guard<&templates_of>::call)
      .function("featureRows", &Guard<&feature_rows>::call)
      .function("lexiconWords", &Guard<&lexicon_words>::call)
      .function("options", &Guard<&options_of>::call)
      .function("trainer", &Guard<&trainer_of>::call)
      .function("transitions", &Guard<&transitions>::call);
  function("sequenceSchema", &Guard<&schema>::call);
  function("sequenceTemplates", &Guard<&preset>::call);
  bind_reader<ConlluReader, &open_conllu>("ConlluReader");
  bind_reader<ColumnsReader, &open_columns>("ColumnsReader");
  bind_reader<SvmhmmReader, &open_svmhmm>("SvmhmmReader");
  function("sequenceReport", &Guard<&sequence_report>::call);
}

}  // namespace argmax::js
