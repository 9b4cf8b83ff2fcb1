// Re-creates tagger.bin and tokenizer.bin, the Welsh UPOS tagger and tokenizer, from UD_Welsh-CCG's train and dev
// splits (release 2.16: the folder ud-welsh-ccg of the shared data):
//   node packages/argmax-upos-cy/make.mjs [DIR]   (default: ud-welsh-ccg in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { fileURLToPath } from 'node:url';
import { sharedDataPackage, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

// Chosen on the dev split (docs/languages.md): the shared data's packages' tagger, a tokenizer's defaults.
export const { TREEBANK_NAME, TREEBANK, settings, trainingText, make } = sharedDataPackage('UD_Welsh-CCG', 'ud-welsh-ccg');

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
