// argmax: linear predictors h(x) = argmax_y ⟨w, Ψ(x, y)⟩ in WebAssembly.
//   const am = await init();   // Node or browser; finds dist/argmax.wasm by itself
// Every task; argmax/multiclass, argmax/sequence, argmax/tagger and argmax/ranking (multiclass.js, sequence.js,
// tagger.js, ranking.js) load a smaller module with one task (argmax/tagger: tagging without trainers).
import createArgmax from '../../dist/argmax.mjs';
import { library } from './api/library.js';
import * as multiclass from './api/multiclass.js';
import * as sequence from './api/sequence.js';
import * as reductions from './api/reductions.js';
import * as ranking from './api/ranking.js';
import * as text from './api/text.js';
import * as languageIdentifier from './api/language-identifier.js';

// Models that train on several threads do so on workers that load this entry again (hosts/argmax.js).
const host = (Worker) => new Worker(new URL('./hosts/argmax.js', import.meta.url), { type: 'module' });

export const init = library(createArgmax, new URL('../../dist/argmax.wasm', import.meta.url),
  [multiclass, sequence, reductions, ranking, text, languageIdentifier], 'argmax', host);

// Search has a module of its own, loaded by the first call (its Unicode tables and stemmers would take this one
// past its budget: docs/search.md): argmax/search-train's API, index, search and training.
export const initSearch = (options) => import('./search-train.js').then((m) => m.init(options));
