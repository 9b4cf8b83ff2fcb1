// argmax/multiclass: multiclass and multi-label learning alone (Multiclass with its linear and kernel solvers,
// the reductions, decision trees, AdaBoost.MH, binary relevance and the binary classifiers, the LIBSVM and
// multi-label readers, the classification metrics), on a wasm module linked from those bindings only.
//   import { init } from 'argmax/multiclass';  const am = await init();
import createArgmaxMulticlass from '../../dist/argmax-multiclass.mjs';
import { library } from './api/library.js';
import * as multiclass from './api/multiclass.js';
import * as reductions from './api/reductions.js';

// Models that train on several threads do so on workers that load this entry again (hosts/multiclass.js).
const host = (Worker) => new Worker(new URL('./hosts/multiclass.js', import.meta.url), { type: 'module' });

export const init = library(createArgmaxMulticlass, new URL('../../dist/argmax-multiclass.wasm', import.meta.url),
  [multiclass, reductions], 'argmax/multiclass', host);
