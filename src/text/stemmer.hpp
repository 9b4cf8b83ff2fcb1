// Stemming by the Snowball stemmers (third_party/snowball, BSD-3-Clause): the same code natively and in wasm.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct SN_env;

namespace argmax {

// The languages with a Snowball stemmer here, alphabetical.
const std::vector<std::string>& stemmer_languages();

// The Snowball language of an ISO 639 code (as the language identifier answers: "fr", "nb"), or "" when
// there is no stemmer for it.
std::string stemmer_language_of_code(std::string_view code);

class Stemmer {
 public:
  // Throws InputError naming the languages there are when `language` is not one of them.
  explicit Stemmer(const std::string& language);
  Stemmer(Stemmer&&) noexcept;
  Stemmer& operator=(Stemmer&&) noexcept;
  ~Stemmer();

  // The stem of a lower-case word (UTF-8). The view lives until the next call.
  std::string_view stem(std::string_view word);

  struct Algorithm;  // one Snowball stemmer's entry points (stemmer.cpp)

 private:
  const Algorithm* algorithm_;
  SN_env* env_;
};

}  // namespace argmax
