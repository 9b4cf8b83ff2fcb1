// Training on several threads by parameter mixing (bindings/js/parallel/mixing.js): one worker gives the serial model
// byte for byte, n workers the same model on every run, stopping after round k the model of k epochs; a worker
// that fails rejects the fit with its message and ends every worker; stop and cancel reach every worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { corpus } from './parallel-cases.mjs';

const am = await init();

// Every worker_threads Worker started from here on, to check that none outlives its fit.
const threads = process.getBuiltinModule('worker_threads');
const started = [];
threads.Worker = class extends threads.Worker {
  constructor(...args) {
    super(...args);
    this.exited = new Promise((resolve) => this.once('exit', resolve));
    started.push(this);
  }
};
const allExited = (workers) => Promise.all(workers.map((w) => w.exited));

const { sentences, tags } = corpus(300, 7);
const accuracy = (tagger) => am.metrics.sequences(tags, tagger.tag(sentences)).tokenAccuracy;

test('one worker trains the serial model, byte for byte', async () => {
  for (const options of [{ epochs: 4 }, { trainer: 'pegasos', loss: 'hinge', lambda: 0.01, epochs: 3 }, { trainer: 'sgd', loss: 'log', epochs: 2 }]) {
    const serial = new am.SequenceTagger(options).fit(sentences, tags);
    const reports = [];
    const mixed = await new am.SequenceTagger(options).fit(sentences, tags, { workers: 1, onProgress: (p) => { reports.push(p); } });
    assert.deepEqual(mixed.save(), serial.save(), JSON.stringify(options));
    assert.deepEqual(reports.map((p) => p.epoch), [...Array.from({ length: options.epochs }, (_, i) => i + 1), reports.at(-1).epoch]);
    assert.equal(reports.at(-1).final, true);
    serial.dispose(), mixed.dispose();
  }
  // A warm start too: the workers get the model as bytes.
  const base = new am.SequenceTagger({ epochs: 2 }).fit(sentences.slice(0, 100), tags.slice(0, 100));
  const warmSerial = new am.SequenceTagger({ epochs: 2 }).fit(sentences, tags, { warmStart: base });
  const warmMixed = await new am.SequenceTagger({ epochs: 2 }).fit(sentences, tags, { warmStart: base, workers: 1 });
  assert.deepEqual(warmMixed.save(), warmSerial.save());
  // Numeric sequences too.
  const x = sentences.slice(0, 100).map((s) => s.map((w) => { const k = Number(w.slice(1)); return [k % 4, k >> 2, 1]; }));
  const options = { trainer: 'pegasos', loss: 'hinge', epochs: 3, lambda: 0.001 };
  const serial = new am.DenseSequenceTagger(options).fit(x, tags.slice(0, 100));
  const mixed = await new am.DenseSequenceTagger(options).fit(x, tags.slice(0, 100), { workers: 1 });
  assert.deepEqual(mixed.save(), serial.save());
});

test('two and three workers learn the task, the same model on every run', async () => {
  for (const workers of [2, 3]) {
    const a = await new am.SequenceTagger({ epochs: 6 }).fit(sentences, tags, { workers });
    const b = await new am.SequenceTagger({ epochs: 6 }).fit(sentences, tags, { workers });
    assert.deepEqual(a.save(), b.save());
    assert.ok(accuracy(a) > 0.95, `accuracy ${accuracy(a)} with ${workers} workers`);
    a.dispose(), b.dispose();
  }
});

test('two workers share one feature index: with minCount and from a warm start too', async () => {
  const base = new am.SequenceTagger({ epochs: 2 }).fit(sentences.slice(0, 100), tags.slice(0, 100));
  for (const [options, fitOptions] of [[{ epochs: 5, minCount: 3 }, {}], [{ epochs: 3 }, { warmStart: base }]]) {
    const a = await new am.SequenceTagger(options).fit(sentences, tags, { workers: 2, ...fitOptions });
    const b = await new am.SequenceTagger(options).fit(sentences, tags, { workers: 2, ...fitOptions });
    assert.deepEqual(a.save(), b.save(), JSON.stringify(options));
    assert.ok(accuracy(a) > 0.95, `accuracy ${accuracy(a)} with ${JSON.stringify(options)}`);
    a.dispose(), b.dispose();
  }
  base.dispose();
});

test('stopping after round k gives the model of k epochs', async () => {
  const stopped = await new am.SequenceTagger({ epochs: 50 }).fit(sentences, tags, { workers: 2, onProgress: (p) => p.epoch < 3 });
  const three = await new am.SequenceTagger({ epochs: 3 }).fit(sentences, tags, { workers: 2 });
  assert.deepEqual(stopped.transitions, three.transitions);
  assert.deepEqual(stopped.tag(sentences), three.tag(sentences));
});

test('a worker that fails rejects the fit with its message and ends every worker', async () => {
  const before = started.length;
  // 3 sentences feed workers 1 to 3; workers 4 and 5 get no shard.
  await assert.rejects(new am.SequenceTagger().fit(sentences.slice(0, 3), tags.slice(0, 3), { workers: 5 }),
    /worker [45] of 5 has no training sequences: 3 sequences feed at most 3 workers/);
  assert.equal(started.length - before, 5);
  await allExited(started.slice(before));
  await assert.rejects(new am.SequenceTagger({ trainer: 'cutting-plane', loss: 'hinge' }).fit(sentences, tags, { workers: 2 }), /needs an online trainer/);
  await assert.rejects(new am.SequenceTagger({ l1: 0.1 }).fit(sentences, tags, { workers: 2 }), /l1 cannot be used/);
  await assert.rejects(new am.SequenceTagger().fit(sentences, tags, { workers: 0 }), RangeError);
});

test('cancel and an AbortSignal end every worker; stop() ends after the round', async () => {
  const worker = new TrainingWorker({ workers: 3 });
  const spec = { model: 'SequenceTagger', options: { epochs: 10000 }, args: [sentences, tags] };
  let before = started.length;
  const job = worker.train(spec, { onProgress: (p) => { if (p.epoch === 2) job.cancel(); } });
  await assert.rejects(job, { name: 'AbortError' });
  assert.equal(started.length - before, 3);
  await allExited(started.slice(before));

  before = started.length;
  const controller = new AbortController();
  const fit = new am.SequenceTagger({ epochs: 10000 }).fit(sentences, tags, { workers: 2, signal: controller.signal, onProgress: (p) => { if (p.epoch === 2) controller.abort(); } });
  await assert.rejects(fit, { name: 'AbortError' });
  await allExited(started.slice(before));

  before = started.length;
  const graceful = worker.train(spec, { onProgress: (p) => { if (p.epoch === 4) graceful.stop(); } });
  const result = await graceful;
  assert.deepEqual([result.stopped, result.epochs, result.kind], [true, 4, 'sequence']);
  await allExited(started.slice(before));
  const four = await new am.SequenceTagger({ epochs: 4 }).fit(sentences, tags, { workers: 3 });
  assert.deepEqual(am.load(result.bytes).tag(sentences), four.tag(sentences));
});
