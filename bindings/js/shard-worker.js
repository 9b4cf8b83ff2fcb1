// The worker side of parameter mixing (parallel.js), run by worker-host.js: one shard per worker, built by the
// model class's shard() from the whole training set, then one request at a time:
//   shard  → { examples, epochs }        epoch → { progress, state (all but worker 0) }
//   mix    → { state } (worker 0: its own state mixed with the others')    finish → { bytes, kind } (worker 0)
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
    if (m.state) setState(M, m.state);
    const progress = shard.runEpoch(m.epoch);
    if (index === 0) return post({ type: 'epoch-done', id, progress });
    const state = shard.state();
    post({ type: 'epoch-done', id, progress, state }, [state.v.buffer, state.u.buffer]);
  } else if (m.type === 'mix') {
    const states = [shard.state(), ...m.states];
    const mixed = withHeap(M, (heap) => {
      const n = states.length;
      const v = new Int32Array(n), u = new Int32Array(n), numbers = new Float64Array(4 * n);
      states.forEach((s, i) => {
        v[i] = heap.f32(s.v);
        u[i] = s.u.length ? heap.f64(s.u) : 0;
        numbers.set([m.mu[i], s.scale, s.sum, s.steps], 4 * i);
      });
      return M.mixWeights(heap.i32(v), heap.i32(u), heap.f64(numbers), n, states[0].v.length);
    });
    setState(M, mixed);
    post({ type: 'mixed', id, state: mixed }, [mixed.v.buffer, mixed.u.buffer]);
  } else if (m.type === 'finish') {
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

function setState(M, s) {
  const dim = shard.dim();
  if (s.v.length !== dim || (s.u.length !== 0 && s.u.length !== dim)) throw new RangeError(`a weight state of ${s.v.length} weights reached a shard of ${dim}`);
  withHeap(M, (heap) => shard.setState(heap.f32(s.v), s.u.length ? heap.f64(s.u) : 0, s.scale, s.sum, s.steps));
}
