// L-BFGS fits with exact parallel gradients (bindings/js/parallel/gradients.js): the same model bytes for 1, 2 and 4
// workers, the serial fit's optimum to rounding (the serial fit sums its gradient in another order), stopping
// after iteration k gives the iterate of maxIter = k, warm starts and numeric sequences, errors that end
// every worker, and the exchanges' buffers, given back by their readers and sent again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { init } from '../../bindings/js/sequence.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { Balance } from '../../bindings/js/parallel/gradient-worker.js';
import { Peers } from '../../bindings/js/parallel/peers.js';
import { corpus } from './parallel-cases.mjs';

const am = await init();
const { sentences, tags } = corpus(300, 7);

// The mean objective at the end of a fit, as onProgress last heard it.
async function fit(make, x, y, fitOptions = {}) {
  let objective = NaN;
  const model = await make().fit(x, y, { ...fitOptions, onProgress: (p) => { if (!p.final) objective = p.objective; } });
  return { model, objective, bytes: model.save() };
}

test('1, 2 and 4 workers give the same bytes, at the serial fit\'s optimum', async () => {
  for (const options of [{ trainer: 'lbfgs', loss: 'log' }, { trainer: 'lbfgs', loss: 'softmax-margin', c1: 0.1 }]) {
    const make = () => new am.SequenceTagger(options);
    const serial = await fit(make, sentences, tags);
    const runs = [];
    for (const workers of [1, 2, 4]) runs.push(await fit(make, sentences, tags, { workers }));
    for (const r of runs.slice(1)) assert.deepEqual(r.bytes, runs[0].bytes, JSON.stringify(options));
    const [one] = runs;
    assert.equal(one.model.training.converged, true);
    assert.equal(one.model.training.iterations > 5, true);
    assert.ok(Math.abs(one.objective - serial.objective) <= 1e-4 * Math.abs(serial.objective),
      `objective ${one.objective} on workers, ${serial.objective} serially`);
    assert.deepEqual(one.model.tag(sentences), serial.model.tag(sentences));
  }
});

test('the workers split the sequences again at the 2nd, 4th, 8th, … point, by their parts\' times since the last of these', () => {
  const balance = new Balance();
  const told = [];
  for (let point = 1; point <= 16; ++point) told.push(balance.next(point === 1 ? [500, 100] : [100, 110 + point]));
  // the first point left out; then the sums over points 2, 3–4, 5–8 and 9–16
  assert.deepEqual(told.map((t, i) => (t ? i + 1 : 0)).filter(Boolean), [2, 4, 8, 16]);
  assert.deepEqual(Array.from(told[3]), [200, 2 * 110 + 3 + 4]);
  assert.deepEqual(Array.from(told[15]), [800, 8 * 110 + (9 + 16) * 4]);
  const even = new Balance();
  assert.equal([[100, 100], [100, 100.8]].map((t) => even.next(t))[1], null);   // 0.4% over the mean: left as it is
  const instant = new Balance();
  assert.equal([[5, 5], [0, 5]].map((t) => instant.next(t))[1], null);       // a part too fast for the clock
});

test('a worker copies what it sends into a buffer its reader gave back, and drops one too small', async () => {
  const { port1, port2 } = new MessageChannel();
  const a = new Peers([null, port1], 0), b = new Peers([port2, null], 1);
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
  const first = a.copy(bytes);
  assert.equal(first.buffer.byteLength, 32 + 2);   // a new buffer, 1/16 to spare
  a.sendTo(1, first, [first.buffer]);
  const [got] = await b.receive();
  assert.deepEqual(got, bytes);
  b.giveBack(0, got);
  b.sendTo(0, 'next', []);
  await a.receive();   // (the buffer given back arrives before b's next message)
  const smaller = a.copy(new Uint8Array(30).fill(9));
  assert.equal(smaller.buffer.byteLength, 34);       // the buffer given back, not a new one of 30 + 1
  assert.deepEqual(smaller, new Uint8Array(30).fill(9));
  a.sendTo(1, smaller, [smaller.buffer]);
  b.giveBack(0, (await b.receive())[0]);
  b.sendTo(0, 'next', []);
  await a.receive();
  assert.equal(a.copy(new Uint8Array(40)).buffer.byteLength, 42);   // none fits: the spare of 34 is dropped
  assert.equal(a.copy(new Uint8Array(30)).buffer.byteLength, 31);   // so this one is new too
  port1.close();
  port2.close();
});

test('stopping after iteration k gives the iterate of maxIter = k', async () => {
  const options = { trainer: 'lbfgs', loss: 'log' };
  const stopped = await new am.SequenceTagger(options).fit(sentences, tags, { workers: 2, onProgress: (p) => p.epoch < 3 });
  const three = await new am.SequenceTagger({ ...options, maxIter: 3 }).fit(sentences, tags, { workers: 2 });
  assert.deepEqual(stopped.transitions, three.transitions);
  assert.equal(stopped.training.iterations, 3);
  assert.equal(stopped.training.converged, false);
});

test('warm starts and numeric sequences train on workers alike', async () => {
  const options = { trainer: 'lbfgs', loss: 'log', maxIter: 15 };
  const base = new am.SequenceTagger({ epochs: 2 }).fit(sentences.slice(0, 100), tags.slice(0, 100));
  const a = await new am.SequenceTagger(options).fit(sentences, tags, { warmStart: base, workers: 1 });
  const b = await new am.SequenceTagger(options).fit(sentences, tags, { warmStart: base, workers: 3 });
  assert.deepEqual(b.save(), a.save());
  const x = sentences.map((s) => s.map((w) => { const k = Number(w.slice(1)); return [k % 4, k >> 2, 1]; }));
  const one = await new am.DenseSequenceTagger(options).fit(x, tags, { workers: 1 });
  const two = await new am.DenseSequenceTagger(options).fit(x, tags, { workers: 2 });
  assert.deepEqual(two.save(), one.save());
  // a TrainingWorker with workers takes the same path
  const job = new TrainingWorker({ workers: 2 }).train({ model: 'SequenceTagger', options, args: [sentences, tags] });
  const result = await job;
  const direct = await new am.SequenceTagger(options).fit(sentences, tags, { workers: 2 });
  assert.deepEqual(result.bytes, direct.save());
});

test('errors reject the fit with their message', async () => {
  await assert.rejects(new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log' }).fit(sentences.slice(0, 3), tags.slice(0, 3), { workers: 4 }),
    /3 training sequences feed at most 3 workers, not 4/);
  await assert.rejects(new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', global: 'has' }).fit(sentences, tags, { workers: 2 }),
    /global features/);
});
