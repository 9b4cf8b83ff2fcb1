// argmax/sequence: the sequence taggers alone (SequenceTagger, DenseSequenceTagger, the shipped lexicon and
// tagger, the CoNLL-U / column / SVM^hmm readers, the sequence metrics), on a wasm module linked from the
// sequence bindings only.
//   import { init } from 'argmax/sequence';  const am = await init();
import createArgmaxSequence from '../../dist/argmax-sequence.mjs';
import { library } from './api/library.js';
import * as sequence from './api/sequence.js';

// Models that train on several threads do so on workers that load this entry again (hosts/sequence.js).
const host = (Worker) => new Worker(new URL('./hosts/sequence.js', import.meta.url), { type: 'module' });

export const init = library(createArgmaxSequence, new URL('../../dist/argmax-sequence.wasm', import.meta.url),
  [sequence], 'argmax/sequence', host);
