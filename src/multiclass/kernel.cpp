#include "multiclass/kernel.hpp"

#include <cmath>

#include "core/error.hpp"

namespace argmax {

Kernel Kernel::named(const std::string& name, double gamma, double coef0, int degree) {
  Kernel k;
  if (name == "linear") k.type = Type::Linear;
  else if (name == "poly") k.type = Type::Polynomial;
  else if (name == "rbf") k.type = Type::Rbf;
  else fail("unknown kernel '", name, "' (known: linear, poly, rbf)");
  require(gamma > 0 && std::isfinite(gamma), "kernel gamma must be > 0; got ", gamma);
  require(coef0 >= 0 && std::isfinite(coef0), "kernel coef0 must be ≥ 0 (else the polynomial kernel is not PDS); got ", coef0);
  require(degree >= 1, "kernel degree must be ≥ 1; got ", degree);
  k.gamma = gamma, k.coef0 = coef0, k.degree = degree;
  return k;
}

double Kernel::operator()(double dot, double squared_norm_a, double squared_norm_b) const {
  switch (type) {
    case Type::Linear: return dot;
    case Type::Polynomial: return std::pow(gamma * dot + coef0, degree);
    case Type::Rbf: return std::exp(-gamma * std::max(0.0, squared_norm_a + squared_norm_b - 2 * dot));
  }
  return 0;
}

double dot_dense(RowView x, const float* dense, int32_t cols) {
  double s = 0;
  if (!x.index) {
    const int32_t n = std::min(x.size, cols);
    for (int32_t j = 0; j < n; ++j) s += double(x.value[j]) * dense[j];
  } else {
    for (int32_t p = 0; p < x.size; ++p)
      if (x.index[p] < cols) s += double(x.value[p]) * dense[x.index[p]];
  }
  return s;
}

}  // namespace argmax
