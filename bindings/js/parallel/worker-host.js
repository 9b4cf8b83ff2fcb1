// The worker side of TrainingWorker (worker.js), of parameter mixing (mixing.js, shard-worker.js) and of exact
// parallel gradients (gradients.js, gradient-worker.js): serve(init) loads the library through init once, then
// trains one job per message and posts progress after each epoch and the trained model as bytes at the end, or
// holds one shard for parameter mixing or one worker of a parallel L-BFGS fit. Each entry point that trains
// has a host of its own (bindings/js/hosts/) that calls serve with that entry's init, so a worker loads the
// module of the entry that started it.
import { shardMessage } from './shard-worker.js';
import { gradientMessage } from './gradient-worker.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof self === 'undefined';
// process.getBuiltinModule (Node ≥ 20.16) rather than `await import`: bundlers then emit this worker as one
// chunk in any output format (Vite's default for workers is iife, which allows no dynamic imports).
const port = isNode ? process.getBuiltinModule('worker_threads').parentPort : self;
const post = (message, transfer) => port.postMessage(message, transfer);
const listen = (fn) => (isNode ? port.on('message', fn) : port.addEventListener('message', (e) => fn(e.data)));

let api = null;

export function serve(init) {
  listen(async (m) => {
    if (m.type === 'init') {
      try {
        const { wasmBinary, wasmUrl } = m.options ?? {};
        api = await init(wasmBinary ? { wasmBinary } : wasmUrl ? { wasmUrl } : {});
        post({ type: 'ready' });
      } catch (e) {
        post({ type: 'init-error', error: plain(e) });
      }
    } else if (m.type === 'train') {
      train(m);
    } else {
      const serve = m.type.startsWith('gradient') ? gradientMessage : shardMessage;
      serve(api, m, post).catch((e) => post({ type: 'error', id: m.id, error: plain(e) }));
    }
  });
}

// Progress is posted at most every PROGRESS_INTERVAL ms, so fast epochs cannot flood the receiving thread;
// the stop flag is still read after every epoch, and the last report comes with the result.
const PROGRESS_INTERVAL = 40;
const PROGRESSLESS = ['DecisionTree', 'BinaryClassifier'];

function train({ id, spec, flag }) {
  const started = Date.now();
  let model = null, stopped = false, epochs = 0, last = null, posted = 0;
  try {
    const Model = resolve(spec.model);
    model = new Model(spec.options);
    const onProgress = (p) => {
      if (p.final) {  // how training ended (bindings/js/api/training.js): always posted, not an epoch
        last = { ...p };
        post({ type: 'progress', id, progress: last });
        return true;
      }
      epochs += 1;
      last = { ...p };
      const now = Date.now();
      if (now - posted >= PROGRESS_INTERVAL) {
        posted = now;
        post({ type: 'progress', id, progress: last });
      }
      if (flag && Atomics.load(flag, 0) !== 0) { stopped = true; return false; }
      return true;
    };
    // (a tree and a binary classifier report no progress: their fit refuses onProgress, as any unread option)
    model.fit(...spec.args, { ...spec.fitOptions, onProgress: PROGRESSLESS.includes(spec.model) ? undefined : onProgress });
    const saved = model.save();
    const bytes = saved.slice();   // its own buffer, transferable
    post({ type: 'done', id, bytes, kind: api.modelKind(bytes), stopped, epochs, progress: last, milliseconds: Date.now() - started }, [bytes.buffer]);
  } catch (e) {
    post({ type: 'error', id, error: plain(e) });
  } finally {
    model?.dispose?.();
  }
}

// 'Multiclass', 'SequenceTagger', … or a dotted path into the API object.
function resolve(path) {
  let value = api;
  for (const part of path.split('.')) value = value?.[part];
  if (typeof value !== 'function') throw new TypeError(`'${path}' is not a model constructor of argmax (try one of: ${Object.keys(api).filter((k) => typeof api[k] === 'function' && /^[A-Z]/.test(k)).join(', ')})`);
  return value;
}

function plain(e) {
  return { name: e?.name ?? 'Error', message: e?.message ?? String(e) };
}
