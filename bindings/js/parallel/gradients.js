// L-BFGS fits with exact data-parallel gradients (taggers with trainer 'lbfgs': CRF and softmax-margin, with
// OWL-QN's c1). The objective Σ_i ℓ_i + c2‖w‖² sums over sequences, so each of n workers (each with its own wasm
// instance) prepares the whole training set as a fit on one thread does, takes a contiguous part of the sequences
// (split again by the parts' measured times now and then: gradient-worker.js) and holds a slice of the weights (src/sequence/chain_gradient_trainer.hpp): at every point each computes the
// gradient of its part and sends every other worker that worker's slice of it (MessagePorts, transferred
// buffers), sums the parts of its own slice in fixed point (integer sums are exact in any order), and runs its
// share of L-BFGS (src/learn/lbfgs.hpp) on its slice, the solver's sums summed block by block over every slice.
// So the model is the same bytes for any number of workers. The calling thread only starts the iterations and
// hears their progress; stop() takes effect after the current iteration. No SharedArrayBuffer is needed.
import { workerJob, peerPorts } from './pool.js';
import { workerCount } from './mixing.js';
import { trainingSpec } from '../api/inputs.js';

// 'auto' fits on one thread below this many training sequences. Each worker prepares the whole set again
// (0.6–0.9 s for 3,000 EWT sentences) and handles a dim-sized part of the gradient at every point; only the
// forward–backward work and the L-BFGS step split, which a treebank of a few thousand sentences makes the larger
// share (bench/parallel-gradients.mjs, docs/bench-sequence.md).
export const AUTO_MIN_BATCH_SEQUENCES = 2000;

// spec: { model: 'SequenceTagger' | 'DenseSequenceTagger', options (trainer 'lbfgs'), args: [x, tags],
//         fitOptions: { warmStart: bytes, allowSingleClass } }; host as trainMixed's.
// Returns a promise for { bytes, kind, training, counts, stopped, progress, epochs, milliseconds } with stop() and
// cancel() (training: how the fit ended, as a model's `training`; counts: a tokenizer's paragraphs and skipped);
// onProgress hears every iteration: epoch (the iteration), objective and trainingError, as a serial fit's.
export function trainGradients(spec, { workers, onProgress, signal, wasmBinary, wasmUrl, host }) {
  if (onProgress != null && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
  spec = trainingSpec(spec);
  const n = workerCount(workers, 0);
  const started = Date.now();
  return workerJob(n, { host, wasmBinary, wasmUrl, signal }, async ({ request, stopRequested }) => {
    const each = Array.from({ length: n }, (_, i) => i);
    const peers = peerPorts(n);
    await Promise.all(each.map((k) => request(k, { type: 'gradient', spec, workers: n, worker: k, peers: peers[k] }, peers[k].filter(Boolean))));
    let keepGoing, progress = null, stopped = false;
    for (;;) {
      const [first] = await Promise.all(each.map((k) => request(k, { type: 'gradient-step', keepGoing })));
      if (first.done) break;
      progress = first.progress;
      keepGoing = !stopRequested() && !(onProgress && onProgress({ ...progress }) === false);   // a throw rejects the fit
      stopped = !keepGoing;
    }
    const result = await request(0, { type: 'gradient-finish' });
    return { bytes: result.bytes, kind: result.kind, training: result.training, counts: result.counts, stopped, progress, epochs: progress?.epoch ?? 0, milliseconds: Date.now() - started };
  });
}
