// Training on several threads by iterative parameter mixing (McDonald, Hall & Mann 2010; the maths in
// src/learn/parameter_mixing.hpp). n workers, each with its own wasm instance, read the whole training set for
// its labels and lexicons but featurise only one shard of it (the seed deals the shards), then admit every
// shard's new feature keys in the same order, so all share one feature index. Every round each runs one epoch
// on its shard and sends the weights it changed straight to the other workers (MessagePorts, transferable
// buffers); each mixes them by shard size into the same weights before its next epoch. The calling thread only
// starts the rounds, so a page stays responsive. With n fixed the model is the same on every run, in Node and
// in browsers; with n = 1 it is the serial trainer's, bit for bit. No SharedArrayBuffer is needed: stop() takes
// effect between rounds.
import { workerJob, peerPorts } from './pool.js';
import { trainingProgress } from '../api/training.js';
import { withHeap } from '../api/wasm.js';
import { trainingSpec } from '../api/inputs.js';

export const MAX_WORKERS = 8;
// 'auto' trains on one thread below this many training sequences: starting the workers, the part of the
// preparation every worker repeats (reading the whole set, admitting every shard's feature keys, fresh memory
// for the full weights) and exchanging changes after every epoch cost more than the shards save. From
// bench/parallel-phases.mjs the default perceptron breaks even on 2 free cores only near UD English EWT's
// 12,543 sentences (docs/benchmarks.md), so the bar sits well above it.
export const AUTO_MIN_SEQUENCES = 50000;
// The same for linear multiclass training rows. A multiclass epoch is cheap (letter, 16 features and 26 classes:
// ≈ 0.5 µs a row) next to starting the workers and copying the rows to each (≈ 0.3 s) and a round's exchange and
// wait (≈ 0.03 s at 2 workers, growing with the weights an epoch touches, up to all of them): from
// bench/parallel.mjs (docs/benchmarks.md) 2 workers would break even on 2 free cores near 200,000 such rows, so
// the bar sits well above it.
export const AUTO_MIN_ROWS = 500000;
// The same for ranking documents (the rows of all queries). An sgd epoch over LETOR MQ2008 costs ≈ 0.5 µs a
// document, while each worker is started and sent the whole set, which it prepares again (3–3.5 µs a document and
// 0.1 s more than a fit on this thread): from bench/parallel.mjs (docs/benchmarks.md) 2 workers would break even on
// 2 free cores only near 100,000 documents at the default 20 epochs, so the bar sits well above it.
export const AUTO_MIN_DOCUMENTS = 500000;
// … and 'auto' gives each ranking worker at least this many queries (a shard takes one step per query and epoch;
// below 50 queries the serial default already raises the epochs to make 1,000 steps): one big group of
// documents trains on this thread, however many documents it has.
export const AUTO_MIN_QUERIES_PER_WORKER = 50;

const cores = () => globalThis.navigator?.hardwareConcurrency
  ?? globalThis.process?.getBuiltinModule?.('os')?.availableParallelism?.() ?? 1;

// workers: a count in [1, MAX_WORKERS], or 'auto': the cores (at most MAX_WORKERS and at most `most`) when there
// are at least autoMin training examples (sequences for taggers, rows for multiclass, documents for rankers),
// else 1.
export function workerCount(workers, examples, autoMin = AUTO_MIN_SEQUENCES, most = MAX_WORKERS) {
  if (workers === 'auto') return examples >= autoMin ? Math.max(1, Math.min(MAX_WORKERS, most, cores())) : 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new RangeError(`workers must be 'auto' or an integer from 1 to ${MAX_WORKERS}, got ${workers}`);
  }
  return workers;
}

