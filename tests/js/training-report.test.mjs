// How fits end: the model's `training` report, the final onProgress call, the CLI's warning line, and the
// exact structured solvers through the JS API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// Overlapping clusters with features in 0..100 (unscaled): Crammer–Singer needs many passes.
function overlapping(m, seed = 3) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const centres = [[20, 30], [50, 60], [70, 30]], X = [], y = [];
  for (let i = 0; i < m; ++i) {
    const c = i % 3;
    X.push([centres[c][0] + 40 * (rand() - 0.5), centres[c][1] + 40 * (rand() - 0.5)]);
    y.push(c);
  }
  return { X, y };
}
const { X, y } = overlapping(150);

test('a capped Crammer–Singer fit says so: training report, warning and the final onProgress call', () => {
  const calls = [];
  const model = new am.Multiclass({ maxIter: 1, bias: 1 }).fit(X, y, { onProgress: (p) => { calls.push(p); } });
  const t = model.training;
  assert.equal(t.converged, false);
  assert.equal(t.iterations, 1);
  assert.ok(t.gap > t.tolerance);
  assert.match(t.warning, /^stopped at maxIter=1 with KKT violation .*; scale the features or raise maxIter$/);
  assert.equal(calls.length, 2);  // one epoch, then the final report
  const last = calls.at(-1);
  assert.equal(last.final, true);
  assert.equal(last.converged, false);
  assert.equal(last.warning, t.warning);
  assert.equal(last.epoch, 1);
  model.dispose();
});

test('a fit that meets its tolerance has no warning', () => {
  const calls = [];
  const model = new am.Multiclass({ maxIter: 100000, bias: 1 }).fit(X, y, { onProgress: (p) => { calls.push(p); } });
  assert.equal(model.training.converged, true);
  assert.ok(model.training.gap <= model.training.tolerance);
  assert.equal(model.training.warning, undefined);
  assert.equal(calls.at(-1).final, true);
  assert.equal(calls.at(-1).converged, true);
  assert.equal(calls.filter((p) => p.final).length, 1);
  // Fixed-epoch trainers count as converged; loaded models carry no report.
  const sgd = new am.Multiclass({ trainer: 'sgd' }).fit(X, y);
  assert.equal(sgd.training.converged, true);
  assert.equal(am.load(sgd.save()).training, undefined);
  model.dispose(), sgd.dispose();
});

test('cutting-plane, bcfw and cs reach the same objective on one multiclass problem', () => {
  const small = overlapping(60, 5);
  const Xs = small.X.map((r) => r.map((v) => v / 100));
  const objective = (model) => {
    const w = model.weights, k = 3;
    let f = 0;
    for (const v of w) f += 0.5 * v * v;
    const s = model.scores(Xs);
    small.y.forEach((yi, i) => {
      let h = 0;
      for (let c = 0; c < k; ++c) h = Math.max(h, (c === yi ? 0 : 1) + s[i * k + c] - s[i * k + yi]);
      f += h;  // C = 1
    });
    return f;
  };
  const values = [];
  for (const [algo, eps] of [['dcd', 1e-5], ['cutting-plane', 1e-6], ['bcfw', 1e-5]]) {
    const model = new am.Multiclass({ trainer: algo, eps, maxIter: 100000, bias: 1 }).fit(Xs, small.y);
    assert.equal(model.training.converged, true, algo);
    values.push(objective(model));
    model.dispose();
  }
  for (const v of values) assert.ok(Math.abs(v - values[0]) <= 1e-3 * values[0], `${values}`);
});

