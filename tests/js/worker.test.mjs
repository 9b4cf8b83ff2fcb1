// The Worker API (argmax/worker) in Node worker_threads: same model as training on the calling thread,
// progress reports, graceful stop, cancel, errors with their type, and a worker that stays usable.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { TrainingWorker, trainInWorker } from '../../bindings/js/parallel/worker.js';

const am = await init();
const worker = new TrainingWorker();
after(() => worker.terminate());

// Three separable clusters.
const X = [], y = [];
for (let i = 0; i < 300; ++i) {
  const c = i % 3, t = (i * 7919) % 997 / 997;
  X.push([3 * c + t, ((i * 104729) % 991) / 991]);
  y.push(c);
}

test('a model trained in the worker is the model trained here, byte for byte', async () => {
  const options = { trainer: 'sgd', epochs: 8, bias: 1, seed: 3 };
  const reports = [];
  const result = await worker.train({ model: 'Multiclass', options, args: [X, y] }, { onProgress: (p) => { reports.push(p); } });
  const local = new am.Multiclass(options).fit(X, y);
  assert.deepEqual(result.bytes, local.save());
  assert.equal(result.kind, 'linear-multiclass');
  assert.equal(result.stopped, false);
  assert.equal(result.epochs, 8);
  assert.equal(result.progress.epoch, 8);
  const epochs = reports.filter((p) => !p.final);
  assert.ok(epochs.length >= 1 && epochs.every((p, i) => i === 0 || p.epoch > epochs[i - 1].epoch));
  assert.deepEqual([reports.at(-1).final, reports.at(-1).converged], [true, true]);  // how training ended, last
  const loaded = am.load(result.bytes);
  assert.deepEqual(loaded.predict(X), local.predict(X));
  loaded.dispose(); local.dispose();
});

test('onProgress returning false stops after that epoch and returns the model so far', async () => {
  const result = await worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 1_000_000, bias: 1 }, args: [X, y] },
    { onProgress: () => false });
  assert.equal(result.stopped, true);
  assert.ok(result.epochs >= 1 && result.epochs < 1_000_000, `epochs ${result.epochs}`);
  const model = am.load(result.bytes);
  assert.equal(model.classes, 3);
  model.dispose();
});

test('stop() ends a long run gracefully', async () => {
  const job = worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 1_000_000, bias: 1 }, args: [X, y] });
  setTimeout(() => job.stop(), 150);
  const result = await job;
  assert.equal(result.stopped, true);
  assert.ok(result.epochs < 1_000_000);
});

test('cancel() rejects with an AbortError, and the next job runs in a fresh worker', async () => {
  const job = worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 1_000_000, bias: 1 }, args: [X, y] });
  setTimeout(() => job.cancel(), 150);
  await assert.rejects(job, { name: 'AbortError' });
  const again = await worker.train({ model: 'Multiclass', options: {}, args: [X, y] });
  assert.equal(again.kind, 'linear-multiclass');
});

test('an AbortSignal cancels, also before the job starts', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(worker.train({ model: 'Multiclass', args: [X, y] }, { signal: controller.signal }), { name: 'AbortError' });
});

test('errors keep their type and message; the worker stays usable', async () => {
  await assert.rejects(worker.train({ model: 'NoSuchModel', args: [] }), (e) => e instanceof TypeError && /not a model constructor/.test(e.message));
  await assert.rejects(worker.train({ model: 'Multiclass', options: { C: -1 }, args: [X, y] }), (e) => e instanceof RangeError && /'C'/.test(e.message));
  await assert.rejects(worker.train({ model: 'Multiclass', args: [X, y.slice(1)] }), /299 labels, expected 300 \(one per row of X\)/);
  assert.throws(() => worker.train({}), TypeError);
  const ok = await worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 3 }, args: [X, y] });
  assert.equal(ok.epochs, 3);
});

test('jobs queue: several at once all finish, in order', async () => {
  const jobs = [1, 2, 3].map((epochs) => worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs }, args: [X, y] }));
  const results = await Promise.all(jobs);
  assert.deepEqual(results.map((r) => r.epochs), [1, 2, 3]);
});

test('cancelling a queued job leaves the running one alone; terminate() rejects running and queued jobs', async () => {
  const long = worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 1_000_000 }, args: [X, y] });
  const queued = worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 2 }, args: [X, y] });
  const after = worker.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 3 }, args: [X, y] });
  queued.cancel();
  await assert.rejects(queued, { name: 'AbortError' });
  setTimeout(() => long.stop(), 100);
  assert.equal((await long).stopped, true);
  assert.equal((await after).epochs, 3);
  const other = new TrainingWorker();
  const a = other.train({ model: 'Multiclass', options: { trainer: 'sgd', epochs: 1_000_000 }, args: [X, y] });
  const b = other.train({ model: 'Multiclass', args: [X, y] });
  await other.ready();
  other.terminate();
  await Promise.all([assert.rejects(a, { name: 'AbortError' }), assert.rejects(b, { name: 'AbortError' })]);
});

test('transfer moves the data to the worker instead of copying it', async () => {
  const data = Float32Array.from(X.flat());
  const result = await worker.train({ model: 'Multiclass', options: {}, args: [{ data, rows: X.length, cols: 2 }, y] },
    { transfer: [data.buffer] });
  assert.equal(data.length, 0, 'detached on this side');
  const local = new am.Multiclass({}).fit(X, y);
  assert.deepEqual(result.bytes, local.save());
  local.dispose();
});

test('trainInWorker runs one job in a worker of its own', async () => {
  const result = await trainInWorker({ model: 'Multiclass', options: {}, args: [X, y] });
  assert.equal(result.kind, 'linear-multiclass');
});
