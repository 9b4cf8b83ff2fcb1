#include "textclass/text_classifier.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "core/error.hpp"
#include "core/labels.hpp"
#include "io/bytes.hpp"
#include "io/multilabel.hpp"
#include "multiclass/linear_multiclass.hpp"
#include "reductions/binary_relevance.hpp"

namespace argmax {
namespace {

const char* kKind = "text-classifier";
const char* kScaleWhy = "the vectorizer's rows are unit length already";
// One label per text: weights in 16 bits by default
const char* kWeightBits = "16";
const char* kWeightBitsWhy = "TREC's questions are classified as in 32 bits, by models a third the size";
// Label sets: the linear learner's weights in 8 bits by default
const char* kLabelSetWeightBits = "8";
const char* kLabelSetWeightBitsWhy = "label sets: Reuters-21578 scores as in 32 bits, a seventh the size";

// Label sets: the vectorizer's defaults measured on Reuters-21578 (docs/text.md; 2^20 buckets were too few for
// the n-grams of long texts).
// startWords and startPairs were measured on TREC's short questions only.
const std::pair<const char*, const char*> kLabelSetVectorizer[] = {
    {"charSpan", "word"}, {"charNgrams", "2,3,4,5"}, {"hashBits", "0"}, {"startWords", "0"}, {"startPairs", "0"}};
const char* kLabelSetVectorizerWhy =
    "label sets: as measured on Reuters-21578's news stories; the one-label defaults, on TREC's questions (docs/text.md)";

// The text classifier's own options (neither the vectorizer's nor the classifier's).
const std::vector<OptionSpec>& own_options() {
  static const std::vector<OptionSpec> specs = {
      integer_option("heaviestNgrams", "20", 0, 100000,
       "with hashing, name each class's K heaviest columns by an n-gram, for explain({ label }) without a text"),
  };
  return specs;
}
bool in_table(const std::vector<OptionSpec>& table, const std::string& name) {
  return std::any_of(table.begin(), table.end(), [&](const OptionSpec& s) { return s.name == name; });
}
bool is_vectorizer_option(const std::string& name) { return in_table(TextVectorizer::options_table(), name); }
// The vectorizer's options as given, with the label-set defaults written out where the caller left them.
OptionList vectorizer_part(const OptionList& given, bool multilabel) {
  OptionList out;
  for (const auto& kv : given)
    if (is_vectorizer_option(kv.first)) out.push_back(kv);
  if (multilabel)
    for (const auto& [name, value] : kLabelSetVectorizer)
      if (std::none_of(out.begin(), out.end(), [&, n = name](const auto& kv) { return kv.first == n; })) out.emplace_back(name, value);
  return out;
}
std::vector<OptionSpec> vectorizer_table(bool multilabel) {
  std::vector<OptionSpec> specs = TextVectorizer::options_table();
  if (multilabel)
    for (const auto& [name, value] : kLabelSetVectorizer) set_default(specs, name, value, kLabelSetVectorizerWhy);
  return specs;
}
OptionList own_part(const OptionList& given) {
  OptionList out;
  for (const auto& kv : given)
    if (in_table(own_options(), kv.first)) out.push_back(kv);
  return out;
}
OptionList classifier_part(const OptionList& given) {
  OptionList out;
  for (const auto& kv : given)
    if (!is_vectorizer_option(kv.first) && !in_table(own_options(), kv.first)) out.push_back(kv);
  return out;
}
// Binary relevance's own options (learner, seed, scale) and the learner's (the rest).
bool is_relevance_option(const std::string& name) { return in_table(binary_relevance_options(), name); }
OptionList part(const OptionList& given, bool relevance) {
  OptionList out;
  for (const auto& kv : given)
    if (is_relevance_option(kv.first) == relevance) out.push_back(kv);
  return out;
}
std::string learner_of(const OptionList& classifier) {
  for (const auto& [k, v] : classifier)
    if (k == "learner") return v;
  return "linear";
}
// The classifier's options as checked against its table, with the text classifier's default for scale.
std::vector<OptionSpec> classifier_table(bool multilabel, const OptionList& classifier) {
  std::vector<OptionSpec> specs;
  if (!multilabel) {
    specs = LinearMulticlass::options_of(LinearMulticlass::trainer_of(classifier));
  } else {
    specs = binary_relevance_options();
    append(specs, binary_learner_options(learner_of(classifier), part(classifier, false)));
  }
  set_default(specs, "scale", "none", kScaleWhy);
  if (in_table(specs, "weightBits"))  // (a label set's learner other than linear has none)
    set_default(specs, "weightBits", multilabel ? kLabelSetWeightBits : kWeightBits, multilabel ? kLabelSetWeightBitsWhy : kWeightBitsWhy);
  return specs;
}
// The given options with the text classifier's own defaults written out where the caller left them.
OptionList with_own_defaults(OptionList classifier, bool multilabel) {
  const auto given = [&](const char* name) {
    return std::any_of(classifier.begin(), classifier.end(), [&](const auto& kv) { return kv.first == name; });
  };
  if (!given("scale")) classifier.emplace_back("scale", "none");
  if (!given("weightBits") && in_table(classifier_table(multilabel, classifier), "weightBits"))
    classifier.emplace_back("weightBits", multilabel ? kLabelSetWeightBits : kWeightBits);
  return classifier;
}
bool has_log_loss(const OptionList& options) {
  return std::any_of(options.begin(), options.end(), [](const auto& kv) { return kv.first == "loss" && kv.second == "log"; });
}

// The sorted distinct labels and each text's index among them.
std::vector<std::string> sorted_classes(std::vector<std::string> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  return labels;
}
int32_t index_of(const std::vector<std::string>& classes, const std::string& label) {
  return int32_t(std::lower_bound(classes.begin(), classes.end(), label) - classes.begin());
}

// Rows i of `rows` for which keep(i), copied.
template <class Keep>
OwnedRows rows_where(const Rows& rows, Keep keep) {
  OwnedRows out;
  out.cols = rows.cols();
  for (int32_t i = 0; i < rows.rows(); ++i) {
    if (!keep(i)) continue;
    rows.row(i).for_each([&](int32_t j, float v) { out.indices.push_back(j), out.values.push_back(v); });
    out.offsets.push_back(int32_t(out.values.size()));
  }
  return out;
}
bool held_out(int32_t i) { return i % 5 == 4; }

// The β > 0 of least mean −log softmax(β·s_i)[y_i] (convex in β, so a golden-section search over ln β finds it).
float fit_temperature(const std::vector<float>& scores, const std::vector<int32_t>& y, int k) {
  auto loss = [&](double log_beta) {
    const double beta = std::exp(log_beta);
    double total = 0;
    for (size_t i = 0; i < y.size(); ++i) {
      const float* s = &scores[i * k];
      const double top = *std::max_element(s, s + k);
      double sum = 0;
      for (int c = 0; c < k; ++c) sum += std::exp(beta * (s[c] - top));
      total += std::log(sum) - beta * (s[y[i]] - top);
    }
    return total;
  };
  double lo = std::log(1e-3), hi = std::log(1e4);
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo), fa = loss(a), fb = loss(b);
  for (int it = 0; it < 60; ++it) {
    if (fa < fb) hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = loss(a);
    else lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = loss(b);
  }
  return float(std::exp((lo + hi) / 2));
}

// Platt's (a, b) of σ(a·s + b) by Newton's method on the log loss, with Platt's targets (N₊ + 1)/(N₊ + 2) and
// 1/(N₋ + 2), which keep (a, b) finite when the scores separate the labels.
std::pair<float, float> fit_platt(const std::vector<float>& s, const std::vector<int8_t>& y) {
  double positives = 0;
  for (int8_t v : y) positives += v > 0;
  const double negatives = double(y.size()) - positives;
  const double hi = (positives + 1) / (positives + 2), lo = 1 / (negatives + 2);
  double a = 1, b = 0;
  for (int it = 0; it < 100; ++it) {
    double g1 = 0, g2 = 0, h11 = 1e-9, h12 = 0, h22 = 1e-9;
    for (size_t i = 0; i < s.size(); ++i) {
      const double p = 1 / (1 + std::exp(-(a * s[i] + b))), t = y[i] > 0 ? hi : lo, d = p - t, w = p * (1 - p);
      g1 += d * s[i], g2 += d, h11 += w * s[i] * s[i], h12 += w * s[i], h22 += w;
    }
    const double det = h11 * h22 - h12 * h12;
    if (!(det > 0)) break;
    const double da = (h22 * g1 - h12 * g2) / det, db = (h11 * g2 - h12 * g1) / det;
    a -= da, b -= db;
    if (std::fabs(da) + std::fabs(db) < 1e-9) break;
  }
  return {float(a), float(b)};
}

void require_texts(const std::vector<std::string_view>& texts, size_t labels, const char* what) {
  require(!texts.empty(), "a text classifier needs training texts (got none)");
  require(texts.size() == labels, "got ", texts.size(), " texts and ", labels, " ", what, "; expected one per text");
}

}  // namespace

