// Starting one worker thread with its own argmax instance: a Web Worker in browsers, a worker_threads Worker in
// Node. TrainingWorker (worker.js) and parameter mixing (mixing.js) build on it.

export const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

// host(Worker): a new Worker running an entry point's host (bindings/js/hosts/), written out in full by the entry,
// `new Worker(new URL('./hosts/….js', import.meta.url), { type: 'module' })`, so that bundlers (Vite, webpack,
// Parcel) find and bundle the worker (Node's worker_threads Worker takes the same call). Returns { worker, ready }:
// ready resolves once the wasm module has loaded in the worker. Every other message goes to onMessage; onFail
// hears of an error in the worker or (Node) of its ending on its own, after terminate() too (the caller knows
// whether it ended the worker).
export function startWorker(host, { wasmBinary, wasmUrl } = {}, { onMessage, onFail }) {
  const worker = host(isNode ? process.getBuiltinModule('worker_threads').Worker : Worker);   // (no dynamic import: see worker-host.js)
  const on = (event, fn) => (isNode ? worker.on(event, fn) : worker.addEventListener(event, (e) => fn(event === 'message' ? e.data : e)));
  const ready = new Promise((resolve, reject) => {
    on('message', (m) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'init-error') reject(revive(m.error));
      else onMessage(m);
    });
    const fail = (error) => {
      reject(error);
      onFail(error);
    };
    on('error', (e) => fail(e instanceof Error ? e : new Error(e?.message ?? 'the training worker failed')));
    // Node: a worker that ends on its own (out of memory, process.exit) takes its running job with it
    if (isNode) worker.on('exit', (code) => fail(new Error(`the training worker exited (code ${code})`)));
  });
  worker.postMessage({ type: 'init', options: { wasmBinary, wasmUrl: wasmUrl === undefined ? undefined : String(wasmUrl) } });
  return { worker, ready };
}

// An error posted by a worker, as an Error of the same kind again.
export function revive(error) {
  const Kind = { TypeError, RangeError }[error?.name] ?? Error;
  const e = new Kind(error?.message ?? String(error));
  if (error?.name && !(error.name in { TypeError: 1, RangeError: 1, Error: 1 })) e.name = error.name;
  return e;
}

export class TrainingCancelled extends Error {
  constructor(message = 'training was cancelled') {
    super(message);
    this.name = 'AbortError';
  }
}
