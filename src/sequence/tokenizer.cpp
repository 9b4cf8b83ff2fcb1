#include "sequence/tokenizer.hpp"

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "sequence/tokenizer_symbols.hpp"

namespace argmax {

Tokenization TokenizerModel::tokenize(const ClusterText& text, bool forms) const {
  int ids[kTokenLabels];
  for (int l = 0; l < kTokenLabels; ++l) ids[l] = chain.label_id(kTokenLabelNames[l]);
  // Whether the chain decides which dictionary forms to split ("des" is "de les" or a word, by its context); a
  // chain that never saw D (no dictionary token of two clusters or more) leaves the dictionary to split them all.
  const bool chooses = ids[kD] >= 0;
  const std::vector<ClusterKind> kinds = cluster_kinds(text);
  const std::vector<std::pair<int32_t, int32_t>> paragraphs = paragraphs_from(text, kinds);
  std::string bytes;                       // the paragraph's feature symbols
  std::vector<std::string_view> symbols;   // views into bytes
  std::vector<ClusterKind> labelled;       // the kind of each labelled cluster
  std::vector<int32_t> where;              // cluster index of each labelled cluster
  std::vector<int> labels(text.size(), -1);  // per cluster: TokenLabel, or −1 for one not labelled
  SequenceBatch batch;
  for (const auto& [pb, pe] : paragraphs) {
    labelled_clusters(kinds, pb, pe, where, labelled);
    const std::vector<Link> links = feature_symbols(text, where, labelled, bytes, symbols);
    size_t start = 0;
    for (const size_t end : run_ends(labelled)) {
      batch.starts.assign(1, 0), batch.ends.assign(1, 0), batch.ids.clear();
      chain.featurize(symbols.data() + start, int(end - start), batch);
      const std::vector<int> decoded = chain.decode(batch);
      for (size_t j = start; j < end; ++j) {
        int label = kO;
        for (int l = 0; l < kTokenLabels; ++l)
          if (ids[l] == decoded[j - start]) label = l;
        labels[size_t(where[j])] = label;
      }
      start = end;
    }
    // A link is one token, whatever the chain says of its insides and of the brackets and punctuation around it
    // (UD treebanks split those off).
    for (const Link& l : links) {
      for (size_t j = l.begin + 1; j < l.end; ++j) labels[size_t(where[j])] = kI;
      for (const size_t j : {l.begin, l.end})
        if (j > l.chunk_begin && j < l.chunk_end) {
          int& label = labels[size_t(where[j])];
          if (label == kI || label == kW) label = kB;
        }
    }
  }
  return tokens_from_labels(text, kinds, paragraphs, labels, {multiword, chooses}, forms);
}

// Payload: the chain's own model bytes (checked as a sequence model is), then the multiword dictionary.
std::vector<uint8_t> TokenizerModel::to_bytes() const {
  ByteWriter w("tokenizer");
  w.put_vector(chain.to_bytes());
  w.put<uint64_t>(multiword.size());
  for (const auto& [surface, words] : multiword) w.put_string(surface), w.put_strings(words);
  return w.finish();
}

TokenizerModel TokenizerModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader r(data, size, "tokenizer");
  TokenizerModel m;
  const std::vector<uint8_t> chain = r.get_vector<uint8_t>();
  m.chain = SequenceModel::from_bytes(chain.data(), chain.size());
  require(m.chain.input == SequenceInput::Tokens, "tokenizer model's chain does not read tokens");
  for (const std::string& label : m.chain.labels) {
    bool known = false;
    for (const char* name : kTokenLabelNames) known = known || label == name;
    require(known, "tokenizer model has a label '", label, "' (a tokenizer labels clusters S, B, I, W, D, H, O)");
  }
  const uint64_t entries = r.get<uint64_t>();
  require(entries <= size, "tokenizer model bytes are corrupt (", entries, " multiword entries)");
  for (uint64_t e = 0; e < entries; ++e) {
    std::string surface = r.get_string();
    std::vector<std::string> words = r.get_strings();
    require(words.size() >= 2, "tokenizer model bytes are corrupt (multiword token '", surface, "' has ",
            words.size(), " words)");
    m.multiword.emplace(std::move(surface), std::move(words));
  }
  r.expect_end();
  return m;
}

}  // namespace argmax