std::vector<OptionSpec> TextClassifier::options_of(bool multilabel, const OptionList& given) {
  std::vector<OptionSpec> specs = vectorizer_table(multilabel);
  append(specs, own_options());
  append(specs, classifier_table(multilabel, classifier_part(given)));
  return specs;
}

TextClassifier TextClassifier::train(const std::vector<std::string_view>& texts, const std::vector<std::string>& labels,
                                     const OptionList& options, const ProgressFn& progress, bool allow_single_class) {
  require_texts(texts, labels.size(), "labels");
  TextClassifier model;
  Options::parse(options_of(false, options), options, "TextClassifier");  // every name and value, before any work
  const OptionList classifier = with_own_defaults(classifier_part(options), false);
  require_two_classes(labels.data(), labels.size(), "labels", "label", allow_single_class);
  model.classes_ = sorted_classes(labels);
  std::vector<int32_t> y(labels.size());
  model.prior_.assign(model.classes_.size(), 0.f);
  for (size_t i = 0; i < labels.size(); ++i) {
    y[i] = index_of(model.classes_, labels[i]);
    model.prior_[y[i]] += 1.f / float(labels.size());
  }
  model.vectorizer_ = TextVectorizer::fit(texts, vectorizer_part(options, false));
  const OwnedRows rows = model.vectorizer_.transform(texts);
  auto linear = std::make_shared<LinearMulticlass>(LinearMulticlass::train(rows.view(), y, classifier, {}, progress));
  model.report_ = linear->training_report();
  model.multiclass_ = linear;
  model.set_options(own_part(options), classifier);
  model.name_heaviest(texts);

  if (!has_log_loss(linear->options())) {  // calibrated on the held-out fifth (see the header)
    std::vector<int32_t> fit_y, test_y;
    for (int32_t i = 0; i < int32_t(y.size()); ++i) (held_out(i) ? test_y : fit_y).push_back(y[i]);
    const bool usable = !test_y.empty() && std::set<int32_t>(fit_y.begin(), fit_y.end()).size() == model.classes_.size();
    if (usable) {
      const OwnedRows fit_rows = rows_where(rows.view(), [](int32_t i) { return !held_out(i); });
      const OwnedRows test_rows = rows_where(rows.view(), held_out);
      const LinearMulticlass part_model = LinearMulticlass::train(fit_rows.view(), fit_y, classifier, {});
      std::vector<float> s(test_y.size() * model.classes_.size());
      part_model.scores(test_rows.view(), s.data());
      model.scale_ = fit_temperature(s, test_y, int(model.classes_.size()));
    }
  }
  return model;
}

