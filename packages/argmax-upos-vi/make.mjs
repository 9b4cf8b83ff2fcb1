// Re-creates tagger.bin and tokenizer.bin, the Vietnamese UPOS tagger and tokenizer, from UD_Vietnamese-VTB's train and dev
// splits (release 2.17: the folder ud-vietnamese-vtb of the shared data):
//   node packages/argmax-upos-vi/make.mjs [DIR]   (default: ud-vietnamese-vtb in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { fileURLToPath } from 'node:url';
import { sharedDataPackage, runMaker, attachPunctuation } from '../../bindings/js/pretrained/make-upos.mjs';

// Chosen on the dev split (docs/languages.md): the shared data's packages' tagger; a tokenizer's defaults with the
// syllables (the runs between spaces) on either side of each cluster, which decide whether a space is inside a word
// ("chủ tịch") or between two, c1 = 0.1 keeping more of their pairs. VTB's text is written tokenized, so the
// training text has punctuation attached in every other sentence (attachPunctuation).
export const { TREEBANK_NAME, TREEBANK, settings, trainingText, make } = sharedDataPackage('UD_Vietnamese-VTB', 'ud-vietnamese-vtb', {
  tokenizer: (am) => ({
    c1: 0.1,
    templates: `${am.Tokenizer.templates} prevchunk[0]|nextchunk[0] prevchunk[0] nextchunk[0] ` +
      'chunk[0]|nextchunk[0] prevchunk[0]|chunk[0]',
  }),
  prepare: attachPunctuation,
});

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
