#include "text/analyzer.hpp"

#include "text/stop_words.hpp"
#include "text/words.hpp"

namespace argmax {

const std::vector<OptionSpec>& Analyzer::option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<std::string> languages = {"none", "auto"};
    for (const std::string& l : stemmer_languages()) languages.push_back(l);
    return std::vector<OptionSpec>{
        choice_option("language", "english", languages,
         "the language of the text: its Snowball stemmer and stop words (none: neither; auto: each document "
         "and query in its own, by its ISO 639 code, which the JS API asks the language identifier for, and a "
         "language without a stemmer as none)"),
        boolean_option("stem", "true",
         "stem words with the language's Snowball stemmer (Cranfield and CACM: NDCG@10 0.380 and 0.497, against "
         "0.367 and 0.433 unstemmed; docs/search.md)"),
        boolean_option("stopWords", "true",
         "drop the language's stop words (Snowball's lists; Cranfield and CACM: NDCG@10 0.380 and 0.497, against "
         "0.377 and 0.484 with them kept; docs/search.md)"),
        boolean_option("fold", "true",
         "fold diacritics and letter forms after stemming (é is e, ﬁ is fi, Ａ is a); case is always folded"),
    };
  }();
  return specs;
}

Analyzer::Analyzer(const Options& options, const std::string& language) : fold_(options.flag("fold")) {
  if (language == "none") return;
  if (options.flag("stem")) stemmer_.emplace(language);
  if (!options.flag("stopWords")) return;
  std::string_view words = stop_words(language);
  while (!words.empty()) {
    const size_t space = words.find(' ');
    stop_words_.emplace(words.substr(0, space));
    words.remove_prefix(space == std::string_view::npos ? words.size() : space + 1);
  }
}

uint32_t Analyzer::analyze(std::string_view text, Terms& out, uint32_t first_position) {
  words_.clear();
  const uint32_t count = words(text, words_, first_position);
  for (size_t i = 0; i < words_.size(); ++i) {
    word_.assign(words_[i]);
    auto cached = term_of_word_.find(word_);
    if (cached == term_of_word_.end()) {
      if (term_of_word_.size() >= kCachedWords) term_of_word_.clear();
      cached = term_of_word_.emplace(word_, term_of(word_)).first;
    }
    if (cached->second.empty()) continue;  // a stop word, or one of combining diacritics alone
    out.text += cached->second;
    out.ends.push_back(uint32_t(out.text.size()));
    out.positions.push_back(words_.positions[i]);
  }
  return count;
}

std::string Analyzer::term_of(const std::string& word) {
  if (stop_words_.count(word) != 0) return {};
  const std::string_view stem = stemmer_ ? stemmer_->stem(word) : std::string_view(word);
  if (!fold_) return std::string(stem);
  std::string term;
  append_folded_text(term, stem);
  return term;
}

uint32_t Analyzer::words(std::string_view text, Terms& out, uint32_t first_position) {
  uint32_t position = first_position;
  for_each_word(text, word_, [&](std::string_view word) {
    out.text += word;
    out.ends.push_back(uint32_t(out.text.size()));
    out.positions.push_back(position++);
  });
  return position - first_position;
}

}  // namespace argmax
