// Node impurities of CART (FML 9.3.3), on class fractions p_l = w_l / Σ w:
//   misclassification 1 − max_l p_l,   entropy −Σ p_l log₂ p_l,   Gini Σ p_l (1 − p_l).
#pragma once
#include <string>

namespace argmax {

enum class Impurity { Misclassification, Entropy, Gini };

Impurity impurity_from_name(const std::string& name);  // "misclassification" | "entropy" | "gini"
const char* impurity_name(Impurity criterion);

// F(n) from the (unnormalised, ≥ 0) class weights of a node; 0 for an empty node.
double impurity(Impurity criterion, const double* class_weight, int classes);

// log₂ x for finite x > 0 from frexp, +, ×, ÷ only, so native and wasm builds get the same bits (glibc's
// and musl's log2 differ in the last bit, which would make entropy trees differ between builds).
double portable_log2(double x);

}  // namespace argmax