test('reductions and binary learners report their binary problems', () => {
  const capped = new am.Reduction({ reduction: 'ova', learner: 'linear', learnerOptions: { maxIter: 1 } }).fit(X, y);
  assert.equal(capped.training.converged, false);
  assert.match(capped.training.warning, /^stopped at maxIter=1 with projected-gradient gap .* \(\d of 3 binary problems\)$/);
  const done = new am.Reduction({ reduction: 'ova', learner: 'linear', learnerOptions: { maxIter: 100000 } }).fit(X, y);
  assert.equal(done.training.converged, true);
  assert.equal(done.training.warning, undefined);
  const signs = y.map((c) => (c === 0 ? 1 : -1));
  const lr = new am.BinaryClassifier({ learner: 'linear', trainer: 'newton', maxIter: 1, eps: 1e-9 }).fit(X, signs);
  assert.equal(lr.training.converged, false);
  assert.match(lr.training.warning, /^stopped at maxIter=1 with relative gradient norm/);
  capped.dispose(), done.dispose(), lr.dispose();
});

test('the exact solvers check C and eps', () => {
  assert.throws(() => new am.Multiclass({ trainer: 'cutting-plane', C: 0 }), RangeError);
  assert.throws(() => new am.Multiclass({ trainer: 'bcfw', eps: -1 }), RangeError);
  assert.throws(() => new am.Ranker({ measure: 'f1', C: -1 }), RangeError);
});

test('whole-set F1 trains by cutting plane by default; a group without negatives is an error', () => {
  let s = 9;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const features = [], relevance = [];
  for (let i = 0; i < 400; ++i) {
    const positive = i % 10 === 0;
    features.push([rand() + (positive ? 1.2 : 0), rand()]);
    relevance.push(positive ? 1 : 0);
  }
  const ranker = new am.Ranker({ measure: 'f1', C: 100 }).fit([{ features, relevance }]);
  assert.equal(ranker.options.trainer, 'auto');
  assert.equal(ranker.training.converged, true);
  assert.equal(ranker.training.measure, 'dual gap');
  assert.ok(ranker.training.iterations < 200, `${ranker.training.iterations} rounds`);
  const scores = ranker.score(features);
  // A threshold is learned: the F1 of score > 0 is high on this nearly separable set.
  let a = 0, b = 0, c = 0;
  scores.forEach((v, i) => { if (relevance[i] > 0) (v > 0 ? a++ : c++); else if (v > 0) b++; });
  assert.ok(2 * a / (2 * a + b + c) > 0.8, `F1 ${2 * a / (2 * a + b + c)}`);
  assert.throws(() => new am.Ranker({ measure: 'f1' }).fit([{ features, relevance: relevance.map(() => 1) }]),
    /lacks a positive or a negative/);
  ranker.dispose();
});

test('sequence taggers train by cutting plane and BCFW', () => {
  const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps'], ['the', 'cat', 'runs'], ['a', 'dog', 'sleeps']];
  const tags = [['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB']];
  for (const trainer of ['cutting-plane', 'bcfw']) {
    const tagger = new am.SequenceTagger({ trainer, loss: 'hinge', C: 10, eps: 1e-3, features: 'lower[0]' }).fit(sentences, tags);
    assert.equal(tagger.training.converged, true, trainer);
    assert.deepEqual(tagger.tag(['the', 'dog', 'sleeps']), ['DET', 'NOUN', 'VERB'], trainer);
    tagger.dispose();
  }
});

test('the CLI prints one warning line exactly when the cap is hit', () => {
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const dir = tempDir('report');
  const train = join(dir, 'train.svm');
  writeFileSync(train, X.map((x, i) => `${y[i]} 1:${x[0]} 2:${x[1]}`).join('\n') + '\n');
  const run = (...set) => spawnSync(process.execPath, [cli, 'train', 'multiclass', '--train', train, '--model', join(dir, 'm.bin'),
    '--json', ...set.flatMap((kv) => ['--set', kv])], { encoding: 'utf8' });
  const capped = run('maxIter=1');
  assert.equal(capped.status, 0, capped.stderr);
  const warnings = capped.stderr.split('\n').filter((l) => l.includes('warning'));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /^argmax: warning: stopped at maxIter=1 with KKT violation .*; scale the features or raise maxIter$/);
  const done = run('maxIter=100000');
  assert.equal(done.status, 0, done.stderr);
  assert.equal(done.stderr.includes('warning'), false, done.stderr);
});