TextClassifier TextClassifier::train_sets(const std::vector<std::string_view>& texts,
                                          const std::vector<std::vector<std::string>>& label_sets,
                                          const OptionList& options, const ProgressFn& progress) {
  require_texts(texts, label_sets.size(), "label sets");
  TextClassifier model;
  const Options parsed = Options::parse(options_of(true, options), options, "TextClassifier");
  const OptionList classifier = with_own_defaults(classifier_part(options), true);
  std::vector<std::string> all;
  for (const auto& set : label_sets) all.insert(all.end(), set.begin(), set.end());
  model.classes_ = sorted_classes(all);
  require(!model.classes_.empty(), "every label set is empty; a multi-label text classifier needs labels");
  std::vector<std::vector<int32_t>> sets(label_sets.size());
  model.prior_.assign(model.classes_.size(), 0.f);
  for (size_t i = 0; i < label_sets.size(); ++i) {
    for (const std::string& l : label_sets[i]) sets[i].push_back(index_of(model.classes_, l));
    std::sort(sets[i].begin(), sets[i].end());
    sets[i].erase(std::unique(sets[i].begin(), sets[i].end()), sets[i].end());
    for (int32_t l : sets[i]) model.prior_[l] += 1.f / float(label_sets.size());
  }
  const LabelMatrix y = LabelMatrix::from_sets(sets, int(model.classes_.size()));
  model.vectorizer_ = TextVectorizer::fit(texts, vectorizer_part(options, true));
  const OwnedRows rows = model.vectorizer_.transform(texts);
  const std::string learner = parsed.choice("learner");
  const OptionList learner_options = part(classifier, false);
  auto train = [&](const Rows& r, const LabelMatrix& labels, const ProgressFn& p) {
    return BinaryRelevanceModel::train(r, labels, learner, learner_options, parsed.seed(), {}, p, parsed.choice("scale"));
  };
  auto relevance = std::make_shared<BinaryRelevanceModel>(train(rows.view(), y, progress));
  model.report_ = relevance->training_report();
  model.multilabel_ = relevance;
  model.set_options(own_part(options), classifier);
  model.name_heaviest(texts);

  if (has_log_loss(learner_options)) {
    model.shift_ = 0;
    return model;
  }
  std::vector<std::vector<int32_t>> fit_sets;
  std::vector<int32_t> test_index;
  for (int32_t i = 0; i < int32_t(sets.size()); ++i) {
    if (held_out(i)) test_index.push_back(i);
    else fit_sets.push_back(sets[i]);
  }
  if (test_index.empty()) return model;
  const OwnedRows fit_rows = rows_where(rows.view(), [](int32_t i) { return !held_out(i); });
  const OwnedRows test_rows = rows_where(rows.view(), held_out);
  const int k = int(model.classes_.size());
  const BinaryRelevanceModel part_model = train(fit_rows.view(), LabelMatrix::from_sets(fit_sets, k), {});
  std::vector<float> s(test_index.size() * k);
  part_model.scores(test_rows.view(), s.data());
  std::vector<int8_t> signs(s.size());
  for (size_t t = 0; t < test_index.size(); ++t)
    for (int l = 0; l < k; ++l) signs[t * k + l] = y.at(test_index[t], l);
  std::tie(model.scale_, model.shift_) = fit_platt(s, signs);
  return model;
}

