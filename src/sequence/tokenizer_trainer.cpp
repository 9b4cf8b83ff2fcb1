#include "sequence/tokenizer_trainer.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <unordered_map>

#include "core/error.hpp"
#include "learn/trainer_options.hpp"
#include "sequence/sequence_trainer.hpp"
#include "sequence/tokenizer_symbols.hpp"

namespace argmax {

const char* const kTokenizerTemplates =
    "bias word[0] word[-1] word[1] word[-2] word[2] word[-3] word[3] "
    "word[-1]|word[0] word[0]|word[1] word[-2]|word[-1] word[1]|word[2] "
    "word[-2]|word[-1]|word[0] word[-1]|word[0]|word[1] word[0]|word[1]|word[2] "
    "word[-3]|word[-2]|word[-1] word[1]|word[2]|word[3] "
    "word[0]|word[1]|word[2]|word[3] word[-1]|word[0]|word[1]|word[2] word[-2]|word[-1]|word[0]|word[1] "
    "lower[-4]|lower[-3]|lower[-2]|lower[-1] lower[-3]|lower[-2]|lower[-1]|lower[0] "
    "shape[0] shape[-1]|shape[0]|shape[1] shape[-2]|shape[-1]|shape[0]|shape[1]|shape[2] chunk[0] chunkshape[0]";

namespace {

// A tokenizer's table: a tagger's, with the defaults that fit labelling the characters of a treebank's text.
std::vector<OptionSpec> compose_tokenizer(const std::string& trainer) {
  std::vector<OptionSpec> specs = sequence_options(trainer);
  for (OptionSpec& s : specs) {
    if (s.name == "trainer")  // (set_default would keep the tagger's reason beside this one)
      s = trainer_option(s.choices, "lbfgs", "a CRF by OWL-QN finds more of the words and sentences of "
                         "UD English, French and Portuguese text than the perceptron, in a fifth to a tenth of its "
                         "size (docs/benchmarks.md)");
    if (s.name == "templates")  // (the templates are too long to repeat in the help, as set_default would)
      s.default_value = kTokenizerTemplates, s.help += "; default here: cluster n-grams to ±3 and 4-grams, their "
                                                       "shapes, the chunk and its shape (sequence/tokenizer.hpp)";
  }
  if (trainer == "lbfgs") {
    set_default(specs, "c1", "0.3", "it leaves most character n-gram weights at 0, as accurate as 0.1 and more "
                "than 1 (EWT dev)");
    set_default(specs, "c2", "0.1", "c2 = 1 kept a tokenizer of a few hundred words from learning a split that "
                "the context decides, and 0.1 is as accurate on EWT dev");
  }
  set_default(specs, "hashBits", "17", "an exact dictionary of character n-grams holds millions of them");
  set_default(specs, "weightBits", "8", "as accurate as 32 on EWT dev, in a third of the size");
  return specs;
}

// The trainers of a tagger, which a tokenizer has too.
std::vector<std::string> tagger_trainers() {
  for (const OptionSpec& s : sequence_options(""))
    if (s.name == "trainer") return s.choices;
  throw std::logic_error("a tagger's table has no trainer option");
}

const TrainerTables& tokenizer_tables() {
  static const TrainerTables tables(tagger_trainers(), compose_tokenizer, "a tokenizer");
  return tables;
}

// The listing of lexbegin and lexend is built in kListingFolds folds of the paragraphs: in training, a paragraph's
// features read the words of the other folds, so that they miss words as they do on new text (jackknifing, as
// taggers train on stacked features); a listing of the same text is right at almost every training boundary and
// is trusted more than it deserves. The model keeps the listing of every fold.
constexpr int kListingFolds = 10;
using FoldCounts = std::unordered_map<std::string, std::array<int, kListingFolds>>;

// Adds to `counts` (in fold `fold`) the words of a paragraph's symbols `x` under its gold labels `y`: a word
// begins at S, B or W and goes on through I and D; a space (O) and a hyphen between words (H) are in none.
void count_words(const std::vector<std::string>& x, const std::vector<std::string>& y, int fold, FoldCounts& counts) {
  std::string word;
  for (size_t j = 0; j <= x.size(); ++j) {
    const char label = j < y.size() ? y[j][0] : 'O';
    if (label == 'I' || label == 'D') {
      word += x[j];
      continue;
    }
    if (!word.empty()) ++counts[word][size_t(fold)], word.clear();
    if (label == 'S' || label == 'B' || label == 'W') word = x[j];
  }
}

// The words of `counts` seen min_count times or more outside fold `without` (−1: in every fold).
WordLexicon listing(const FoldCounts& counts, int min_count, int without) {
  std::vector<std::string> listed;
  for (const auto& [word, in_fold] : counts)
    if (std::accumulate(in_fold.begin(), in_fold.end(), 0) - (without < 0 ? 0 : in_fold[size_t(without)]) >= min_count)
      listed.push_back(word);
  std::sort(listed.begin(), listed.end());  // (one order, whatever the hash map's)
  return WordLexicon::listing(listed);
}

}  // namespace

const std::vector<OptionSpec>& tokenizer_options(const std::string& trainer) { return tokenizer_tables().of(trainer); }

std::string tokenizer_trainer_of(const OptionList& given) { return tokenizer_tables().chosen(given); }

TokenizerChain prepare_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                                 const OptionList& options) {
  require(paragraphs.size() == clusters.size(), "tokenizer training: ", paragraphs.size(), " paragraphs but ",
          clusters.size(), " cluster lists");
  require(!paragraphs.empty(), "tokenizer training: the treebank has no sentences");
  // The chain is trained, and saved, with the tokenizer's defaults written out where a tagger's differ (merged by
  // name; the templates only when `features` does not choose a preset instead); they are checked before the
  // paragraphs are labelled, so that a bad option is refused at once.
  OptionList given = options;
  auto is_given = [&options](const std::string& key) {
    return std::any_of(options.begin(), options.end(), [&key](const auto& kv) { return kv.first == key; });
  };
  const std::string trainer = tokenizer_trainer_of(options);
  const std::vector<OptionSpec>& tagger = sequence_options(trainer);
  for (const OptionSpec& s : tokenizer_options(trainer)) {
    const auto as_tagger = std::find_if(tagger.begin(), tagger.end(), [&s](const OptionSpec& t) { return t.name == s.name; });
    if (as_tagger != tagger.end() && as_tagger->default_value != s.default_value && !is_given(s.name) && !(s.name == "templates" && is_given("features")))
      given.emplace_back(s.name, s.default_value);
  }
  check_sequence_options(given);
  // Templates that read lexbegin or lexend look words up in a listing of the training text's words, those seen
  // lexiconMinCount times or more; in training, the listing of the other folds (kListingFolds).
  const auto templates = std::find_if(given.rbegin(), given.rend(), [](const auto& kv) { return kv.first == "templates"; });
  const bool lists_words = templates != given.rend() && TokenFeaturizer(templates->second).reads_listing();
  const int min_count = Options::parse(sequence_options(trainer), given, "tokenizer").integer("lexiconMinCount");
  FoldCounts word_counts;
  TokenizerChain out;
  TokenizerModel& m = out.model;
  Sentences& symbols = out.symbols;
  Sentences& labels = out.labels;
  std::vector<ClusterKind> kinds;
  std::vector<int32_t> where;
  std::string bytes;
  std::vector<std::string_view> views;
  for (size_t p = 0; p < paragraphs.size(); ++p) {
    const std::vector<std::string> gold = cluster_labels(clusters[p], paragraphs[p], m.multiword);
    if (gold.empty()) {
      ++m.skipped;
      continue;
    }
    ++m.paragraphs;
    std::vector<std::string> y;
    labelled_clusters(cluster_kinds(clusters[p]), 0, int32_t(gold.size()), where, kinds);
    for (const int32_t i : where) y.push_back(gold[size_t(i)]);
    feature_symbols(clusters[p], where, kinds, bytes, views);  // (the gold labels already split links off)
    const std::vector<std::string> x(views.begin(), views.end());
    const int fold = (m.paragraphs - 1) % kListingFolds;
    if (lists_words) count_words(x, y, fold, word_counts);
    size_t start = 0;
    for (const size_t end : run_ends(kinds)) {
      if (lists_words) out.held_out.of.push_back(fold);
      symbols.emplace_back(x.begin() + long(start), x.begin() + long(end));
      labels.emplace_back(y.begin() + long(start), y.begin() + long(end));
      start = end;
    }
  }
  require(!symbols.empty(), "tokenizer training: no paragraph's tokens spell its text (", m.skipped, " skipped)");
  if (lists_words) {
    out.words = listing(word_counts, min_count, -1);
    for (int f = 0; f < kListingFolds; ++f) out.held_out.listings.push_back(listing(word_counts, min_count, f));
  }
  out.options = std::move(given);
  return out;
}

TokenizerModel train_tokenizer(const std::vector<TextParagraph>& paragraphs, const std::vector<ClusterText>& clusters,
                               const OptionList& options, const ProgressFn& progress) {
  TokenizerChain c = prepare_tokenizer(paragraphs, clusters, options);
  c.model.chain = train_tagger(c.symbols, c.labels, c.options, progress, nullptr, std::move(c.words),
                               c.held_out.of.empty() ? nullptr : &c.held_out);
  return std::move(c.model);
}

TokenizerGradientTrainer::TokenizerGradientTrainer(TokenizerChain prepared, int workers, int worker)
    : ChainGradientTrainer(prepare_tagger(prepared.symbols, prepared.labels, prepared.options, nullptr,
                                          std::move(prepared.words),
                                          prepared.held_out.of.empty() ? nullptr : &prepared.held_out),
                           workers, worker),
      model_(std::move(prepared.model)) {}

TokenizerModel TokenizerGradientTrainer::finish() {
  model_.chain = ChainGradientTrainer::finish();
  return std::move(model_);
}

}  // namespace argmax
