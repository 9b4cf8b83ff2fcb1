#include "learn/kernels/kernel.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "learn/kernels/kernel_width.hpp"

namespace argmax {

Kernel Kernel::named(const std::string& name, double gamma, double coef0, int degree) {
  Kernel k;
  if (name == "linear") k.type = Type::Linear;
  else if (name == "poly") k.type = Type::Polynomial;
  else if (name == "rbf") k.type = Type::Rbf;
  else fail("unknown kernel '", name, "' (known: linear, poly, rbf)");
  require(gamma >= 0 && std::isfinite(gamma), "kernel gamma must be > 0 (or 0: from the data); got ", gamma);
  require(coef0 >= 0 && std::isfinite(coef0), "kernel coef0 must be ≥ 0 (else the polynomial kernel is not PDS); got ", coef0);
  require(degree >= 1, "kernel degree must be ≥ 1; got ", degree);
  k.gamma = gamma, k.coef0 = coef0, k.degree = degree;
  return k;
}

std::vector<OptionSpec> Kernel::option_specs() {
  constexpr double huge = 1e300;
  // Rows moved in one by one: a braced list would copy each (its elements are const), inlined per row.
  std::vector<OptionSpec> specs;
  specs.push_back(choice_option("kernel", "rbf", {"linear", "poly", "rbf"},
                                "K: linear ⟨x,x'⟩, poly (γ⟨x,x'⟩+coef0)^degree, or rbf exp(−γ‖x−x'‖²)"));
  specs.push_back(real_option("gamma", "0", 0, huge,
                              "γ of the poly and rbf kernels; 0 (the default): from the training rows after scaling, "
                              "1/(d·Var x) with the variance over all their entries (sparse zeros included; "
                              "scikit-learn's gamma='scale'). The model records the value used"));
  specs.push_back(real_option("coef0", "0", 0, huge, "constant term of the poly kernel"));
  specs.push_back(integer_option("degree", "3", 1, 100, "degree of the poly kernel"));
  specs.push_back(positive_option("cache", "200", huge, "kernel column cache in MB (must hold one column: 4·m bytes)"));
  return specs;
}

Kernel Kernel::from_options(const Options& o) {
  return named(o.choice("kernel"), o.real("gamma"), o.real("coef0"), o.integer("degree"));
}

Kernel Kernel::fitted(const Rows& training_rows) const {
  Kernel k = *this;
  if (k.gamma == 0) k.gamma = gamma_from_data(training_rows);
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

// Plain loops over std::exp and std::pow: in wasm, Eigen's vectorised exp (on the SSE path the build emulates with
// simd128) ran 3× slower than the scalar call on a column of 15000 entries.
template <class Scalar>
void Kernel::apply(Scalar* dots, int rows, int cols, const Scalar* squared_norms_a, const Scalar* squared_norms_b) const {
  const Scalar g = Scalar(gamma), c = Scalar(coef0);
  for (int j = 0; j < cols; ++j) {
    Scalar* d = dots + size_t(j) * rows;
    switch (type) {
      case Type::Linear: return;
      case Type::Polynomial:
        for (int i = 0; i < rows; ++i) d[i] = std::pow(g * d[i] + c, Scalar(degree));
        break;
      case Type::Rbf:
        for (int i = 0; i < rows; ++i)
          d[i] = std::exp(-g * std::max(squared_norms_a[i] + squared_norms_b[j] - 2 * d[i], Scalar(0)));
        break;
    }
  }
}
template void Kernel::apply(float*, int, int, const float*, const float*) const;
template void Kernel::apply(double*, int, int, const double*, const double*) const;

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
