// Training off the main thread: a Web Worker in browsers, a worker_threads Worker in Node.
//   import { TrainingWorker } from 'argmax/worker';
//   const worker = new TrainingWorker();
//   const job = worker.train({ model: 'Multiclass', options: { trainer: 'sgd' }, args: [X, y] },
//                            { onProgress: (p) => console.log(p.epoch, p.objective) });
//   job.stop();                      // ends after the current epoch and returns the model trained so far
//   const { bytes } = await job;     // the model as bytes: am.load(bytes) on any thread
//
// The worker owns its own wasm instance, so the page never freezes while a model trains. Progress arrives once
// per epoch (at most every 40 ms; the last report comes with the result). stop() needs a SharedArrayBuffer
// (always in Node; in browsers when the page is crossOriginIsolated): the worker reads a shared flag from the
// progress callback. Without it stop() falls back to cancel(), which terminates the worker (the model is lost;
// the next job starts a fresh worker).
//
// new TrainingWorker({ workers: n }) trains taggers (SequenceTagger, DenseSequenceTagger), Multiclass models and
// Rankers (sgd, pegasos, perceptron) on n threads by parameter mixing (mixing.js): each job starts n workers of
// its own and ends them when it settles; stop() then takes effect after the current round, with or without
// SharedArrayBuffer.

import { startWorker, revive, isNode, TrainingCancelled } from './worker-thread.js';
import { trainMixed, workerCount } from './mixing.js';
import { trainGradients } from './gradients.js';
import { optionsObject, trainingSpec, describe } from '../api/inputs.js';

export { TrainingCancelled };

// Its workers load the full library (hosts/argmax.js), which trains every model, or with entry
// 'argmax/search-train' the search module that trains (hosts/search.js), which alone has search. Each written out
// in full for bundlers.
const hosts = {
  argmax: (Worker) => new Worker(new URL('../hosts/argmax.js', import.meta.url), { type: 'module' }),
  'argmax/search-train': (Worker) => new Worker(new URL('../hosts/search.js', import.meta.url), { type: 'module' }),
};

const canShareFlag = () => typeof SharedArrayBuffer === 'function' && (isNode || globalThis.crossOriginIsolated === true);

// A worker thread with its own argmax instance, reused across jobs (one job at a time; later jobs queue).
export class TrainingWorker {
  #options;
  #worker = null;
  #ready = null;
  #jobs = new Map();      // the running job (by id)
  #waiting = new Set();   // jobs queued behind it
  #nextId = 1;
  #queue = Promise.resolve();
  #mixing = new Set();    // jobs running on several workers

  // options.wasmBinary: the .wasm bytes (so the worker does not fetch them again);
  // options.wasmUrl: where the worker fetches the .wasm from (browsers);
  // options.workers: train on this many threads by parameter mixing (1 … MAX_WORKERS; online trainers of taggers,
  // Multiclass and Ranker).
  // options.entry: 'argmax/search-train' loads the search module that trains (SearchRanker jobs; wasmBinary its .wasm).
  constructor(options) {
    options = optionsObject(options, 'TrainingWorker options', 'workers entry wasmBinary wasmUrl');
    if (options.workers !== undefined) workerCount(options.workers, 0);   // a count, checked now
    if (options.entry !== undefined && options.entry !== 'argmax/search-train') {
      throw new RangeError(`entry must be 'argmax/search-train' (the search module that trains, for SearchRanker jobs) or left out (every other task), not ${describe(options.entry)}`);
    }
    this.#options = options;
  }

  // Whether stop() can end training gracefully (and return the model so far) rather than terminating.
  static get gracefulStop() { return canShareFlag(); }

