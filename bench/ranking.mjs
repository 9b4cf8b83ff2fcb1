// Ranking benchmark on LETOR MQ2008 through the JS API (the wasm build in Node): for each surrogate and fold,
// lambda and epochs are picked by NDCG@10 on vali.txt (Ranker.fit with `valid`), the chosen settings are
// retrained on train.txt (timed: this is the "training seconds per fold" in wasm) and evaluated on test.txt
// under both conventions. The native build's table, the oracle timings and the XGBoost rows come from
// build/native/bench_ranking and bench/xgboost_mq2008.py (see docs/benchmarks.md).
//   node bench/ranking.mjs [--data DIR] [--setups ndcg,kendall,...]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data/letor-mq2008'));
if (!existsSync(join(dataDir, 'Fold1', 'train.txt'))) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }

// The settings of bench/native/bench_ranking.cpp.
const SETUPS = {
  ndcg: { measure: 'ndcg', eta: 0.1 },
  kendall: { measure: 'kendall', eta: 1 },
  balanced: { measure: 'balanced', eta: 0.1 },
  f1: { measure: 'f1', eta: 0.1 },
  pointwise: { loss: 'squared' },
};
if (process.argv.includes('--algos')) { console.error('--algos was renamed in 0.2.0: use --setups'); process.exit(2); }
const algos = arg('setups', Object.keys(SETUPS).join(',')).split(',');
const am = await init();
const folds = [1, 2, 3, 4, 5].map((f) => ['train', 'vali', 'test'].map((part) =>
  am.io.readLetor(readFileSync(join(dataDir, `Fold${f}`, `${part}.txt`), 'utf8'), { minCols: 46 })));

const rows = [];
for (const name of algos) {
  const setup = SETUPS[name];
  if (!setup) throw new Error(`unknown setup '${name}' (known: ${Object.keys(SETUPS).join(', ')})`);
  const pointwise = setup.loss === 'squared';
  const options = pointwise ? setup : { ...setup, trainer: 'sgd', epochs: 30 };
  const lambdas = pointwise ? [1e-6, 1e-4, 1e-3, 1e-2, 1e-1, 1] : [0, 1e-4, 1e-3, 1e-2];
  const sums = { common: [0, 0, 0, 0, 0], letor4: [0, 0, 0, 0, 0] };
  let trainSeconds = 0, selectSeconds = 0;
  for (const [train, valid, test] of folds) {
    let t0 = performance.now();
    const chosen = new am.Ranker(options).fit(train, { valid, lambdas });
    selectSeconds += (performance.now() - t0) / 1000;
    t0 = performance.now();
    const model = new am.Ranker(chosen.options).fit(train);
    trainSeconds += (performance.now() - t0) / 1000;
    const scores = model.score(test);
    for (const convention of ['common', 'letor4']) {
      const r = am.metrics.ranking(scores, test, { convention });
      [r.ndcg[0], r.ndcg[2], r.ndcg[4], r.ndcg[9], r.map].forEach((x, j) => { sums[convention][j] += x / folds.length; });
    }
    chosen.dispose();
    model.dispose();
  }
  const f = (xs) => xs.map((x) => x.toFixed(4)).join(' | ');
  rows.push(`| ${name} | ${f(sums.common)} | ${f(sums.letor4)} | ${(trainSeconds / folds.length).toFixed(3)} | ${(selectSeconds / folds.length).toFixed(2)} |`);
}
console.log(`LETOR MQ2008 in wasm (Node ${process.versions.node}), 5-fold averages; lambda and epochs picked on vali by NDCG@10.

| setup | NDCG@1 | NDCG@3 | NDCG@5 | NDCG@10 | MAP | LETOR4 NDCG@1 | @3 | @5 | @10 | LETOR4 MAP | train s/fold (wasm) | select s/fold (wasm) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`);