void TextClassifier::set_options(const OptionList& own, const OptionList& classifier) {
  options_ = vectorizer_.options();
  const Options own_parsed = Options::parse(own_options(), own, "TextClassifier");
  options_.insert(options_.end(), own_parsed.entries().begin(), own_parsed.entries().end());
  heaviest_ngrams_ = own_parsed.integer("heaviestNgrams");
  const Options parsed = Options::parse(classifier_table(multilabel(), classifier), classifier, "TextClassifier");
  options_.insert(options_.end(), parsed.entries().begin(), parsed.entries().end());
}

int32_t TextClassifier::cols() const { return multiclass_ ? multiclass_->cols() : multilabel_->cols(); }

void TextClassifier::classifier_scores(const Rows& rows, float* out) const {
  if (multiclass_) multiclass_->scores(rows, out);
  else multilabel_->scores(rows, out);
}

void TextClassifier::scores(const std::vector<std::string_view>& texts, float* out) const {
  const OwnedRows rows = vectorizer_.transform(texts);
  classifier_scores(rows.view(), out);
}

void TextClassifier::to_probabilities(const Rows& rows, float* s) const {
  const size_t k = classes_.size();
  for (int32_t i = 0; i < rows.rows(); ++i) {
    float* p = s + size_t(i) * k;
    if (rows.row(i).size == 0) {
      std::copy(prior_.begin(), prior_.end(), p);
    } else if (multilabel_) {
      for (size_t c = 0; c < k; ++c) p[c] = 1 / (1 + std::exp(-(scale_ * p[c] + shift_)));
    } else {
      const float top = *std::max_element(p, p + k);
      double sum = 0;
      for (size_t c = 0; c < k; ++c) sum += p[c] = std::exp(scale_ * (p[c] - top));
      for (size_t c = 0; c < k; ++c) p[c] = float(p[c] / sum);
    }
  }
}

