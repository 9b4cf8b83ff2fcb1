#include "sequence/cluster_labels.hpp"

#include "text/character_classes.hpp"

namespace argmax {

const char* const kTokenLabelNames[kTokenLabels] = {"S", "B", "I", "W", "D", "H", "O"};

std::vector<std::string> cluster_labels(const ClusterText& text, const TextParagraph& paragraph,
                                        MultiwordDictionary& multiword) {
  const size_t n = text.size();
  std::vector<std::string> labels(n, kTokenLabelNames[kO]);
  size_t c = 0;
  for (const TextSentence& sentence : paragraph.sentences)
    for (size_t k = 0; k < sentence.tokens.size(); ++k) {
      const SurfaceToken& token = sentence.tokens[k];
      while (c < n && cluster_kind(text.cluster(c)) != ClusterKind::Visible) ++c;
      const size_t first = c;
      std::vector<size_t> starts;  // byte offset in the form where each cluster starts
      std::string spelled;
      while (spelled.size() < token.form.size() && c < n) starts.push_back(spelled.size()), spelled += text.cluster(c++);
      if (spelled != token.form) return {};
      labels[first] = kTokenLabelNames[k == 0 ? kS : kB];
      for (size_t j = first + 1; j < c; ++j) labels[j] = kTokenLabelNames[kI];
      if (token.words.size() < 2) continue;
      // The words spell the token, or spell it with a hyphen between each two (Portuguese "dá-se" = "dá" + "se").
      std::string joined, hyphened;
      std::vector<size_t> word_starts;  // where each word starts in the form
      for (const std::string& w : token.words) {
        hyphened += (joined.empty() ? "" : "-") + w;
        word_starts.push_back(joined.size()), joined += w;
      }
      const size_t hyphens = joined != token.form && hyphened == token.form;
      for (size_t w = 1; w < word_starts.size(); ++w) word_starts[w] += w * hyphens;
      bool on_clusters = joined == token.form || hyphens;
      for (size_t w = 1; on_clusters && w < word_starts.size(); ++w) {
        size_t j = 0;
        while (j < starts.size() && starts[j] < word_starts[w]) ++j;
        on_clusters = j < starts.size() && starts[j] == word_starts[w] && word_starts[w] > word_starts[w - 1] + hyphens &&
                      (!hyphens || starts[j - 1] + 1 == word_starts[w]);
        if (on_clusters) labels[first + j] = kTokenLabelNames[kW];
        if (on_clusters && hyphens) labels[first + j - 1] = kTokenLabelNames[kH];
      }
      if (!on_clusters) {
        for (size_t j = first + 1; j < c; ++j) labels[j] = kTokenLabelNames[kD];
        multiword.emplace(ascii_lower(token.form), token.words);
      }
    }
  for (; c < n; ++c)
    if (cluster_kind(text.cluster(c)) == ClusterKind::Visible) return {};
  return labels;
}

Tokenization tokens_from_labels(const ClusterText& text, const std::vector<ClusterKind>& kinds,
                                const std::vector<std::pair<int32_t, int32_t>>& paragraphs, const std::vector<int>& labels,
                                const Multiwords& dictionary, bool forms) {
  const MultiwordDictionary& multiword = dictionary.forms;
  Tokenization out;
  for (const auto& [pb, pe] : paragraphs) {
    int32_t begin = -1, end = 0;
    bool split = false;  // whether a cluster of the open token is labelled D
    std::vector<int32_t> word_starts;
    bool sentence_open = false;
    auto symbols_of = [&](int32_t b, int32_t e) {
      std::string s(size_t(text.ends[size_t(e - 1)] - (b ? text.ends[size_t(b - 1)] : 0)), '\0');
      size_t n = 0;
      for (int32_t i = b; i < e; ++i)
        if (labels[size_t(i)] >= 0) n += write_cluster_symbol(text.cluster(size_t(i)), kinds[size_t(i)], &s[n]);
      s.resize(n);
      return s;
    };
    auto close = [&]() {
      if (begin < 0) return;
      out.tokens.push_back(begin), out.tokens.push_back(end);
      out.words.push_back(int32_t(out.word_spans.size() / 2));
      word_starts.push_back(end);
      if (word_starts.size() == 2) {  // one word, unless the dictionary splits it
        // the dictionary is asked for a token the chain split (D), or for every token when the chain never does
        const bool asked = !multiword.empty() && (split || !dictionary.chosen_by_chain || end - begin == 1);
        std::string form = forms || asked ? symbols_of(begin, end) : std::string();
        const auto known = asked ? multiword.find(ascii_lower(form)) : multiword.end();
        if (known == multiword.end()) {
          out.word_spans.push_back(begin), out.word_spans.push_back(end);
          if (forms) out.forms.push_back(std::move(form));
        } else {
          for (const std::string& w : known->second) out.forms.push_back(w), out.word_spans.push_back(-1), out.word_spans.push_back(-1);
        }
      } else {
        for (size_t w = 0; w + 1 < word_starts.size(); ++w) {
          // a hyphen (H) before the next word is in neither
          const int32_t e = word_starts[w + 1] - (w + 2 < word_starts.size() && labels[size_t(word_starts[w + 1] - 1)] == kH);
          out.word_spans.push_back(word_starts[w]), out.word_spans.push_back(e);
          if (forms) out.forms.push_back(symbols_of(word_starts[w], e));
        }
      }
      begin = -1, split = false;
      word_starts.clear();
    };
    for (int32_t i = pb; i < pe; ++i) {
      const int label = labels[size_t(i)];
      if (label < 0) continue;
      if (kinds[size_t(i)] == ClusterKind::Space) {
        if ((label != kI && label != kD) || begin < 0) close();
        else split = split || label == kD;
        continue;
      }
      if (begin < 0 || label == kB || label == kS || label == kO) {
        close();
        if (!sentence_open || label == kS) {
          out.sentences.push_back(int32_t(out.tokens.size() / 2));
          sentence_open = true;
        }
        begin = i;
        word_starts.assign(1, i);
      } else if (label == kW) {
        word_starts.push_back(i);
      } else if (label == kD) {
        split = true;
      }
      end = i + 1;
    }
    close();
  }
  out.sentences.push_back(int32_t(out.tokens.size() / 2));
  out.words.push_back(int32_t(out.word_spans.size() / 2));
  return out;
}

}  // namespace argmax
