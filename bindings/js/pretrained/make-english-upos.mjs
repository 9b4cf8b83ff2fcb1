// Re-creates english-upos.bin (the tagger behind am.pretrained.englishUpos()) from UD English EWT:
//   node bindings/js/pretrained/make-english-upos.mjs [DIR with en_ewt-ud-{train,test}.conllu]
// (default DIR: ../shared/data/ud-english-ewt beside the repository). Trains on train with the compact
// settings below (docs/benchmarks.md, "Compact models") and reports accuracy on test. Same seed, same bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { init } from '../index.js';

export const SETTINGS = { algo: 'perceptron', epochs: 10, features: 'pos', hash_bits: 18, weight_bits: 8 };

const dir = process.argv[2] ?? new URL('../../../../shared/data/ud-english-ewt/', import.meta.url).pathname;
const am = await init();
const read = (split) => am.io.readConllu(readFileSync(`${dir}/en_ewt-ud-${split}.conllu`, 'utf8'));
const train = read('train'), test = read('test');
const tagger = new am.SequenceTagger({ ...SETTINGS, lexicon: await am.lexicons.english() }).fit(train.sentences, train.tags);
const bytes = tagger.save();
const out = new URL('./english-upos.bin', import.meta.url);
writeFileSync(out, bytes);
const accuracy = am.metrics.sequences(test.tags, tagger.tag(test.sentences)).tokenAccuracy;
console.log(`${out.pathname}: ${bytes.length} bytes, EWT test token accuracy ${(100 * accuracy).toFixed(2)}%`);
