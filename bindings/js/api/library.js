// One entry point of the library: its wasm module (the full one, or one linked from a task's bindings only) and
// the task APIs installed on it. index.js (every task), sequence.js, tagger.js and ranking.js are made of this.
import { withHeap, bytesArg, guardCalls } from './wasm.js';
import { learnVocabulary, trainerCatalogue } from './options.js';
import { readLimits, optionsObject } from './inputs.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// createModule: the Emscripten factory; wasmFile: the URL of its .wasm (read from disk in Node);
// modules: the task APIs ({install(M, api, entry, host)}) to install; entry: the entry point's name for errors
// ('argmax/sequence'); host(Worker): a new Worker running the entry's worker host (hosts/),
// for the models that train on several threads (none for an entry that does not train).
// options.wasmUrl / options.locateFile override where the .wasm is fetched from;
// options.wasmBinary supplies its bytes directly.
export function library(createModule, wasmFile, modules, entry = 'argmax', host = undefined) {
  return async function init(options) {
    const { wasmUrl, locateFile, wasmBinary } = optionsObject(options, 'init options', 'wasmUrl locateFile wasmBinary');
    const moduleArgs = {};
    if (wasmBinary) moduleArgs.wasmBinary = wasmBinary;
    else if (wasmUrl) moduleArgs.locateFile = () => String(wasmUrl);
    else if (locateFile) moduleArgs.locateFile = locateFile;
    else if (isNode) {
      const { readFile } = process.getBuiltinModule('fs/promises');
      moduleArgs.wasmBinary = await readFile(wasmFile);
    }
    return makeApi(await createModule(moduleArgs), modules, entry, host);
  };
}

function makeApi(M, modules, entry, host) {
  guardCalls(M);
  learnVocabulary(M);
  readLimits(M);
  const api = { metrics: {}, io: {}, loaders: {}, module: M };
  // Every trainer: {name, help, online} (online trainers can train on several workers).
  api.trainers = trainerCatalogue();
  for (const m of modules) m.install(M, api, entry, host);

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
        if (!loader) {
          throw new Error(`model kind '${kind}' is not supported by ${entry === 'argmax' ? 'this build'
            : `${entry} (import 'argmax' to load every kind)`}`);
        }
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
