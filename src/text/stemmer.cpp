#include "text/stemmer.hpp"

#include <utility>

#include "core/error.hpp"
#include "core/options.hpp"

// Snowball's generated C (third_party/snowball/src_c) and its runtime.
#include "api.h"
#include "stem_UTF_8_danish.h"
#include "stem_UTF_8_dutch.h"
#include "stem_UTF_8_english.h"
#include "stem_UTF_8_finnish.h"
#include "stem_UTF_8_french.h"
#include "stem_UTF_8_german.h"
#include "stem_UTF_8_hungarian.h"
#include "stem_UTF_8_italian.h"
#include "stem_UTF_8_norwegian.h"
#include "stem_UTF_8_portuguese.h"
#include "stem_UTF_8_russian.h"
#include "stem_UTF_8_spanish.h"
#include "stem_UTF_8_swedish.h"
#include "stem_UTF_8_turkish.h"

namespace argmax {

struct Stemmer::Algorithm {
  const char* language;
  SN_env* (*create)();
  void (*close)(SN_env*);
  int (*stem)(SN_env*);
};

namespace {

#define ARGMAX_SNOWBALL(name) {#name, name##_UTF_8_create_env, name##_UTF_8_close_env, name##_UTF_8_stem}
const Stemmer::Algorithm kAlgorithms[] = {
    ARGMAX_SNOWBALL(danish),     ARGMAX_SNOWBALL(dutch),   ARGMAX_SNOWBALL(english),   ARGMAX_SNOWBALL(finnish),
    ARGMAX_SNOWBALL(french),     ARGMAX_SNOWBALL(german),  ARGMAX_SNOWBALL(hungarian), ARGMAX_SNOWBALL(italian),
    ARGMAX_SNOWBALL(norwegian),  ARGMAX_SNOWBALL(portuguese), ARGMAX_SNOWBALL(russian), ARGMAX_SNOWBALL(spanish),
    ARGMAX_SNOWBALL(swedish),    ARGMAX_SNOWBALL(turkish),
};
#undef ARGMAX_SNOWBALL

// ISO 639-1 codes of the stemmers' languages (Norwegian: Bokmål, Nynorsk and the macrolanguage).
const std::pair<const char*, const char*> kCodes[] = {
    {"da", "danish"},     {"de", "german"},  {"en", "english"}, {"es", "spanish"},   {"fi", "finnish"},
    {"fr", "french"},     {"hu", "hungarian"}, {"it", "italian"}, {"nb", "norwegian"}, {"nl", "dutch"},
    {"nn", "norwegian"},  {"no", "norwegian"}, {"pt", "portuguese"}, {"ru", "russian"}, {"sv", "swedish"},
    {"tr", "turkish"},
};

}  // namespace

const std::vector<std::string>& stemmer_languages() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& a : kAlgorithms) v.push_back(a.language);
    return v;
  }();
  return names;
}

std::string stemmer_language_of_code(std::string_view code) {
  for (const auto& [iso, language] : kCodes)
    if (code == iso) return language;
  return {};
}

Stemmer::Stemmer(const std::string& language) : algorithm_(nullptr), env_(nullptr) {
  for (const auto& a : kAlgorithms)
    if (language == a.language) algorithm_ = &a;
  require(algorithm_ != nullptr, "no stemmer for language '", language, "' (there are ",
          join(stemmer_languages()), ")");
  env_ = algorithm_->create();
  if (env_ == nullptr) throw std::bad_alloc();
}

Stemmer::Stemmer(Stemmer&& other) noexcept
    : algorithm_(other.algorithm_), env_(std::exchange(other.env_, nullptr)) {}

Stemmer& Stemmer::operator=(Stemmer&& other) noexcept {
  std::swap(algorithm_, other.algorithm_);
  std::swap(env_, other.env_);
  return *this;
}

Stemmer::~Stemmer() {
  if (env_ != nullptr) algorithm_->close(env_);
}

std::string_view Stemmer::stem(std::string_view word) {
  // SN_set_current copies the word into the stemmer's buffer; it fails only when that allocation does.
  if (SN_set_current(env_, int(word.size()), reinterpret_cast<const symbol*>(word.data())) != 0 ||
      algorithm_->stem(env_) < 0)
    throw std::bad_alloc();
  return {reinterpret_cast<const char*>(env_->p), size_t(env_->l)};
}

}  // namespace argmax
