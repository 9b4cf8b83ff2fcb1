#include "multiclass/cs_sub_problem.hpp"

#include <algorithm>

namespace argmax {

// Closed form by sorting. LIBLINEAR sorts D in full; only the r largest values are ever used and r is
// usually small, so a max-heap pops them in O(active + r log active).
void solve_cs_sub_problem(double A, int yi, double C, int active, const double* B, double* alpha_new,
                          std::vector<double>& D) {
  D.assign(B, B + active);
  if (yi < active) D[yi] += A * C;
  auto heap_end = D.begin() + active;
  std::make_heap(D.begin(), heap_end);
  auto pop_largest = [&] {
    std::pop_heap(D.begin(), heap_end);
    return *--heap_end;
  };
  double beta = pop_largest() - A * C;
  int r = 1;
  for (; r < active; ++r) {
    const double next = D.front();  // the r-th largest
    if (!(beta < r * next)) break;
    beta += pop_largest();
  }
  beta /= r;
  for (int m = 0; m < active; ++m)
    alpha_new[m] = std::min(m == yi ? C : 0.0, (beta - B[m]) / A);
}

}  // namespace argmax
