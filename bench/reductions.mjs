// Reductions, trees and AdaBoost.MH in the wasm build (Node): training seconds and accuracy of the main rows
// of docs/benchmarks.md, to set beside the native build (bench/native/bench_reductions) and
// scikit-learn (bench/sklearn_reductions.py). Prints one markdown table; skips absent data.
//   node bench/reductions.mjs [--data DIR] [--sets letter,usps,dna,yeast]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const chosen = arg('sets', 'dna,usps,letter,yeast').split(',');
const sets = {
  dna: ['multiclass/dna/dna.scale', 'multiclass/dna/dna.scale.t'],
  usps: ['multiclass/usps/usps', 'multiclass/usps/usps.t'],
  letter: ['multiclass/letter/letter.scale', 'multiclass/letter/letter.scale.t'],
};
if (!existsSync(dataDir)) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }
const am = await init();

const timed = (fit) => { const t0 = performance.now(); const model = fit(); return [model, (performance.now() - t0) / 1000]; };
console.log('| set | method | learner | accuracy | wasm train s |\n|---|---|---|---|---|');
for (const name of chosen.filter((s) => sets[s])) {
  const [a, b] = sets[name].map((f) => join(dataDir, f));
  if (!existsSync(a) || !existsSync(b)) { console.log(`| ${name} | (skipped: ${a} is absent) | | | |`); continue; }
  const tr = am.io.readLibsvm(readFileSync(a, 'utf8'));
  const te = am.io.readLibsvm(readFileSync(b, 'utf8'), { minCols: tr.cols });
  const X = { offsets: tr.offsets, indices: tr.indices, values: tr.values, cols: tr.cols };
  const Xt = { offsets: te.offsets, indices: te.indices, values: te.values, cols: te.cols };
  const k = new Set(tr.labels).size;
  const runs = [
    ['ova', 'svm-dcd', () => new am.Reduction({ reduction: 'ova' })],
    ['ova', 'logistic', () => new am.Reduction({ reduction: 'ova', learner: 'logistic' })],
    ['allpairs', 'svm-dcd', () => new am.Reduction({ reduction: 'allpairs' })],
    ['allpairs', 'logistic', () => new am.Reduction({ reduction: 'allpairs', learner: 'logistic' })],
    [`ecoc dense c=${2 * k} hamming`, 'svm-dcd', () => new am.Reduction({ reduction: 'ecoc', code: 'dense', code_size: 2 * k, decoding: 'hamming' })],
    ['tree', 'gini', () => new am.DecisionTree()],
    ['adaboost-mh T=100', 'label stumps', () => new am.AdaBoostMH({ rounds: 100 })],
  ];
  for (const [method, learner, make] of runs) {
    const [model, seconds] = timed(() => make().fit(X, tr.labels));
    const p = model.predict(Xt);
    const acc = p.reduce((s, v, i) => s + (v === te.labels[i]), 0) / p.length;
    console.log(`| ${name} | ${method} | ${learner} | ${acc.toFixed(4)} | ${seconds.toFixed(2)} |`);
    model.dispose();
  }
}
if (chosen.includes('yeast')) {
  const a = join(dataDir, 'multilabel/yeast/yeast_train.svm'), b = join(dataDir, 'multilabel/yeast/yeast_test.svm');
  if (!existsSync(a) || !existsSync(b)) {
    console.log(`\n(yeast skipped: ${a} is absent)`);
  } else {
    const tr = am.io.readMultilabel(readFileSync(a, 'utf8'));
    const te = am.io.readMultilabel(readFileSync(b, 'utf8'), { minCols: tr.cols });
    const k = Math.max(tr.labels, te.labels);
    console.log('\n| set | method | learner | Hamming loss | micro-F1 | wasm train s |\n|---|---|---|---|---|---|');
    for (const [method, learner, make, predict] of [
      ['br', 'svm-dcd', () => new am.BinaryRelevance(), (m, X) => m.predict(X)],
      ['br', 'logistic', () => new am.BinaryRelevance({ learner: 'logistic' }), (m, X) => m.predict(X)],
      ['adaboost-mh T=100', 'label stumps', () => new am.AdaBoostMH({ rounds: 100 }), (m, X) => m.predictSets(X)],
    ]) {
      const [model, seconds] = timed(() => make().fit(tr.X, tr.labelSets, { labels: k }));
      const r = am.metrics.multilabel(te.labelSets, predict(model, te.X), { labels: k });
      console.log(`| yeast | ${method} | ${learner} | ${r.hammingLoss.toFixed(4)} | ${r.microF1.toFixed(4)} | ${seconds.toFixed(2)} |`);
    }
  }
}
