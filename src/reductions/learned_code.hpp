// Learned continuous output codes (Crammer & Singer 2002; FML 9.4.3): once an ECOC's c binary scorers are
// trained, map each example to its vector of confidences f(x) ∈ R^c and learn a real code matrix M by the
// multiclass SVM problem
//   min ‖M‖²_F + C Σ_i ξ_i  s.t.  K(f(x_i), M_{y_i}) ≥ K(f(x_i), M_l) + 1 − ξ_i,
// i.e. Crammer–Singer on f(x) (with the ½‖M‖² of multiclass/crammer_singer.hpp: its C is the C above halved).
// With the linear kernel the primal solver learns M itself (decode by argmax_l ⟨M_l, f(x)⟩); with the RBF kernel
// the dual one (multiclass/kernel_crammer_singer.hpp) learns M = Σ_i α_i Φ(f(x_i)), decoded by argmax_l of
// Σ_i α_i^l K(f(x_i), f(x)).
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/rows.hpp"
#include "multiclass/kernel_multiclass.hpp"
#include "multiclass/linear_multiclass.hpp"

namespace argmax {

class ByteReader;
class ByteWriter;

struct LearnedCodeConfig {
  std::string kernel = "linear";  // linear | rbf
  double gamma = 1, C = 1;
  uint64_t seed = 1;
};

class LearnedCode {
 public:
  // confidences: the m×c matrix of f(x_i); labels in 0..classes−1.
  static LearnedCode train(const Rows& confidences, const std::vector<int32_t>& labels, int classes,
                           const LearnedCodeConfig& config);

  // out[l] for l < k: the learned score of class l for confidences f[0..c).
  void scores(const float* f, int columns, float* out) const;

  void save(ByteWriter& out) const;
  static LearnedCode load(ByteReader& in);

 private:
  std::variant<LinearMulticlass, KernelMulticlass> decoder_;
};

}  // namespace argmax