void TextClassifier::probabilities(const std::vector<std::string_view>& texts, float* out) const {
  const OwnedRows rows = vectorizer_.transform(texts);
  classifier_scores(rows.view(), out);
  to_probabilities(rows.view(), out);
}

std::vector<int32_t> TextClassifier::predict(const std::vector<std::string_view>& texts) const {
  require(!multilabel_, "this text classifier predicts label sets (predictSets)");
  const size_t k = classes_.size();
  std::vector<float> p(texts.size() * k);
  probabilities(texts, p.data());
  std::vector<int32_t> out(texts.size());
  for (size_t i = 0; i < texts.size(); ++i)
    out[i] = int32_t(std::max_element(&p[i * k], &p[i * k] + k) - &p[i * k]);
  return out;
}

std::vector<std::vector<int32_t>> TextClassifier::predict_sets(const std::vector<std::string_view>& texts) const {
  require(multilabel_ != nullptr, "this text classifier predicts one label per text (predict)");
  const size_t k = classes_.size();
  const OwnedRows rows = vectorizer_.transform(texts);
  std::vector<float> s(texts.size() * k);
  classifier_scores(rows.view(), s.data());
  std::vector<std::vector<int32_t>> out(texts.size());
  for (size_t i = 0; i < texts.size(); ++i) {
    const bool prior = rows.view().row(int32_t(i)).size == 0;
    for (size_t c = 0; c < k; ++c)
      if (prior ? prior_[c] > 0.5f : s[i * k + c] > 0) out[i].push_back(int32_t(c));
  }
  return out;
}

void TextClassifier::require_explainable(int c, int k) const {
  require(c >= 0 && c < classes_count(), "class ", c, " is not one of the model's ", classes_count());
  require(k >= 0, "explain: k is ", k, ", expected 0 or more");
}

std::vector<TextClassifier::Contribution> TextClassifier::explain(std::string_view text, int c, int k) const {
  require_explainable(c, k);
  std::vector<TextVectorizer::Feature> features = vectorizer_.features_of(text);
  std::vector<std::pair<int32_t, float>> columns;
  for (const auto& f : features) columns.emplace_back(f.col, f.value);
  std::vector<float> s(features.size() * classes_.size());
  shares(columns, s.data());
  std::vector<Contribution> out;
  for (size_t j = 0; j < features.size(); ++j)
    out.push_back({std::move(features[j].ngrams), features[j].value, s[j * classes_.size() + size_t(c)]});
  std::stable_sort(out.begin(), out.end(),
                   [](const Contribution& a, const Contribution& b) { return std::fabs(a.weight) > std::fabs(b.weight); });
  if (out.size() > size_t(k)) out.resize(size_t(k));
  return out;
}

void TextClassifier::shares(const std::vector<std::pair<int32_t, float>>& features, float* out) const {
  OwnedRows rows;  // row 0 has no feature, row 1 + j only feature j: O(features) to score
  rows.cols = cols();
  rows.offsets.push_back(0);
  for (const auto& [col, value] : features) {
    rows.indices.push_back(col), rows.values.push_back(value);
    rows.offsets.push_back(int32_t(rows.values.size()));
  }
  const size_t k = classes_.size();
  std::vector<float> s((features.size() + 1) * k);
  classifier_scores(rows.view(), s.data());
  for (size_t j = 0; j < features.size(); ++j)
    for (size_t c = 0; c < k; ++c) out[j * k + c] = s[(j + 1) * k + c] - s[c];
}

