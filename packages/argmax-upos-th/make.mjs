// Re-creates tagger.bin and tokenizer.bin, the Thai UPOS tagger and tokenizer, from UD_Thai-TUD's train and dev
// splits (release 2.17: the folder ud-thai-tud of the shared data):
//   node packages/argmax-upos-th/make.mjs [DIR]   (default: ud-thai-tud in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { fileURLToPath } from 'node:url';
import { sharedDataPackage, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

// Chosen on the dev split (docs/languages.md): the shared data's packages' tagger; a tokenizer's defaults in 2^20
// rows (a script without spaces between words has many cluster n-grams to tell apart), with the longest listed
// training word that begins at each cluster and that ends before it (lexbegin, lexend: the dictionary features of
// word segmenters).
export const { TREEBANK_NAME, TREEBANK, settings, trainingText, make } = sharedDataPackage('UD_Thai-TUD', 'ud-thai-tud', {
  tokenizer: (am) => ({ hashBits: 20, templates: `${am.Tokenizer.templates} lexbegin[0] lexend[-1] lexbegin[0]|lexend[-1]` }),
});

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
