#include "sequence/sequence_trainer.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "learn/l1_penalty.hpp"
#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"
#include "learn/trainer_options.hpp"
#include "sequence/crf_objective.hpp"
#include "io/quantized_weights.hpp"
#include "sequence/rerank.hpp"
#include "sequence/sequence_problem.hpp"

namespace argmax {

namespace {

const std::vector<std::string>& sequence_trainers() {
  static const std::vector<std::string> names = {"perceptron", "sgd", "pegasos", "cutting-plane", "bcfw", "lbfgs"};
  return names;
}

// The losses each trainer minimises on a chain (the perceptron minimises its own, and takes no loss option).
std::vector<std::string> losses_of(const std::string& trainer) {
  if (trainer == "perceptron") return {};
  if (trainer == "lbfgs") return {"log", "softmax-margin"};  // the smooth ones
  if (is_exact_trainer(trainer)) return {"hinge", "slack"};
  return {"hinge", "slack", "log", "softmax-margin"};
}

// The tagger's table for one trainer: the trainer's options with this task's defaults, the loss, the token
// features and the model's storage.
std::vector<OptionSpec> compose(const std::string& trainer) {
  std::vector<OptionSpec> specs = {trainer_option(sequence_trainers(), "perceptron",
                                                  "the averaged perceptron tags as well as a CRF at a tenth of its time")};
  const std::vector<std::string> losses = losses_of(trainer);
  if (!losses.empty()) specs.push_back(loss_option(losses, losses.front()));
  if (std::find(losses.begin(), losses.end(), "softmax-margin") != losses.end())
    specs.push_back(real_option("cost", "1", 0, 1e6, "loss softmax-margin: the cost of one wrong position"));
  append(specs, trainer_options(trainer));
  if (is_online_trainer(trainer))
    set_default(specs, "epochs", "10", "a tagger's epoch holds every sentence of a treebank: ten reach the plateau");
  if (is_exact_trainer(trainer))
    set_default(specs, "eps", "0.01", "a treebank's objective sums thousands of sentences; 0.001 costs 5–10× the "
                "passes for no tagging accuracy (docs/benchmarks.md)");
  append(specs, {
      choice_option("features", "pos", {"pos", "crfsuite", "custom"},
       "token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates')"),
      text_option("templates", "", "features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]'"),
      integer_option("hashBits", "0", 0, 26, "hash token features into 2^b rows; 0 keeps an exact dictionary"),
      integer_option("minCount", "1", 1, 1000000, "exact dictionary: keep features seen this often"),
      integer_option("lexiconMinCount", "2", 1, 1000000,
       "words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a "
       "tokenizer's `lexbegin` and `lexend` leave them out of its listing"),
      integer_option("lexiconFolds", "1", 1, 100,
       "in training, `tags` reads the classes of the other folds of the sentences (jackknifing)"),
      boolean_option("bias", "true", "numeric input: add an always-on feature (label bias)"),
      weight_bits_option(),
      text_option("global", "", "global features of the whole labelling, e.g. 'has before': has, count, before, lexicon"),
      text_option("globalWords", "", "the words, separated by spaces, that the global template 'lexicon' reads"),
  });
  if (is_online_trainer(trainer)) {
    specs.push_back(l1_option());
    specs.push_back(integer_option("candidates", "10", 1, SequenceModel::kMaxCandidates,
                     "with global features: how many of the chain's best labellings are reranked"));
  }
  std::vector<OptionSpec> numeric = {FeatureScaling::option()};
  append(numeric, RandomFourierFeatures::option_specs());
  for (OptionSpec& s : numeric) {
    s.help = "numeric input: " + s.help;
    specs.push_back(std::move(s));
  }
  return specs;
}

const TrainerTables& sequence_tables() {
  static const TrainerTables tables(sequence_trainers(), compose, "a sequence tagger");
  return tables;
}

}  // namespace

const std::vector<OptionSpec>& sequence_options(const std::string& trainer) { return sequence_tables().of(trainer); }

OptionList upgrade_sequence_options(const OptionList& saved) {
  std::map<std::string, std::string> old(saved.begin(), saved.end());
  if (!old.count("algo")) return saved;
  const std::string algo = old["algo"];
  std::string trainer = "perceptron", loss;
  if (algo == "ssvm" || algo == "ssvm-slack") {
    loss = algo == "ssvm" ? "hinge" : "slack";
    trainer = old["trainer"] != "sgd" ? old["trainer"] : std::strtod(old["lambda"].c_str(), nullptr) > 0 ? "pegasos" : "sgd";
  } else if (algo == "crf" || algo == "softmax-margin") {
    loss = algo == "crf" ? "log" : "softmax-margin";
    trainer = old["solver"] == "sgd" ? "sgd" : "lbfgs";
  }
  const std::vector<OptionSpec>& table = sequence_options(trainer);
  OptionList out = {{"trainer", trainer}};
  if (!loss.empty()) out.emplace_back("loss", loss);
  // 0.1 saved both caps: iterations for L-BFGS, max_iter (read as maxIter) for the exact trainers.
  if (trainer == "lbfgs" && old.count("iterations")) out.emplace_back("maxIter", old["iterations"]);
  // 0.1's CRF by SGD read c2 as λ = 2·c2/m and never its `lambda`; m was not saved, so its λ cannot be told:
  // the options leave lambda out rather than claim 0.1's unread value.
  const bool crf_by_sgd = trainer == "sgd" && (loss == "log" || loss == "softmax-margin");
  for (const auto& kv : saved) {
    if (kv.first == "iterations" || (kv.first == "maxIter" && trainer == "lbfgs")) continue;
    if (crf_by_sgd && kv.first == "lambda") continue;
    const bool declared = std::any_of(table.begin(), table.end(), [&kv](const OptionSpec& s) { return s.name == kv.first; });
    if (declared && kv.first != "trainer" && kv.first != "loss") out.push_back(kv);
  }
  return out;
}

std::string sequence_trainer_of(const OptionList& given) { return sequence_tables().chosen(given); }


namespace {

// The options checked against the table, and the text ones in `text`, where a preset's templates stand in for
// templates not given (a preset reads the word lexicon's classes when one is given).
Options parse_options(const OptionList& given, TextOptions& text, bool with_lexicon = false) {
  Options o = Options::parse(sequence_options(sequence_trainer_of(given)), given, "sequence tagger");
  check_weight_bits(int(o.integer("weightBits")));
  text = {o.text("templates"), o.text("global"), o.text("globalWords")};
  if (o.given("templates")) {
    require(o.choice("features") == "custom" || !o.given("features"), "give either 'features' or 'templates', not both");
  } else {
    require(o.choice("features") != "custom", "features=custom needs the templates, e.g. templates='lower[0] suffix3[0]'");
    text.templates = template_preset(o.choice("features"), with_lexicon);
  }
  require(text.global_words.empty() || !text.global.empty(),
          "globalWords are read only by the global feature template 'lexicon'");
  return o;
}

// The seed that deals sequences to shards: an online trainer's, when there are shards (the others cannot mix,
// and ChainShardTrainer says so); one shard takes every sequence in order.
uint64_t shard_order_seed(const Options& o, int shards) {
  return shards > 1 && is_online_trainer(o.choice("trainer")) ? o.seed() : 0;
}
}  // namespace

void check_sequence_options(const OptionList& saved) {
  TextOptions text;
  parse_options(saved, text);
}

namespace {

// Training sequence i has `length` positions (tokens or feature rows) and `tags` tags: one per position, and
// at least one (an empty sequence teaches nothing and is most likely a mistake in the data).
void check_training_sequence(size_t i, int64_t length, size_t tags, const char* positions) {
  require(length > 0, "sequence ", i, " is empty; every training sequence needs at least one ", positions);
  require(int64_t(tags) == length, "sequence ", i, " has ", length, " ", positions, "s but ", tags, " tags");
}

// Label ids; labels new to `labels` are appended in order of first appearance.
std::vector<int32_t> label_ids(const Sentences& tags, std::vector<std::string>& labels) {
  std::map<std::string, int32_t> id;
  for (size_t y = 0; y < labels.size(); ++y) id[labels[y]] = int32_t(y);
  std::vector<int32_t> out;
  for (const auto& s : tags)
    for (const auto& t : s) {
      auto it = id.find(t);
      if (it == id.end()) {
        it = id.emplace(t, int32_t(labels.size())).first;
        labels.push_back(t);
      }
      out.push_back(it->second);
    }
  return out;
}

// The sequences `which` of x, in that order.
SequenceBatch select_sequences(const SequenceBatch& x, const std::vector<int>& which) {
  SequenceBatch out;
  for (int i : which) {
    for (int64_t t = x.starts[size_t(i)]; t < x.starts[size_t(i) + 1]; ++t) {
      const auto from = std::ptrdiff_t(x.ends[size_t(t)]), to = std::ptrdiff_t(x.ends[size_t(t) + 1]);
      out.ids.insert(out.ids.end(), x.ids.begin() + from, x.ids.begin() + to);
      if (!x.values.empty()) out.values.insert(out.values.end(), x.values.begin() + from, x.values.begin() + to);
      out.labels.push_back(x.labels[size_t(t)]);
      out.ends.push_back(int64_t(out.ids.size()));
    }
    out.starts.push_back(out.tokens());
  }
  return out;
}

// Copies warm-start weights into a (possibly larger) layout: features and labels keep their ids.
std::vector<float> resize_weights(const std::vector<float>& w, const ChainLayout& from, const ChainLayout& to) {
  std::vector<float> out(to.dim(), 0.f);
  if (w.empty()) return out;
  for (int32_t f = 0; f < from.features; ++f)
    for (int y = 0; y < from.labels; ++y) out[to.emission(f, y)] = w[from.emission(f, y)];
  for (int a = 0; a < from.labels; ++a) {
    for (int b = 0; b < from.labels; ++b) out[to.transition(a, b)] = w[from.transition(a, b)];
    out[to.start(a)] = w[from.start(a)];
    out[to.end(a)] = w[from.end(a)];
  }
  return out;
}

// The random-feature options are recorded from the model's map, and only when it has one, lexiconFolds only when
// it is not at its former value, and the text options last, only those given (so models keep the bytes they always had).
void record_options(SequenceModel& m, const Options& o, const TextOptions& text) {
  m.options.clear();
  for (const auto& kv : o.entries())
    if (!RandomFourierFeatures::is_option(kv.first) && kv.first != "templates" && kv.first != "global" &&
        kv.first != "globalWords" && !at_former_value(kv))
      m.options.push_back(kv);
  for (auto& kv : m.rff.option_entries()) m.options.push_back(std::move(kv));
  if (o.choice("features") == "custom" && m.input == SequenceInput::Tokens) m.options.emplace_back("templates", text.templates);
  if (!text.global.empty()) m.options.emplace_back("global", text.global);
  if (!text.global_words.empty()) m.options.emplace_back("globalWords", text.global_words);
}

}  // namespace

double chain_softmax_cost(const Options& o) {
  return o.choice("trainer") != "perceptron" && o.choice("loss") == "softmax-margin" ? o.real("cost") : 0.0;
}

OnlineConfig chain_online_config(const Options& o) {
  require(o.choice("trainer") != "sgd" || o.real("eta") > 0, "eta = 0 (the automatic step) is computed by Multiclass "
          "only; give a tagger a positive step");
  return online_config(o);
}

ChainLbfgs chain_lbfgs(const Options& o, const ChainLayout& layout, int sequences) {
  // CRFsuite's sum form Σ_i ℓ_i + c2‖w‖² = m·F(w), F the mean form with λ = 2·c2/m; progress reports F.
  const double m = sequences, lambda = 2.0 * o.real("c2") / m;
  ChainLbfgs out;
  out.l2 = m * lambda;
  out.config.max_iterations = o.integer("maxIter");
  out.config.period = o.integer("period"), out.config.delta = o.real("delta");
  out.config.l1 = o.real("c1"), out.config.l1_size = size_t(layout.features) * size_t(layout.labels);  // emissions only
  return out;
}

void fit_chain(const SequenceBatch& x, const ChainLayout& layout, const Options& o, const ProgressFn& progress,
               std::vector<float>& weights, TrainingReport* report) {
  require(x.sequences() > 0, "no training sequences");
  if (report) *report = TrainingReport{};
  const std::string& trainer = o.choice("trainer");
  const double cost = chain_softmax_cost(o);
  if (trainer == "lbfgs") {
    const ChainLbfgs settings = chain_lbfgs(o, layout, x.sequences());
    const double m = x.sequences();
    double last_error = 0;
    auto f = [&](const std::vector<float>& w, std::vector<float>& g) {
      const CrfEvaluation e = crf_objective(x, layout, w, settings.l2, cost, g);
      last_error = e.error;
      return e.objective;
    };
    auto report_progress = [&](int iteration, double fx) {
      if (!progress) return true;
      Progress p;
      p.epoch = iteration, p.objective = fx / m, p.training_error = last_error;
      return progress(p);
    };
    weights.resize(layout.dim(), 0.f);
    lbfgs_minimize(f, weights, settings.config, report_progress, report);
    return;
  }
  if (is_exact_trainer(trainer)) {
    weights = train_exact(SequenceProblem(x, layout), trainer, exact_config(o), progress, report);
    return;
  }
  const OnlineConfig config = chain_online_config(o);
  SequenceProblem problem(x, layout, cost);
  const double l1 = o.real("l1");
  if (l1 == 0) {
    weights = train_online(problem, config, progress, std::move(weights));
    return;
  }
  // The penalty covers the emission weights of the features of sequence i.
  auto emissions = [&x, &layout](int i, auto&& f) {
    for (int64_t p = x.ends[x.starts[i]]; p < x.ends[x.starts[i + 1]]; ++p)
      for (int y = 0; y < layout.labels; ++y) f(layout.emission(x.ids[p], y));
  };
  weights = train_online_l1(problem, config, l1, emissions, progress, std::move(weights));
}

void fit_tagger(TaggerData& d, const ProgressFn& progress) {
  SequenceModel& m = d.model;
  const TextOptions& text = d.text;
  const ChainLayout layout = m.layout();
  require(m.global.empty(), "cannot warm-start from a model with global features");
  if (text.global.empty()) {
    fit_chain(d.batch, layout, d.options, progress, m.weights, &m.report);
    return;
  }
  require(m.weights.empty(), "global features cannot be combined with a warm start");
  const Options& o = d.options;
  const std::string& trainer = o.choice("trainer");
  require(trainer == "perceptron" || ((trainer == "sgd" || trainer == "pegasos") && o.choice("loss") == "hinge"),
          "global features are trained by the perceptron or by sgd or pegasos on the hinge loss, not ", trainer);
  require(o.real("l1") == 0, "l1 does not apply to global features");
  m.global = GlobalFeatures(text.global, m.labels, text.global_words);
  require(!m.global.empty(), "option 'global' lists no template (known: has, count, before, lexicon)");
  m.candidates = int32_t(o.integer("candidates"));
  std::vector<float> w = train_online(RerankProblem(d.batch, layout, m.global, m.candidates),
                                      chain_online_config(o), progress);
  m.global_weights.assign(w.begin() + std::ptrdiff_t(layout.dim()), w.end());
  w.resize(layout.dim());
  m.weights = std::move(w);
}

TaggerShard prepare_tagger_shard(const Sentences& tokens, const Sentences& tags, const OptionList& given,
                                 const SequenceModel* warm, WordLexicon words, int shards, int shard,
                                 const HeldOutWords* held_out) {
  TextOptions text;
  const bool with_lexicon = !words.empty();
  const Options o = parse_options(given, text, with_lexicon);
  require(tokens.size() == tags.size(), "got ", tokens.size(), " token sequences but ", tags.size(), " tag sequences");
  for (size_t i = 0; i < tokens.size(); ++i) check_training_sequence(i, int64_t(tokens[i].size()), tags[i].size(), "token");
  require(o.integer("rff") == 0, "rff maps numeric features, and a token tagger has none; leave rff at 0");
  FeatureScaling::kind_over(o.choice("scale"), "scale applies to numeric features, and a token tagger has none");
  const std::vector<int> in_shard = shard_examples(int(tokens.size()), shards, shard, shard_order_seed(o, shards));
  TaggerShard s;
  s.sequences = int(tokens.size());
  SequenceModel m;
  if (warm) {
    require(warm->input == SequenceInput::Tokens, "cannot warm-start a token tagger from a numeric model");
    require(!with_lexicon, "a warm start keeps the model's word lexicon; give no other");
    m = *warm;
    s.warm_layout = warm->layout();
  } else {
    m.input = SequenceInput::Tokens;
    m.templates = text.templates;
    const int bits = o.integer("hashBits");
    m.index = bits ? FeatureIndex::hashed(bits) : FeatureIndex::dictionary({});
  }
  const std::vector<int32_t> labels = label_ids(tags, m.labels);
  std::vector<size_t> first_label(tokens.size() + 1, 0);  // sentence i's labels start here
  for (size_t i = 0; i < tokens.size(); ++i) first_label[i + 1] = first_label[i] + tokens[i].size();
  SequenceBatch x;
  TokenFeaturizer featurizer(m.templates);
  if (!warm && featurizer.uses_word_lexicon()) m.words = std::move(words);  // kept only if read
  // With lexiconFolds k > 1 the sentences are cut into k runs (folds), and in training `tags` reads, in each fold,
  // the classes the words have in the others (jackknifing): a class read from the same text would be known for
  // every training word, and trusted more than it deserves on new text.
  const bool classes = featurizer.uses_tags() && !warm;
  const int32_t folds = classes ? int32_t(o.integer("lexiconFolds")) : 1;
  const int min_count = int(o.integer("lexiconMinCount"));
  auto fold_of = [&](size_t i) { return int32_t(i * size_t(folds) / tokens.size()); };
  auto first_token_of = [&](int32_t f) { return first_label[(size_t(f) * tokens.size() + size_t(folds) - 1) / size_t(folds)]; };
  std::vector<uint64_t> word_keys;
  if (classes) {
    for (const auto& sentence : tokens)
      for (const auto& w : sentence) word_keys.push_back(TokenFeaturizer::word_key(w));
    m.lexicon = TagLexicon::build(word_keys, labels, min_count);
  }
  TagLexicon other_folds;  // the classes read in fold other_folds_of
  int32_t other_folds_of = -1;
  featurizer.set_lexicon(&m.lexicon);
  featurizer.set_word_lexicon(&m.words);
  // One sentence's keys at a time. A key the index knows becomes its row; a new key becomes −(candidate + 1),
  // counted; but with one shard and no count to reach, it goes straight into the dictionary (the same ids, one
  // hash table fewer). Peak memory: 4 bytes per feature occurrence.
  const bool direct = shards == 1 && o.integer("minCount") <= 1 && !m.index.bits();
  FeatureIndex candidates = FeatureIndex::dictionary({});
  std::vector<uint64_t> keys;
  std::vector<int64_t> ends;
  for (int i : in_shard) {
    const auto& sentence = tokens[size_t(i)];
    if (held_out) featurizer.set_word_lexicon(&held_out->listings.at(size_t(held_out->of.at(size_t(i)))));
    if (folds > 1 && fold_of(size_t(i)) != other_folds_of) {  // (a shard's sentences come in increasing order)
      other_folds_of = fold_of(size_t(i));
      other_folds = TagLexicon::build(word_keys, labels, min_count, first_token_of(other_folds_of),
                                      first_token_of(other_folds_of + 1));
      featurizer.set_lexicon(&other_folds);
    }
    keys.clear(), ends.clear();
    featurizer.extract(sentence.data(), int(sentence.size()), keys, ends);
    size_t p = 0;
    for (size_t t = 0; t < ends.size(); ++t) {
      for (; p < size_t(ends[t]); ++p) {
        int32_t id = direct ? m.index.add(keys[p]) : m.index.lookup(keys[p]);
        if (id < 0) {
          const int32_t c = candidates.add(keys[p]);
          if (c == int32_t(s.candidates.counts.size())) s.candidates.counts.push_back(0);
          ++s.candidates.counts[size_t(c)];
          id = -(c + 1);
        }
        x.ids.push_back(id);
      }
      x.ends.push_back(int64_t(x.ids.size()));
    }
    x.labels.insert(x.labels.end(), labels.begin() + std::ptrdiff_t(first_label[size_t(i)]),
                    labels.begin() + std::ptrdiff_t(first_label[size_t(i) + 1]));
    x.starts.push_back(x.tokens());
  }
  s.candidates.keys = candidates.keys();
  if (warm) m.weights = warm->weights;
  s.data = {std::move(m), std::move(x), o, text, {}};
  return s;
}

void admit_features(TaggerShard& s, const std::vector<FeatureCandidates>& all, size_t own) {
  SequenceModel& m = s.data.model;
  SequenceBatch& x = s.data.batch;
  std::vector<int32_t> admitted;
  if (!m.index.bits()) admitted = m.index.admit(all, own, int(s.data.options.integer("minCount")));
  // Rewrite candidates as rows, dropping the rare ones.
  int64_t w = 0, r = 0;
  for (int64_t t = 1; t < int64_t(x.ends.size()); ++t) {
    for (; r < x.ends[size_t(t)]; ++r) {
      const int32_t id = x.ids[size_t(r)] >= 0 ? x.ids[size_t(r)] : admitted.at(size_t(-x.ids[size_t(r)] - 1));
      if (id >= 0) x.ids[size_t(w++)] = id;
    }
    x.ends[size_t(t)] = w;
  }
  x.ids.resize(size_t(w));
  x.ids.shrink_to_fit();
  if (!m.weights.empty()) m.weights = resize_weights(m.weights, s.warm_layout, m.layout());
}

TaggerData prepare_tagger(const Sentences& tokens, const Sentences& tags, const OptionList& given,
                          const SequenceModel* warm, WordLexicon words, const HeldOutWords* held_out) {
  TaggerShard s = prepare_tagger_shard(tokens, tags, given, warm, std::move(words), 1, 0, held_out);
  admit_features(s, {s.candidates}, 0);
  return std::move(s.data);
}

namespace {

// A constant per label that every position labelled y adds to the score, moved to the start weight of y and to
// every transition into y (which add it once per such position).
void add_per_position(std::vector<float>& w, const ChainLayout& layout, const std::vector<double>& constant) {
  for (int y = 0; y < layout.labels; ++y) {
    w[layout.start(y)] += float(constant[y]);
    for (int previous = 0; previous < layout.labels; ++previous) w[layout.transition(previous, y)] += float(constant[y]);
  }
}

// Weights trained on scaled rows s⊙(x − c), rewritten for raw rows (learn/feature_scaling.hpp): the emission rows
// are multiplied by s, and label y's constant −⟨w_y⊙s, c⟩ goes where every position labelled y adds it.
void fold_scaling(SequenceModel& m, const FeatureScaling& scaling) {
  add_per_position(m.weights, m.layout(), scaling.fold(m.weights, m.layout().labels));
}

}  // namespace

SequenceModel finish_tagger(TaggerData data) {
  SequenceModel& m = data.model;
  if (!data.scaling.identity()) fold_scaling(m, data.scaling);
  record_options(m, data.options, data.text);
  m.weight_bits = int(data.options.integer("weightBits"));
  m.compact();
  return std::move(m);
}

SequenceModel train_tagger(const Sentences& tokens, const Sentences& tags, const OptionList& options,
                           const ProgressFn& progress, const SequenceModel* warm, WordLexicon words,
                           const HeldOutWords* held_out) {
  TaggerData d = prepare_tagger(tokens, tags, options, warm, std::move(words), held_out);
  fit_tagger(d, progress);
  return finish_tagger(std::move(d));
}

TaggerData prepare_numeric_tagger(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                  const OptionList& given, const SequenceModel* warm) {
  TaggerShard s = prepare_numeric_shard(rows, starts, tags, given, warm, 1, 0);
  admit_features(s, {s.candidates}, 0);
  return std::move(s.data);
}

// Numeric rows need no dictionary: the whole set is featurised (a copy) and the shard's sequences kept.
TaggerShard prepare_numeric_shard(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                  const OptionList& given, const SequenceModel* warm, int shards, int shard) {
  TextOptions text;
  const Options o = parse_options(given, text);
  rows.validate("numeric sequence features");
  require(tags.size() + 1 == starts.size(), "got ", starts.size() - 1, " sequences of features but ", tags.size(),
          " tag sequences");
  for (size_t i = 0; i < tags.size(); ++i) check_training_sequence(i, starts[i + 1] - starts[i], tags[i].size(), "position");
  TaggerShard s;
  s.sequences = int(tags.size());
  SequenceModel m;
  if (warm) {
    require(warm->input == SequenceInput::Numeric, "cannot warm-start a numeric tagger from a token model");
    require(o.integer("rff") == 0 || o.integer("rff") == warm->rff.dim(),
            "a warm start keeps the model's random features (rff = ", warm->rff.dim(), ")");
    m = *warm;
    s.warm_layout = warm->layout();
  } else {
    m.input = SequenceInput::Numeric;
    m.numeric_columns = int32_t(checked_count<float>("numeric columns", {rows.cols()}));  // + bias fits int32
    m.numeric_bias = o.flag("bias");
    require(o.integer("rff") == 0 || m.numeric_columns > 0, "rff maps numeric columns, and the positions have none");
    m.rff = RandomFourierFeatures::fit(o, rows);  // γ = 0: from the positions' rows
  }
  // scale applies to what the chain reads: the rows (random features are read as they are). A warm start's
  // weights, which read raw rows, are rewritten for the rows scaled afresh, and folded back at the end.
  const ScaledRows scaled(rows, FeatureScaling::kind_over(o.choice("scale"), m.rff.as_given()));
  const std::vector<int> in_shard = shard_examples(s.sequences, shards, shard, shard_order_seed(o, shards));
  SequenceBatch x;
  x.labels = label_ids(tags, m.labels);
  m.featurize(scaled.rows, starts, x);
  if (warm) {  // in the warm model's layout until the features are admitted
    m.weights = warm->weights;
    if (!scaled.scaling.identity())
      add_per_position(m.weights, s.warm_layout, scaled.scaling.unfold(m.weights, s.warm_layout.labels));
  }
  s.data = {std::move(m), shards == 1 ? std::move(x) : select_sequences(x, in_shard), o, text, scaled.scaling};
  return s;
}

SequenceModel train_numeric_tagger(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                   const OptionList& options, const ProgressFn& progress, const SequenceModel* warm) {
  TaggerData d = prepare_numeric_tagger(rows, starts, tags, options, warm);
  fit_tagger(d, progress);
  return finish_tagger(std::move(d));
}

}  // namespace argmax
