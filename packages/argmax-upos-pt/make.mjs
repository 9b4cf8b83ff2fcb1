// Re-creates tagger.bin and tokenizer.bin, the Portuguese UPOS tagger and tokenizer, from UD Portuguese-Bosque's
// train and dev sentences:
//   node packages/argmax-upos-pt/make.mjs [DIR]   (default: UD_Portuguese-Bosque in ARGMAX_TREEBANKS or ../treebanks
//                                                  beside the repository)
// The repository's train file is over the snapshot's size limit, so train is assembled from the whole treebank in
// not-to-release/documents: every sentence whose sent_id is in neither the dev nor the test file, in the order of
// the documents' file names (7,018 sentences, the released train split's count).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TREEBANKS, readSplit, makeUpos, runMaker, withAmbiguityClasses } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Portuguese-Bosque';
export const TREEBANK = join(TREEBANKS, TREEBANK_NAME);
// Chosen on the dev split (docs/benchmarks.md, "Languages"; lexiconFolds: docs/languages.md, "The ambiguity class,
// jackknifed").
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, templates: withAmbiguityClasses(am), hashBits: 20, weightBits: 8, lexiconFolds: 10 },
  tokenizer: {},  // a tokenizer's defaults
});

const sentId = (block) => /^# sent_id = (\S+)/m.exec(block)?.[1];

// The train split: the documents' sentences that are not in dev or test.
export function bosqueTrain(dir) {
  const held = new Set([readSplit(dir, 'dev'), readSplit(dir, 'test')].flatMap((s) => s.split(/\n\n+/).map(sentId)));
  const documents = join(dir, 'not-to-release', 'documents');
  const sentences = readdirSync(documents).filter((f) => f.endsWith('.conllu')).sort()
    .flatMap((f) => readFileSync(join(documents, f), 'utf8').normalize('NFC').split(/\n\n+/).filter((b) => b.trim()));
  return sentences.filter((b) => !held.has(sentId(b))).map((b) => `${b.trim()}\n\n`).join('');
}

// { tagger, tokenizer } trained on DIR's train and dev splits: the settings were chosen with dev held out, and the
// models then learn from dev's 1,172 sentences too (docs/benchmarks.md, "Languages").
export const make = (am, dir = TREEBANK) => makeUpos(am, bosqueTrain(dir) + readSplit(dir, 'dev'), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
