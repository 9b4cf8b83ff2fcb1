// Re-creates tagger.bin and tokenizer.bin, the Korean UPOS tagger and tokenizer, from UD_Korean-GSD's train and dev
// splits (release 2.10: the folder ud-korean-gsd of the shared data):
//   node packages/argmax-upos-ko/make.mjs [DIR]   (default: ud-korean-gsd in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { fileURLToPath } from 'node:url';
import { sharedDataPackage, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

// Chosen on the dev split (docs/languages.md): the shared data's packages' tagger; a tokenizer's defaults with the
// Unicode class of each cluster and of its neighbours, so that a symbol or bracket inside an eojeol (10.6㎞로,
// 《…》) splits off as the treebank splits it, even one seldom seen.
export const { TREEBANK_NAME, TREEBANK, settings, trainingText, make } = sharedDataPackage('UD_Korean-GSD', 'ud-korean-gsd', {
  tokenizer: (am) => ({ templates: `${am.Tokenizer.templates} class[0] class[-1]|class[0] class[0]|class[1] class[-1]|class[0]|class[1]` }),
});

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
