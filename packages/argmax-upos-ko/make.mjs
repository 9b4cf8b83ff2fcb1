// Re-creates tagger.bin and tokenizer.bin, the Korean UPOS tagger and tokenizer, from UD_Korean-GSD's train and dev
// splits (release 2.10: the folder ud-korean-gsd of the shared data):
//   node packages/argmax-upos-ko/make.mjs [DIR]   (default: ud-korean-gsd in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, readSplit, makeUpos, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Korean-GSD';
export const TREEBANK = join(DATA, 'ud-korean-gsd');
// Chosen on the dev split (docs/languages.md).
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, hashBits: 20, weightBits: 8 },  // the `pos` templates
  tokenizer: {},  // a tokenizer's defaults
});

// What the models learn from: the train split, then dev (the settings were chosen with dev held out).
export const trainingText = (dir = TREEBANK) => readSplit(dir, 'train') + readSplit(dir, 'dev');

export const make = (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
