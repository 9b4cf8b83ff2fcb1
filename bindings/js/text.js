// argmax/text: text classification alone (TextClassifier: n-gram features, hashing or a vocabulary, TF-IDF, and
// a multiclass or multi-label classifier of them, saved as one model) and the shipped language identifier
// (am.pretrained.languageIdentifier()), on a wasm module linked from its bindings only.
//   import { init } from 'argmax/text';  const am = await init();
import createArgmaxText from '../../dist/argmax-text.mjs';
import { library } from './api/library.js';
import * as text from './api/text.js';
import * as languageIdentifier from './api/language-identifier.js';

export const init = library(createArgmaxText, new URL('../../dist/argmax-text.wasm', import.meta.url), [text, languageIdentifier], 'argmax/text');
