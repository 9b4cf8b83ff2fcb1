// The Embind class of a shard trainer under parameter mixing (ChainShardTrainer, MulticlassShardTrainer,
// RankerShardTrainer), as bindings/js/parallel/shard-worker.js drives it; each model's binding adds the factories that
// build its shards.
#pragma once
#include "common.hpp"
#include "learn/parameter_mixing.hpp"
#include "weight_changes.hpp"

namespace argmax::js {

// The shard's feature candidates: {keys: Uint32Array (each 64-bit key as two halves, low first), counts: Int32Array}.
template <class Trainer>
val shard_candidates(const Trainer& t) {
  const FeatureCandidates& c = t.candidates();
  val out = val::object();
  const std::vector<uint32_t> halves(reinterpret_cast<const uint32_t*>(c.keys.data()),
                                     reinterpret_cast<const uint32_t*>(c.keys.data() + c.keys.size()));
  out.set("keys", typed_array("Uint32Array", halves));
  out.set("counts", typed_array("Int32Array", c.counts));
  return out;
}
// Every shard's candidates: key_ptrs[i] and count_ptrs[i] point to sizes[i] keys (as above) and counts.
template <class Trainer>
void admit_shards(Trainer& t, uintptr_t key_ptrs, uintptr_t count_ptrs, uintptr_t sizes, int n) {
  require(n >= 1, "admitting features needs at least one shard");
  const uint32_t* keys_at = reinterpret_cast<const uint32_t*>(key_ptrs);
  const uint32_t* counts_at = reinterpret_cast<const uint32_t*>(count_ptrs);
  const int32_t* size = reinterpret_cast<const int32_t*>(sizes);
  std::vector<FeatureCandidates> all(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    require(size[i] >= 0, "shard ", i, " has a negative number of feature candidates");
    const auto* keys = reinterpret_cast<const uint64_t*>(uintptr_t(keys_at[i]));
    const auto* counts = reinterpret_cast<const int32_t*>(uintptr_t(counts_at[i]));
    all[size_t(i)].keys.assign(keys, keys + size[i]);
    all[size_t(i)].counts.assign(counts, counts + size[i]);
  }
  t.admit(all);
}
// {epoch, objective, trainingError, last} of one epoch over the shard; last: this epoch would end serial training.
template <class Trainer>
val run_epoch(Trainer& t, int epoch) {
  val out = progress_to_js(t.rounds().run_epoch(epoch));
  out.set("last", t.rounds().last());
  return out;
}
template <class Trainer>
val shard_changes(Trainer& t) { return changes_to_js(t.rounds().changes()); }
// Every shard's changes, as weight_changes.hpp reads them (this shard's own are not read: give none).
template <class Trainer>
void mix_shards(Trainer& t, uintptr_t index_ptrs, uintptr_t v_ptrs, uintptr_t u_ptrs, uintptr_t counts,
                uintptr_t numbers, int n) {
  std::vector<double> mu;
  std::vector<WeightChanges> all = changes_at(index_ptrs, v_ptrs, u_ptrs, counts, numbers, n, mu);
  t.rounds().mix(std::move(all), mu);
}
template <class Trainer>
auto finish_shard(Trainer& t) { return t.finish(); }
template <class Trainer>
int shard_examples_of(const Trainer& t) { return t.examples(); }
template <class Trainer>
int shard_epochs(const Trainer& t) { return t.epochs(); }

template <class Trainer>
emscripten::class_<Trainer> bind_shard(const char* name) {
  emscripten::class_<Trainer> c(name);
  c.function("candidates", &Guard<&shard_candidates<Trainer>>::call)
      .function("admit", &Guard<&admit_shards<Trainer>>::call)
      .function("runEpoch", &Guard<&run_epoch<Trainer>>::call)
      .function("changes", &Guard<&shard_changes<Trainer>>::call)
      .function("mix", &Guard<&mix_shards<Trainer>>::call)
      .function("finish", &Guard<&finish_shard<Trainer>>::call)
      .function("examples", &Guard<&shard_examples_of<Trainer>>::call)
      .function("epochs", &Guard<&shard_epochs<Trainer>>::call);
  return c;
}

}  // namespace argmax::js
