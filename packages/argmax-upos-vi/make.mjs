// Re-creates tagger.bin and tokenizer.bin, the Vietnamese UPOS tagger and tokenizer, from UD_Vietnamese-VTB's train and dev
// splits (release 2.17: the folder ud-vietnamese-vtb of the shared data):
//   node packages/argmax-upos-vi/make.mjs [DIR]   (default: ud-vietnamese-vtb in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, readSplit, makeUpos, runMaker, attachPunctuation } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Vietnamese-VTB';
export const TREEBANK = join(DATA, 'ud-vietnamese-vtb');
// Chosen on the dev split (docs/languages.md).
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, hashBits: 20, weightBits: 8 },  // the `pos` templates
  // a tokenizer's defaults with the syllables (the runs between spaces) on either side of each cluster, which
  // decide whether a space is inside a word ("chủ tịch") or between two; c1 = 0.1 keeps more of their pairs
  tokenizer: {
    c1: 0.1,
    templates: `${am.Tokenizer.templates} prevchunk[0]|nextchunk[0] prevchunk[0] nextchunk[0] ` +
      'chunk[0]|nextchunk[0] prevchunk[0]|chunk[0]',
  },
});

// What the models learn from: the train split, then dev (the settings were chosen with dev held out), with
// punctuation attached in every other sentence (VTB's text is written tokenized: attachPunctuation).
export const trainingText = (dir = TREEBANK) => attachPunctuation(readSplit(dir, 'train') + readSplit(dir, 'dev'));

export const make = (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
