// Re-creates tagger.bin and tokenizer.bin, the Thai UPOS tagger and tokenizer, from UD_Thai-TUD's train and dev
// splits (release 2.17: the folder ud-thai-tud of the shared data):
//   node packages/argmax-upos-th/make.mjs [DIR]   (default: ud-thai-tud in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, readSplit, makeUpos, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Thai-TUD';
export const TREEBANK = join(DATA, 'ud-thai-tud');
// Chosen on the dev split (docs/languages.md).
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, hashBits: 20, weightBits: 8 },  // the `pos` templates
  // a tokenizer's defaults in 2^20 rows: a script without spaces between words has many cluster n-grams to tell apart
  tokenizer: { hashBits: 20 },
});

// What the models learn from: the train split, then dev (the settings were chosen with dev held out).
export const trainingText = (dir = TREEBANK) => readSplit(dir, 'train') + readSplit(dir, 'dev');

export const make = (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
