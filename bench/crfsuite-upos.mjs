// A reference UPOS tagger for the treebanks UDPipe 1 has no figure for: CRFsuite 0.12 (Okazaki; the npm package
// `crfsuite`, its Node binding) trained on the gold words of what the language package's tagger learned from (its
// make.mjs's trainingText: train and dev), scored on the test split's gold words, beside the package's own tagger
// (packages/argmax-upos-<lang>/tagger.bin, as shipped). --split dev: both learn from train alone (the package's
// tagger is then trained here with its make.mjs settings) and are scored on dev.
// CRFsuite reads CRFsuite's POS feature set (argmax's `features: 'crfsuite'`: the word and its neighbours lower-cased,
// prefixes and suffixes of 1–3, capitals, digit and hyphen flags) and trains with its defaults (L-BFGS, c2 = 1,
// until it converges).
//   npm install --no-save crfsuite   (a native addon: if its prebuilt binary cannot be fetched, build it in
//                                     node_modules/crfsuite with node-gyp rebuild --module_name=crfsuite
//                                     --module_path=lib/binding/napi-v3 --napi_build_version=3)
//   node bench/crfsuite-upos.mjs [--split dev|test] [lang…]
// Skips cleanly when crfsuite is not installed or a treebank is absent (each package's make.mjs names its own).
import { readFileSync, readdirSync, existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../bindings/js/index.js';
import { splitFile, readSplit, trainTagger, goldAccuracy } from '../bindings/js/pretrained/make-upos.mjs';

let crfsuite;
try {
  crfsuite = createRequire(import.meta.url)('crfsuite');
} catch (e) {
  console.log(`crfsuite is not installed (npm install --no-save crfsuite): nothing to compare (${String(e.message).split('\n')[0]})`);
  process.exit(0);
}

const args = process.argv.slice(2);
let split = 'test';
const wanted = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--split' && ['dev', 'test'].includes(args[i + 1])) split = args[++i];
  else if (/^[a-z]{2,3}$/.test(args[i])) wanted.push(args[i]);
  else { console.error('usage: node bench/crfsuite-upos.mjs [--split dev|test] [lang…]'); process.exit(2); }
}

// CRFsuite's POS attributes of each word of a sentence (the `crfsuite` templates of src/sequence/token_features.cpp).
function attributes(words) {
  const lower = words.map((w) => w.toLowerCase());
  return words.map((w, i) => {
    const chars = [...w], low = [...lower[i]];
    const out = ['bias', `w[0]=${lower[i]}`, `w[-1]=${lower[i - 1] ?? '<s>'}`, `w[1]=${lower[i + 1] ?? '</s>'}`];
    for (let k = 1; k <= 3; ++k) {
      if (low.length >= k) out.push(`p${k}=${low.slice(0, k).join('')}`, `s${k}=${low.slice(-k).join('')}`);
    }
    if (/^\p{Lu}/u.test(w)) out.push('initcap');
    if (chars.length && chars.every((c) => /\p{Lu}/u.test(c))) out.push('allcaps');
    if (/\d/.test(w)) out.push('hasdigit');
    if (w.includes('-')) out.push('hashyphen');
    return out;
  });
}

const am = await init();
const packages = new URL('../packages/', import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'argmax-crfsuite-'));
const rows = [];
for (const name of readdirSync(packages).filter((d) => d.startsWith('argmax-upos-') && existsSync(new URL(`${d}/make.mjs`, packages))).sort()) {
  const lang = name.slice('argmax-upos-'.length);
  if (wanted.length && !wanted.includes(lang)) continue;
  const { TREEBANK, TREEBANK_NAME, trainingText, settings } = await import(new URL(`${name}/make.mjs`, packages));
  const testFile = splitFile(TREEBANK, split);
  if (!trainingText || !splitFile(TREEBANK, 'train') || !testFile) { console.log(`${lang}: no trainingText, or no train or ${split} split in ${TREEBANK}: skipped`); continue; }
  const trainConllu = split === 'dev' ? readSplit(TREEBANK, 'train') : trainingText(TREEBANK);
  const train = am.io.readConllu(trainConllu);
  const testConllu = readSplit(TREEBANK, split);
  const test = am.io.readConllu(testConllu);

  const started = performance.now();
  const trainer = new crfsuite.Trainer();
  train.sentences.forEach((words, i) => trainer.append(attributes(words), train.tags[i]));
  const model = join(work, `${lang}.crfsuite`);
  trainer.train(model);
  const seconds = (performance.now() - started) / 1000;
  const tagger = new crfsuite.Tagger();
  if (!tagger.open(model)) throw new Error(`CRFsuite could not open its model ${model}`);
  const predicted = test.sentences.map((words) => tagger.tag(attributes(words)));  // (the tags, whatever its index.d.ts says)
  const crf = 100 * am.metrics.sequences(test.tags, predicted).tokenAccuracy;

  const ours = split === 'dev' ? trainTagger(am, trainConllu, settings(am).tagger) : am.load(readFileSync(new URL(`${name}/tagger.bin`, packages)));
  const own = 100 * goldAccuracy(am, ours, testConllu);
  ours.dispose();
  rows.push(`| ${lang} | ${TREEBANK_NAME.slice(3)} | ${crf.toFixed(2)} | ${seconds.toFixed(0)} s | ${own.toFixed(2)} | ${(own - crf).toFixed(2)} |`);
}
console.log(`| language | treebank | CRFsuite UPOS, gold words (${split}) | CRFsuite training | argmax UPOS, gold words | difference |`);
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
