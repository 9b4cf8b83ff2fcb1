// argmax: linear predictors h(x) = argmax_y ⟨w, Ψ(x, y)⟩ in WebAssembly.
//   const am = await init();   // Node or browser; finds dist/argmax.wasm by itself
import createArgmax from '../../dist/argmax.mjs';
import { withHeap, bytesArg, guardCalls } from './api/wasm.js';
import { learnVocabulary, trainerCatalogue } from './api/options.js';
import { readLimits } from './api/inputs.js';
import * as multiclass from './api/multiclass.js';
import * as sequence from './api/sequence.js';
import * as reductions from './api/reductions.js';
import * as ranking from './api/ranking.js';

const modules = [multiclass, sequence, reductions, ranking];
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// options.wasmUrl / options.locateFile override where the .wasm is fetched from;
// options.wasmBinary supplies its bytes directly.
export async function init(options = {}) {
  const { wasmUrl, locateFile, wasmBinary } = options;
  const moduleArgs = {};
  if (wasmBinary) moduleArgs.wasmBinary = wasmBinary;
  else if (wasmUrl) moduleArgs.locateFile = () => String(wasmUrl);
  else if (locateFile) moduleArgs.locateFile = locateFile;
  else if (isNode) {
    const { readFile } = process.getBuiltinModule('fs/promises');
    moduleArgs.wasmBinary = await readFile(new URL('../../dist/argmax.wasm', import.meta.url));
  }
  const M = await createArgmax(moduleArgs);
  return makeApi(M);
}

function makeApi(M) {
  guardCalls(M);
  learnVocabulary(M);
  readLimits(M);
  const api = { metrics: {}, io: {}, loaders: {}, module: M };
  // Every trainer: {name, help, online} (online trainers can train on several workers).
  api.trainers = trainerCatalogue();
  for (const m of modules) m.install(M, api);

  // Any saved model back from its bytes, whatever its kind. A refused load frees everything it made: every
  // wasm object a loader got from handleFromBytes is deleted unless a model took it and was returned.
  api.load = (bytes) => {
    const data = bytesArg(bytes);
    const made = [];
    try {
      return withHeap(M, (heap) => {
        const p = heap.u8(data);
        const kind = M.modelKind(p, data.length);
        const loader = api.loaders[kind];
        if (!loader) throw new Error(`model kind '${kind}' is not supported by this build`);
        return loader((load) => {
          const result = load(p, data.length);
          if (typeof result?.isAliasOf === 'function') made.push(result);
          return result;
        });
      });
    } catch (e) {
      for (const handle of made) if (!handle.isDeleted()) handle.delete();
      throw e;
    }
  };
  // Bytes the wasm heap has handed out, its size, and the stack depth: what a leak check watches.
  api.memoryUsage = () => M.memoryUsage();
  api.modelKind = (bytes) => {
    const data = bytesArg(bytes);
    return withHeap(M, (heap) => M.modelKind(heap.u8(data), data.length));
  };
  return api;
}
