// Sequence tagging benchmark: UD English EWT (UPOS) and the OCR letters (small and large
// protocols), for each trainer: accuracy, training seconds, decoding tokens/s from raw input
// (feature extraction included) and peak memory. Data from ../shared/data (or --data DIR);
// a missing data set is skipped. On OCR, --eval dev trains on the first nine tenths of the training
// sequences and scores the last tenth (a held-out split for tuning, e.g. the γ of rff=D).
//
//   bench_sequence [--data DIR] [--task ewt|ocr-large|ocr-small|all] [--trainers t[:loss],…] [--eval test|dev]
//                  [--lexicon FILE|none] [--save FILE] [-v] [key=value …]
//
// --trainers lists the runs, each a trainer with its loss after a colon (sequence_trainer.hpp), e.g.
// perceptron,sgd:hinge,pegasos:slack,bcfw:hinge,lbfgs:log; the default is
// perceptron,sgd:hinge,sgd:slack,lbfgs:log,lbfgs:softmax-margin (0.1's perceptron, ssvm, ssvm-slack, crf and
// softmax-margin). A run without a loss takes the trainer's default loss.
//
// key=value pairs are passed to the trainer (see sequence_trainer.hpp), e.g. epochs=15 features=crfsuite.
// EWT with the default features reads the English word lexicon shipped with the JS package (as the CLI
// does; run from the repository root), CRFsuite's feature set never does. --save writes the (last) EWT
// model's bytes, e.g. to measure their gzip size.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/conll.hpp"
#include "io/svmhmm.hpp"
#include "metrics/sequence_metrics.hpp"
#include "sequence/sequence_trainer.hpp"

using namespace argmax;
using Clock = std::chrono::steady_clock;

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return true;
}

std::string ewt_eval = "test";  // --eval dev tunes on the development set
std::string lexicon_path = "bindings/js/lexicons/english.tsv";  // --lexicon none: without
std::string save_path;                                          // --save FILE

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double peak_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024.0;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, sep);)
    if (!item.empty()) out.push_back(item);
  return out;
}

void row(const std::string& task, const std::string& algo, double acc, double seq_acc, double train_s,
         double tokens_per_s, int epochs_run) {
  std::printf("| %-9s | %-23s | %6.2f%% | %6.2f%% | %7.1f | %5d | %9.0f | %6.0f |\n", task.c_str(), algo.c_str(),
              100 * acc, 100 * seq_acc, train_s, epochs_run, tokens_per_s, peak_mb());
  std::fflush(stdout);
}

// The most frequent (gold → predicted) mistakes.
void print_confusions(const SequenceScores& s) {
  std::vector<std::pair<long, std::string>> top;
  const size_t k = s.tags.size();
  for (size_t a = 0; a < k; ++a)
    for (size_t b = 0; b < k; ++b)
      if (a != b && s.confusion[a * k + b]) top.emplace_back(s.confusion[a * k + b], s.tags[a] + " → " + s.tags[b]);
  std::sort(top.rbegin(), top.rend());
  for (size_t i = 0; i < top.size() && i < 12; ++i) std::fprintf(stderr, "  %5ld  %s\n", top[i].first, top[i].second.c_str());
}

// A run "trainer[:loss]" as options, followed by the command line's key=value pairs.
OptionList with_algo(const OptionList& extra, const std::string& run) {
  const size_t colon = run.find(':');
  OptionList o{{"trainer", run.substr(0, colon)}};
  if (colon != std::string::npos) o.emplace_back("loss", run.substr(colon + 1));
  for (const auto& kv : extra) o.push_back(kv);
  return o;
}

// The run's loss is a likelihood (the CRFs).
bool likelihood_run(const std::string& run) {
  const size_t colon = run.find(':');
  const std::string loss = colon == std::string::npos ? "" : run.substr(colon + 1);
  return loss == "log" || loss == "softmax-margin";
}

