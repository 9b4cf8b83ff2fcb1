#include "sequence/sequence_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/bytes.hpp"
#include "sequence/forward_backward.hpp"
#include "io/quantized_weights.hpp"
#include "sequence/rerank.hpp"
#include "sequence/sequence_trainer.hpp"

namespace argmax {

int SequenceModel::label_id(const std::string& label) const {
  for (size_t y = 0; y < labels.size(); ++y)
    if (labels[y] == label) return int(y);
  return -1;
}

const TokenFeaturizer& SequenceModel::featurizer() const {
  if (!featurizer_ || featurizer_->spec() != templates) featurizer_ = std::make_shared<TokenFeaturizer>(templates);
  featurizer_->set_lexicon(&lexicon);  // (copies of a model share the cache, so point at this one's lexicons)
  featurizer_->set_word_lexicon(&words);
  return *featurizer_;
}

void SequenceModel::featurize(const std::string* tokens, int n, SequenceBatch& out) const {
  std::vector<std::string_view> views(tokens, tokens + n);
  featurize(views.data(), n, out);
}

void SequenceModel::featurize(const std::string_view* tokens, int n, SequenceBatch& out) const {
  require(input == SequenceInput::Tokens, "this sequence model reads numeric features, not tokens");
  keys_.clear();
  key_ends_.clear();
  featurizer().extract(tokens, n, keys_, key_ends_);
  const size_t first = out.ids.size();
  out.ids.resize(first + keys_.size());  // room for every key; the unknown ones are cut off after
  int32_t* ids = out.ids.data() + first;
  size_t p = 0, kept = 0;
  for (int t = 0; t < n; ++t) {
    for (; p < size_t(key_ends_[t]); ++p) {
      const int32_t id = index.lookup(keys_[p]);
      if (id >= 0) ids[kept++] = id;
    }
    out.ends.push_back(int64_t(first + kept));
  }
  out.ids.resize(first + kept);
  out.starts.push_back(out.tokens());
}

// The scratch reused from sentence to sentence is freed when the batch is done (or refused), so one long
// sentence does not keep its keys and attribute table until the model is disposed.
void SequenceModel::featurize(const Sentences& sentences, SequenceBatch& out) const {
  struct Release {
    const SequenceModel& m;
    ~Release() {
      std::vector<uint64_t>().swap(m.keys_);
      std::vector<int64_t>().swap(m.key_ends_);
      if (m.featurizer_) m.featurizer_->release_scratch();
    }
  } release{*this};
  for (const auto& s : sentences) featurize(s.data(), int(s.size()), out);
}

void SequenceModel::featurize(const Rows& rows, const std::vector<int64_t>& starts, SequenceBatch& out) const {
  require(input == SequenceInput::Numeric, "this sequence model reads tokens, not numeric features");
  require(!starts.empty() && starts.front() == 0 && starts.back() == rows.rows(), "sequence offsets must run from 0 to ",
          rows.rows(), " (the number of positions)");
  require(rows.is_sparse() || rows.cols() == numeric_columns, "each position needs ", numeric_columns,
          " numeric features, got ", rows.cols());
  if (out.values.empty() && !out.ids.empty()) out.values.assign(out.ids.size(), 1.f);
  auto add = [&out](int32_t id, float v) {
    if (v != 0) out.ids.push_back(id), out.values.push_back(v);
  };
  std::vector<float> z(rff.dim());
  for (size_t i = 0; i + 1 < starts.size(); ++i) {
    require(starts[i + 1] >= starts[i], "sequence offsets decrease at sequence ", i);
    for (int64_t r = starts[i]; r < starts[i + 1]; ++r) {
      const RowView row = rows.row(int32_t(r));
      row.for_each([&](int32_t j, float v) {
        require(std::isfinite(v), "position ", r, " has a non-finite value at column ", j);
        if (!rff.dim() && j >= 0 && j < numeric_columns) add(j, v);
      });
      if (rff.dim()) {
        rff.map(row, z.data());
        for (int32_t d = 0; d < rff.dim(); ++d) add(d, z[d]);
      }
      if (numeric_bias) add(feature_rows() - 1, 1.f);
      out.ends.push_back(int64_t(out.ids.size()));
    }
    out.starts.push_back(out.tokens());
  }
}

void SequenceModel::scores(const SequenceBatch& x, int i, ChainScores& out) const {
  fill_scores(weights.data(), 1.f, layout(), x, i, out);
}

std::vector<int> SequenceModel::decode(const SequenceBatch& x, const ChainConstraints* constraints,
                                       const int32_t* forced) const {
  std::vector<int> out;
  out.reserve(x.tokens());
  ChainScores s;
  ChainConstraints c = constraints ? *constraints : ChainConstraints{};
  c.k = int(labels.size());
  for (int i = 0; i < x.sequences(); ++i) {
    scores(x, i, s);
    if (forced) c.forced.assign(forced + x.starts[i], forced + x.starts[i + 1]);
    if (constraints || forced) apply_constraints(s, c);
    const LabelPath p = global.empty() ? viterbi(s) : rerank(s, s, global, global_weights.data(), 1.f, candidates);
    out.insert(out.end(), p.labels.begin(), p.labels.end());
  }
  return out;
}

std::vector<float> SequenceModel::emissions(const SequenceBatch& x) const {
  std::vector<float> out;
  out.reserve(checked_count<float>("emission scores (positions × labels)", {x.tokens(), int64_t(labels.size())}));
  ChainScores s;
  for (int i = 0; i < x.sequences(); ++i) {
    scores(x, i, s);
    out.insert(out.end(), s.emit.begin(), s.emit.end());
  }
  return out;
}

SequenceModel::ChainPaths SequenceModel::chain_paths(const SequenceBatch& x, const int32_t* reference,
                                                     bool loss_augmented, bool normalized) const {
  require(reference || !loss_augmented, "loss-augmented decoding needs a reference labelling");
  ChainPaths out;
  out.labels.reserve(x.tokens());
  ChainScores s;
  for (int i = 0; i < x.sequences(); ++i) {
    scores(x, i, s);
    const int n = x.length(i);
    if (reference) {
      const ReferencedPath p =
          decode_against(s, reference + x.starts[i], loss_augmented, normalized && n > 0 ? 1.0 / n : 1.0);
      out.labels.insert(out.labels.end(), p.path.labels.begin(), p.path.labels.end());
      out.score.push_back(p.path.score);
      out.loss.push_back(p.loss);
    } else {
      const LabelPath p = viterbi(s);
      out.labels.insert(out.labels.end(), p.labels.begin(), p.labels.end());
      out.score.push_back(p.score);
    }
  }
  return out;
}

SequenceModel::Marginals SequenceModel::marginals(const SequenceBatch& x) const {
  Marginals out;
  ChainScores s;
  ChainMarginals m;
  for (int i = 0; i < x.sequences(); ++i) {
    scores(x, i, s);
    forward_backward(s, m, false);
    out.probabilities.insert(out.probabilities.end(), m.node.begin(), m.node.end());
    out.log_z.push_back(m.log_z);
  }
  return out;
}

std::vector<double> SequenceModel::log_probability(const SequenceBatch& x, const int32_t* y) const {
  std::vector<double> out;
  ChainScores s;
  for (int i = 0; i < x.sequences(); ++i) {
    scores(x, i, s);
    const int32_t* yi = y + x.starts[i];
    bool known = true;
    for (int t = 0; t < x.length(i); ++t) known &= yi[t] >= 0 && yi[t] < s.k;
    out.push_back(known ? argmax::log_probability(s, yi) : -std::numeric_limits<double>::infinity());
  }
  return out;
}

Sentences SequenceModel::tag(const Sentences& sentences, const ChainConstraints* constraints) const {
  SequenceBatch x;
  featurize(sentences, x);
  const std::vector<int> ids = decode(x, constraints);
  Sentences out(sentences.size());
  size_t p = 0;
  for (size_t i = 0; i < sentences.size(); ++i)
    for (size_t t = 0; t < sentences[i].size(); ++t) out[i].push_back(labels[ids[p++]]);
  return out;
}

void SequenceModel::compact() {
  if (input == SequenceInput::Tokens && !index.bits()) {
    const ChainLayout from = layout();
    const int k = from.labels;
    std::vector<uint64_t> kept;
    std::vector<float> w;
    for (int32_t f = 0; f < from.features; ++f) {
      const float* row = weights.data() + from.emission(f, 0);
      if (std::all_of(row, row + k, [](float x) { return x == 0; })) continue;
      kept.push_back(index.keys()[f]);
      w.insert(w.end(), row, row + k);
    }
    w.insert(w.end(), weights.begin() + from.transition(0, 0), weights.end());
    index = FeatureIndex::dictionary(std::move(kept));
    weights = std::move(w);
  }
  quantize_weights(weights, weight_bits);
}

// Payload: labels, input kind; tokens: templates, hash bits, dictionary keys, lexicons; numeric: columns,
// bias; then the options (which hold the random-feature map, if any) and the weights; then, only when the
// model has global features, their templates, word list, candidate count and weights (so models without them
// keep the bytes they always had).
std::vector<uint8_t> SequenceModel::to_bytes() const {
  ByteWriter w("sequence");
  w.put_strings(labels);
  w.put<uint8_t>(uint8_t(input));
  w.put_string(templates);
  w.put<int32_t>(index.bits());
  w.put_vector(index.bits() ? std::vector<uint64_t>{} : index.keys());
  w.put_vector(lexicon.keys());
  w.put_vector(lexicon.classes());
  words.save(w);
  w.put<int32_t>(numeric_columns);
  w.put<uint8_t>(numeric_bias);
  w.put_options(options);
  put_weights(w, weights, weight_bits);
  if (!global.empty()) {
    w.put_string(global.templates());
    w.put_string(global.words());
    w.put<int32_t>(candidates);
    w.put_vector(global_weights);
  }
  return w.finish();
}

// The options are checked as soon as they are read, before the random-feature map and the weights (the
// large parts) are built; the templates too.
SequenceModel SequenceModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader r(data, size, "sequence");
  SequenceModel m;
  m.labels = r.get_strings();
  require(!m.labels.empty(), "sequence model has no labels");
  const uint8_t input = r.get<uint8_t>();
  require(input <= 1, "sequence model has an unknown input kind (", int(input), ")");
  m.input = SequenceInput(input);
  m.templates = r.get_string();
  const int32_t bits = r.get<int32_t>();
  std::vector<uint64_t> keys = r.get_vector<uint64_t>();
  m.index = bits ? FeatureIndex::hashed(bits) : FeatureIndex::dictionary(std::move(keys));
  std::vector<uint64_t> lexicon_keys = r.get_vector<uint64_t>();
  m.lexicon = TagLexicon::from(std::move(lexicon_keys), r.get_vector<uint64_t>());
  m.words = WordLexicon::load(r);
  m.numeric_columns = r.get<int32_t>();
  checked_count<float>("sequence model numeric columns", {m.numeric_columns});  // + bias fits int32
  m.numeric_bias = r.get<uint8_t>() != 0;
  m.options = upgrade_sequence_options(r.get_options());
  check_sequence_options(m.options);
  if (m.input == SequenceInput::Tokens) parse_templates(m.templates);  // throws on a corrupt list
  if (m.input == SequenceInput::Numeric) m.rff = RandomFourierFeatures::from_entries(m.options, m.numeric_columns);
  m.weights = get_weights(r, m.layout().dim(), m.weight_bits);
  if (!r.at_end()) {
    const std::string templates = r.get_string();
    m.global = GlobalFeatures(templates, m.labels, r.get_string());
    require(!m.global.empty(), "sequence model has an empty global feature section");
    m.candidates = r.get<int32_t>();
    require(m.candidates >= 1 && m.candidates <= SequenceModel::kMaxCandidates, "sequence model has ", m.candidates,
            " reranking candidates (1 to ", SequenceModel::kMaxCandidates, ")");
    m.global_weights = r.get_finite_vector<float>("global feature weight");
    require(m.global_weights.size() == size_t(m.global.size()), "sequence model has ", m.global_weights.size(),
            " global weights for ", m.global.size(), " global features");
  }
  r.expect_end();
  return m;
}

}  // namespace argmax
