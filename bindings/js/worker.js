// Training off the main thread: a Web Worker in browsers, a worker_threads Worker in Node.
//   import { TrainingWorker } from 'argmax/worker';
//   const worker = new TrainingWorker();
//   const job = worker.train({ model: 'Multiclass', options: { algo: 'sgd' }, args: [X, y] },
//                            { onProgress: (p) => console.log(p.epoch, p.objective) });
//   job.stop();                      // ends after the current epoch and returns the model trained so far
//   const { bytes } = await job;     // the model as bytes: am.load(bytes) on any thread
//
// The worker owns its own wasm instance, so the page never freezes while a model trains. Progress arrives once
// per epoch (at most every 40 ms; the last report comes with the result). stop() needs a SharedArrayBuffer
// (always in Node; in browsers when the page is crossOriginIsolated): the worker reads a shared flag from the
// progress callback. Without it stop() falls back to cancel(), which terminates the worker (the model is lost;
// the next job starts a fresh worker).

// Node loads the host by a computed URL: bundlers need not (and should not) see it.
const NODE_HOST = './worker-host.js';
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
const canShareFlag = () => typeof SharedArrayBuffer === 'function' && (isNode || globalThis.crossOriginIsolated === true);

export class TrainingCancelled extends Error {
  constructor(message = 'training was cancelled') {
    super(message);
    this.name = 'AbortError';
  }
}

// A worker thread with its own argmax instance, reused across jobs (one job at a time; later jobs queue).
export class TrainingWorker {
  #options;
  #worker = null;
  #ready = null;
  #jobs = new Map();      // the running job (by id)
  #waiting = new Set();   // jobs queued behind it
  #nextId = 1;
  #queue = Promise.resolve();

  // options.wasmBinary: the .wasm bytes (so the worker does not fetch them again);
  // options.wasmUrl: where the worker fetches the .wasm from (browsers).
  constructor(options = {}) {
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
  train(spec, { onProgress, signal, transfer = [] } = {}) {
    if (!spec || typeof spec.model !== 'string') throw new TypeError("train() needs { model: 'Multiclass' | ..., options, args }");
    if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
    const id = this.#nextId++;
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
      this.#worker.postMessage({ type: 'train', id, spec: { model: spec.model, options: spec.options ?? {}, args: spec.args ?? [], fitOptions: spec.fitOptions ?? {} }, flag }, transfer);
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
    let worker;
    if (isNode) {
      const { Worker } = process.getBuiltinModule('worker_threads');   // no dynamic import: see worker-host.js
      worker = new Worker(new URL(NODE_HOST, import.meta.url));
    } else {
      // written out in full so that bundlers (Vite, webpack, Parcel) find and bundle the worker
      worker = new Worker(new URL('./worker-host.js', import.meta.url), { type: 'module' });
    }
    this.#worker = worker;
    const on = (event, fn) => (isNode ? worker.on(event, fn) : worker.addEventListener(event, (e) => fn(event === 'message' ? e.data : e)));
    const ready = new Promise((resolve, reject) => {
      on('message', (m) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'init-error') reject(revive(m.error));
        else this.#receive(m);
      });
      const fail = (error) => {
        reject(error);
        for (const job of this.#jobs.values()) job.settle.reject(error);
        this.#jobs.clear();
        if (this.#worker === worker) {
          this.#worker = null;
          this.#ready = null;
        }
      };
      on('error', (e) => fail(e instanceof Error ? e : new Error(e?.message ?? 'the training worker failed')));
      // Node: a worker that ends on its own (out of memory, process.exit) takes its running job with it
      if (isNode) worker.on('exit', (code) => { if (this.#worker === worker) fail(new Error(`the training worker exited (code ${code})`)); });
    });
    const { wasmBinary, wasmUrl } = this.#options;
    worker.postMessage({ type: 'init', options: { wasmBinary, wasmUrl: wasmUrl === undefined ? undefined : String(wasmUrl) } });
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
export function trainInWorker(spec, { onProgress, signal, transfer, wasmBinary, wasmUrl } = {}) {
  const worker = new TrainingWorker({ wasmBinary, wasmUrl });
  const job = worker.train(spec, { onProgress, signal, transfer });
  return Object.assign(job.finally(() => worker.terminate()), { stop: job.stop, cancel: job.cancel, id: job.id });
}

function revive(error) {
  const Kind = { TypeError, RangeError }[error?.name] ?? Error;
  const e = new Kind(error?.message ?? String(error));
  if (error?.name && !(error.name in { TypeError: 1, RangeError: 1, Error: 1 })) e.name = error.name;
  return e;
}
