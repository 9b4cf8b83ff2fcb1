import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { nativeMulticlass } from './native-multiclass.mjs';

const am = await init();

// Three separable clusters with labels 10, 20, 30.
function clusters(m, seed = 1) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const centres = [[-3, 0], [0, 3], [3, 0]], X = [], y = [];
  for (let i = 0; i < m; ++i) {
    const c = i % 3;
    X.push([centres[c][0] + rand() - 0.5, centres[c][1] + rand() - 0.5]);
    y.push(10 * (c + 1));
  }
  return { X, y };
}

const { X, y } = clusters(90);

test('every trainer learns separable clusters and predicts the original labels', () => {
  for (const trainer of ['dcd', 'pegasos', 'sgd', 'perceptron']) {
    const model = new am.Multiclass({ trainer, bias: 1 }).fit(X, y);
    assert.deepEqual(Array.from(model.predict(X)), y, trainer);
    assert.equal(model.trainer, trainer);
    assert.deepEqual(Array.from(model.labels), [10, 20, 30]);
    model.dispose();
  }
  for (const loss of ['log', 'softmax-margin']) {
    const model = new am.Multiclass({ trainer: 'sgd', loss, bias: 1 }).fit(X, y);
    assert.deepEqual(Array.from(model.predict(X)), y, loss);
    model.dispose();
  }
});

test('dense {data, rows, cols} and CSR input give the same predictions as number[][]', () => {
  const model = new am.Multiclass({ bias: 1 }).fit(X, y);
  const data = Float32Array.from(X.flat());
  const offsets = Int32Array.from({ length: X.length + 1 }, (_, i) => 2 * i);
  const indices = Int32Array.from({ length: 2 * X.length }, (_, i) => i % 2);
  const a = model.predict(X), b = model.predict({ data, rows: X.length, cols: 2 });
  const c = model.predict({ offsets, indices, values: data, cols: 2 });
  assert.deepEqual(b, a);
  assert.deepEqual(c, a);
});

test('scores, margins and predictions agree', () => {
  const model = new am.Multiclass({ trainer: 'pegasos', bias: 1, seed: 3 }).fit(X, y);
  const s = model.scores(X), m = model.margins(X, y), p = model.predict(X), k = model.classes;
  for (let i = 0; i < X.length; ++i) {
    const row = Array.from(s.subarray(i * k, i * k + k));
    const best = row.indexOf(Math.max(...row));
    assert.equal(p[i], model.labels[best]);
    const yi = model.labels.indexOf(y[i]);
    const rival = Math.max(...row.filter((_, c) => c !== yi));
    assert.ok(Math.abs(m[i] - (row[yi] - rival)) <= 1e-5 * Math.max(1, Math.abs(m[i])));
  }
});

test('the same seed gives the same model, bit for bit', () => {
  const a = new am.Multiclass({ trainer: 'sgd', seed: 5, epochs: 3 }).fit(X, y);
  const b = new am.Multiclass({ trainer: 'sgd', seed: 5, epochs: 3 }).fit(X, y);
  assert.deepEqual(a.weights, b.weights);
  assert.deepEqual(a.save(), b.save());
});

test('save and load round trip keeps predictions, trainer and options', () => {
  const model = new am.Multiclass({ trainer: 'pegasos', lambda: 0.001, bias: 1 }).fit(X, y);
  const again = am.load(model.save());
  assert.deepEqual(again.predict(X), model.predict(X));
  assert.equal(again.trainer, 'pegasos');
  assert.equal(again.options.lambda, 0.001);
  assert.equal(again.options.average, true);
});

test('onProgress reports epochs and can stop training', () => {
  const seen = [];
  new am.Multiclass({ trainer: 'sgd', epochs: 50 }).fit(X, y, {
    onProgress: (p) => { seen.push(p); return p.epoch < 4; },
  });
  assert.deepEqual(seen.map((p) => p.epoch), [1, 2, 3, 4, 4]);
  assert.deepEqual(seen.map((p) => p.final === true), [false, false, false, false, true]);  // then how it ended
  assert.ok(seen.every((p) => Number.isFinite(p.objective) && p.trainingError >= 0 && p.trainingError <= 1));
});

test('an exception thrown by onProgress stops training and reaches the caller', () => {
  const model = new am.Multiclass({ trainer: 'sgd', epochs: 50 });
  assert.throws(() => model.fit(X, y, { onProgress: () => { throw new Error('user stop'); } }), /user stop/);
  assert.deepEqual(Array.from(new am.Multiclass().fit(X, y).predict([X[0]])), [10]);
});

test('a cost matrix is validated and used', () => {
  const y01 = y.map((v) => v / 10 - 1);
  const model = new am.Multiclass({ trainer: 'pegasos', cost: [[0, 1, 2], [1, 0, 1], [2, 1, 0]], bias: 1 }).fit(X, y01);
  assert.deepEqual(Array.from(model.predict(X)), y01);
  assert.throws(() => new am.Multiclass({ cost: [[0, 1], [1, 0]] }).fit(X, y01), /outside the 2×2 cost matrix/);
  assert.throws(() => new am.Multiclass({ cost: [[1, 1], [1, 0]] }).fit([[0], [1]], [0, 1]), /diagonal/);
  assert.throws(() => new am.Multiclass({ cost: [[0, -1], [1, 0]] }).fit([[0], [1]], [0, 1]), /non-negative/);
  assert.throws(() => new am.Multiclass({ cost: [[0, 1, 2], [1, 0]] }), /cost\[0\] has 3 entries, expected 2/);
});

