// The worker side of parameter mixing (parallel.js), run by worker-host.js: one shard per worker, built by the
// model class's shard() from the whole training set, then one request at a time:
//   shard  → { examples, epochs }
//   epoch  { mu, changes } → mixes the other shards' changes with its own (if given), runs one epoch
//          → { progress, changes (when asked to report) }
//   finish { mu, changes } → mixes likewise → { bytes, kind }
import { withHeap } from './wasm.js';

let shard = null, index = 0;

export function shardMessage(api, m, post) {
  const M = api.module;
  const { id } = m;
  if (m.type === 'shard') {
    const { model, options, args, fitOptions } = m.spec;
    const Model = api[model];
    if (typeof Model?.prototype?.shard !== 'function') throw new TypeError(`'${model}' cannot train on several workers (SequenceTagger and DenseSequenceTagger can)`);
    index = m.shard;
    shard = new Model(options).shard(...args, { ...fitOptions, shards: m.shards, shard: m.shard });
    post({ type: 'shard-ready', id, examples: shard.examples(), epochs: shard.epochs() });
  } else if (m.type === 'epoch') {
    mix(M, m);
    const progress = shard.runEpoch(m.epoch);
    if (!m.report) return post({ type: 'epoch-done', id, progress });
    const changes = shard.changes();
    post({ type: 'epoch-done', id, progress, changes }, [changes.index.buffer, changes.v.buffer, changes.u.buffer]);
  } else if (m.type === 'finish') {
    mix(M, m);
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

// Every shard's changes in shard order, this one's own in its place.
function mix(M, { mu, changes }) {
  if (!changes) return;
  const all = changes.map((c, i) => (i === index ? shard.changes() : c));
  withHeap(M, (heap) => {
    const n = all.length;
    const indices = new Int32Array(n), vs = new Int32Array(n), us = new Int32Array(n), counts = new Int32Array(n);
    const numbers = new Float64Array(4 * n);
    all.forEach((c, i) => {
      indices[i] = heap.i32(c.index);
      vs[i] = heap.f32(c.v);
      us[i] = c.u.length ? heap.f64(c.u) : 0;
      counts[i] = c.index.length;
      numbers.set([mu[i], c.scale, c.sum, c.steps], 4 * i);
    });
    shard.mix(heap.i32(indices), heap.i32(vs), heap.i32(us), heap.i32(counts), heap.f64(numbers), n);
  });
}
