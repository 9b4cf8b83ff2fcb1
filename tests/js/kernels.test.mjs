import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';

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

test('the RBF kernel separates the rings that a linear model cannot', () => {
  const kernel = new am.Multiclass({ algo: 'cs', kernel: 'rbf', gamma: 1, C: 10 }).fit(train.X, train.y);
  const linear = new am.Multiclass({ algo: 'cs', bias: 1 }).fit(train.X, train.y);
  assert.ok(accuracy(kernel, heldOut) >= 0.97, `kernel accuracy ${accuracy(kernel, heldOut)}`);
  assert.ok(accuracy(linear, heldOut) < 0.7);
  assert.equal(kernel.training.converged, true);
  assert.equal(kernel.training.measure, 'KKT violation');
  assert.ok(kernel.supportVectors > 0 && kernel.supportVectors < 150);
  assert.equal(linear.supportVectors, undefined);
  kernel.dispose();
  linear.dispose();
});

test('with the linear kernel the dual solver predicts as the linear Crammer–Singer', () => {
  const kernel = new am.Multiclass({ algo: 'cs', kernel: 'linear', eps: 1e-4 }).fit(train.X, train.y);
  const linear = new am.Multiclass({ algo: 'cs', eps: 1e-4 }).fit(train.X, train.y);
  const a = kernel.scores(heldOut.X), b = linear.scores(heldOut.X);
  a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) < 1e-2 * (1 + Math.abs(b[i])), `score ${i}: ${v} vs ${b[i]}`));
  kernel.dispose();
  linear.dispose();
});

test('a kernel model survives save and load with its options and support vectors', () => {
  const model = new am.Multiclass({ algo: 'cs', kernel: 'poly', gamma: 0.5, coef0: 1, degree: 2, C: 5 }).fit(train.X, train.y);
  const again = am.load(model.save());
  assert.deepEqual(again.scores(heldOut.X), model.scores(heldOut.X));
  assert.equal(again.supportVectors, model.supportVectors);
  assert.equal(again.algorithm, 'cs');
  assert.equal(again.options.kernel, 'poly');
  assert.equal(again.options.degree, 2);
  assert.equal(again.training, undefined);
  assert.throws(() => again.weights, /no weight vector/);
  assert.ok(am.Multiclass.kernelOptions().some((o) => o.name === 'gamma'));
  model.dispose();
  again.dispose();
});

test('bad kernel parameters are clear errors and the module keeps working', () => {
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'rbf', gamma: 0 }), /'gamma' must be > 0/);
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'rbf', gamma: -2 }), /'gamma' must be > 0/);
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'poly', degree: 0 }), /'degree' must be/);
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'sigmoid' }), /must be one of linear, poly, rbf/);
  assert.throws(() => new am.Multiclass({ algo: 'pegasos', kernel: 'rbf' }), /unknown option 'kernel'/);
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'rbf', cache: 1e-7 }).fit(train.X, train.y), /cannot hold one column/);
  assert.throws(() => new am.Multiclass({ algo: 'cs', kernel: 'rbf' }).fit(train.X, train.y).predict([[1, 2, 3]]), /trained on 2/);
  const model = new am.Multiclass({ algo: 'cs', kernel: 'rbf' }).fit(train.X, train.y);
  assert.equal(model.predict(train.X).length, 150);
  model.dispose();
});
