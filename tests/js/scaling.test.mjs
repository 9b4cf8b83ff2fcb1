import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// Three clusters in features of very different ranges (×1000 and +500), labels 0..2.
let s = 7;
const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
const X = [], y = [];
for (let i = 0; i < 150; ++i) {
  const c = i % 3;
  X.push([1000 * ([-1, 0, 1][c] + rand() - 0.5), 500 + [0, 1, 0][c] + rand() - 0.5]);
  y.push(c);
}
// minmax by hand: (x − min) / (max − min) per column
const lo = [0, 1].map((j) => Math.min(...X.map((r) => r[j]))), hi = [0, 1].map((j) => Math.max(...X.map((r) => r[j])));
const scaled = X.map((r) => r.map((v, j) => (v - lo[j]) / (hi[j] - lo[j])));

const close = (a, b, what) => a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) <= 2e-3 + 1e-3 * Math.abs(b[i]), `${what} ${i}: ${v} vs ${b[i]}`));

test('scale=minmax scores raw rows as a model trained on hand-scaled rows, and survives save/load', () => {
  const model = new am.Multiclass({ scale: 'minmax' }).fit(X, y);
  const plain = new am.Multiclass({}).fit(scaled, y);
  close(Array.from(model.scores(X)), Array.from(plain.scores(scaled)), 'multiclass score');
  const again = am.load(model.save());
  assert.deepEqual(Array.from(again.scores(X)), Array.from(model.scores(X)));
  for (const m of [model, plain, again]) m.dispose();

  const ova = new am.Reduction({ reduction: 'ova', learnerOptions: { trainer: 'newton' }, scale: 'minmax' }).fit(X, y);
  const ovaPlain = new am.Reduction({ reduction: 'ova', learnerOptions: { trainer: 'newton' } }).fit(scaled, y);
  close(Array.from(ova.confidences(X)), Array.from(ovaPlain.confidences(scaled)), 'ova confidence');
  ova.dispose(), ovaPlain.dispose();

  const sets = y.map((c) => [c]);
  const br = new am.BinaryRelevance({ learner: 'linear', scale: 'minmax' }).fit(X, sets);
  const brPlain = new am.BinaryRelevance({ learner: 'linear' }).fit(scaled, sets);
  close(Array.from(br.scores(X)), Array.from(brPlain.scores(scaled)), 'binary relevance score');
  br.dispose(), brPlain.dispose();

  const q = (rows) => [{ features: rows.slice(0, 75), relevance: y.slice(0, 75).map((c) => (c === 0 ? 1 : -1)) },
    { features: rows.slice(75), relevance: y.slice(75).map((c) => (c === 0 ? 1 : -1)) }];
  const ranker = new am.Ranker({ measure: 'f1', scale: 'minmax' }).fit(q(X));
  const rankerPlain = new am.Ranker({ measure: 'f1' }).fit(q(scaled));
  close(Array.from(ranker.score(X)), Array.from(rankerPlain.score(scaled)), 'ranking score');
  ranker.dispose(), rankerPlain.dispose();
});

test('a bad scale value, or scale with a tree learner, is a clear error', () => {
  assert.throws(() => new am.Multiclass({ scale: 'log' }), /option 'scale' must be one of auto, none, minmax, standard/);
  assert.throws(() => new am.Reduction({ reduction: 'ova', learner: 'tree', scale: 'standard' }).fit(X, y),
    /scale needs a linear or kernel learner; 'tree'/);
  const ok = new am.Multiclass({ scale: 'standard' }).fit(X, y);  // the module keeps working
  assert.equal(ok.classes, 3);
  ok.dispose();
});

test('the CLI takes --set scale=minmax', () => {
  const dir = tempDir('scale');
  const file = join(dir, 'train.svm'), model = join(dir, 'model.bin');
  writeFileSync(file, X.map((r, i) => `${y[i]} 1:${r[0]} 2:${r[1]}`).join('\n') + '\n');
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const t = run('train', 'multiclass', '--train', file, '--model', model, '--set', 'scale=minmax', '--json');
  assert.equal(t.status, 0, t.stderr);
  const saved = am.load(readFileSync(model));
  assert.equal(saved.options.scale, 'minmax');
  // the same model as the API trains with the same options on the same rows, which LIBSVM files give as sparse
  // rows (scaled, not centred)
  const sparse = { offsets: new Int32Array(X.length + 1).map((_, i) => 2 * i), indices: new Int32Array(2 * X.length).map((_, p) => p % 2),
    values: Float32Array.from(X.flat()), cols: 2 };
  const api = new am.Multiclass({ scale: 'minmax' }).fit(sparse, y);
  assert.deepEqual(Array.from(saved.predict(X)), Array.from(api.predict(X)));
  const e = run('eval', '--model', model, '--data', file, '--json');
  const correct = Array.from(api.predict(X)).filter((p, i) => p === y[i]).length;
  assert.equal(JSON.parse(e.stdout.trim().split('\n').at(-1)).accuracy, correct / y.length);
  saved.dispose(), api.dispose();
});

test('the default scale=auto trains features ×128 as the features in [-1, 1], and leaves those alone', () => {
  const unit = scaled.map((r) => r.map((v) => 2 * v - 1)), times = unit.map((r) => r.map((v) => 128 * v));
  const a = new am.Multiclass({}).fit(unit, y), b = new am.Multiclass({}).fit(times, y);
  assert.equal(b.options.scale, 'auto');
  assert.equal(b.training.iterations, a.training.iterations);
  close(Array.from(b.scores(times)), Array.from(a.scores(unit)), 'score');
  const none = new am.Multiclass({ scale: 'none' }).fit(unit, y);  // [-1, 1]: auto is the identity
  assert.deepEqual(none.scores(unit), a.scores(unit));
  for (const m of [a, b, none]) m.dispose();
});
