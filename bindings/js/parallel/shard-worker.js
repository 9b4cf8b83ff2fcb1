// The worker side of parameter mixing (mixing.js), run by worker-host.js: one shard per worker, built by the
// model class's shard() from the whole training set, then one request at a time:
//   shard  → { examples, epochs, candidates }: the shard featurised, with the feature keys its dictionary lacked
//          (none for a fixed feature space: Multiclass, Ranker)
//   admit  { candidates, peers } → every shard's candidates (the others', in shard order) admitted alike; peers:
//          a MessagePort to every other worker (null at this one's place) → {}
//   epoch  { epoch, mu } → mixes the last round's changes (its own and, over the ports, the others'), runs one
//          epoch and sends what it changed to every other worker → { progress } (progress.last: the epoch would
//          end serial training)
//   finish { mu } → mixes likewise → { bytes, kind }
// Workers exchange their changes directly, so none crosses the calling thread; each mixes them in shard order,
// whatever order they arrive in, so all hold the same weights.
import { withHeap } from '../api/wasm.js';
import { Peers } from './peers.js';

let shard = null, index = 0, peers = null, round = 0;

export async function shardMessage(api, m, post) {
  const M = api.module;
  const { id } = m;
  if (m.type === 'shard') {
    const { model, options, args, fitOptions } = m.spec;
    const Model = api[model];
    if (typeof Model?.prototype?.shard !== 'function') throw new TypeError(`'${model}' cannot train on several workers (SequenceTagger, DenseSequenceTagger, Multiclass and Ranker can)`);
    index = m.shard;
    shard = new Model(options).shard(...args, { ...fitOptions, shards: m.shards, shard: m.shard });
    const candidates = shard.candidates();
    post({ type: 'shard-ready', id, examples: shard.examples(), epochs: shard.epochs(), candidates },
      [candidates.keys.buffer, candidates.counts.buffer]);
  } else if (m.type === 'admit') {
    admit(M, m);
    peers = new Peers(m.peers, index);
    post({ type: 'admitted', id });
  } else if (m.type === 'epoch') {
    await mix(M, m);
    const progress = shard.runEpoch(m.epoch);
    round = m.epoch;
    if (peers.count > 1) send(shard.changes());
    post({ type: 'epoch-done', id, progress });
  } else if (m.type === 'finish') {
    await mix(M, m);
    const model = shard.finish();
    try {
      const bytes = model.save().slice();
      post({ type: 'done', id, bytes, kind: api.modelKind(bytes) }, [bytes.buffer]);
    } finally {
      model.delete();
      shard.delete();
      shard = null;
    }
  }
}

// Every shard's feature candidates in shard order, this one's own in its place.
function admit(M, { candidates }) {
  const all = candidates.map((c, i) => (i === index ? shard.candidates() : c));
  withHeap(M, (heap) => {
    const n = all.length, keys = new Int32Array(n), counts = new Int32Array(n), sizes = new Int32Array(n);
    all.forEach((c, i) => {
      keys[i] = heap.i32(c.keys);
      counts[i] = heap.i32(c.counts);
      sizes[i] = c.counts.length;
    });
    shard.admit(heap.i32(keys), heap.i32(counts), heap.i32(sizes), n);
  });
}

// This shard's changes to every other worker: moved to the last one, copied to the rest.
function send(c) {
  peers.send(c, [c.index.buffer, c.v.buffer, c.u.buffer]);
}

// The last round's changes of every shard, mixed by shard size (nothing before the first round, or alone).
async function mix(M, { mu }) {
  if (round === 0 || peers.count < 2) return;
  const all = await peers.receive();
  withHeap(M, (heap) => {
    const n = all.length;
    const indices = new Int32Array(n), vs = new Int32Array(n), us = new Int32Array(n), counts = new Int32Array(n);
    const numbers = new Float64Array(4 * n);
    all.forEach((c, i) => {
      if (i === index) return numbers.set([mu[i]], 4 * i);   // its own changes stay in the shard
      indices[i] = heap.i32(c.index);
      vs[i] = heap.f32(c.v);
      us[i] = c.u.length ? heap.f64(c.u) : 0;
      counts[i] = c.index.length;
      numbers.set([mu[i], c.scale, c.sum, c.steps], 4 * i);
    });
    shard.mix(heap.i32(indices), heap.i32(vs), heap.i32(us), heap.i32(counts), heap.f64(numbers), n);
  });
}
