// One mixed workload of the public API, timed on this checkout's wasm build and, with --against, on another
// checkout's, alternated: how a build setting (CMakeLists.txt's optimisation levels, say) moves speed. Parts: the
// shipped tagger on the EWT dev text and its gold tokens, SequenceTagger on 4,000 EWT sentences, a CRF by L-BFGS on
// 1,000, DenseSequenceTagger on the small OCR set, Multiclass on usps, kernels, trees, ECOC and AdaBoost.MH on dna,
// Newton's logistic regression on usps (one class against the rest), four Rankers on MQ2008 fold 1, a Tokenizer on
// the EWT dev treebank, and 100 predictions of dna's test set and of MQ2008's test fold. Data: ../shared/data.
//   node bench/builds.mjs [--against OTHER_CHECKOUT] [--runs 3]     (seconds, best of the runs)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const D = join(root, '../shared/data');

if (process.argv[2] === '--child') {
  // One run of the workload on the checkout given, printed as JSON.
  const checkout = process.argv[3];
  const { init } = await import(join(checkout, 'bindings/js/index.js'));
  const { tagText } = await import(join(checkout, 'bindings/js/cli/tag.js'));
  const { rawText } = await import(join(checkout, 'bench/ud-eval.mjs'));
  const am = await init();
  const t = {};
  const time = (name, f) => { const t0 = performance.now(); f(); t[name] = (performance.now() - t0) / 1000; };
  const X = (d) => ({ offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols });
  const ewtDev = readFileSync(`${D}/ud-english-ewt/en_ewt-ud-dev.conllu`, 'utf8').normalize('NFC');
  const tagger = await am.pretrained.englishUpos();
  const text = rawText(am, ewtDev);
  time('tag raw text', () => tagText(am, tagger, text, { format: 'conllu', tokenizer: tagger.tokenizer }));
  const gold = am.io.readConllu(ewtDev);
  time('tag gold tokens', () => tagger.tag(gold.sentences));
  const ewt = am.io.readConllu(readFileSync(`${D}/ud-english-ewt/en_ewt-ud-train.conllu`, 'utf8'));
  time('train tagger', () => new am.SequenceTagger({}).fit(ewt.sentences.slice(0, 4000), ewt.tags.slice(0, 4000)).dispose());
  time('train crf', () => new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', maxIter: 20 })
    .fit(ewt.sentences.slice(0, 1000), ewt.tags.slice(0, 1000)).dispose());
  const ocr = am.io.readSvmhmm(readFileSync(`${D}/ocr-letters/ocr-small-train.svmhmm`, 'utf8'));
  time('ocr perceptron', () => new am.DenseSequenceTagger({}).fit(ocr, ocr.tags).dispose());
  time('ocr ssvm', () => new am.DenseSequenceTagger({ trainer: 'bcfw', maxIter: 5 }).fit(ocr, ocr.tags).dispose());
  time('ocr crf lbfgs', () => new am.DenseSequenceTagger({ trainer: 'lbfgs', loss: 'log', maxIter: 50 }).fit(ocr, ocr.tags).dispose());
  const usps = am.io.readLibsvm(readFileSync(`${D}/multiclass/usps/usps`, 'utf8'));
  for (const trainer of ['dcd', 'pegasos', 'sgd', 'perceptron'])
    time(`usps ${trainer}`, () => new am.Multiclass({ trainer }).fit(X(usps), usps.labels).dispose());
  const ova = Int32Array.from(usps.labels, (l) => (l === usps.labels[0] ? 1 : -1));
  time('usps binary logistic', () => new am.BinaryClassifier({ trainer: 'newton', loss: 'log' }).fit(X(usps), ova).dispose());
  const dna = am.io.readLibsvm(readFileSync(`${D}/multiclass/dna/dna.scale`, 'utf8'));
  const dnaTest = am.io.readLibsvm(readFileSync(`${D}/multiclass/dna/dna.scale.t`, 'utf8'), { minCols: dna.cols });
  time('dna kernel cs', () => new am.Multiclass({ kernel: 'rbf' }).fit(X(dna), dna.labels).dispose());
  time('dna allpairs kernel', () => new am.Reduction({ reduction: 'allpairs', learner: 'kernel' }).fit(X(dna), dna.labels).dispose());
  time('dna tree', () => new am.Reduction({ reduction: 'ova', learner: 'tree' }).fit(X(dna), dna.labels).dispose());
  time('dna ecoc linear', () => new am.Reduction({ reduction: 'ecoc' }).fit(X(dna), dna.labels).dispose());
  time('dna adaboost', () => new am.AdaBoostMH({ rounds: 100 }).fit(X(dna), dna.labels).dispose());
  const mc = new am.Multiclass({}).fit(X(dna), dna.labels);
  time('predict dna x100', () => { for (let i = 0; i < 100; i++) mc.predict(X(dnaTest)); });
  mc.dispose();
  const letor = (part) => am.io.readLetor(readFileSync(`${D}/letor-mq2008/Fold1/${part}.txt`, 'utf8'), { minCols: 46 });
  const train = letor('train'), test = letor('test');
  for (const o of [{}, { measure: 'kendall' }, { measure: 'f1', trainer: 'cutting-plane' }, { trainer: 'bcfw', maxIter: 10 }, { loss: 'squared' }])
    time(`rank ${JSON.stringify(o)}`, () => new am.Ranker(o).fit(train).dispose());
  const ranker = new am.Ranker({}).fit(train);
  time('rank test x100', () => { for (let i = 0; i < 100; i++) ranker.rank(test); });
  ranker.dispose();
  time('train tokenizer', () => new am.Tokenizer({ trainer: 'perceptron', epochs: 2 }).fit(readFileSync(`${D}/ud-english-ewt/en_ewt-ud-dev.conllu`)).dispose());
  console.log(JSON.stringify(t));
  process.exit(0);
}

const needed = ['ud-english-ewt/en_ewt-ud-train.conllu', 'ocr-letters/ocr-small-train.svmhmm', 'multiclass/usps/usps',
  'multiclass/dna/dna.scale', 'letor-mq2008/Fold1/train.txt'];
const absent = needed.filter((f) => !existsSync(join(D, f)));
if (absent.length) { console.log(`skipped: ${absent.map((f) => join(D, f)).join(', ')} absent`); process.exit(0); }
const other = arg('against');
const checkouts = other ? [other, root] : [root];
const runs = Number(arg('runs', '3'));
const best = checkouts.map(() => ({}));
for (let r = 0; r < runs; r++)
  checkouts.forEach((checkout, c) => {
    const out = execFileSync(process.execPath, [here, '--child', checkout], { encoding: 'utf8' });
    for (const [k, v] of Object.entries(JSON.parse(out.trim().split('\n').pop()))) best[c][k] = Math.min(best[c][k] ?? Infinity, v);
  });
const s = (x) => x.toFixed(2);
if (!other) {
  console.log('| part | s |\n|---|---:|');
  for (const [k, v] of Object.entries(best[0])) console.log(`| ${k} | ${s(v)} |`);
} else {
  console.log(`| part | ${other} s | this checkout s | ratio |\n|---|---:|---:|---:|`);
  for (const k of Object.keys(best[1])) console.log(`| ${k} | ${s(best[0][k])} | ${s(best[1][k])} | ${(best[1][k] / best[0][k]).toFixed(2)} |`);
}
