// Reductions, trees and AdaBoost.MH in the wasm build (Node): training seconds and accuracy of the main rows
// of docs/benchmarks.md, to set beside the native build (bench/native/bench_reductions) and
// scikit-learn (bench/sklearn_reductions.py). Prints one markdown table; skips absent data.
//   node bench/reductions.mjs [--data DIR] [--sets letter,usps,dna,yeast] [--groups reductions,tree,adaboost]
// The tree's accuracy is the mean [min, max] over seeds 0-7 (the seed orders the features, deciding ties),
// its seconds the best of 3 fits with seed 0 made after those 8.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const chosen = arg('sets', 'dna,usps,letter,yeast').split(',');
const groups = arg('groups', 'reductions,tree,adaboost').split(',');
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
  const accuracy = (model) => { const p = model.predict(Xt); return p.reduce((s, v, i) => s + (v === te.labels[i]), 0) / p.length; };
  const runs = [];
  if (groups.includes('reductions')) {
    runs.push(
      ['ova', 'linear dcd', () => new am.Reduction({ reduction: 'ova' })],
      ['ova', 'linear newton', () => new am.Reduction({ reduction: 'ova', learnerOptions: { trainer: 'newton' } })],
      ['allpairs', 'linear dcd', () => new am.Reduction({ reduction: 'allpairs' })],
      ['allpairs', 'linear newton', () => new am.Reduction({ reduction: 'allpairs', learnerOptions: { trainer: 'newton' } })],
      [`ecoc dense c=${2 * k} hamming`, 'linear dcd', () => new am.Reduction({ reduction: 'ecoc', code: 'dense', codeSize: 2 * k, decoding: 'hamming' })]);
  }
  if (groups.includes('adaboost')) runs.push(['adaboost-mh T=100', 'label stumps', () => new am.AdaBoostMH({ rounds: 100 })]);
  if (groups.includes('tree')) {
    const accuracies = [];
    let best = Infinity, leaves = 0;
    for (let seed = 0; seed < 8; ++seed) {
      const model = new am.DecisionTree({ seed }).fit(X, tr.labels);
      accuracies.push(accuracy(model));
      if (seed === 0) leaves = model.leaves;
      model.dispose();
    }
    for (let run = 0; run < 3; ++run) {
      const [model, seconds] = timed(() => new am.DecisionTree({ seed: 0 }).fit(X, tr.labels));
      best = Math.min(best, seconds);
      model.dispose();
    }
    const mean = accuracies.reduce((a, b) => a + b) / accuracies.length;
    console.log(`| ${name} | tree, seeds 0-7: mean [min, max] | gini, ${leaves} leaves (seed 0) | ${mean.toFixed(4)} ` +
      `[${Math.min(...accuracies).toFixed(4)}, ${Math.max(...accuracies).toFixed(4)}] | ${best.toFixed(3)} |`);
  }
  for (const [method, learner, make] of runs) {
    const [model, seconds] = timed(() => make().fit(X, tr.labels));
    console.log(`| ${name} | ${method} | ${learner} | ${accuracy(model).toFixed(4)} | ${seconds.toFixed(2)} |`);
    model.dispose();
  }
}
if (chosen.includes('yeast') && groups.some((g) => g !== 'tree')) {
  const a = join(dataDir, 'multilabel/yeast/yeast_train.svm'), b = join(dataDir, 'multilabel/yeast/yeast_test.svm');
  if (!existsSync(a) || !existsSync(b)) {
    console.log(`\n(yeast skipped: ${a} is absent)`);
  } else {
    const tr = am.io.readMultilabel(readFileSync(a, 'utf8'));
    const te = am.io.readMultilabel(readFileSync(b, 'utf8'), { minCols: tr.cols });
    const k = Math.max(tr.labels, te.labels);
    console.log('\n| set | method | learner | Hamming loss | micro-F1 | wasm train s |\n|---|---|---|---|---|---|');
    for (const [group, method, learner, make, predict] of [
      ['reductions', 'br', 'linear dcd', () => new am.BinaryRelevance(), (m, X) => m.predict(X)],
      ['reductions', 'br', 'linear newton', () => new am.BinaryRelevance({ learnerOptions: { trainer: 'newton' } }), (m, X) => m.predict(X)],
      ['adaboost', 'adaboost-mh T=100', 'label stumps', () => new am.AdaBoostMH({ rounds: 100 }), (m, X) => m.predictSets(X)],
    ]) {
      if (!groups.includes(group)) continue;
      const [model, seconds] = timed(() => make().fit(tr.X, tr.labelSets, { labels: k }));
      const r = am.metrics.multilabel(te.labelSets, predict(model, te.X), { labels: k });
      console.log(`| yeast | ${method} | ${learner} | ${r.hammingLoss.toFixed(4)} | ${r.microF1.toFixed(4)} | ${seconds.toFixed(2)} |`);
    }
  }
}