test('bad input raises a clear Error and the module keeps working', () => {
  const model = new am.Multiclass().fit(X, y);
  const cases = [
    [() => model.predict([[1, 2, 3]]), /X has 3 columns; the model was trained on 2$/],
    [() => model.predict([[1, NaN]]), /non-finite/],
    [() => model.predict([[1, Infinity]]), /non-finite/],
    [() => model.predict([[1, 'a']]), /X\[0\]\[1\] is the string "a", not a number$/],
    [() => model.predict([[1, 2], [3]]), /X\[1\] has 1 features, expected 2 \(as X\[0\]\)$/],
    [() => model.predict({ data: new Float32Array(3), rows: 2, cols: 2 }), /expected rows × cols = 4/],
    [() => new am.Multiclass().fit([], []), /X has no rows: training needs at least one$/],
    [() => new am.Multiclass().fit(X, y.slice(1)), /y has 89 labels, expected 90 \(one per row of X\)$/],
    [() => new am.Multiclass().fit(X, y.map((v) => v + 0.5)), /y\[0\] is \d+\.5, not an integer label$/],
    [() => new am.Multiclass({ trainer: 'svm' }), /unknown trainer 'svm' for Multiclass/],
    [() => new am.Multiclass({ algo: 'sgd' }), /renamed in 0\.2\.0: use 'trainer'/],
    [() => new am.Multiclass({ trainer: 'perceptron', loss: 'hinge' }), /loss/],
    [() => new am.Multiclass({ trainer: 'dcd', loss: 'log' }), /loss/],
    [() => new am.Multiclass({ trainer: 'dcd', lambda: 1 }), /unknown option 'lambda'/],
    [() => new am.Multiclass({ trainer: 'dcd', C: '1' }), /must be a finite number/],
    [() => new am.Multiclass({ trainer: 'dcd', C: 0 }), /must be > 0/],
    [() => new am.Multiclass({ trainer: 'sgd', epochs: 1.5 }), /must be an integer/],
    [() => new am.Multiclass({ trainer: 'sgd', loss: 'logit' }), /must be one of hinge, slack, sum, log, softmax-margin/],
    [() => model.margins(X.slice(0, 1), [99]), /not one of the model's labels/],
    [() => new am.Multiclass().predict(X), /not trained/],
  ];
  for (const [fn, message] of cases) assert.throws(fn, message);
  const bytes = model.save();
  const corrupt = bytes.slice();
  corrupt[40] ^= 1;
  assert.throws(() => am.load(corrupt), /checksum/);
  assert.throws(() => am.load(bytes.slice(0, bytes.length - 9)), /checksum|truncated/);
  assert.throws(() => am.load(new Uint8Array([1, 2, 3])), /not an argmax model/);
  assert.throws(() => am.load('model'), /Uint8Array/);
  assert.deepEqual(Array.from(model.predict(X)), y, 'still works after all the errors');
});

test('dispose frees the model and later use says so', () => {
  const model = new am.Multiclass().fit(X, y);
  model.dispose();
  assert.throws(() => model.predict(X), /disposed/);
  model.dispose();
});

test('metrics: classification report, average cost and margin loss', () => {
  const r = am.metrics.classification([1, 1, 1, 2, 2, 3], [1, 1, 2, 2, 3, 3]);
  assert.equal(r.accuracy, 4 / 6);
  assert.deepEqual(Array.from(r.confusion), [2, 1, 0, 0, 1, 1, 0, 0, 1]);
  assert.ok(Math.abs(r.macro.f1 - (0.8 + 0.5 + 2 / 3) / 3) < 1e-12);
  assert.equal(am.metrics.averageCost([0, 1, 1], [1, 1, 0], [[0, 2], [5, 0]]), 7 / 3);
  assert.equal(am.metrics.marginLoss([2, 0.5, -1, 0], 1), 2.5 / 4);
  assert.throws(() => am.metrics.classification([], []), /zero examples/);
});

test('the LIBSVM reader names the bad line', () => {
  const d = am.io.readLibsvm('1 1:0.5 3:1\n2 2:1\n');
  assert.equal(d.rows, 2);
  assert.equal(d.cols, 3);
  assert.deepEqual(Array.from(d.labels), [1, 2]);
  assert.throws(() => am.io.readLibsvm('1 1:0.5\n2 2:x\n'), /line 2/);
});

test('a model saved by the native build loads in wasm and predicts the same', (t) => {
  const { X: Xt, y: yt } = clusters(120, 7);
  const native = nativeMulticlass(t, { X, y }, { X: Xt, y: yt });
  if (!native) return;
  for (const trainer of ['dcd', 'sgd']) {
    const options = trainer === 'dcd' ? { bias: 1 } : { bias: 1, epochs: 5 };
    const { model: bytes, predictions } = native(trainer, options);
    const model = am.load(bytes);
    assert.deepEqual(Array.from(model.predict(Xt)), predictions, trainer);
    // and the wasm build trains the very same model from the same data and seed
    const again = new am.Multiclass({ trainer, ...options }).fit(X, y);
    assert.deepEqual(again.save(), bytes, `${trainer}: native and wasm models differ`);
  }
});
