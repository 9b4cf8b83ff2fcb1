// One training job on n fresh workers (worker-thread.js), as parameter mixing (mixing.js) and exact parallel
// gradients (gradients.js) run them: every worker holds one request at a time, and its answer (or error)
// settles it. The first error, or a cancel, ends every worker; so does the job's end.
import { startWorker, revive, TrainingCancelled } from './worker-thread.js';

// body({ request, stopRequested }) drives the workers once they have loaded the module: request(i, message,
// transfer) → a promise for worker i's answer; stopRequested() tells whether stop() was called. Returns a
// promise for body's result with stop() and cancel(); signal (an AbortSignal) cancels too.
export function workerJob(n, { host, wasmBinary, wasmUrl, signal }, body) {
  const threads = [];
  let settle, finished = false, stopRequested = false;
  const done = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  const end = (error, result) => {
    if (finished) return;
    finished = true;
    for (const t of threads) t.worker.terminate();
    if (error) settle.reject(error);
    else settle.resolve(result);
  };
  const request = (i, message, transfer = []) => new Promise((resolve, reject) => {
    if (finished) return reject(new TrainingCancelled());
    threads[i].pending = { resolve, reject };
    threads[i].worker.postMessage(message, transfer);
  });
  const answer = (i, m) => {
    const pending = threads[i].pending;
    threads[i].pending = null;
    if (!pending) return;
    if (m.type === 'error') pending.reject(revive(m.error));
    else pending.resolve(m);
  };
  const run = async () => {
    for (let i = 0; i < n; ++i) {
      threads.push({ pending: null, ...startWorker(host, { wasmBinary, wasmUrl }, {
        onMessage: (m) => answer(i, m),
        onFail: (error) => end(error),
      }) });
    }
    await Promise.all(threads.map((t) => t.ready));
    end(null, await body({ request, stopRequested: () => stopRequested }));
  };
  run().catch((e) => end(e));
  const cancel = () => end(new TrainingCancelled());
  const stop = () => { stopRequested = true; };
  if (signal) {
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
  }
  return Object.assign(done, { stop, cancel });
}

// A MessagePort between every two of n workers: ports[i][k] is worker i's end towards k (null at i = k).
export function peerPorts(n) {
  const ports = Array.from({ length: n }, () => Array(n).fill(null));
  for (let i = 0; i < n; ++i) {
    for (let k = i + 1; k < n; ++k) [ports[i][k], ports[k][i]] = (({ port1, port2 }) => [port1, port2])(new MessageChannel());
  }
  return ports;
}
