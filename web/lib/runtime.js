// The demo's one copy of argmax on the page, and the training workers of its sections.
// The .wasm is fetched once and handed to every worker, so the page keeps working offline once loaded.
import { init } from '../../bindings/js/index.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';

const wasmBinary = await fetch(new URL('../../dist/argmax.wasm', import.meta.url)).then((r) => {
  if (!r.ok) throw new Error(`could not load argmax.wasm (${r.status}); build it with: node .ci/build.mjs --wasm`);
  return r.arrayBuffer();
});

export const am = await init({ wasmBinary: wasmBinary.slice(0) });

// A worker with its own argmax instance, started now (not on first use) so nothing is fetched later.
export function startWorker() {
  const worker = new TrainingWorker({ wasmBinary });
  worker.ready().catch((e) => console.warn('training worker failed to start:', e));
  return worker;
}

export const gracefulStop = TrainingWorker.gracefulStop;

// Whether the library on this page provides a capability (other modules register themselves in the API).
export const has = (name) => name.split('.').reduce((v, k) => v?.[k], am) !== undefined;

// The search module that trains (argmax/search-train: the full one leaves search out), loaded when the search
// section mounts, and a training worker on it.
export async function searchModule() {
  const response = await fetch(new URL('../../dist/argmax-search-train.wasm', import.meta.url));
  if (!response.ok) throw new Error(`could not load argmax-search-train.wasm (${response.status}); build it with: node .ci/build.mjs --wasm`);
  const bytes = await response.arrayBuffer();
  const { init: initSearch } = await import('../../bindings/js/search-train.js');
  const worker = new TrainingWorker({ wasmBinary: bytes, entry: 'argmax/search-train' });
  worker.ready().catch((e) => console.warn('search training worker failed to start:', e));
  return { am: await initSearch({ wasmBinary: bytes.slice(0) }), worker };
}
