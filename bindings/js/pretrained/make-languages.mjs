// Re-creates languages.bin, the language identifier behind am.pretrained.languageIdentifier(), and NOTICE-languages, from
// the UD treebanks of make-language-corpus.mjs:
//   node bindings/js/pretrained/make-languages.mjs [DIR]
// DIR holds the treebank folders (default ARGMAX_TREEBANKS, or ../treebanks beside the repository). The model
// learns from the sentences that are not held out and reports its accuracy on those that are; bench/langid.mjs
// compares it with franc, eld and tinyld.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init } from '../index.js';
import { TREEBANKS } from './make-upos.mjs';
import { LANGUAGE_SOURCES, languageCorpus, treebankMetadata } from './make-language-corpus.mjs';

// The TextClassifier's options (docs/langid.md says how they were chosen).
export const SETTINGS = {
  trainer: 'sgd', loss: 'log', eta: 1, epochs: 5, wordNgrams: [], charNgrams: [1, 2, 3], hashBits: 12, weightBits: 8,
};

// At most this many training sentences of one language, the first in corpus order: the largest treebanks would
// otherwise outweigh the smallest a hundredfold in the log loss.
export const PER_LANGUAGE = Infinity;

export function balanced(train, cap = PER_LANGUAGE) {
  const seen = {};
  return train.filter(({ language }) => (seen[language] = (seen[language] ?? 0) + 1) <= cap);
}

// The identifier trained on DIR's sentences, and its accuracy on the held-out ones.
export function makeLanguages(am, dir = TREEBANKS, settings = SETTINGS) {
  const { train, test } = languageCorpus(dir);
  const kept = balanced(train);
  const model = new am.TextClassifier(settings).fit(kept.map((s) => s.text), kept.map((s) => s.language));
  const predicted = model.predict(test.map((s) => s.text));
  const right = test.filter((s, i) => predicted[i] === s.language).length;
  return { model, sentences: kept.length, accuracy: right / test.length, tested: test.length };
}

// The NOTICE of languages.bin: every language with its treebanks, their release, licence and contributors.
export function notice(dir = TREEBANKS) {
  const lines = Object.entries(LANGUAGE_SOURCES).flatMap(([code, [name, ...sources]]) => sources.map(([treebank, release]) => {
    const { licence, contributors } = treebankMetadata(join(dir, treebank));
    return `${code.padEnd(4)}${name}: ${treebank}, release ${release}, ${licence}` +
      `${contributors ? `; by ${contributors}` : ''}. https://github.com/UniversalDependencies/${treebank}`;
  }));
  return `languages.bin is a language identification model (the weights of a linear classifier over character
n-grams), not MIT-licensed code. It was learned from the sentences (the "# text" lines) of the Universal
Dependencies treebanks below, each at the release named, and is distributed under the terms below; the rest of
the package is under the MIT licence in LICENSE.

Each treebank is licensed under Creative Commons Attribution 4.0 (CC BY 4.0) or Attribution-ShareAlike 3.0 or
4.0 (CC BY-SA 3.0, CC BY-SA 4.0), as listed. The model is therefore shared under CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/legalcode): you may use, share and adapt it, giving this
attribution and sharing adaptations under the same licence. No treebank licensed NonCommercial was used, and
no Parallel UD (PUD) treebank: those are kept for testing. No text of the treebanks is included: only the
learned weights and the hashes of the n-grams they belong to.

Languages (code: ISO 639-1 where there is one, else ISO 639-3), treebank, release, licence, contributors:

${lines.join('\n')}

Re-create the model from the treebank folders, in the argmax source repository, with:
   node bindings/js/pretrained/make-languages.mjs /path/to/treebanks
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? TREEBANKS;
  const am = await init();
  const start = performance.now();
  const { model, sentences, accuracy, tested } = makeLanguages(am, dir);
  const bytes = model.save();
  writeFileSync(new URL('./languages.bin', import.meta.url), bytes);
  writeFileSync(new URL('./NOTICE-languages', import.meta.url), notice(dir));
  console.log(`${Object.keys(LANGUAGE_SOURCES).length} languages, ${sentences} training sentences, ` +
    `${((performance.now() - start) / 1000).toFixed(0)} s; held-out accuracy ${(100 * accuracy).toFixed(2)}% of ${tested}; ` +
    `languages.bin: ${bytes.length} bytes, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip`);
}
