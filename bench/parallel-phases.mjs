// Where a parameter-mixing worker's time goes (EWT default tagger), each phase timed on this thread one at a
// time, in fresh wasm instances as the workers have: touching fresh wasm memory, the job's copy to a worker
// (structured clone), preparing shard 0 of n (reading the whole set for labels and lexicons, featurising the
// shard), admitting every shard's feature keys (with allocating the weights), one epoch, extracting the changes
// and mixing them. Featurising is split into extracting keys and looking them up by a run with hashed features
// (no dictionary). Fastest of --reps runs.
//   node bench/parallel-phases.mjs [--data DIR] [--shards 1,2] [--reps 3]
import { readFileSync } from 'node:fs';
import { init } from '../bindings/js/index.js';
import { withHeap } from '../bindings/js/api/wasm.js';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const data = arg('data', '../shared/data'), counts = arg('shards', '1,2').split(',').map(Number), reps = Number(arg('reps', '3'));

const am = await init();
const d = am.io.readConllu(readFileSync(`${data}/ud-english-ewt/en_ewt-ud-train.conllu`, 'utf8'));
const lexicon = await am.lexicons.english();
const seconds = (f) => { const t = performance.now(); const r = f(); return [(performance.now() - t) / 1000, r]; };
const min = (a, b) => (a === undefined ? b : Math.min(a, b));

// Fresh memory: a new instance's first write to 400 MB, then the second.
{
  const M = (await init()).module, bytes = 400e6, p = M._malloc(bytes);
  const [first] = seconds(() => M.HEAP8.fill(1, p, p + bytes));
  const [second] = seconds(() => M.HEAP8.fill(2, p, p + bytes));
  console.log(`fresh wasm memory: first write ${(first / 0.4).toFixed(2)} s per GB, rewriting ${(second / 0.4).toFixed(2)} s per GB`);
}
{
  const [clone] = seconds(() => structuredClone({ options: { lexicon }, args: [d.sentences, d.tags] }));
  console.log(`the job's structured clone (sentences, tags, lexicon): ${clone.toFixed(2)} s`);
}

const admit = (M, shard, all) => withHeap(M, (h) => shard.admit(h.i32(Int32Array.from(all, (c) => h.i32(c.keys))),
  h.i32(Int32Array.from(all, (c) => h.i32(c.counts))), h.i32(Int32Array.from(all, (c) => c.counts.length)), all.length));

const mix = (M, shard, all, mu, own) => withHeap(M, (h) => {
  const n = all.length, at = (f) => Int32Array.from(all, (c, i) => (i === own ? 0 : f(c)));
  const numbers = new Float64Array(4 * n);
  all.forEach((c, i) => numbers.set([mu[i], c.scale, c.sum, c.steps], 4 * i));
  shard.mix(h.i32(at((c) => h.i32(c.index))), h.i32(at((c) => h.f32(c.v))), h.i32(at((c) => h.f64(c.u))),
    h.i32(at((c) => c.index.length)), h.f64(numbers), n);
});

console.log('| shards | prepare shard 0 | of which hashed (no dictionary) | admit + weights | epoch 1 | epoch 2 | changes (epoch 2) | mix (epoch 2) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const n of counts) {
  const best = {};
  for (let r = 0; r < reps; ++r) {
    // every shard in its own fresh instance, as in the workers
    const apis = await Promise.all(Array.from({ length: n + 1 }, () => init()));
    const [hashed] = seconds(() => new apis[n].SequenceTagger({ lexicon, hashBits: 18 }).shard(d.sentences, d.tags, { shards: n, shard: 0 }).delete());
    const prepared = apis.slice(0, n).map((api, i) => seconds(() => new api.SequenceTagger({ lexicon }).shard(d.sentences, d.tags, { shards: n, shard: i })));
    const shards = prepared.map(([, s]) => s);
    const candidates = shards.map((s) => s.candidates());
    const [admitted] = seconds(() => admit(apis[0].module, shards[0], candidates));
    shards.slice(1).forEach((s, i) => admit(apis[i + 1].module, s, candidates));
    const mu = shards.map((s) => s.examples() / d.sentences.length);
    const [epoch1] = seconds(() => shards[0].runEpoch(1));
    shards.slice(1).forEach((s) => s.runEpoch(1));
    let changes = 0, mixed = 0, epoch2 = 0, changed = 0;
    if (n > 1) {
      const all = shards.map((s) => s.changes());
      shards.forEach((s, i) => mix(apis[i].module, s, all, mu, i));
      [epoch2] = seconds(() => shards[0].runEpoch(2));
      shards.slice(1).forEach((s) => s.runEpoch(2));
      let second;
      [changes, second] = seconds(() => shards.map((s) => s.changes()));
      changes /= n, changed = second[0].index.length;
      [mixed] = seconds(() => mix(apis[0].module, shards[0], second, mu, 0));
    }
    shards.forEach((s) => s.delete());
    const row = { prepare: prepared[0][0], hashed, admitted, epoch1, epoch2, changes, mixed, changed };
    for (const k of Object.keys(row)) best[k] = min(best[k], row[k]);
  }
  const f = (x) => x.toFixed(2);
  console.log(`| ${n} | ${f(best.prepare)} | ${f(best.hashed)} | ${f(best.admitted)} | ${f(best.epoch1)} | ${n > 1 ? f(best.epoch2) : ''} | ${n > 1 ? `${f(best.changes)} (${best.changed})` : ''} | ${n > 1 ? f(best.mixed) : ''} |`);
}
