// The lazy scale and lazy averaging of the online trainers' weights against a dense reference
// that applies every shrink to every coordinate and sums every w_t.
#include <catch2/catch.hpp>

#include <vector>

#include "core/rng.hpp"
#include "learn/weights.hpp"

using namespace argmax;

TEST_CASE("lazy scale and averaging equal the dense computation", "[learn]") {
  for (const bool pegasos : {false, true}) {
    Rng rng(pegasos ? 3 : 4);
    const size_t d = 7;
    TrainedWeights w(d, true);
    std::vector<double> dense(d, 0.0), sum(d, 0.0);
    int steps = 0;
    for (int t = 1; t <= 3000; ++t) {
      // Pegasos-like shrinking (1 − 1/t) drives the lazy scale below 1e-6 and forces folds.
      if (pegasos && t > 1) {
        const double factor = t % 500 == 0 ? 0.0 : 1.0 - 1.0 / t;
        w.shrink_next(factor);
        for (double& x : dense) x *= factor;
      }
      for (int c = 0; c < 2; ++c) {
        const size_t j = rng.below(int(d));
        const float a = float(rng.uniform() - 0.5);
        w.add(j, a);
        dense[j] += a;
      }
      w.end_step();
      for (size_t j = 0; j < d; ++j) sum[j] += dense[j];
      ++steps;
    }
    const std::vector<float> current = w.current(), average = w.average();
    for (size_t j = 0; j < d; ++j) {
      REQUIRE(current[j] == Approx(dense[j]).margin(1e-4));
      REQUIRE(average[j] == Approx(sum[j] / steps).margin(1e-4));
    }
    const std::vector<float> released = w.release_average();
    REQUIRE(released == average);
  }
}

TEST_CASE("without averaging, the average is the current weights", "[learn]") {
  TrainedWeights w(3, false);
  w.add(1, 2.f);
  w.end_step();
  w.shrink_next(0.5);
  w.add(2, 1.f);
  w.end_step();
  const std::vector<float> expected = {0.f, 1.f, 1.f};
  REQUIRE(w.average() == expected);
  REQUIRE(w.release_average() == expected);
}