// fit({ workers }) of a model that trains on one thread only: an error naming the ones that mix, not a silent
// serial fit ('auto' and 1 are fine: they may train on this thread).
export function trainsOnOneThread(workers, model) {
  if (workers === undefined || workers === 'auto' || workers === 1) return;
  throw new TypeError(`${model} trains on one thread: training on several workers is for the online trainers of `
    + "SequenceTagger, DenseSequenceTagger, Multiclass (trainer 'sgd', 'pegasos' or 'perceptron') and Ranker (trainer "
    + "'sgd', 'pegasos' or 'perceptron'), and for the taggers' trainer 'lbfgs'");
}

// A model's fit by mixing (or by train, e.g. gradients.js trainGradients): trains spec on `workers` workers and
// loads the bytes on this thread with load(pointer, length) (M.SequenceModel.load, …). Returns { handle, training,
// counts } (counts: what train says of the data beside the model, if anything);
// onProgress hears every round and the final report, as a serial fit's does.
export async function fitMixed(M, spec, load, { workers, onProgress, signal, host }, train = trainMixed) {
  const report = trainingProgress(onProgress);
  const { bytes, training, counts } = await train(spec, { workers, onProgress: report.onProgress, signal, host });
  const handle = withHeap(M, (heap) => load(heap.u8(bytes), bytes.length));
  return { handle, training: report.finish(handle, training), counts };
}

// spec: { model: 'SequenceTagger' | 'DenseSequenceTagger' | 'Multiclass' | 'Ranker', options,
//         args: [x, tags], [X, y] or [queries], fitOptions: { warmStart: bytes, allowSingleClass } for taggers,
//         { allowSingleClass } for Multiclass }.
// host: starts a worker of the entry point whose model this is (worker-thread.js).
// Returns a promise for { bytes, kind, stopped, progress, epochs, milliseconds } with stop() and cancel().
// onProgress hears once per round: epoch, and the shards' objective and training error weighted by shard size.
// Training ends after the epochs, or after a round in which every shard's epoch would have ended serial training
// (the batch perceptron made no mistake on any shard, so the round left the weights as they were).
export function trainMixed(spec, { workers, onProgress, signal, wasmBinary, wasmUrl, host }) {
  if (onProgress != null && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
  spec = trainingSpec(spec);
  const n = workerCount(workers, 0);
  const started = Date.now();
  return workerJob(n, { host, wasmBinary, wasmUrl, signal }, async ({ request, stopRequested }) => {
    const threads = Array.from({ length: n }, (_, i) => i);
    const job = spec;
    const shards = await Promise.all(threads.map((i) => request(i, { type: 'shard', spec: job, shards: n, shard: i })));
    // Every worker admits every shard's new feature keys alike, so all share one feature index, and gets a
    // MessagePort to every other worker, over which they exchange their changes after every epoch.
    const others = (values, k) => values.map((v, i) => (i === k ? null : v));
    const candidates = shards.map((s) => s.candidates);
    const peers = peerPorts(n);
    await Promise.all(threads.map((k) => request(k, { type: 'admit', candidates: others(candidates, k), peers: peers[k] }, peers[k].filter(Boolean))));
    const total = shards.reduce((a, s) => a + s.examples, 0);
    const mu = shards.map((s) => s.examples / total);
    const epochs = shards[0].epochs;
    let progress = null, epoch = 0, last = false, halted = false;
    while (epoch < epochs && !halted && !stopRequested() && !last) {
      epoch += 1;
      const reports = await Promise.all(threads.map((_, k) => request(k, { type: 'epoch', epoch, mu })));
      last = reports.every((r) => r.progress.last);
      progress = { epoch, objective: 0, trainingError: 0 };
      reports.forEach((r, i) => {
        progress.objective += mu[i] * r.progress.objective;
        progress.trainingError += mu[i] * r.progress.trainingError;
      });
      if (onProgress && onProgress({ ...progress }) === false) halted = true;   // a throw rejects the fit
    }
    const result = await request(0, { type: 'finish', mu });
    return { bytes: result.bytes, kind: result.kind, stopped: epoch < epochs && !last, progress, epochs: epoch, milliseconds: Date.now() - started };
  });
}
