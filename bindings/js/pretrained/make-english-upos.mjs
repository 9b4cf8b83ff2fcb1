// Re-creates english-upos.bin (the tagger behind am.pretrained.englishUpos()) and english-tokenizer.bin (its
// tokenizer, also am.io.tokenize's) from UD English EWT:
//   node bindings/js/pretrained/make-english-upos.mjs [DIR with en_ewt-ud-{train,test}.conllu]
// (default DIR: ud-english-ewt in ARGMAX_DATA, or in ../shared/data beside the repository). Trains on train with the compact
// settings below (docs/benchmarks.md, "Compact models") and reports accuracy on test. Same seed, same bytes:
// tests/js/pretrained.test.mjs checks that the shipped file is what this makes, when the treebank is there.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../index.js';
import { trainTagger, goldAccuracy, SHIPPED_STOPPING } from './make-upos.mjs';

export const SETTINGS = { trainer: 'perceptron', epochs: 10, features: 'pos', hashBits: 18, weightBits: 8 };
export const TOKENIZER_SETTINGS = SHIPPED_STOPPING;  // a tokenizer's defaults (a CRF by OWL-QN), stopped as when it was made
export const TREEBANK = join(process.env.ARGMAX_DATA ?? fileURLToPath(new URL('../../../../shared/data', import.meta.url)), 'ud-english-ewt');

// The tagger trained on DIR's train split, and its token accuracy on the test split.
export async function makeEnglishUpos(am, dir = TREEBANK) {
  const read = (split) => readFileSync(`${dir}/en_ewt-ud-${split}.conllu`, 'utf8');
  const tagger = trainTagger(am, read('train'), { ...SETTINGS, lexicon: await am.lexicons.english() });
  return { tagger, accuracy: goldAccuracy(am, tagger, read('test')) };
}

// The tokenizer trained on DIR's train split.
export function makeEnglishTokenizer(am, dir = TREEBANK) {
  return new am.Tokenizer(TOKENIZER_SETTINGS).fit(readFileSync(`${dir}/en_ewt-ud-train.conllu`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { tagger, accuracy } = await makeEnglishUpos(await init(), process.argv[2]);
  const bytes = tagger.save();
  const out = new URL('./english-upos.bin', import.meta.url);
  writeFileSync(out, bytes);
  console.log(`${out.pathname}: ${bytes.length} bytes, EWT test token accuracy ${(100 * accuracy).toFixed(2)}%`);
  const tokenizer = makeEnglishTokenizer(await init(), process.argv[2]).save();
  const tokenizerOut = new URL('./english-tokenizer.bin', import.meta.url);
  writeFileSync(tokenizerOut, tokenizer);
  console.log(`${tokenizerOut.pathname}: ${tokenizer.length} bytes`);
}
