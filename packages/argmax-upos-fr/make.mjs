// Re-creates tagger.bin and tokenizer.bin, the French UPOS tagger and tokenizer, from UD French-Sequoia's
// train and dev splits:
//   node packages/argmax-upos-fr/make.mjs [DIR]   (default: UD_French-Sequoia in ARGMAX_TREEBANKS or ../treebanks
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TREEBANKS, readSplit, makeUpos, runMaker, withAmbiguityClasses } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_French-Sequoia';
export const TREEBANK = join(TREEBANKS, TREEBANK_NAME);
// Chosen on the dev split (docs/benchmarks.md, "Languages").
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, templates: withAmbiguityClasses(am), hashBits: 20, weightBits: 8 },
  // a tokenizer's defaults, with the run between spaces (chunk) beside the runs before and after it: "M." before a
  // name, "des" before a noun
  tokenizer: { templates: `${am.Tokenizer.templates} chunk[0]|nextchunk[0] prevchunk[0]|chunk[0]` },
});

// { tagger, tokenizer } trained on DIR's train and dev splits: the settings were chosen with dev held out, and the
// models then learn from dev's 412 sentences too (docs/benchmarks.md, "Languages").
export const make = (am, dir = TREEBANK) => makeUpos(am, readSplit(dir, 'train') + readSplit(dir, 'dev'), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