ProgressFn verbose_progress(bool verbose, int& epochs) {
  return [verbose, &epochs](const Progress& p) {
    epochs = p.epoch;
    if (verbose) std::fprintf(stderr, "  epoch %d objective %.5f train error %.4f\n", p.epoch, p.objective, p.training_error);
    return true;
  };
}

void run_ewt(const std::string& dir, const std::vector<std::string>& algos, const OptionList& extra, bool verbose) {
  std::string train_text, test_text;
  if (!read_file(dir + "/ud-english-ewt/en_ewt-ud-train.conllu", train_text) ||
      !read_file(dir + "/ud-english-ewt/en_ewt-ud-" + ewt_eval + ".conllu", test_text)) {
    std::printf("| ewt       | (skipped: %s/ud-english-ewt not found) |\n", dir.c_str());
    return;
  }
  const TaggedText train_set = read_conllu(train_text), test_set = read_conllu(test_text);
  const Sentences train_tokens = train_set.token_sentences(), train_tags = train_set.tag_sentences();
  const Sentences test_tokens = test_set.token_sentences(), test_tags = test_set.tag_sentences();
  std::string lexicon_text;
  if (lexicon_path != "none" && !read_file(lexicon_path, lexicon_text)) {
    std::fprintf(stderr, "error: cannot read the lexicon %s (run from the repository root, or --lexicon none)\n",
                 lexicon_path.c_str());
    return;
  }
  const WordLexicon words = lexicon_text.empty() ? WordLexicon() : WordLexicon::parse(lexicon_text);
  // Without feature settings: the default features, plus CRFsuite's set for the perceptron (the issue's
  // reference point) and instead of the default for the CRFs (L-BFGS over the default set needs ~0.9 GB).
  bool chosen = false;
  for (const auto& kv : extra) chosen |= kv.first == "features" || kv.first == "templates";
  std::vector<std::pair<std::string, OptionList>> runs;
  for (const auto& algo : algos) {
    OptionList crfsuite = with_algo(extra, algo);
    crfsuite.emplace_back("features", "crfsuite");
    const bool likelihood = likelihood_run(algo);
    runs.emplace_back(algo + (!chosen && likelihood ? " crfsuite" : ""), !chosen && likelihood ? crfsuite : with_algo(extra, algo));
    if (!chosen && algo == "perceptron") runs.emplace_back(algo + " crfsuite", crfsuite);
  }
  for (const auto& [algo, options] : runs) {
    int epochs = 0;
    auto t0 = Clock::now();
    const SequenceModel model = train_tagger(train_tokens, train_tags, options, verbose_progress(verbose, epochs), nullptr, words);
    const double train_s = seconds_since(t0);
    t0 = Clock::now();
    const auto predicted = model.tag(test_tokens);
    const double decode_s = seconds_since(t0);
    const SequenceScores s = score_sequences(test_tags, predicted);
    const std::vector<uint8_t> bytes = model.to_bytes();
    if (verbose)
      std::fprintf(stderr, "  %d feature rows, %zu weights, %zu nonzero, %zu model bytes\n", model.feature_rows(),
                   model.weights.size(), size_t(std::count_if(model.weights.begin(), model.weights.end(), [](float w) { return w != 0; })),
                   bytes.size());
    if (!save_path.empty()) std::ofstream(save_path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (verbose) print_confusions(s);
    row("ewt-" + ewt_eval, algo, s.token_accuracy, s.sequence_accuracy, train_s, s.tokens / decode_s, epochs);
  }
}

void run_ocr(const std::string& dir, const std::string& protocol, const std::vector<std::string>& algos,
             const OptionList& extra, bool verbose) {
  std::string train_text, test_text;
  const std::string base = dir + "/ocr-letters/ocr-" + protocol;
  if (!read_file(base + "-train.svmhmm", train_text) || !read_file(base + "-test.svmhmm", test_text)) {
    std::printf("| ocr-%-5s | (skipped: %s-*.svmhmm not found) |\n", protocol.c_str(), base.c_str());
    return;
  }
  if (ewt_eval == "dev") {  // hold out the sequences after the one that holds the line at 90%
    const auto qid_of = [&](size_t line) {
      const size_t q = train_text.find("qid:", line);
      return train_text.substr(q, train_text.find_first_of(" \n", q) - q);
    };
    size_t cut = 0;
    for (size_t lines = std::count(train_text.begin(), train_text.end(), '\n') * 9 / 10; lines > 0; --lines)
      cut = train_text.find('\n', cut) + 1;
    for (const std::string sequence = qid_of(cut); cut < train_text.size() && qid_of(cut) == sequence;)
      cut = train_text.find('\n', cut) + 1;
    test_text = train_text.substr(cut);
    train_text.resize(cut);
  }
  const NumericSequences train = read_svmhmm(train_text), test = read_svmhmm(test_text);
  for (const auto& algo : algos) {
    int epochs = 0;
    auto t0 = Clock::now();
    const SequenceModel model =
        train_numeric_tagger(train.rows.view(), train.starts, train.tags, with_algo(extra, algo), verbose_progress(verbose, epochs));
    const double train_s = seconds_since(t0);
    t0 = Clock::now();
    SequenceBatch x;
    model.featurize(test.rows.view(), test.starts, x);
    const std::vector<int> ids = model.decode(x);
    const double decode_s = seconds_since(t0);
    std::vector<std::vector<std::string>> predicted;
    size_t p = 0;
    for (const auto& tags : test.tags) {
      predicted.emplace_back();
      for (size_t t = 0; t < tags.size(); ++t) predicted.back().push_back(model.labels[ids[p++]]);
    }
    const SequenceScores s = score_sequences(test.tags, predicted);
    row("ocr-" + protocol, algo, s.token_accuracy, s.sequence_accuracy, train_s, s.tokens / decode_s, epochs);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string data = "../shared/data", task = "all";
  std::vector<std::string> algos = {"perceptron", "sgd:hinge", "sgd:slack", "lbfgs:log", "lbfgs:softmax-margin"};
  OptionList extra;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--data" && i + 1 < argc) data = argv[++i];
    else if (a == "--task" && i + 1 < argc) task = argv[++i];
    else if (a == "--trainers" && i + 1 < argc) algos = split(argv[++i], ',');
    else if (a == "--algos") {
      std::fprintf(stderr, "error: --algos was renamed in 0.2.0: use --trainers trainer[:loss],… (ssvm = sgd:hinge, "
                   "ssvm-slack = sgd:slack, crf = lbfgs:log, softmax-margin = lbfgs:softmax-margin)\n");
      return 2;
    }
    else if (a == "-v") verbose = true;
    else if (a == "--eval" && i + 1 < argc) ewt_eval = argv[++i];
    else if (a == "--lexicon" && i + 1 < argc) lexicon_path = argv[++i];
    else if (a == "--save" && i + 1 < argc) save_path = argv[++i];
    else if (a.find('=') != std::string::npos) extra.emplace_back(a.substr(0, a.find('=')), a.substr(a.find('=') + 1));
    else {
      std::fprintf(stderr, "usage: bench_sequence [--data DIR] [--task ewt|ocr-large|ocr-small|all] [--trainers t[:loss],…] [--eval test|dev] [--lexicon FILE|none] [--save FILE] [-v] [key=value …]\n");
      return 2;
    }
  }
  try {
    std::printf("| task      | trainer:loss   | token acc | seq acc | train s | epochs | decode tok/s | peak MB |\n");
    std::printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
    if (task == "all" || task == "ewt") run_ewt(data, algos, extra, verbose);
    if (task == "all" || task == "ocr-large") run_ocr(data, "large", algos, extra, verbose);
    if (task == "all" || task == "ocr-small") run_ocr(data, "small", algos, extra, verbose);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
