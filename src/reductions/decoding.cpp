#include "reductions/decoding.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {

Decoding decoding_from_name(const std::string& name) {
  if (name == "argmax") return Decoding::Argmax;
  if (name == "signed-vote") return Decoding::SignedVote;
  if (name == "majority-vote") return Decoding::MajorityVote;
  if (name == "hamming") return Decoding::Hamming;
  if (name == "hinge") return Decoding::Hinge;
  if (name == "logistic") return Decoding::Logistic;
  if (name == "exponential") return Decoding::Exponential;
  if (name == "learned") return Decoding::Learned;
  fail("unknown decoding '", name,
       "' (known: argmax, signed-vote, majority-vote, hamming, hinge, logistic, exponential, learned)");
}

const char* decoding_name(Decoding d) {
  switch (d) {
    case Decoding::Argmax: return "argmax";
    case Decoding::SignedVote: return "signed-vote";
    case Decoding::MajorityVote: return "majority-vote";
    case Decoding::Hamming: return "hamming";
    case Decoding::Hinge: return "hinge";
    case Decoding::Logistic: return "logistic";
    case Decoding::Exponential: return "exponential";
    case Decoding::Learned: return "learned";
  }
  return "";
}

namespace {
int sign(float x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }
double log1p_exp(double z) { return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z)); }
}  // namespace

void decode_scores(const CodeMatrix& code, Decoding rule, const float* f, double* scores) {
  const int k = code.classes(), c = code.columns();
  require(rule != Decoding::Learned, "learned decoding needs the code the model learned, not the code matrix");
  if (rule == Decoding::Argmax) {
    require(c == k, "argmax decoding needs the one-vs-all code (", k, " columns); this code has ", c);
    for (int l = 0; l < k; ++l) scores[l] = f[l];
    return;
  }
  for (int l = 0; l < k; ++l) {
    double s = 0;
    for (int j = 0; j < c; ++j) {
      const int m = code.at(l, j);
      switch (rule) {
        case Decoding::SignedVote: s += m * sign(f[j]); break;
        case Decoding::MajorityVote: s += (m * sign(f[j]) == 1) ? 1 : 0; break;
        case Decoding::Hamming: s -= 0.5 * (1 - m * sign(f[j])); break;
        case Decoding::Hinge: s -= std::max(0.0, 1.0 - double(m) * f[j]); break;
        case Decoding::Logistic: s -= log1p_exp(-double(m) * f[j]); break;
        case Decoding::Exponential: s -= std::exp(-double(m) * f[j]); break;
        case Decoding::Argmax:
        case Decoding::Learned: break;
      }
    }
    scores[l] = s;
  }
}

int decode(const CodeMatrix& code, Decoding rule, const float* f) {
  std::vector<double> scores(code.classes());
  decode_scores(code, rule, f, scores.data());
  int best = 0;
  for (int l = 1; l < code.classes(); ++l)
    if (scores[l] > scores[best]) best = l;
  return best;
}

}  // namespace argmax
