#include "trees/impurity.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace argmax {

Impurity impurity_from_name(const std::string& name) {
  if (name == "misclassification") return Impurity::Misclassification;
  if (name == "entropy") return Impurity::Entropy;
  if (name == "gini") return Impurity::Gini;
  fail("unknown impurity '", name, "' (known: misclassification, entropy, gini)");
}

const char* impurity_name(Impurity criterion) {
  switch (criterion) {
    case Impurity::Misclassification: return "misclassification";
    case Impurity::Entropy: return "entropy";
    case Impurity::Gini: return "gini";
  }
  return "";
}

double impurity(Impurity criterion, const double* class_weight, int classes) {
  double total = 0;
  for (int l = 0; l < classes; ++l) total += class_weight[l];
  if (total <= 0) return 0;
  double f = 0;
  switch (criterion) {
    case Impurity::Misclassification: {
      double best = 0;
      for (int l = 0; l < classes; ++l) best = std::max(best, class_weight[l]);
      f = 1 - best / total;
      break;
    }
    case Impurity::Entropy:
      for (int l = 0; l < classes; ++l) {
        const double p = class_weight[l] / total;
        if (p > 0) f -= p * portable_log2(p);
      }
      break;
    case Impurity::Gini:
      for (int l = 0; l < classes; ++l) {
        const double p = class_weight[l] / total;
        f += p * (1 - p);
      }
      break;
  }
  return std::max(f, 0.0);
}

// x = m·2^e with m in [√½, √2); ln m = 2 atanh(s) = 2(s + s³/3 + s⁵/5 + …), s = (m − 1)/(m + 1),
// |s| < 0.172, so the terms past s²¹/21 are below 1e-17 of the sum (Abramowitz & Stegun 4.1.28).
double portable_log2(double x) {
  int e = 0;
  double m = std::frexp(x, &e);  // m in [½, 1)
  if (m < 0.70710678118654752440) m *= 2, --e;
  const double s = (m - 1) / (m + 1), s2 = s * s;
  double series = 1.0 / 21;
  for (int k = 19; k >= 1; k -= 2) series = series * s2 + 1.0 / k;
  return e + 2 * s * series * 1.44269504088896340736;  // 1/ln 2
}

}  // namespace argmax
