// The stop words of each language (the Snowball project's lists: make-stop-words.mjs).
#pragma once
#include <string>

namespace argmax {

// The language's stop words, lower case with their diacritics, separated by spaces ("" for a language without
// a list).
const char* stop_words(const std::string& language);

}  // namespace argmax