std::vector<std::vector<std::pair<float, int32_t>>> TextClassifier::heaviest_columns(int k) const {
  // per class a min-heap of (|weight|, −col): the k largest, the lowest column first among equals
  using Entry = std::pair<float, int32_t>;
  const size_t classes = classes_.size();
  std::vector<std::vector<Entry>> heaps(classes);
  const int32_t chunk = 4096;
  std::vector<float> w(size_t(chunk) * classes);
  std::vector<std::pair<int32_t, float>> columns;
  for (int32_t first = 0; first < cols() && k > 0; first += chunk) {
    const int32_t count = std::min(chunk, cols() - first);
    columns.clear();
    for (int32_t j = 0; j < count; ++j) columns.emplace_back(first + j, 1.f);
    shares(columns, w.data());
    for (int32_t j = 0; j < count; ++j)
      for (size_t c = 0; c < classes; ++c) {
        const Entry e{std::fabs(w[size_t(j) * classes + c]), -(first + j)};
        auto& heap = heaps[c];
        if (heap.size() == size_t(k)) {
          if (!(e > heap.front())) continue;
          std::pop_heap(heap.begin(), heap.end(), std::greater<>());
          heap.pop_back();
        }
        heap.push_back(e);
        std::push_heap(heap.begin(), heap.end(), std::greater<>());
      }
  }
  for (auto& heap : heaps) std::sort_heap(heap.begin(), heap.end(), std::greater<>());  // heaviest first
  return heaps;
}

void TextClassifier::name_heaviest(const std::vector<std::string_view>& texts) {
  if (!vectorizer_.hashed() || heaviest_ngrams_ == 0) return;
  std::vector<int32_t> cols;
  for (const auto& heap : heaviest_columns(heaviest_ngrams_))
    for (const auto& e : heap) cols.push_back(-e.second);
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  // Each kept column's n-grams once per training text that has them, as the column's slot (4 bytes, big-endian),
  // kind and text: sorted, a run of equal keys is an n-gram's document frequency, and the runs of one slot come
  // in byte order of kind and text.
  std::vector<std::string> found;
  for (std::string_view text : texts)
    for (const auto& f : vectorizer_.features_of(text)) {
      const auto at = std::lower_bound(cols.begin(), cols.end(), f.col);
      if (at == cols.end() || *at != f.col) continue;
      const uint32_t slot = uint32_t(at - cols.begin());
      const char prefix[4] = {char(slot >> 24), char(slot >> 16), char(slot >> 8), char(slot)};
      for (const Ngram& g : f.ngrams) found.push_back(std::string(prefix, 4) + char(g.kind) + g.text);
    }
  std::sort(found.begin(), found.end());
  named_cols_ = cols;
  named_.assign(cols.size(), Ngram{NgramKind::word, ""});
  std::vector<size_t> best(cols.size(), 0);
  for (size_t run = 0, next; run < found.size(); run = next) {
    for (next = run + 1; next < found.size() && found[next] == found[run];) ++next;
    const std::string& key = found[run];
    const size_t slot = size_t(uint8_t(key[0])) << 24 | size_t(uint8_t(key[1])) << 16 | size_t(uint8_t(key[2])) << 8 | uint8_t(key[3]);
    if (next - run > best[slot]) best[slot] = next - run, named_[slot] = {NgramKind(key[4]), key.substr(5)};
  }
}

