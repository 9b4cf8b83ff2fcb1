// The linear binary learners. Each appends a constant feature of value `bias` (0 = no intercept),
// whose weight is regularised like the others (as LIBLINEAR does); f(x) = ⟨w, x⟩ + bias·w_bias. Each model
// stores its weights in `weight_bits` (binary/linear_model.hpp).
#pragma once
#include <memory>

#include "binary/binary_sample.hpp"
#include "binary/linear_model.hpp"
#include "learn/online.hpp"
#include "learn/progress.hpp"

namespace argmax {

// The online learners, through learn/online.hpp and configured as every online trainer is (online_config):
// with the binary feature map Ψ(x, y) = y·x/2 the generalized hinge is the ordinary hinge, and
//   pegasos     (Shalev-Shwartz et al. 2011)  min_w λ/2‖w‖² + (1/m) Σ_i c_i max(0, 1 − y_i⟨w, x_i⟩),  η_t = 1/(λt);
//   perceptron  (SSBD 9.1.2; Freund & Schapire's averaged version)  on y_i⟨w, x_i⟩ ≤ 0, w += c_i y_i x_i.
// The average of all iterates is better on large data; on small data with a tiny λ the early, huge iterates
// dominate it, and the last iterate (Shalev-Shwartz et al.'s output) is the better choice.
std::unique_ptr<LinearBinaryModel> train_online_binary(const BinarySample& data, const OnlineConfig& config, float bias,
                                                       const ProgressFn& progress = {}, int weight_bits = 32);

// SVM by dual coordinate descent (Hsieh, Chang, Lin, Keerthi, Sundararajan 2008; LIBLINEAR -s 3 and -s 1):
//   primal  min_w ½‖w‖² + C Σ_i c_i ξ(w; x_i, y_i),  ξ = max(0, 1 − y_i w·x_i)   (hinge, -s 3)
//                                                  or ξ = max(0, 1 − y_i w·x_i)²  (squared hinge, -s 1)
//   dual    min_α ½ αᵀ(Q + D)α − Σ α_i,  0 ≤ α_i ≤ U_i,  Q_ij = y_i y_j x_i·x_j,  w = Σ α_i y_i x_i
//           hinge: U_i = C c_i, D = 0;  squared hinge: U_i = ∞, D_ii = 1/(2 C c_i).
// One coordinate at a time: G = y_i w·x_i − 1 + D_ii α_i, α_i ← min(max(α_i − G/(Q_ii + D_ii), 0), U_i),
// with LIBLINEAR's shrinking and its stopping rule (max − min projected gradient < tol).
struct DualSvmConfig {
  double C = 1.0;
  bool squared_hinge = true;  // scikit-learn's LinearSVC default
  float bias = 1;
  double tol = 0.1;
  int max_iterations = 1000;
  uint64_t seed = 1;
  int weight_bits = 32;
};
// The model's report: whether max − min projected gradient reached tol before max_iterations.
std::unique_ptr<LinearBinaryModel> train_dual_cd_svm(const BinarySample& data, const DualSvmConfig& config,
                                                     const ProgressFn& progress = {});

// L2-regularised logistic regression (LIBLINEAR -s 0 objective):
//   min_w f(w) = ½‖w‖² + C Σ_i c_i log(1 + exp(−y_i w·x_i)),
//   ∇f = w + C Σ c_i (σ(y_i z_i) − 1) y_i x_i,  ∇²f v = v + C Σ c_i σ(z_i)(1 − σ(z_i)) x_i (x_i·v),
// by Newton–CG (Nocedal & Wright 7.1): CG on ∇²f d = −∇f to relative residual 0.1, then an Armijo
// backtracking line search; stop when ‖∇f‖ ≤ tol·‖∇f(0)‖. Its confidence f(x) = w·x is the log-odds.
struct LogisticConfig {
  double C = 1.0;
  float bias = 1;
  double tol = 1e-3;
  int max_iterations = 100;
  int weight_bits = 32;
};
// The model's report: whether ‖∇f‖/‖∇f(0)‖ reached tol (or no decrease was possible in floating point).
std::unique_ptr<LinearBinaryModel> train_logistic(const BinarySample& data, const LogisticConfig& config,
                                                  const ProgressFn& progress = {});

}  // namespace argmax
