// Linear multiclass training on several threads by parameter mixing (bindings/js/parallel/mixing.js): one worker gives the
// serial model byte for byte for sgd, pegasos and perceptron, two the same model on every run, the mixed perceptron
// separates separable data; bad input rejects the fit with the library's message and the module keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { points } from './parallel-cases.mjs';

const am = await init();
const { X, y } = points(300, 3, { noise: 0.1 });

test('one worker trains the serial model, byte for byte, for sgd, pegasos and perceptron', async () => {
  for (const options of [{ trainer: 'sgd', epochs: 3 }, { trainer: 'sgd', loss: 'log', lambda: 0.01, bias: 1, scale: 'standard', epochs: 2 },
    { trainer: 'pegasos', lambda: 0.01, epochs: 3 }, { trainer: 'perceptron', average: true, bias: 1 }]) {
    const serial = new am.Multiclass(options).fit(X, y);
    const reports = [];
    const mixed = await new am.Multiclass(options).fit(X, y, { workers: 1, onProgress: (p) => { reports.push(p); } });
    assert.deepEqual(mixed.save(), serial.save(), JSON.stringify(options));
    assert.equal(reports.at(-1).final, true);
    serial.dispose(), mixed.dispose();
  }
  // Sparse rows too, as the CLI passes them.
  const sparse = { offsets: Int32Array.from({ length: X.length + 1 }, (_, i) => 2 * i), indices: Int32Array.from(X.flatMap(() => [0, 1])),
    values: Float32Array.from(X.flat()), cols: 2 };
  const serial = new am.Multiclass({ trainer: 'sgd', epochs: 2 }).fit(sparse, y);
  const mixed = await new am.Multiclass({ trainer: 'sgd', epochs: 2 }).fit(sparse, y, { workers: 1 });
  assert.deepEqual(mixed.save(), serial.save());
});

test('two workers give the same model on every run, and TrainingWorker mixes multiclass models too', async () => {
  const a = await new am.Multiclass({ trainer: 'sgd', epochs: 4 }).fit(X, y, { workers: 2 });
  const b = await new am.Multiclass({ trainer: 'sgd', epochs: 4 }).fit(X, y, { workers: 2 });
  assert.deepEqual(a.save(), b.save());
  const serial = new am.Multiclass({ trainer: 'sgd', epochs: 4 }).fit(X, y);
  assert.notDeepEqual(a.save(), serial.save());   // two shards are not the serial trainer
  const accuracy = (m) => am.metrics.classification(y, m.predict(X)).accuracy;
  assert.ok(accuracy(a) > 0.85, `accuracy ${accuracy(a)}`);   // 10% of the labels are random
  const worker = new TrainingWorker({ workers: 2 });
  const result = await worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 4 }, args: [X, y] });
  assert.deepEqual([result.kind, result.epochs, result.stopped], ['linear-multiclass', 4, false]);
  assert.deepEqual(result.bytes, a.save());
  a.dispose(), b.dispose(), serial.dispose();
});

test('the mixed perceptron reaches zero training error on separable data and stops there', async () => {
  // McDonald, Hall & Mann (2010), Theorem 3: the mixed perceptron makes finitely many mistakes on separable data.
  const separable = points(400, 4, { gap: 0.2 });
  for (const workers of [2, 3]) {
    const reports = [];
    const model = await new am.Multiclass({ trainer: 'perceptron', bias: 1, epochs: 1000 })
      .fit(separable.X, separable.y, { workers, onProgress: (p) => { reports.push(p); } });
    assert.deepEqual(Array.from(model.predict(separable.X)), separable.y);
    const rounds = reports.filter((p) => !p.final);
    assert.ok(rounds.length < 1000, `${rounds.length} rounds`);
    assert.equal(rounds.at(-1).trainingError, 0);   // it stops after the first round without a mistake
    assert.ok(rounds.slice(0, -1).every((p) => p.trainingError > 0));
    model.dispose();
  }
});

test('bad input rejects the fit with the library message; the module keeps working', async () => {
  const nan = X.map((r) => [...r]);
  nan[7][1] = NaN;
  await assert.rejects(new am.Multiclass({ trainer: 'sgd' }).fit(nan, y, { workers: 2 }), /row 7 has a non-finite value/);
  await assert.rejects(new am.Multiclass({ trainer: 'sgd' }).fit(X, y.slice(1), { workers: 2 }), /y has 299 labels, expected 300 \(one per row of X\)/);
  await assert.rejects(new am.Multiclass({}).fit(X, y, { workers: 2 }),
    /training on several workers needs an online trainer \(sgd, pegasos or perceptron\), not 'dcd'/);
  await assert.rejects(new am.Multiclass({ kernel: 'rbf' }).fit(X, y, { workers: 2 }), /needs an online trainer/);
  for (const model of [new am.Reduction(), new am.DecisionTree(), new am.AdaBoostMH()]) {
    assert.throws(() => model.fit(X, y, { workers: 2 }), /trains on one thread: .* Multiclass \(trainer 'sgd', 'pegasos' or 'perceptron'\)/);
  }
  await assert.rejects(new am.Multiclass({ trainer: 'sgd' }).fit(X.slice(0, 3), y.slice(0, 3), { workers: 5 }),
    /worker [45] of 5 has no training rows/);
  // 'auto' trains small data and the trainers that cannot mix on this thread.
  const auto = await new am.Multiclass({}).fit(X, y, { workers: 'auto' });
  assert.deepEqual(auto.save(), new am.Multiclass({}).fit(X, y).save());
  const model = await new am.Multiclass({ trainer: 'sgd', epochs: 2 }).fit(X, y, { workers: 2 });
  assert.equal(model.predict(X).length, X.length);
});
