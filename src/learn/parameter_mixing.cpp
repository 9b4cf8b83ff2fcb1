#include "learn/parameter_mixing.hpp"

#include <algorithm>
#include <numeric>

#include "core/error.hpp"
#include "core/rng.hpp"

namespace argmax {

std::vector<int> shard_examples(int m, int shards, int shard, uint64_t seed) {
  require(shards >= 1 && shard >= 0 && shard < shards, "shard ", shard, " of ", shards, " does not exist");
  std::vector<int> order(m);
  std::iota(order.begin(), order.end(), 0);
  if (shards > 1) Rng(~seed).shuffle(order);  // a stream apart from the shards' own shuffles
  std::vector<int> mine;
  for (int p = shard; p < m; p += shards) mine.push_back(order[p]);
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace argmax