  // Starts the worker and loads the wasm module in it; train() does this by itself.
  ready() {
    if (!this.#ready) {
      this.#ready = this.#spawn().catch((e) => {
        this.#worker?.terminate();   // a failed start is not kept: the next job tries again
        this.#worker = null;
        this.#ready = null;
        throw e;
      });
    }
    return this.#ready;
  }

  // spec: { model: 'Multiclass' (a constructor on the API, dotted paths allowed), options, args: fit arguments,
  //         fitOptions: extra fit options besides onProgress }
  // Returns a promise for { bytes, kind, stopped, progress, epochs, milliseconds }, with stop() and cancel().
  // transfer: ArrayBuffers among the args to move to the worker instead of copying (they become unusable here).
  train(spec, trainOptions) {
    const { onProgress, signal, transfer = [] } = optionsObject(trainOptions, 'train options', 'onProgress signal transfer');
    spec = trainingSpec(spec);
    if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError(`onProgress must be a function, not ${describe(onProgress)}`);
    if (!Array.isArray(transfer)) throw new TypeError(`transfer must be an array of ArrayBuffers, not ${describe(transfer)}`);
    const id = this.#nextId++;
    const { workers, wasmBinary, wasmUrl } = this.#options;
    if (workers !== undefined) {
      // taggers and tokenizers by L-BFGS split their gradient over the workers; the online trainers mix
      const lbfgs = spec.options?.trainer === 'lbfgs' || (spec.model === 'Tokenizer' && spec.options?.trainer === undefined);
      const train = lbfgs && /SequenceTagger$|^Tokenizer$/.test(spec.model) ? trainGradients : trainMixed;
      const job = train(spec, { workers, onProgress, signal, wasmBinary, wasmUrl, host: hosts.argmax });
      this.#mixing.add(job);
      job.catch(() => {}).finally(() => this.#mixing.delete(job));
      return Object.assign(job, { id });
    }
    const flag = canShareFlag() ? new Int32Array(new SharedArrayBuffer(4)) : null;
    let settle;
    const done = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    const job = { id, flag, onProgress, settle, cancelled: false, last: null };
    this.#waiting.add(job);
    // Jobs run one after another: the next is posted only when this one has settled, so the worker holds
    // at most one job and cancelling it (which ends the worker) cannot take another job with it.
    const run = async () => {
      for (;;) {
        if (job.cancelled) return;
        try {
          await this.ready();
        } catch (e) {
          this.#waiting.delete(job);
          settle.reject(e);
          return;
        }
        if (job.cancelled) return;
        if (this.#worker) break;   // else terminate() ran meanwhile: start a worker again
      }
      this.#waiting.delete(job);
      this.#jobs.set(id, job);
      this.#ref(true);
      this.#worker.postMessage({ type: 'train', id, spec, flag }, transfer);
      await done.catch(() => {});
    };
    this.#queue = this.#queue.then(run);
    const cancel = () => {
      if (job.cancelled) return;
      job.cancelled = true;
      this.#waiting.delete(job);
      const wasRunning = this.#jobs.has(id);
      this.#jobs.delete(id);
      settle.reject(new TrainingCancelled());
      if (wasRunning) this.#restart();
    };
    // Graceful when the flag is shared and the job runs; otherwise (queued, or no SharedArrayBuffer) a cancel.
    const stop = () => {
      if (flag && this.#jobs.has(id)) Atomics.store(flag, 0, 1);
      else cancel();
    };
    if (signal) {
      if (signal.aborted) cancel();
      else signal.addEventListener('abort', cancel, { once: true });
    }
    return Object.assign(done, { stop, cancel, id });
  }

  // Ends the worker; running and queued jobs are cancelled.
  terminate() {
    for (const job of this.#mixing) job.cancel();
    for (const job of [...this.#jobs.values(), ...this.#waiting]) {
      job.cancelled = true;
      job.settle.reject(new TrainingCancelled('the training worker was terminated'));
    }
    this.#jobs.clear();
    this.#waiting.clear();
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = null;
  }

  #restart() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = null;
  }

  #ref(busy) {
    // Node: an idle worker must not keep the process alive.
    if (isNode && this.#worker) busy ? this.#worker.ref?.() : this.#worker.unref?.();
  }

  async #spawn() {
    const { wasmBinary, wasmUrl, entry = 'argmax' } = this.#options;
    const { worker, ready } = startWorker(hosts[entry], { wasmBinary, wasmUrl }, {
      onMessage: (m) => this.#receive(m),
      onFail: (error) => {
        if (this.#worker !== worker) return;   // ended by terminate() or a restart
        for (const job of this.#jobs.values()) job.settle.reject(error);
        this.#jobs.clear();
        this.#worker = null;
        this.#ready = null;
      },
    });
    this.#worker = worker;
    await ready;
    this.#ref(this.#jobs.size > 0);
  }

  #receive(m) {
    const job = this.#jobs.get(m.id);
    if (!job) return;   // a cancelled job's late message
    if (m.type === 'progress') {
      job.last = m.progress;
      if (job.onProgress) {
        let keepGoing;
        try { keepGoing = job.onProgress(m.progress); } catch (e) { keepGoing = false; console.error(e); }
        if (keepGoing === false) {
          if (job.flag) Atomics.store(job.flag, 0, 1);
          else this.#cancelRunning(job);
        }
      }
      return;
    }
    this.#jobs.delete(m.id);
    if (this.#jobs.size === 0) this.#ref(false);
    if (m.type === 'done') {
      job.settle.resolve({ bytes: m.bytes, kind: m.kind, stopped: m.stopped, progress: m.progress, epochs: m.epochs, milliseconds: m.milliseconds });
    } else if (m.type === 'error') {
      job.settle.reject(revive(m.error));
    }
  }

  #cancelRunning(job) {
    job.cancelled = true;
    this.#jobs.delete(job.id);
    job.settle.reject(new TrainingCancelled('training was stopped by onProgress (graceful stop needs SharedArrayBuffer)'));
    this.#restart();
  }
}

// One job in a fresh worker that ends with it.
export function trainInWorker(spec, options) {
  const { onProgress, signal, transfer, wasmBinary, wasmUrl } = optionsObject(options, 'trainInWorker options', 'onProgress signal transfer wasmBinary wasmUrl');
  const worker = new TrainingWorker({ wasmBinary, wasmUrl });
  const job = worker.train(spec, { onProgress, signal, transfer });
  return Object.assign(job.finally(() => worker.terminate()), { stop: job.stop, cancel: job.cancel, id: job.id });
}
