#include "text/analyzer.hpp"

#include "text/stop_words.hpp"
#include "text/unicode.hpp"

namespace argmax {

const std::vector<OptionSpec>& Analyzer::option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<std::string> languages = {"none"};
    for (const std::string& l : stemmer_languages()) languages.push_back(l);
    return std::vector<OptionSpec>{
        {"language", OptionType::Choice, "english", 0, -1, false,
         "the language of the text: its Snowball stemmer and stop words (none: neither)", languages},
        {"stem", OptionType::Boolean, "true", 0, 1, false,
         "stem words with the language's Snowball stemmer (Cranfield and CACM: NDCG@10 +0.03 and +0.02 over "
         "unstemmed words, docs/search.md)"},
        {"stopWords", OptionType::Boolean, "true", 0, 1, false,
         "drop the language's stop words (Snowball's lists; Cranfield and CACM: better with them dropped, "
         "docs/search.md)"},
        {"fold", OptionType::Boolean, "true", 0, 1, false,
         "fold diacritics and letter forms after stemming (é is e, ﬁ is fi, Ａ is a); case is always folded"},
    };
  }();
  return specs;
}

Analyzer::Analyzer(const Options& options) : fold_(options.flag("fold")) {
  const std::string& language = options.choice("language");
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

void Analyzer::add_word(Terms& out, uint32_t position) {
  auto cached = term_of_word_.find(word_);
  if (cached == term_of_word_.end()) {
    if (term_of_word_.size() >= kCachedWords) term_of_word_.clear();
    cached = term_of_word_.emplace(word_, term_of(word_)).first;
  }
  if (cached->second.empty()) return;  // a stop word, or one of combining diacritics alone
  out.text += cached->second;
  out.ends.push_back(uint32_t(out.text.size()));
  out.positions.push_back(position);
}

std::string Analyzer::term_of(const std::string& word) {
  if (stop_words_.count(word) != 0) return {};
  const std::string_view stem = stemmer_ ? stemmer_->stem(word) : std::string_view(word);
  if (!fold_) return std::string(stem);
  std::string term;
  const auto* p = reinterpret_cast<const unsigned char*>(stem.data());
  const auto* end = p + stem.size();
  while (p < end) {
    const Decoded d = decode_utf8(p, end);
    append_folded(term, d.code_point);
    p += d.length;
  }
  return term;
}

uint32_t Analyzer::analyze(std::string_view text, Terms& out, uint32_t first_position) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  uint32_t position = first_position;
  word_.clear();
  const auto end_word = [&] {
    if (word_.empty()) return;
    add_word(out, position++);
    word_.clear();
  };
  while (p < end) {
    if (*p < 0x80) {  // ASCII: no table lookups
      const unsigned char c = *p++;
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        word_ += char(c);
      } else if (c >= 'A' && c <= 'Z') {
        word_ += char(c + 32);
      } else {
        end_word();
      }
      continue;
    }
    const Decoded d = decode_utf8(p, end);
    p += d.length;
    switch (word_class(d.code_point)) {
      case WordClass::letter:
      case WordClass::digit:
        append_lower(word_, d.code_point);
        break;
      case WordClass::mark:  // a mark continues a word; alone it is nothing
        if (!word_.empty()) append_lower(word_, d.code_point);
        break;
      case WordClass::ideograph:
        end_word();
        append_lower(word_, d.code_point);
        end_word();
        break;
      case WordClass::separator:
        end_word();
        break;
    }
  }
  end_word();
  return position - first_position;
}

}  // namespace argmax
