// Rankers trained on several threads by parameter mixing (bindings/js/parallel/mixing.js), one step per query: one worker
// gives the serial model byte for byte for sgd, pegasos and perceptron and for ndcg, kendall and a bipartite
// measure; two the same model on every run; bad input rejects the fit with the library's message and the module
// keeps working; trainers that cannot mix are a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { workerCount, AUTO_MIN_DOCUMENTS, AUTO_MIN_QUERIES_PER_WORKER, MAX_WORKERS } from '../../bindings/js/parallel/mixing.js';
import { availableParallelism } from 'node:os';
import { queries } from './parallel-cases.mjs';

const am = await init();
const cores = availableParallelism();
const data = queries(120, 5);
const ndcgAt10 = (model, set = data) => {
  const scores = Float64Array.from(set.flatMap((q) => Array.from(model.score(q.features))));
  return am.metrics.ranking(scores, set).ndcg[9];
};

test('one worker trains the serial model, byte for byte', async () => {
  for (const options of [{ trainer: 'sgd', epochs: 3 }, { trainer: 'pegasos', lambda: 0.01, epochs: 3 },
    { trainer: 'perceptron', epochs: 4 }, { measure: 'kendall', trainer: 'sgd', epochs: 2 },
    { measure: 'f1', trainer: 'sgd', epochs: 2 }, { rff: 8, epochs: 2 }, {}]) {
    const serial = new am.Ranker(options).fit(data);
    const reports = [];
    const mixed = await new am.Ranker(options).fit(data, { workers: 1, onProgress: (p) => { reports.push(p); } });
    assert.deepEqual(mixed.save(), serial.save(), JSON.stringify(options));
    assert.equal(reports.at(-1).final, true);
    serial.dispose(), mixed.dispose();
  }
  // Sparse documents too, as io.readLetor gives them.
  const text = data.map((q, i) => q.features.map((x, d) => `${q.relevance[d]} qid:${i + 1} ${x.map((v, j) => `${j + 1}:${v}`).join(' ')}`).join('\n')).join('\n');
  const letor = am.io.readLetor(text);
  const serial = new am.Ranker({ epochs: 2 }).fit(letor);
  const mixed = await new am.Ranker({ epochs: 2 }).fit(letor, { workers: 1 });
  assert.deepEqual(mixed.save(), serial.save());
});

test('two workers give the same model on every run, and TrainingWorker mixes rankers too', async () => {
  const options = { trainer: 'sgd', epochs: 6 };
  const a = await new am.Ranker(options).fit(data, { workers: 2 });
  const b = await new am.Ranker(options).fit(data, { workers: 2 });
  assert.deepEqual(a.save(), b.save());
  const serial = new am.Ranker(options).fit(data);
  assert.notDeepEqual(a.save(), serial.save());   // two shards are not the serial trainer
  assert.ok(ndcgAt10(a) > ndcgAt10(serial) - 0.02, `NDCG@10 ${ndcgAt10(a)} mixed, ${ndcgAt10(serial)} serial`);
  const worker = new TrainingWorker({ workers: 2 });
  const result = await worker.train({ model: 'Ranker', options, args: [data] });
  assert.deepEqual([result.kind, result.epochs, result.stopped], ['ranking', 6, false]);
  assert.deepEqual(result.bytes, a.save());
  a.dispose(), b.dispose(), serial.dispose();
});

test('bad input rejects the fit with the library message; the module keeps working', async () => {
  const nan = data.map((q) => ({ features: q.features.map((x) => [...x]), relevance: q.relevance }));
  nan[3].features[1][2] = NaN;
  await assert.rejects(new am.Ranker().fit(nan, { workers: 2 }), /queries\[3\]\.features\[1\]\[2\] is NaN, not a finite number/);
  const csr = { offsets: Int32Array.of(0, 1, 2), indices: Int32Array.of(0, 1), values: Float32Array.of(1, NaN), cols: 2,
    relevance: [1, 0], queryOffsets: [0, 2] };
  await assert.rejects(new am.Ranker().fit(csr, { workers: 2 }), /queries\.values\[1\] is NaN, not a finite number/);
  const short = data.map((q, i) => (i === 2 ? { features: q.features, relevance: q.relevance.slice(1) } : q));
  await assert.rejects(new am.Ranker().fit(short, { workers: 2 }),
    new RegExp(`queries\\[2\\]\\.relevance has ${data[2].relevance.length - 1} values \\(one per document\\), expected ${data[2].relevance.length}`));
  await assert.rejects(new am.Ranker({ trainer: 'cutting-plane' }).fit(data, { workers: 2 }),
    /training on several workers needs an online trainer \(trainer sgd, pegasos or perceptron\), not trainer 'cutting-plane'/);
  await assert.rejects(new am.Ranker({ measure: 'kendall' }).fit(data, { workers: 2 }), /not trainer auto \(cutting-plane for measure 'kendall'\)/);
  await assert.rejects(new am.Ranker({ loss: 'squared' }).fit(data, { workers: 1 }), /needs an online trainer .* not loss 'squared'/);
  await assert.rejects(new am.Ranker().fit(data.slice(0, 3), { workers: 5 }),
    /worker [45] of 5 has no learnable queries: 3 learnable queries feed at most 3 workers/);
  await assert.rejects(new am.Ranker().fit(data, { valid: data, workers: 2 }), /validation \(Ranker fit with valid\) trains on one thread/);
  await assert.rejects(new am.Ranker().fit(data, { workers: 0 }), RangeError);
  // 'auto' trains small sets, validation and the trainers that cannot mix on this thread.
  for (const [options, fitOptions] of [[{}, {}], [{ measure: 'kendall' }, {}], [{ epochs: 3 }, { valid: data.slice(0, 30) }]]) {
    const auto = await new am.Ranker(options).fit(data, { workers: 'auto', ...fitOptions });
    assert.deepEqual(auto.save(), new am.Ranker(options).fit(data, fitOptions).save(), JSON.stringify(options));
  }
  const model = await new am.Ranker({ epochs: 2 }).fit(data, { workers: 2 });
  assert.equal(model.score(data[0].features).length, data[0].features.length);
});

test("'auto' gives every ranking worker at least 50 queries: one big group trains on one thread", () => {
  const big = AUTO_MIN_DOCUMENTS;
  const forQueries = (count) => workerCount('auto', big, AUTO_MIN_DOCUMENTS, Math.floor(count / AUTO_MIN_QUERIES_PER_WORKER));
  assert.equal(AUTO_MIN_QUERIES_PER_WORKER, 50);
  assert.equal(forQueries(1), 1);     // one group of 500,000 documents
  assert.equal(forQueries(99), 1);
  assert.equal(forQueries(100), Math.min(2, cores));
  assert.equal(forQueries(10000), Math.min(MAX_WORKERS, cores));
  assert.equal(workerCount('auto', big - 1, AUTO_MIN_DOCUMENTS, 100), 1);  // few documents
});
