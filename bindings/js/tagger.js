// argmax/tagger: tagging with trained sequence models alone (SequenceTagger, DenseSequenceTagger and Tokenizer
// loaded from their bytes, the shipped tagger and tokenizer, the readers, the sequence metrics), on a wasm
// module linked without any trainer; fit is an error that names argmax/sequence, which trains.
//   import { init } from 'argmax/tagger';  const am = await init();
import createArgmaxTagger from '../../dist/argmax-tagger.mjs';
import { library } from './api/library.js';
import * as sequence from './api/sequence.js';

export const init = library(createArgmaxTagger, new URL('../../dist/argmax-tagger.wasm', import.meta.url),
  [sequence], 'argmax/tagger');
