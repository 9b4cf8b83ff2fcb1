#include "text/ngrams.hpp"

namespace argmax {

bool start_ngram(const std::vector<std::string_view>& words, const NgramSizes& sizes, int k, std::string& gram) {
  const bool pair = k >= sizes.start;
  const size_t last = pair ? size_t(k - sizes.start + 1) : size_t(k);  // the n-gram's last word
  if (last >= words.size()) return false;
  (gram = "^ ") += words[0];
  if (pair) (gram += " \xe2\x80\xa6 ") += words[last];
  else
    for (size_t i = 1; i <= last; ++i) (gram += ' ') += words[i];
  return true;
}

}  // namespace argmax
