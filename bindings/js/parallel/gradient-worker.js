// The worker side of exact parallel gradients (gradients.js), run by worker-host.js: one worker of an L-BFGS fit
// (the wasm ChainGradient, built by the model class's shard(…, { gradients: true }) from the whole training
// set), then one request at a time:
//   gradient { spec, workers, worker, peers } → {}: ready, with a MessagePort to every other worker (peers)
//   gradient-step { keepGoing } → { progress } when an iteration ends, { done: true } when the fit has ended.
//          keepGoing (after an iteration) says whether to go on. Until then, at every point the solver asks
//          about, the worker computes its part of the objective, sends it to every other worker and tells the
//          solver all of them; every worker sums them alike, so all take the same steps.
//   gradient-finish → { bytes, kind, training, counts }: the model, and how the fit ended (its bytes do not say)
import { withHeap } from '../api/wasm.js';
import { Peers } from './peers.js';

let trainer = null, peers = null;

export async function gradientMessage(api, m, post) {
  const { id } = m;
  if (m.type === 'gradient') {
    const { model, options, args, fitOptions } = m.spec;
    const Model = api[model];
    if (typeof Model?.prototype?.shard !== 'function') throw new TypeError(`'${model}' cannot train on several workers by exact parallel gradients (SequenceTagger, DenseSequenceTagger and Tokenizer can, with trainer 'lbfgs')`);
    trainer = new Model(options).shard(...args, { ...fitOptions, shards: m.workers, shard: m.worker, gradients: true });
    peers = new Peers(m.peers, m.worker);
    post({ type: 'gradient-ready', id });
  } else if (m.type === 'gradient-step') {
    if (m.keepGoing !== undefined) trainer.proceed(m.keepGoing);
    while (!trainer.done()) {
      const own = trainer.evaluate();
      if (peers.count > 1) peers.send(own, [own.gradient.buffer, own.losses.buffer, own.errors.buffer]);
      const parts = peers.count > 1 ? await peers.receive() : [null];
      if (tell(api.module, parts)) return post({ type: 'gradient-iterated', id, progress: trainer.progress() });
    }
    post({ type: 'gradient-done', id, done: true });
  } else if (m.type === 'gradient-finish') {
    const result = trainer.finish();
    try {
      const bytes = result.save().slice();
      // a tokenizer's counts of the treebank's paragraphs, which its bytes do not keep either
      const counts = typeof result.paragraphs === 'function' ? { paragraphs: result.paragraphs(), skipped: result.skipped() } : undefined;
      post({ type: 'done', id, bytes, kind: api.modelKind(bytes), training: result.training(), counts }, [bytes.buffer]);
    } finally {
      result.delete();
      trainer.delete();
      trainer = null;
    }
  }
}

// Every worker's part (null at this one's place: its own stays in wasm) to the solver; true when an iteration ended.
function tell(M, parts) {
  return withHeap(M, (heap) => {
    const n = parts.length, gradients = new Int32Array(n), losses = new Int32Array(n), errors = new Int32Array(n);
    parts.forEach((part, w) => {
      if (!part) return;
      gradients[w] = heap.u8(part.gradient);
      losses[w] = heap.f64(part.losses);
      errors[w] = heap.f64(part.errors);
    });
    return trainer.tell(heap.i32(gradients), heap.i32(losses), heap.i32(errors), n);
  });
}
