import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { nativeMulticlass } from './native-multiclass.mjs';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// A disc and two rings around it (radii 0, 1, 2, each 0.3 thick): no linear separator exists.
function rings(m, seed) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const X = [], y = [];
  for (let i = 0; i < m; ++i) {
    const label = i % 3, r = label + 0.3 * rand(), a = 2 * Math.PI * rand();
    X.push([r * Math.cos(a), r * Math.sin(a)]);
    y.push(label);
  }
  return { X, y };
}

const accuracy = (model, { X, y }) => model.predict(X).reduce((n, p, i) => n + (p === y[i]), 0) / y.length;
const train = rings(150, 1), heldOut = rings(150, 2);

test('the RBF kernel separates the rings that a linear model cannot, by either decomposition', () => {
  const linear = new am.Multiclass({ bias: 1 }).fit(train.X, train.y);
  assert.ok(accuracy(linear, heldOut) < 0.7);
  assert.equal(linear.supportVectors, undefined);
  for (const [decomposition, measure] of [['all-pairs', 'largest KKT violation'], ['crammer-singer', 'KKT violation']]) {
    const kernel = new am.Multiclass({ kernel: 'rbf', gamma: 1, C: 10, decomposition }).fit(train.X, train.y);
    assert.ok(accuracy(kernel, heldOut) >= 0.97, `${decomposition} accuracy ${accuracy(kernel, heldOut)}`);
    assert.equal(kernel.training.converged, true);
    assert.equal(kernel.training.measure, measure);
    assert.ok(kernel.supportVectors > 0 && kernel.supportVectors < 150);
    kernel.dispose();
  }
  assert.equal(am.Multiclass.kernelOptions().find((o) => o.name === 'decomposition').default, 'all-pairs');
  assert.throws(() => new am.Multiclass({ kernel: 'rbf', cost: [[0, 1, 1], [1, 0, 1], [1, 1, 0]] }).fit(train.X, train.y),
    /a cost matrix is read by decomposition 'crammer-singer'/);
  linear.dispose();
});

test('with the linear kernel the dual solver predicts as the linear Crammer–Singer', () => {
  const kernel = new am.Multiclass({ kernel: 'linear', decomposition: 'crammer-singer', eps: 1e-4 }).fit(train.X, train.y);
  const linear = new am.Multiclass({ eps: 1e-4 }).fit(train.X, train.y);
  const a = kernel.scores(heldOut.X), b = linear.scores(heldOut.X);
  a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) < 1e-2 * (1 + Math.abs(b[i])), `score ${i}: ${v} vs ${b[i]}`));
  kernel.dispose();
  linear.dispose();
});

test('a kernel model survives save and load with its options and support vectors', () => {
  for (const decomposition of ['all-pairs', 'crammer-singer']) {
    const model = new am.Multiclass({ kernel: 'rbf', gamma: 0.5, decomposition }).fit(train.X, train.y);
    const again = am.load(model.save());
    assert.deepEqual(again.scores(heldOut.X), model.scores(heldOut.X));
    assert.deepEqual([again.options.decomposition, again.supportVectors], [decomposition, model.supportVectors]);
    model.dispose(), again.dispose();
  }
  const model = new am.Multiclass({ kernel: 'poly', gamma: 0.5, coef0: 1, degree: 2, C: 5 }).fit(train.X, train.y);
  const again = am.load(model.save());
  assert.deepEqual(again.scores(heldOut.X), model.scores(heldOut.X));
  assert.equal(again.supportVectors, model.supportVectors);
  assert.equal(again.trainer, 'dcd');
  assert.equal(again.options.kernel, 'poly');
  assert.equal(again.options.degree, 2);
  assert.equal(again.training, undefined);
  assert.throws(() => again.weights, /no weight vector/);
  assert.ok(am.Multiclass.kernelOptions().some((o) => o.name === 'gamma'));
  model.dispose();
  again.dispose();
});

test('bad kernel parameters are clear errors and the module keeps working', () => {
  assert.throws(() => new am.Multiclass({ kernel: 'rbf', gamma: -2 }), /'gamma' must be ≥ 0/);
  assert.throws(() => new am.Multiclass({ kernel: 'poly', degree: 0 }), /'degree' must be/);
  assert.throws(() => new am.Multiclass({ kernel: 'sigmoid' }), /must be one of linear, poly, rbf/);
  assert.throws(() => new am.Multiclass({ trainer: 'pegasos', kernel: 'rbf' }), /option 'trainer' must be one of dcd; got "pegasos"/);
  assert.throws(() => new am.Multiclass({ kernel: 'rbf', cache: 1e-7 }).fit(train.X, train.y), /cannot hold one column/);
  assert.throws(() => new am.Multiclass({ kernel: 'rbf' }).fit(train.X, train.y).predict([[1, 2, 3]]), /trained on 2/);
  const model = new am.Multiclass({ kernel: 'rbf' }).fit(train.X, train.y);
  assert.equal(model.predict(train.X).length, 150);
  model.dispose();
});

