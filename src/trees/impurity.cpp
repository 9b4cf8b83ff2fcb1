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
        if (p > 0) f -= p * std::log2(p);
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

}  // namespace argmax
