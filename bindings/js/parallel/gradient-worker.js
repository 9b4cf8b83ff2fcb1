// The worker side of exact parallel gradients (gradients.js), run by worker-host.js: one worker of an L-BFGS fit
// (the wasm ChainGradient, built by the model class's shard(…, { gradients: true }) from the whole training
// set), then one request at a time:
//   gradient { spec, workers, worker, peers } → {}: ready, with a MessagePort to every other worker (peers)
//   gradient-step { keepGoing } → { progress } when an iteration ends, { done: true } when the fit has ended.
//          keepGoing (after an iteration) says whether to go on. Until then the worker answers what the solver
//          asks (sequence/chain_gradient_trainer.hpp): at a point, what each worker reads of the others' slices
//          of it, then its part of the gradient, each worker's slice to that worker (both packed to the weights
//          that worker's sequences touch); between points, the solver's sums over every worker's slice. Every
//          worker sums them alike, so all take the same steps.
//   gradient-finish → { bytes, kind, training, counts }: the model, and how the fit ended (its bytes do not say)
import { withHeap } from '../api/wasm.js';
import { Peers } from './peers.js';

let trainer = null, peers = null, balance = null;

// When to split the sequences again. next(times) takes what every worker's part took (ms) at each point,
// and returns the times to split by, or null: at the 2nd, 4th, 8th, … point, the work summed since the last of
// these (the first point's part also allocates, so it is left out), when the slowest took over 0.5% more than the
// mean (and every one a measurable time). Every worker is told the same times, so every worker splits alike.
export class Balance {
  #points = 0;
  #window = null;

  next(times) {
    if (++this.#points === 1) return null;
    this.#window = this.#window ? this.#window.map((t, w) => t + times[w]) : Float64Array.from(times);
    if (this.#points & (this.#points - 1)) return null;
    const window = this.#window, mean = window.reduce((a, b) => a + b, 0) / window.length;
    this.#window = null;
    return Math.max(...window) > 1.005 * mean && Math.min(...window) > 0 ? window : null;
  }
}

export async function gradientMessage(api, m, post) {
  const { id } = m;
  if (m.type === 'gradient') {
    const { model, options, args, fitOptions } = m.spec;
    const Model = api[model];
    if (typeof Model?.prototype?.shard !== 'function') throw new TypeError(`'${model}' cannot train on several workers by exact parallel gradients (SequenceTagger, DenseSequenceTagger and Tokenizer can, with trainer 'lbfgs')`);
    trainer = new Model(options).shard(...args, { ...fitOptions, shards: m.workers, shard: m.worker, gradients: true });
    balance = new Balance();
    peers = new Peers(m.peers, m.worker);
    post({ type: 'gradient-ready', id });
  } else if (m.type === 'gradient-step') {
    if (m.keepGoing !== undefined) trainer.proceed(m.keepGoing);
    const M = api.module;
    for (;;) {
      const { state, data, ...progress } = trainer.ask();
      if (state === 'iterated') return post({ type: 'gradient-iterated', id, progress });
      // the solver's sums, or the point's values each other worker reads (once done, the solution's slice, for finish)
      const arrived = await exchange(M, state === 'point' ? peers.others((w) => peers.copy(trainer.pointFor(w))) : data);
      if (state === 'done') return post({ type: 'gradient-done', id, done: true });
      if (state === 'point') await sumGradient(M, arrived, trainer.evaluate());
    }
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

// This worker's data (the same array for every other worker, or by worker, one for each) to every other worker,
// and every worker's to the solver. Returns when every worker's arrived (performance.now()).
async function exchange(M, data) {
  if (Array.isArray(data)) data.forEach((own, w) => { if (own) peers.sendTo(w, own, [own.buffer]); });
  else peers.send(data, [data.buffer]);
  const all = await peers.receive(), arrived = performance.now();
  const copy = (heap, data) => (data instanceof Float32Array ? heap.f32(data) : data instanceof Float64Array ? heap.f64(data) : heap.u8(data));
  withHeap(M, (heap) => trainer.take(heap.i32(Int32Array.from(all, (data) => (data ? copy(heap, data) : 0))), all.length));
  all.forEach((data, w) => { if (data instanceof Uint8Array) peers.giveBack(w, data); });   // the point's, Peers.copy's
  return arrived;
}

// This worker's part of the gradient (the point's values arrived at `started`): each worker's slice of it to that
// worker, with what the part took since (reading the point, evaluating, packing: the work a split moves; the rest
// of an iteration is mostly each slice's, which a split does not move, and balancing the whole would leave each
// worker waiting at one of the two); then every worker's part of this worker's slice, with all the losses and
// errors (terms), to the solver, and now and then the workers' times, by which they split the sequences again
// (ChainGradientTrainer::tell).
async function sumGradient(M, started, terms) {
  const gradients = peers.others((w) => peers.copy(trainer.gradientFor(w)));
  const ms = performance.now() - started;
  gradients.forEach((gradient, w) => { if (gradient) peers.sendTo(w, { gradient, terms, ms }, [gradient.buffer]); });
  const parts = await peers.receive();
  withHeap(M, (heap) => {
    const n = parts.length, gradientsAt = new Int32Array(n), termsAt = new Int32Array(n);
    const times = balance.next(parts.map((p) => (p ? p.ms : ms)));
    parts.forEach((p, w) => {
      if (!p) return;
      gradientsAt[w] = heap.u8(p.gradient);
      termsAt[w] = heap.f64(p.terms);
    });
    trainer.tell(heap.i32(gradientsAt), heap.i32(termsAt), times ? heap.f64(times) : 0, n);
  });
  parts.forEach((p, w) => { if (p) peers.giveBack(w, p.gradient); });
}
