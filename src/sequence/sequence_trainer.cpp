#include "sequence/sequence_trainer.hpp"

#include <map>

#include "learn/bcfw.hpp"
#include "learn/cutting_plane.hpp"
#include "learn/l1_penalty.hpp"
#include "learn/online.hpp"
#include "learn/parameter_mixing.hpp"
#include "sequence/crf_objective.hpp"
#include "sequence/lbfgs.hpp"
#include "sequence/quantized_weights.hpp"
#include "sequence/rerank.hpp"
#include "sequence/sequence_problem.hpp"

namespace argmax {

const std::vector<OptionSpec>& sequence_options() {
  static const std::vector<OptionSpec> specs = {
      {"algo", OptionType::Choice, "perceptron", 0, -1, false,
       "trainer: averaged perceptron, structured SVM (margin or slack rescaling), CRF, softmax-margin CRF",
       {"perceptron", "ssvm", "ssvm-slack", "crf", "softmax-margin"}},
      {"solver", OptionType::Choice, "lbfgs", 0, -1, false, "optimiser for crf and softmax-margin", {"lbfgs", "sgd"}},
      {"trainer", OptionType::Choice, "sgd", 0, -1, false,
       "ssvm, ssvm-slack: sgd (Pegasos / averaged SGD), cutting-plane (1-slack, exact) or bcfw "
       "(block-coordinate Frank–Wolfe, exact)",
       {"sgd", "cutting-plane", "bcfw"}},
      {"C", OptionType::Real, "1", 0, 1e12, true,
       "cutting-plane, bcfw: ½‖w‖² + C Σ_i ℓ_i (ℓ_i the structured hinge of sentence i)"},
      {"eps", OptionType::Real, "0.01", 0, 1e6, true,
       "cutting-plane, bcfw: stop when the certified primal–dual gap is ≤ eps·C·m"},
      {"max_iter", OptionType::Integer, "1000", 1, 1000000, false,
       "cutting-plane, bcfw: cap on rounds (cutting-plane) or passes (bcfw)"},
      {"epochs", OptionType::Integer, "10", 1, 10000, false, "passes over the data (perceptron, ssvm, sgd)"},
      {"iterations", OptionType::Integer, "100", 1, 100000, false, "maximum L-BFGS iterations"},
      {"lambda", OptionType::Real, "0", 0, 1e6, false,
       "ssvm: L2 weight λ for Pegasos (step 1/(λt)); 0 = SGD with the constant step eta, averaged (SSBD 17.2.5)"},
      {"c2", OptionType::Real, "1", 0, 1e9, false,
       "crf, softmax-margin: L2 weight c2 in Σ_i −log p(y_i|x_i) + c2·|w|² (CRFsuite's c2)"},
      {"eta", OptionType::Real, "0.1", 0, 1e6, true, "constant step of SGD (ssvm with lambda = 0; crf and softmax-margin with solver=sgd)"},
      {"cost", OptionType::Real, "1", 0, 1e6, false, "softmax-margin: cost of one wrong position"},
      {"average", OptionType::Boolean, "true", 0, -1, false, "output the average of the online iterates"},
      {"seed", OptionType::Integer, "1", 0, 2147483647, false, "shuffling seed"},
      {"features", OptionType::Choice, "pos", 0, -1, false,
       "token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates')",
       {"pos", "crfsuite", "custom"}},
      {"hash_bits", OptionType::Integer, "0", 0, 26, false,
       "hash token features into 2^b rows; 0 keeps an exact dictionary"},
      {"min_count", OptionType::Integer, "1", 1, 1000000, false, "exact dictionary: keep features seen this often"},
      {"lexicon_min_count", OptionType::Integer, "2", 1, 1000000, false,
       "the `tags` attribute: words seen fewer times get the ambiguity class of unseen words"},
      {"bias", OptionType::Boolean, "true", 0, -1, false, "numeric input: add an always-on feature (label bias)"},
      {"l1", OptionType::Real, "0", 0, 1e6, false,
       "L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty (online trainers): exact zeros, dropped from the model"},
      {"weight_bits", OptionType::Integer, "32", 8, 32, false,
       "how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256)"},
      {"candidates", OptionType::Integer, "10", 1, SequenceModel::kMaxCandidates, false,
       "with global features: how many of the chain's best labellings are reranked"},
  };
  static const std::vector<OptionSpec> with_random_features = [] {
    std::vector<OptionSpec> all = specs;
    for (OptionSpec& s : RandomFourierFeatures::option_specs()) {
      s.help = "numeric input: " + s.help;
      all.push_back(std::move(s));
    }
    return all;
  }();
  return with_random_features;
}

namespace {

// Splits the free-text keys off the list the table checks. A preset reads the word lexicon's classes
// when one is given.
Options parse_options(const OptionList& given, TextOptions& text, bool with_lexicon = false) {
  OptionList rest;
  bool custom = false;
  std::vector<std::string> seen;
  for (const auto& kv : given) {
    std::string* field = kv.first == "templates" ? &text.templates : kv.first == "global" ? &text.global
                       : kv.first == "global_words" ? &text.global_words : nullptr;
    if (!field) {
      rest.push_back(kv);
      continue;
    }
    require(std::find(seen.begin(), seen.end(), kv.first) == seen.end(), "option '", kv.first, "' given twice");
    seen.push_back(kv.first);
    *field = kv.second;
    custom |= kv.first == "templates";
  }
  Options o = Options::parse(sequence_options(), rest, "sequence tagger");
  check_weight_bits(int(o.integer("weight_bits")));
  if (custom) {
    require(o.choice("features") == "custom" || std::find_if(rest.begin(), rest.end(), [](const auto& kv) {
                                                   return kv.first == "features";
                                                 }) == rest.end(),
            "give either 'features' or 'templates', not both");
  } else {
    require(o.choice("features") != "custom", "features=custom needs the templates, e.g. templates='lower[0] suffix3[0]'");
    text.templates = template_preset(o.choice("features"), with_lexicon);
  }
  require(text.global_words.empty() || !text.global.empty(),
          "global_words are read only by the global feature template 'lexicon'");
  return o;
}

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

// The random-feature options are recorded from the model's map, and only when it has one (so models without
// it keep the bytes they always had).
void record_options(SequenceModel& m, const Options& o, const TextOptions& text) {
  m.options.clear();
  for (const auto& kv : o.entries())
    if (!RandomFourierFeatures::is_option(kv.first)) m.options.push_back(kv);
  for (auto& kv : m.rff.option_entries()) m.options.push_back(std::move(kv));
  if (o.choice("features") == "custom" && m.input == SequenceInput::Tokens) m.options.emplace_back("templates", text.templates);
  if (!text.global.empty()) m.options.emplace_back("global", text.global);
  if (!text.global_words.empty()) m.options.emplace_back("global_words", text.global_words);
}

bool is_likelihood(const std::string& algo) { return algo == "crf" || algo == "softmax-margin"; }

// Mean form (λ/2)‖w‖² + (1/m) Σ ℓ_i; CRFsuite's c2 (sum form Σ ℓ_i + c2‖w‖²) is λ = 2·c2/m.
double chain_lambda(const Options& o, int sequences) {
  return is_likelihood(o.choice("algo")) ? 2.0 * o.real("c2") / sequences : o.real("lambda");
}

}  // namespace

double chain_softmax_cost(const Options& o) { return o.choice("algo") == "softmax-margin" ? o.real("cost") : 0.0; }

OnlineConfig chain_online_config(const Options& o, int sequences) {
  const std::string& algo = o.choice("algo");
  const double lambda = chain_lambda(o, sequences);
  OnlineConfig config;
  config.epochs = o.integer("epochs");
  config.average = o.flag("average");
  config.seed = uint64_t(o.integer("seed"));
  if (algo == "perceptron") {
    config.surrogate = Surrogate::Perceptron, config.eta = 1.0, config.lambda = 0;
  } else if (algo == "ssvm" || algo == "ssvm-slack") {
    // λ > 0: Pegasos (η_t = 1/(λt)); λ = 0: SGD with the constant step eta and averaging (SSBD 17.2.5).
    config.surrogate = algo == "ssvm" ? Surrogate::MarginRescaled : Surrogate::SlackRescaled;
    config.lambda = lambda;
    if (lambda > 0) config.step_size = StepSize::Pegasos;
    else config.step_size = StepSize::Constant, config.eta = o.real("eta");
  } else {
    config.surrogate = algo == "crf" ? Surrogate::LogLoss : Surrogate::SoftmaxMargin;
    config.step_size = StepSize::Constant, config.eta = o.real("eta"), config.lambda = lambda;
  }
  return config;
}

void fit_chain(const SequenceBatch& x, const ChainLayout& layout, const Options& o, const ProgressFn& progress,
               std::vector<float>& weights, TrainingReport* report) {
  require(x.sequences() > 0, "no training sequences");
  if (report) *report = TrainingReport{};
  const std::string& algo = o.choice("algo");
  const double cost = chain_softmax_cost(o);
  const double lambda = chain_lambda(o, x.sequences());
  if (is_likelihood(algo) && o.choice("solver") == "lbfgs") {
    require(o.real("l1") == 0, "l1 needs an online trainer (perceptron, ssvm, or solver=sgd)");
    // F(w)·m: Σ_i ℓ_i + (mλ/2)‖w‖², minimised by L-BFGS; progress reports F.
    const double m = x.sequences();
    LbfgsConfig config;
    config.max_iterations = o.integer("iterations");
    double last_error = 0;
    auto f = [&](const std::vector<float>& w, std::vector<float>& g) {
      const CrfEvaluation e = crf_objective(x, layout, w, m * lambda, cost, g);
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
    lbfgs_minimize(f, weights, config, report_progress, report);
    return;
  }
  const std::string& trainer = o.choice("trainer");
  if ((algo == "ssvm" || algo == "ssvm-slack") && trainer != "sgd") {
    StructuredSvmConfig config;
    config.C = o.real("C"), config.eps = o.real("eps"), config.max_iterations = o.integer("max_iter");
    config.surrogate = algo == "ssvm" ? Surrogate::MarginRescaled : Surrogate::SlackRescaled;
    config.average = o.flag("average"), config.seed = uint64_t(o.integer("seed"));
    const SequenceProblem problem(x, layout);
    weights = trainer == "bcfw" ? train_bcfw(problem, config, progress, report)
                                : train_cutting_plane(problem, config, progress, report);
    return;
  }
  require(trainer == "sgd", "trainer '", trainer, "' is for ssvm and ssvm-slack only");
  const OnlineConfig config = chain_online_config(o, x.sequences());
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
  const std::string& algo = o.choice("algo");
  require((algo == "perceptron" || algo == "ssvm") && o.choice("trainer") == "sgd",
          "global features are trained by algo=perceptron or algo=ssvm (trainer=sgd), not ", algo);
  require(o.real("l1") == 0, "l1 does not apply to global features");
  m.global = GlobalFeatures(text.global, m.labels, text.global_words);
  require(!m.global.empty(), "option 'global' lists no template (known: has, count, before, lexicon)");
  m.candidates = int32_t(o.integer("candidates"));
  std::vector<float> w = train_online(RerankProblem(d.batch, layout, m.global, m.candidates),
                                      chain_online_config(o, d.batch.sequences()), progress);
  m.global_weights.assign(w.begin() + std::ptrdiff_t(layout.dim()), w.end());
  w.resize(layout.dim());
  m.weights = std::move(w);
}

TaggerShard prepare_tagger_shard(const Sentences& tokens, const Sentences& tags, const OptionList& given,
                                 const SequenceModel* warm, WordLexicon words, int shards, int shard) {
  TextOptions text;
  const bool with_lexicon = !words.empty();
  const Options o = parse_options(given, text, with_lexicon);
  require(tokens.size() == tags.size(), "got ", tokens.size(), " token sequences but ", tags.size(), " tag sequences");
  for (size_t i = 0; i < tokens.size(); ++i) check_training_sequence(i, int64_t(tokens[i].size()), tags[i].size(), "token");
  require(o.integer("rff") == 0, "rff maps numeric features, and a token tagger has none; leave rff at 0");
  const std::vector<int> mine = shard_examples(int(tokens.size()), shards, shard, uint64_t(o.integer("seed")));
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
    const int bits = o.integer("hash_bits");
    m.index = bits ? FeatureIndex::hashed(bits) : FeatureIndex::dictionary({});
  }
  const std::vector<int32_t> labels = label_ids(tags, m.labels);
  std::vector<size_t> first_label(tokens.size() + 1, 0);  // sentence i's labels start here
  for (size_t i = 0; i < tokens.size(); ++i) first_label[i + 1] = first_label[i] + tokens[i].size();
  SequenceBatch x;
  TokenFeaturizer featurizer(m.templates);
  if (!warm && featurizer.uses_word_lexicon()) m.words = std::move(words);  // kept only if read
  if (featurizer.uses_tags() && !warm) {
    std::vector<uint64_t> keys;
    for (const auto& sentence : tokens)
      for (const auto& w : sentence) keys.push_back(TokenFeaturizer::word_key(w));
    m.lexicon = TagLexicon::build(keys, labels, o.integer("lexicon_min_count"));
  }
  featurizer.set_lexicon(&m.lexicon);
  featurizer.set_word_lexicon(&m.words);
  // One sentence's keys at a time. A key the index knows becomes its row; a new key becomes −(candidate + 1),
  // counted; but with one shard and no count to reach, it goes straight into the dictionary (the same ids, one
  // hash table fewer). Peak memory: 4 bytes per feature occurrence.
  const bool direct = shards == 1 && o.integer("min_count") <= 1 && !m.index.bits();
  FeatureIndex candidates = FeatureIndex::dictionary({});
  std::vector<uint64_t> keys;
  std::vector<int64_t> ends;
  for (int i : mine) {
    const auto& sentence = tokens[size_t(i)];
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
  s.data = {std::move(m), std::move(x), o, text};
  return s;
}

void admit_features(TaggerShard& s, const std::vector<FeatureCandidates>& all, size_t own) {
  SequenceModel& m = s.data.model;
  SequenceBatch& x = s.data.batch;
  std::vector<int32_t> admitted;
  if (!m.index.bits()) admitted = m.index.admit(all, own, int(s.data.options.integer("min_count")));
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
                          const SequenceModel* warm, WordLexicon words) {
  TaggerShard s = prepare_tagger_shard(tokens, tags, given, warm, std::move(words), 1, 0);
  admit_features(s, {s.candidates}, 0);
  return std::move(s.data);
}

SequenceModel finish_tagger(TaggerData data) {
  SequenceModel& m = data.model;
  record_options(m, data.options, data.text);
  m.weight_bits = int(data.options.integer("weight_bits"));
  m.compact();
  return std::move(m);
}

SequenceModel train_tagger(const Sentences& tokens, const Sentences& tags, const OptionList& options,
                           const ProgressFn& progress, const SequenceModel* warm, WordLexicon words) {
  TaggerData d = prepare_tagger(tokens, tags, options, warm, std::move(words));
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
  const std::vector<int> mine = shard_examples(s.sequences, shards, shard, uint64_t(o.integer("seed")));
  SequenceBatch x;
  x.labels = label_ids(tags, m.labels);
  m.featurize(rows, starts, x);
  if (warm) m.weights = warm->weights;
  s.data = {std::move(m), shards == 1 ? std::move(x) : select_sequences(x, mine), o, text};
  return s;
}

SequenceModel train_numeric_tagger(const Rows& rows, const std::vector<int64_t>& starts, const Sentences& tags,
                                   const OptionList& options, const ProgressFn& progress, const SequenceModel* warm) {
  TaggerData d = prepare_numeric_tagger(rows, starts, tags, options, warm);
  fit_tagger(d, progress);
  return finish_tagger(std::move(d));
}

}  // namespace argmax