test('random Fourier features let a linear learner separate the rings; the map is rebuilt on load', () => {
  for (const algo of ['dcd', 'sgd']) {
    const model = new am.Multiclass({ trainer: algo, rff: 300, gamma: 1, seed: 2 }).fit(train.X, train.y);
    assert.ok(accuracy(model, heldOut) >= 0.95, `${algo}: ${accuracy(model, heldOut)}`);
    assert.equal(model.features, 2);
    assert.equal(model.options.rff, 300);
    const again = am.load(model.save());
    assert.deepEqual(again.scores(heldOut.X), model.scores(heldOut.X));
    model.dispose();
    again.dispose();
  }
  assert.throws(() => new am.Multiclass({ trainer: 'sgd', rff: 10, gamma: -1 }), /'gamma' must be ≥ 0/);
  assert.throws(() => new am.Multiclass({ trainer: 'sgd', rff: -1 }), /'rff' must be/);
});

test('native and wasm builds draw the same random features: a native rff model is the wasm one, byte for byte', (t) => {
  const native = nativeMulticlass(t, train, heldOut);
  if (!native) return;
  const options = { rff: 64, gamma: 0.7, rffSeed: 9, epochs: 5 };
  const { model, predictions, trainText } = native('sgd', options);
  assert.deepEqual(Array.from(am.load(model).predict(heldOut.X)), predictions);
  // the LIBSVM text holds the features as printed, so wasm trains on exactly what the native build read
  const parsed = am.io.readLibsvm(trainText);
  const X = { offsets: parsed.offsets, indices: parsed.indices, values: parsed.values, cols: parsed.cols };
  const again = new am.Multiclass({ trainer: 'sgd', ...options }).fit(X, parsed.labels);
  assert.deepEqual(again.save(), model);
});

test('a learned output code: linear and RBF, saved with the reduction, decoding switchable', () => {
  for (const codeKernel of ['linear', 'rbf']) {
    const model = new am.Reduction({ reduction: 'ecoc', code: 'dense', codeSize: 6, decoding: 'learned', codeKernel, codeGamma: 0.5 })
      .fit(train.X, train.y);
    assert.equal(model.decoding, 'learned');
    const again = am.load(model.save());
    assert.deepEqual(again.predict(heldOut.X), model.predict(heldOut.X));
    model.decoding = 'hamming';
    model.decoding = 'learned';
    assert.deepEqual(model.predict(heldOut.X), again.predict(heldOut.X));
    model.dispose();
    again.dispose();
  }
  const plain = new am.Reduction({ reduction: 'ecoc', code: 'dense', codeSize: 6 }).fit(train.X, train.y);
  assert.throws(() => { plain.decoding = 'learned'; }, /trained with decoding=learned/);
  assert.throws(() => new am.Reduction({ decoding: 'learned', codeGamma: 0 }), /'codeGamma' must be > 0/);
  plain.dispose();
});

test('the CLI trains a kernel model with --set kernel=rbf, evaluates it and rejects gamma=-1', async () => {
  const { writeFileSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  const { join } = await import('node:path');
  const cli = new URL('../../bindings/js/cli/main.js', import.meta.url).pathname;
  const argmax = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const dir = tempDir('kernel-cli');
  const text = ({ X, y }) => X.map((r, i) => `${y[i]} 1:${r[0]} 2:${r[1]}`).join('\n') + '\n';
  writeFileSync(join(dir, 'train.svm'), text(train));
  writeFileSync(join(dir, 'test.svm'), text(heldOut));
  const model = join(dir, 'model.bin');
  const trained = argmax('train', 'multiclass', '--train', join(dir, 'train.svm'), '--model', model,
    '--set', 'kernel=rbf', '--set', 'gamma=1', '--set', 'C=10', '--json');
  assert.equal(trained.status, 0, trained.stderr);
  const evaluated = argmax('eval', '--model', model, '--data', join(dir, 'test.svm'), '--json');
  assert.equal(evaluated.status, 0, evaluated.stderr);
  assert.ok(JSON.parse(evaluated.stdout).accuracy >= 0.97, evaluated.stdout);
  const bad = argmax('train', 'multiclass', '--train', join(dir, 'train.svm'), '--model', model, '--set', 'kernel=rbf', '--set', 'gamma=-1');
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /'gamma' must be ≥ 0/);
});