std::vector<TextClassifier::Contribution> TextClassifier::heaviest(int c, int k) const {
  require_explainable(c, k);
  std::vector<Contribution> out;
  std::vector<float> w(classes_.size());
  const auto heaps = heaviest_columns(k);
  for (const auto& e : heaps[size_t(c)]) {
    const int32_t col = -e.second;
    shares({{col, 1.f}}, w.data());
    const auto at = std::lower_bound(named_cols_.begin(), named_cols_.end(), col);
    const bool named = at != named_cols_.end() && *at == col;  // a kept column: one of its n-grams made it non-zero
    std::vector<Ngram> ngrams;
    float sign = 1.f;  // a hashed n-gram adds its count to its column with the sign of its hash (vectorizer.hpp)
    if (named) {
      ngrams.push_back(named_[size_t(at - named_cols_.begin())]);
      sign = ngram_hash(ngrams[0].kind, ngrams[0].text) >> 63 ? -1.f : 1.f;
    } else if (!vectorizer_.hashed()) {
      ngrams.push_back(vectorizer_.ngram_of(col));
    }
    out.push_back({std::move(ngrams), sign, sign * w[size_t(c)]});
  }
  return out;
}

std::vector<uint8_t> TextClassifier::to_bytes() const {
  ByteWriter out(kKind);
  out.put<uint8_t>(multilabel_ ? 1 : 0);
  out.put_options(without_former_values(options_));
  vectorizer_.write(out);
  out.put_strings(classes_);
  out.put_vector(prior_);
  out.put<float>(scale_);
  out.put<float>(shift_);
  out.put_vector(multiclass_ ? multiclass_->to_bytes() : multilabel_->to_bytes());
  // Added after the first release: models without it still load (with no column named).
  out.put_vector(named_cols_);
  std::vector<std::string> named;
  for (const Ngram& g : named_) named.push_back(char(g.kind) + g.text);
  out.put_strings(named);
  return out.finish();
}

TextClassifier TextClassifier::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  TextClassifier model;
  const uint8_t sets = in.get<uint8_t>();
  require(sets <= 1, "model bytes are corrupt (text classifier kind ", int(sets), ")");
  model.options_ = with_former_values(in.get_options(), TextVectorizer::options_table());
  Options::parse(options_of(sets == 1, model.options_), model.options_, "TextClassifier");
  model.vectorizer_ = TextVectorizer::read(in);
  model.classes_ = in.get_strings();
  require(!model.classes_.empty() && std::is_sorted(model.classes_.begin(), model.classes_.end()) &&
              std::adjacent_find(model.classes_.begin(), model.classes_.end()) == model.classes_.end(),
          "model bytes are corrupt (text classifier classes)");
  model.prior_ = in.get_finite_vector<float>("prior");
  require(model.prior_.size() == model.classes_.size(), "model bytes are corrupt (text classifier prior)");
  model.scale_ = in.get_finite<float>("probability scale");
  model.shift_ = in.get_finite<float>("probability shift");
  const std::vector<uint8_t> inner = in.get_vector<uint8_t>();
  if (!in.at_end()) {
    model.named_cols_ = in.get_vector<int32_t>();
    const std::vector<std::string> named = in.get_strings();
    require(named.size() == model.named_cols_.size(), "model bytes are corrupt (text classifier: named columns)");
    for (size_t i = 0; i < named.size(); ++i) {
      const int32_t col = model.named_cols_[i];
      require(model.vectorizer_.hashed() && col >= (i ? model.named_cols_[i - 1] + 1 : 0) &&
                  col < model.vectorizer_.cols() && !named[i].empty() &&
                  (named[i][0] == char(NgramKind::word) || named[i][0] == char(NgramKind::chars)),
              "model bytes are corrupt (text classifier: named column ", i, ")");
      model.named_.push_back({NgramKind(named[i][0]), named[i].substr(1)});
    }
  }
  in.expect_end();
  if (sets) {
    auto m = std::make_shared<BinaryRelevanceModel>(BinaryRelevanceModel::from_bytes(inner.data(), inner.size()));
    require(m->labels() == model.classes_count(), "model bytes are corrupt (text classifier labels)");
    model.multilabel_ = m;
  } else {
    auto m = std::make_shared<LinearMulticlass>(LinearMulticlass::from_bytes(inner.data(), inner.size()));
    require(m->classes() == model.classes_count(), "model bytes are corrupt (text classifier classes)");
    model.multiclass_ = m;
  }
  require(model.cols() <= model.vectorizer_.cols(), "model bytes are corrupt (text classifier columns)");
  return model;
}

}  // namespace argmax
