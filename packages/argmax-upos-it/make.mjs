// Re-creates tagger.bin and tokenizer.bin, the Italian UPOS tagger and tokenizer, from UD_Italian-MarkIT's train
// and dev splits (release 2.17: the folder ud-italian-markit of the shared data):
//   node packages/argmax-upos-it/make.mjs [DIR]   (default: ud-italian-markit in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, makeUpos, runMaker, attachPunctuation, withAmbiguityClasses, trainAndDev } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Italian-MarkIT';
export const TREEBANK = join(DATA, 'ud-italian-markit');
// Chosen on the dev split (docs/languages.md).
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, templates: withAmbiguityClasses(am), hashBits: 20, weightBits: 8 },
  tokenizer: {},  // a tokenizer's defaults
});

// MarkIT's text is written tokenized: punctuation and elided words attached in every other sentence
// (attachPunctuation).
export const trainingText = (dir = TREEBANK) => attachPunctuation(trainAndDev(dir));

export const make = (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