test('a reduction on random features: one-vs-all linear SVMs separate the rings and the map survives save/load', () => {
  const model = new am.Reduction({ reduction: 'ova', rff: 300, gamma: 1 }).fit(train.X, train.y);
  assert.ok(accuracy(model, heldOut) >= 0.95, `${accuracy(model, heldOut)}`);
  const again = am.load(model.save());
  assert.deepEqual(again.predict(heldOut.X), model.predict(heldOut.X));
  assert.throws(() => new am.Reduction({ rff: 10, gamma: -1 }), /'gamma' must be ≥ 0/);
  model.dispose();
  again.dispose();
});

test('one-vs-all on the kernel SVM binary learner separates the rings; bad kernel options are clear errors', () => {
  const ova = new am.Reduction({ reduction: 'ova', learner: 'kernel', learnerOptions: { kernel: 'rbf', gamma: 1, C: 10 } }).fit(train.X, train.y);
  const linear = new am.Reduction({ reduction: 'ova', learner: 'linear' }).fit(train.X, train.y);
  assert.ok(accuracy(ova, heldOut) >= 0.95, `kernel: ${accuracy(ova, heldOut)}`);
  assert.ok(accuracy(linear, heldOut) < 0.7);
  assert.deepEqual(am.load(ova.save()).predict(heldOut.X), ova.predict(heldOut.X));
  assert.throws(() => new am.BinaryClassifier({ learner: 'kernel', gamma: -1 }), /'gamma' must be ≥ 0/);
  const yb = train.y.map((l) => (l === 0 ? 1 : -1));
  assert.throws(() => new am.BinaryClassifier({ learner: 'kernel', cache: 1e-7 }).fit(train.X, yb), /cannot hold one column/);
  // The disc against the rings around it: a circle, which the degree-2 polynomial kernel can draw.
  const binary = new am.BinaryClassifier({ learner: 'kernel', kernel: 'poly', degree: 2, coef0: 1, C: 10 }).fit(train.X, yb);
  const right = Array.from(binary.predict(heldOut.X)).filter((p, i) => p === (heldOut.y[i] === 0 ? 1 : -1)).length;
  assert.ok(right >= 0.95 * heldOut.y.length, `poly: ${right}`);
  ova.dispose();
  linear.dispose();
});

// Ten overlapping blobs in 16 columns with features in 0..100, as a digit set's pixels, and the same rows brought
// to [-1, 1] (x/50 − 1). Centres come from one seed, the points from another.
function blobs(m, seed, classes = 10, cols = 16) {
  let s = 7;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const centres = Array.from({ length: classes }, () => Array.from({ length: cols }, () => 4 * rand() - 2));
  s = seed;
  const raw = [], unit = [], y = [];
  for (let i = 0; i < m; ++i) {
    const label = Math.floor(rand() * classes);
    const x = centres[label].map((c) => 50 + 12 * (c + 2 * (2 * rand() - 1)));
    raw.push(x);
    unit.push(x.map((v) => v / 50 - 1));
    y.push(label);
  }
  return { raw: { X: raw, y }, unit: { X: unit, y } };
}

test('kernel defaults fit the data: raw features in 0..100 predict as features in [-1, 1]; the old γ = 1 is at chance', () => {
  const train = blobs(400, 11), heldOut = blobs(600, 12);
  const raw = new am.Multiclass({ kernel: 'rbf' }).fit(train.raw.X, train.raw.y);
  const unit = new am.Multiclass({ kernel: 'rbf' }).fit(train.unit.X, train.unit.y);
  const old = new am.Multiclass({ kernel: 'rbf', gamma: 1, scale: 'none' }).fit(train.raw.X, train.raw.y);
  const [a, b, c] = [accuracy(raw, heldOut.raw), accuracy(unit, heldOut.unit), accuracy(old, heldOut.raw)];
  const largest = Math.max(...Array.from({ length: 10 }, (_, k) => heldOut.raw.y.filter((l) => l === k).length)) / 600;
  assert.ok(Math.abs(a - b) <= 0.005, `raw ${a} vs [-1, 1] ${b}`);
  assert.ok(a >= 0.9, `defaults on raw features: ${a}`);
  assert.ok(c <= largest + 0.05, `old defaults: ${c} (chance ${largest})`);
  // the γ used is among the options, and a saved model scales the raw rows it scores
  assert.equal(Number(am.Multiclass.kernelOptions().find((o) => o.name === 'gamma').default), 0);
  assert.ok(raw.options.gamma > 0 && raw.options.gamma !== unit.options.gamma, `γ ${raw.options.gamma}`);
  assert.equal(raw.options.scale, 'auto');
  assert.equal(old.options.gamma, 1);
  const again = am.load(raw.save());
  assert.deepEqual(again.scores(heldOut.raw.X), raw.scores(heldOut.raw.X));
  assert.equal(again.options.gamma, raw.options.gamma);
  for (const model of [raw, unit, old, again]) model.dispose();
});
