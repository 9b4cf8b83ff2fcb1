// Turning the c binary confidences f_j(x) of a reduction into one class (FML 9.4; SSBD 17.1).
// Every rule returns per-class scores, larger is better, and the class is their argmax with ties
// going to the lowest class index.
//   argmax         OvA (FML 9.16): score_l = f_l(x)                               (needs the OvA code)
//   signed-vote    all-pairs, SSBD: score_i = Σ_j M_ij sign f_j(x)  (wins − losses; sign 0 = 0)
//   majority-vote  all-pairs, FML 9.17: score_i = #{j : M_ij sign f_j(x) = +1}     (wins)
//   hamming        ECOC: score_l = −Σ_j (1 − M_lj sign f_j(x))/2   (a 0 on either side counts ½)
//   hinge | logistic | exponential   loss-based (FML 9.19; Allwein et al. 2000):
//                  score_l = −Σ_j L(M_lj f_j(x)), L(u) = max(0, 1 − u) | log(1 + e^{−u}) | e^{−u}
//   learned        a real code learned on the confidences (reductions/learned_code.hpp): the model decodes
//                  it, decode_scores cannot
#pragma once
#include <string>
#include <vector>

#include "reductions/code_matrix.hpp"

namespace argmax {

enum class Decoding { Argmax, SignedVote, MajorityVote, Hamming, Hinge, Logistic, Exponential, Learned };

Decoding decoding_from_name(const std::string& name);
const char* decoding_name(Decoding d);

// scores[l] for l < k from the confidences f[0..c).
void decode_scores(const CodeMatrix& code, Decoding rule, const float* f, double* scores);
// argmax of decode_scores, ties to the lowest index.
int decode(const CodeMatrix& code, Decoding rule, const float* f);

}  // namespace argmax
