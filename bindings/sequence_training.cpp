// Embind glue for training chain taggers (sequence/sequence_trainer.hpp), serially, as one shard under
// parameter mixing or as one worker of an L-BFGS fit with exact parallel gradients, and the trainers' option help. argmax and argmax/sequence link it; argmax/tagger, which
// only tags, does not.
#include "common.hpp"
#include "sequence_input.hpp"
#include "sequence/chain_gradient_trainer.hpp"
#include "sequence/chain_shard_trainer.hpp"
#include "sequence/sequence_trainer.hpp"
#include "gradient_binding.hpp"
#include "shard_binding.hpp"

namespace argmax::js {
namespace {

// lexicon: the text of a word lexicon (word_lexicon.hpp), or empty for none.
WordLexicon lexicon_of(const std::string& lexicon) { return lexicon.empty() ? WordLexicon() : WordLexicon::parse(lexicon); }

// The rows of numeric sequences, in the columns of a warm start's model if any.
Rows numeric_rows(const MatrixArg& x, const SequenceModel* warm) {
  return warm ? input_rows(x, warm->numeric_columns) : rows_at(x);
}

// Training tags split by the sequences' lengths: two tags or more unless allowSingleClass, as a classifier's
// labels (core/labels.hpp). JS has matched their shape to the sequences'.
Sentences training_tags(const std::string& tags, uintptr_t lengths, int m, bool allow_single_class) {
  Sentences out = split_sequences(tags, lengths, m);
  std::vector<std::string_view> all;
  for (const auto& s : out)
    for (const std::string& t : s) all.push_back(t);
  require_two_classes(all.data(), all.size(), "tags", "tag", allow_single_class);
  return out;
}
// The tags of numeric sequences, by the sequences' starts.
Sentences numeric_tags(const std::vector<int64_t>& starts, int m, const std::string& tags, bool allow_single_class) {
  std::vector<int32_t> lengths;
  for (int i = 0; i < m; ++i) lengths.push_back(int32_t(starts[i + 1] - starts[i]));
  return training_tags(tags, uintptr_t(lengths.data()), m, allow_single_class);
}

SequenceModel train_tokens(std::string tokens, uintptr_t lengths, int m, std::string tags, std::string options,
                           std::string lexicon, bool allow_single_class, val on_progress, SequenceModel* warm) {
  const Sentences x = split_sequences(tokens, lengths, m), y = training_tags(tags, lengths, m, allow_single_class);
  return train_tagger(x, y, option_lines(options), progress_from(on_progress), warm, lexicon_of(lexicon));
}

SequenceModel train_numeric(const MatrixArg& x, uintptr_t starts, int m, std::string tags, std::string options,
                            bool allow_single_class, val on_progress, SequenceModel* warm) {
  const std::vector<int64_t> s = starts_at(starts, m);
  const Rows rows = numeric_rows(x, warm);
  return train_numeric_tagger(rows, s, numeric_tags(s, m, tags, allow_single_class), option_lines(options),
                              progress_from(on_progress), warm);
}

// Parameter mixing: one worker's shard of the training set (arguments as train_tokens and train_numeric take them).
ChainShardTrainer* shard_tokens(std::string tokens, uintptr_t lengths, int m, std::string tags, std::string options,
                                std::string lexicon, bool allow_single_class, SequenceModel* warm, int shards, int shard) {
  const Sentences x = split_sequences(tokens, lengths, m), y = training_tags(tags, lengths, m, allow_single_class);
  return new ChainShardTrainer(prepare_tagger_shard(x, y, option_lines(options), warm, lexicon_of(lexicon), shards, shard),
                               shards, shard);
}
ChainShardTrainer* shard_numeric(const MatrixArg& x, uintptr_t starts, int m, std::string tags, std::string options,
                                 bool allow_single_class, SequenceModel* warm, int shards, int shard) {
  const std::vector<int64_t> s = starts_at(starts, m);
  const Rows rows = numeric_rows(x, warm);
  return new ChainShardTrainer(prepare_numeric_shard(rows, s, numeric_tags(s, m, tags, allow_single_class),
                                                     option_lines(options), warm, shards, shard),
                               shards, shard);
}

// Exact parallel gradients: worker `worker` of `workers` of an L-BFGS fit (arguments as train_tokens and
// train_numeric take them).
ChainGradientTrainer* gradient_tokens(std::string tokens, uintptr_t lengths, int m, std::string tags, std::string options,
                                      std::string lexicon, bool allow_single_class, SequenceModel* warm, int workers,
                                      int worker) {
  const Sentences x = split_sequences(tokens, lengths, m), y = training_tags(tags, lengths, m, allow_single_class);
  return new ChainGradientTrainer(prepare_tagger(x, y, option_lines(options), warm, lexicon_of(lexicon)), workers, worker);
}
ChainGradientTrainer* gradient_numeric(const MatrixArg& x, uintptr_t starts, int m, std::string tags, std::string options,
                                       bool allow_single_class, SequenceModel* warm, int workers, int worker) {
  const std::vector<int64_t> s = starts_at(starts, m);
  const Rows rows = numeric_rows(x, warm);
  return new ChainGradientTrainer(prepare_numeric_tagger(rows, s, numeric_tags(s, m, tags, allow_single_class),
                                                         option_lines(options), warm),
                                  workers, worker);
}

std::string help(std::string trainer) { return describe(sequence_options(trainer)); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_sequence_training) {
  using namespace emscripten;
  function("trainSequenceTokens", &Guard<&train_tokens>::call, allow_raw_pointers());
  function("trainSequenceNumeric", &Guard<&train_numeric>::call, allow_raw_pointers());
  bind_shard<ChainShardTrainer>("ChainShard")
      .class_function("tokens", &Guard<&shard_tokens>::call, allow_raw_pointers())
      .class_function("numeric", &Guard<&shard_numeric>::call, allow_raw_pointers());
  bind_chain_gradient()
      .class_function("tokens", &Guard<&gradient_tokens>::call, allow_raw_pointers())
      .class_function("numeric", &Guard<&gradient_numeric>::call, allow_raw_pointers());
  function("sequenceHelp", &Guard<&help>::call);
}

}  // namespace argmax::js
