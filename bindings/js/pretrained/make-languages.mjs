// Re-creates languages.bin, the language identifier behind am.pretrained.languageIdentifier(), and NOTICE-languages, from
// the UD treebanks and the CLDR strings of make-language-corpus.mjs:
//   node bindings/js/pretrained/make-languages.mjs [DIR]
// DIR holds the treebank folders (default ARGMAX_TREEBANKS, or ../treebanks beside the repository); CLDR is read
// where Debian's unicode-cldr-core puts it (ARGMAX_CLDR elsewhere). The model learns from the sentences that are not
// held out and from the CLDR strings, and reports its accuracy on the held-out sentences; bench/langid.mjs compares
// it with franc, eld and tinyld.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init } from '../index.js';
import { TREEBANKS } from './make-upos.mjs';
import { CLDR, EXTRA_TRAINING, LANGUAGE_SOURCES, cldrCorpus, cldrRelease, languageCorpus, treebankMetadata } from './make-language-corpus.mjs';

// The TextClassifier's options (docs/langid.md, "Settings", says how they were chosen).
export const SETTINGS = {
  trainer: 'sgd', loss: 'log', eta: 1, epochs: 10, wordNgrams: [], charNgrams: [1, 2, 3], charSpan: 'word',
  startWords: 0,  // no word n-grams, so no start's n-grams either; pinned so that the model's options stay as saved
  startPairs: 0,  // likewise
  // character n-grams take the upper half of the 2^15 buckets, 16,384; L1 zeroes most of their weights, which the
  // bytes then leave out
  hashBits: 15, weightBits: 8, l1: 1e-6,
  // an identifier explains nothing: no n-gram strings kept for the heaviest weights
  heaviestNgrams: 0,
};

// At most this many training sentences of one language, the first in corpus order: without a cap the languages
// with the most sentences take their neighbours' (docs/langid.md, "Settings", has the measurements).
export const PER_LANGUAGE = 2000;

export function balanced(train, cap = PER_LANGUAGE) {
  const seen = {};
  return train.filter(({ language }) => (seen[language] = (seen[language] ?? 0) + 1) <= cap);
}

// The identifier trained on DIR's sentences and the CLDR strings, and its accuracy on the held-out sentences.
export function makeLanguages(am, dir = TREEBANKS, settings = SETTINGS, cldr = CLDR) {
  const { train, test, extra } = languageCorpus(dir);
  // the extra sentences come on top of the cap: they are there to outweigh a neighbour (docs/langid.md)
  const kept = [...balanced(train), ...extra, ...cldrCorpus(cldr)];
  const model = new am.TextClassifier(settings).fit(kept.map((s) => s.text), kept.map((s) => s.language));
  const predicted = model.predict(test.map((s) => s.text));
  const right = test.filter((s, i) => predicted[i] === s.language).length;
  return { model, sentences: kept.length, accuracy: right / test.length, tested: test.length };
}

// The NOTICE of languages.bin: every language with its treebanks, their release, licence and contributors.
export function notice(dir = TREEBANKS, cldr = CLDR) {
  const lines = Object.entries(LANGUAGE_SOURCES).flatMap(([code, [name, ...sources]]) => sources.map(([treebank, release]) => {
    const { licence, contributors } = treebankMetadata(join(dir, treebank));
    return `${code.padEnd(4)}${name}: ${treebank}, release ${release}, ${licence}` +
      `${contributors ? `; by ${contributors}` : ''}. https://github.com/UniversalDependencies/${treebank}`;
  }));
  const extra = Object.entries(EXTRA_TRAINING).flatMap(([code, sources]) => sources.map(([treebank, path, release, what]) =>
    `${code.padEnd(4)}${LANGUAGE_SOURCES[code][0]}: ${treebank}, release ${release}, ${path}/: ${what}; ` +
    `${treebankMetadata(join(dir, treebank)).licence}, as the treebank above.`));
  return `languages.bin is a language identification model (the weights of a linear classifier over character
n-grams), not MIT-licensed code. It was learned from the sentences (the "# text" lines) of the Universal
Dependencies treebanks below, each at the release named, and from the Unicode Common Locale Data Repository
(CLDR), and is distributed under the terms below; the rest of the package is under the MIT licence in LICENSE.

Each treebank is licensed under Creative Commons Attribution 4.0 (CC BY 4.0) or Attribution-ShareAlike 3.0 or
4.0 (CC BY-SA 3.0, CC BY-SA 4.0), as listed. The model is therefore shared under CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/legalcode): you may use, share and adapt it, giving this
attribution and sharing adaptations under the same licence. No treebank licensed NonCommercial was used, and
no Parallel UD (PUD) treebank: those are kept for testing. No text of the treebanks is included: only the
learned weights and the hashes of the n-grams they belong to.

Languages (code: ISO 639-1 where there is one, else ISO 639-3), treebank, release, licence, contributors:

${lines.join('\n')}

More sentences of one of these treebanks, for training only, from source files that its release keeps:

${extra.join('\n')}

CLDR ${cldrRelease(cldr)} (as Debian's unicode-cldr-core installs it): the localized names (common/main) and the emoji
names and keywords (common/annotations) of each language above that CLDR has, under the Unicode licence:

   Copyright © 1991-2022 Unicode, Inc. All rights reserved.
   Distributed under the Terms of Use in https://www.unicode.org/copyright.html.

   Permission is hereby granted, free of charge, to any person obtaining a copy of the Unicode data files and any
   associated documentation (the "Data Files") or Unicode software and any associated documentation (the
   "Software") to deal in the Data Files or Software without restriction, including without limitation the rights
   to use, copy, modify, merge, publish, distribute, and/or sell copies of the Data Files or Software, and to
   permit persons to whom the Data Files or Software are furnished to do so, provided that either (a) this
   copyright and permission notice appear with all copies of the Data Files or Software, or (b) this copyright
   and permission notice appear in associated Documentation.

   THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
   BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
   THIRD PARTY RIGHTS. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE BE LIABLE FOR ANY
   CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES, OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE,
   DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN
   CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA FILES OR SOFTWARE.

   Except as contained in this notice, the name of a copyright holder shall not be used in advertising or
   otherwise to promote the sale, use or other dealings in these Data Files or Software without prior written
   authorization of the copyright holder.

Re-create the model from the treebank folders and CLDR, in the argmax source repository, with:
   apt-get install unicode-cldr-core
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
  console.log(`${Object.keys(LANGUAGE_SOURCES).length} languages, ${sentences} training texts, ` +
    `${((performance.now() - start) / 1000).toFixed(0)} s; held-out accuracy ${(100 * accuracy).toFixed(2)}% of ${tested}; ` +
    `languages.bin: ${bytes.length} bytes, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip`);
}
