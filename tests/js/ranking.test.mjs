import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// Queries of 4..12 documents with 3 features; relevance 0..2 is a grade of a hidden linear score.
function queries(count, seed) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out = [];
  for (let q = 0; q < count; ++q) {
    const n = 4 + (q % 9), features = [], relevance = [];
    for (let d = 0; d < n; ++d) {
      const x = [rand(), rand(), rand()];
      const t = 1.0 * x[0] - 0.6 * x[1] + 0.2 * x[2];
      features.push(x);
      relevance.push(t > 0.45 ? 2 : t > 0.1 ? 1 : 0);
    }
    out.push({ features, relevance });
  }
  return out;
}
const train = queries(120, 1), test_ = queries(60, 2);
const allScores = (model, qs) => qs.flatMap((q) => Array.from(model.score(q.features)));

test('every surrogate learns a linear ranking (held-out NDCG@10 > 0.9)', () => {
  for (const algo of ['ndcg', 'kendall', 'f1', 'fbeta', 'precision@k', 'recall@k', 'balanced', 'pointwise']) {
    const task = algo === 'pointwise' ? { loss: 'squared' } : { measure: algo };
    const online = algo === 'ndcg' ? { epochs: 10, seed: 3 } : {};  // the others train by the exact cutting plane
    const model = new am.Ranker({ ...task, k: algo.endsWith('@k') ? 3 : 10, ...online }).fit(train);
    const r = am.metrics.ranking(allScores(model, test_), test_);
    assert.ok(r.ndcg[9] > 0.9, `${algo}: NDCG@10 ${r.ndcg[9]}`);
    if (algo === 'pointwise') assert.equal(model.options.loss, 'squared');
    else assert.deepEqual([model.options.measure, model.options.loss], [algo, 'hinge']);
    assert.equal(typeof model.trainer, 'string');
    // reversed weights rank far worse: the measure is not trivially high
    const reversed = test_.flatMap((q) => Array.from(model.score(q.features), (x) => -x));
    assert.ok(am.metrics.ranking(reversed, test_).ndcg[9] < r.ndcg[9] - 0.2, algo);
    model.dispose();
  }
});

test('rank is the score order, best first; ties keep the input order', () => {
  const model = new am.Ranker({ measure: 'ndcg', epochs: 5 }).fit(train);
  const X = test_[0].features, s = model.score(X), order = Array.from(model.rank(X));
  assert.deepEqual([...order].sort((a, b) => a - b), X.map((_, i) => i));
  for (let p = 1; p < order.length; ++p) assert.ok(s[order[p - 1]] >= s[order[p]]);
  const same = [[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]];
  assert.deepEqual(Array.from(model.rank(same)), [0, 1, 2]);
});

test('an option only another trainer reads is refused, as in every task', () => {
  assert.throws(() => new am.Ranker({ measure: 'kendall', epochs: 4 }).fit(train),
    /option 'epochs' is not read by trainer 'cutting-plane' \(trainer auto for measure 'kendall'\)/);
  // Refused at construction, before any data, as Multiclass and the taggers refuse them, when no fit could read them.
  assert.throws(() => new am.Ranker({ trainer: 'sgd', C: 2 }), /option 'C' is not read by trainer 'sgd'/);
  assert.throws(() => new am.Ranker({ loss: 'squared', epochs: 3 }), /not read by the squared loss/);
  assert.throws(() => new am.Ranker({ trainer: 'cutting-plane', epochs: 3 }), /option 'epochs' is not read by trainer 'cutting-plane'; its options are C, eps, maxIter/);
  assert.throws(() => new am.Ranker({ measure: 'ndcg', eps: 0.5 }), /option 'eps' is not read by trainer 'sgd' \(trainer auto for measure 'ndcg'\)/);
  // Trainer auto with kendall is the cutting plane, but sgd when validation tunes it: epochs waits for fit.
  const tuned = new am.Ranker({ measure: 'kendall', epochs: 2 });
  assert.ok(tuned.fit(train, { valid: test_, lambdas: [0] }).weights.length > 0);
  // a model's own options, every one at its value, refit as they are
  const model = new am.Ranker({ epochs: 3 }).fit(train);
  assert.deepEqual(Array.from(new am.Ranker(model.options).fit(train).weights), Array.from(model.weights));
});

test('save and load give the same scores; am.load knows the kind', () => {
  const model = new am.Ranker({ measure: 'kendall', trainer: 'sgd', epochs: 4, seed: 9 }).fit(train);
  const bytes = model.save();
  assert.equal(am.modelKind(bytes), 'ranking');
  const again = am.load(bytes);
  assert.ok(again instanceof am.Ranker);
  assert.deepEqual(again.score(test_[3].features), model.score(test_[3].features));
  assert.deepEqual(again.options, model.options);
  const broken = bytes.slice();
  broken[broken.length - 12] ^= 0xff;
  assert.throws(() => am.load(broken), /corrupt/);
});

test('dense and CSR queries train the same model; validation picks lambda and epochs', () => {
  const csr = train.map((q) => {
    const offsets = [0], indices = [], values = [];
    for (const row of q.features) {
      row.forEach((v, j) => { if (v !== 0) { indices.push(j); values.push(v); } });
      offsets.push(indices.length);
    }
    return { features: { offsets, indices, values, cols: 3 }, relevance: q.relevance };
  });
  const a = new am.Ranker({ epochs: 3 }).fit(train), b = new am.Ranker({ epochs: 3 }).fit(csr);
  assert.deepEqual(b.weights, a.weights);
  const chosen = new am.Ranker({ epochs: 6 }).fit(train, { valid: test_, lambdas: [0, 0.01] });
  assert.ok([0, 0.01].includes(chosen.options.lambda));
  assert.ok(chosen.options.epochs >= 1 && chosen.options.epochs <= 6);
  // the chosen settings retrain to the same weights
  const retrained = new am.Ranker(chosen.options).fit(train);
  assert.deepEqual(retrained.weights, chosen.weights);
});

test('a ranker on random features learns a ranking no linear score gives; the map is rebuilt on load', () => {
  // Relevance peaks at the centre of the cube: a linear score cannot order the documents.
  let s = 11;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const centred = (count) => Array.from({ length: count }, (_, q) => {
    const features = [], relevance = [];
    for (let d = 0; d < 4 + (q % 9); ++d) {
      const x = [rand(), rand(), rand()], r2 = x.reduce((a, v) => a + (v - 0.5) ** 2, 0);
      features.push(x);
      relevance.push(r2 < 0.08 ? 2 : r2 < 0.2 ? 1 : 0);
    }
    return { features, relevance };
  });
  const train = centred(150), heldOut = centred(80);
  const ndcg = (model) => am.metrics.ranking(allScores(model, heldOut), heldOut).ndcg[9];
  const rff = new am.Ranker({ measure: 'ndcg', epochs: 20, rff: 200, gamma: 3 }).fit(train);
  const linear = new am.Ranker({ measure: 'ndcg', epochs: 20 }).fit(train);
  assert.ok(ndcg(rff) > ndcg(linear) + 0.1, `rff ${ndcg(rff)}, linear ${ndcg(linear)}`);
  assert.equal(rff.options.rff, 200);
  assert.equal(rff.weights.length, 200);
  const again = am.load(rff.save());
  assert.deepEqual(again.score(heldOut[0].features), rff.score(heldOut[0].features));
  assert.deepEqual(again.options, rff.options);
  assert.throws(() => new am.Ranker({ rff: 10, gamma: -1 }), /'gamma' must be ≥ 0/);
  assert.throws(() => new am.Ranker({ rff: 10, scale: 'minmax' }).fit(train), /leave scale at auto or none/);
  assert.throws(() => rff.score([[1, 2]]), /3/);
  assert.equal(rff.score(heldOut[0].features).length, heldOut[0].features.length);  // the module keeps working
});

test('progress is reported per epoch and false stops training', () => {
  const seen = [];
  new am.Ranker({ epochs: 8 }).fit(train, { onProgress: (p) => { if (!p.final) seen.push(p.epoch); return p.epoch < 3; } });
  assert.deepEqual(seen, [1, 2, 3]);
});

test('measures on hand-computed queries, both conventions', () => {
  const s = [3, 2, 1], rel = [0, 2, 1], l3 = Math.log2(3);
  const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-12, `${a} vs ${b}`);
  close(am.metrics.ndcg(s, rel, { k: 2 }), (3 / l3) / (3 + 1 / l3));
  close(am.metrics.ndcg(s, rel, { k: 2, convention: 'letor4' }), 0.75);
  assert.equal(am.metrics.ndcg(s, rel, { k: 4, convention: 'letor4' }), 0);
  close(am.metrics.ndcg(s, rel, { k: 10 }), (3 / l3 + 0.5) / (3 + 1 / l3));
  close(am.metrics.averagePrecision(s, rel), (1 / 2 + 2 / 3) / 2);
  close(am.metrics.precisionAt(s, rel, { k: 5, convention: 'letor4' }), 0.4);
  close(am.metrics.kendallTau(s, rel), -1 / 3);
  assert.equal(am.metrics.auc(s, rel), 0);
  assert.ok(Number.isNaN(am.metrics.ndcg([1, 2], [0, 0])));
  assert.equal(am.metrics.ndcg([1, 2], [0, 0], { convention: 'letor4' }), 0);
  const r = am.metrics.ranking([5, 1, 3, 4], [{ relevance: [1, 0] }, { relevance: [0, 0] }]);
  assert.equal(r.counted, 1);
  assert.equal(r.ndcg[0], 1);
  assert.equal(am.metrics.ranking([5, 1, 3, 4], [{ relevance: [1, 0] }, { relevance: [0, 0] }], { convention: 'letor4' }).map, 0.5);
  assert.throws(() => am.metrics.ndcg(s, rel, { convention: 'trec' }), TypeError);
});

test('bestCut picks the threshold that maximises F1, F_β or balanced accuracy: every cut tried by hand', () => {
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const measures = {
    f1: (a, b, c) => (2 * a) / (2 * a + b + c),
    fbeta: (a, b, c) => (5 * a) / (5 * a + b + 4 * c),  // β = 2
    balanced: (a, b, c, d) => (a / (a + c) + d / (d + b)) / 2,
  };
  for (let trial = 0; trial < 30; ++trial) {
    const n = 2 + (trial % 25);
    const scores = Array.from({ length: n }, () => Math.round(8 * rand()) / 2);  // ties
    const labels = scores.map((v, i) => (i === 0 ? 1 : i === 1 ? -1 : rand() < 0.3 ? 1 : 0));
    const at = (m, t) => {
      let a = 0, b = 0, c = 0, d = 0;
      scores.forEach((v, i) => { if (labels[i] > 0) (v > t ? ++a : ++c); else (v > t ? ++b : ++d); });
      return measures[m](a, b, c, d);
    };
    for (const measure of Object.keys(measures)) {
      const best = Math.max(...[...scores, Math.min(...scores) - 1].map((t) => at(measure, t)));
      const { cut, value } = am.metrics.bestCut(scores, labels, { measure, beta: 2 });
      assert.ok(Math.abs(value - best) < 1e-12 && Math.abs(at(measure, cut) - best) < 1e-12, `${measure}: ${value} at ${cut}, best ${best}`);
    }
  }
  assert.throws(() => am.metrics.bestCut([1, 2], [1, 1]), /a cut needs a positive \(label > 0\) and a negative example; got 2 positive of 2/);
  assert.throws(() => am.metrics.bestCut([1, NaN], [1, 0]), /scores\[1\] is NaN/);
  assert.throws(() => am.metrics.bestCut([1, 2], [1]), /scores has 2 values, expected 1/);
  assert.throws(() => am.metrics.bestCut([1, 2], [1, 0], { measure: 'precision@k' }), /measure must be 'f1', 'fbeta' or 'balanced'/);
  assert.throws(() => am.metrics.bestCut([1, 2], [1, 0], { beta: 0 }), /beta must be a finite number > 0/);
  assert.equal(am.metrics.bestCut([2, 1], [1, 0]).value, 1);
});

test('a whole-set F1 ranker warns when it separates its training set worse than the difference of the class means', () => {
  let seed = 3;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const bestF1 = (scores, y) => {  // every cut, by hand
    const P = y.filter((v) => v > 0).length;
    return Math.max(...scores.map((t) => {
      let a = 0, b = 0;
      scores.forEach((s, i) => { if (s >= t) (y[i] > 0 ? ++a : ++b); });
      return (2 * a) / (2 * a + b + P - a);
    }));
  };
  const sets = {
    // positives shifted along x0: nearly separable, the hinge ranks well
    separable: () => { const y = rand() < 0.1 ? 1 : 0; return [[gauss() + 4 * y, gauss(), gauss()], y]; },
    // positives in a disc inside a ring of negatives: no hyperplane separates them
    ring: () => {
      const y = rand() < 0.1 ? 1 : 0, r = y ? 0.5 * rand() : 0.3 + 2 * rand(), a = 2 * Math.PI * rand();
      return [[r * Math.cos(a) + 0.3 * y, r * Math.sin(a), gauss()], y];
    },
  };
  const warned = {};
  for (const [name, draw] of Object.entries(sets)) {
    const X = [], y = [];
    for (let i = 0; i < 600; ++i) { const [x, label] = draw(); X.push(x); y.push(label); }
    const model = new am.Ranker({ measure: 'f1' }).fit([{ features: X, relevance: y }]);
    const P = y.filter((v) => v > 0).length;
    const means = [0, 1, 2].map((j) => X.reduce((a, x, i) => a + x[j] * (y[i] > 0 ? 1 / P : -1 / (X.length - P)), 0));
    const byMeans = bestF1(X.map((x) => x.reduce((a, v, j) => a + v * means[j], 0)), y);
    const byModel = bestF1(Array.from(model.score(X)), y);
    warned[name] = model.training.warning !== undefined;
    assert.equal(warned[name], byModel < byMeans - 1e-9, `${name}: model ${byModel}, class means ${byMeans}`);
    if (warned[name]) assert.match(model.training.warning, /worse than the difference of the class means \(training f1 [\d.]+ against [\d.]+/);
    assert.equal(model.training.converged, true);
    model.dispose();
  }
  assert.deepEqual(warned, { separable: false, ring: true });
});

test('readLetor parses queries and names the bad line; errors leave the module usable', () => {
  const d = am.io.readLetor('2 qid:5 1:0.5 3:1 # a\n0 qid:5 2:1\n1 qid:9 1:1\n');
  assert.deepEqual([d.rows, d.cols, d.queries], [3, 3, 2]);
  assert.deepEqual(Array.from(d.relevance), [2, 0, 1]);
  assert.deepEqual(d.qids, ['5', '5', '9']);
  assert.deepEqual(Array.from(d.queryOffsets), [0, 2, 3]);
  assert.throws(() => am.io.readLetor('1 qid:1 1:1\n1 1:1\n'), /line 2: expected 'qid:<id>'/);
  assert.throws(() => new am.Ranker({ measure: 'listnet' }), TypeError);
  assert.throws(() => new am.Ranker({ algo: 'ndcg' }), /renamed in 0\.2\.0: use 'trainer'.*'measure'/);
  assert.throws(() => new am.Ranker({ bogus: 1 }), /unknown option 'bogus'/);
  assert.throws(() => new am.Ranker().fit([{ features: [[1], [2]], relevance: [0, 0] }]), /lacks a relevant document/);
  assert.throws(() => new am.Ranker().fit([{ features: [[1], [2]], relevance: [1] }]), RangeError);
  const model = new am.Ranker({ epochs: 2 }).fit(d);  // still usable, and LETOR data trains directly
  assert.equal(model.features, 3);
});

test('CLI: train ranking, eval prints ndcg@1,3,5,10 and map, predict prints scores', () => {
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const dir = tempDir('ranking');
  const letor = (qs, base) => qs.flatMap((q, i) => q.features.map((x, d) =>
    `${q.relevance[d]} qid:${base + i} ${x.map((v, j) => `${j + 1}:${v}`).join(' ')} # doc ${d}`)).join('\n') + '\n';
  const trainFile = join(dir, 'train.txt'), validFile = join(dir, 'vali.txt'), model = join(dir, 'model.bin');
  writeFileSync(trainFile, letor(train, 1));
  writeFileSync(validFile, letor(test_, 1000));
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const last = (out) => JSON.parse(out.trim().split('\n').at(-1));
  for (const algo of ['ndcg', 'kendall', 'f1', 'pointwise']) {
    const task = algo === 'pointwise' ? 'loss=squared' : `measure=${algo}`;
    const online = algo === 'ndcg' ? ['--set', 'epochs=5'] : [];  // sgd's; the others' trainers have no epochs
    const t = run('train', 'ranking', '--train', trainFile, '--model', model, '--set', task, ...online, '--json');
    assert.equal(t.status, 0, t.stderr);
    assert.equal(last(t.stdout).n, 120);
    const e = run('eval', '--model', model, '--data', validFile, '--json');
    assert.equal(e.status, 0, e.stderr);
    const r = last(e.stdout);
    for (const key of ['ndcg@1', 'ndcg@3', 'ndcg@5', 'ndcg@10', 'map']) assert.ok(r[key] > 0.8 && r[key] <= 1, `${algo} ${key} ${r[key]}`);
  }
  const v = run('train', 'ranking', '--train', trainFile, '--valid', validFile, '--model', model, '--set', 'epochs=4');
  assert.equal(v.status, 0, v.stderr);
  assert.match(v.stderr, /validation chose lambda/);
  const human = run('eval', '--model', model, '--data', validFile);
  assert.match(human.stdout, /ndcg@10/);
  assert.match(human.stdout, /letor4/);
  const p = run('predict', '--model', model, '--data', validFile);
  assert.equal(p.stdout.trim().split('\n').length, test_.reduce((n, q) => n + q.features.length, 0));
  assert.match(run('train', 'ranking', '--help').stdout, /psi=/);
  assert.match(run('train', 'ranking', '--train', trainFile, '--model', model, '--set', 'measure=listnet').stderr, /measure/);
  assert.match(run('train', 'ranking', '--train', trainFile, '--model', model, '--algo', 'ndcg').stderr, /--algo was replaced in 0\.2\.0/);
});

test('a Ranker trained in the worker equals the one trained here, byte for byte', async () => {
  const { TrainingWorker } = await import('../../bindings/js/parallel/worker.js');
  const worker = new TrainingWorker();
  try {
    const options = { measure: 'ndcg', epochs: 5, k: 10, seed: 1 };
    const reports = [];
    const result = await worker.train({ model: 'Ranker', options, args: [train] }, { onProgress: (p) => { reports.push(p.epoch); } });
    const local = new am.Ranker(options).fit(train);
    assert.deepEqual(result.bytes, local.save());
    assert.equal(result.kind, 'ranking');
    assert.ok(reports.length >= 1);
    assert.deepEqual(am.load(result.bytes).rank(test_[0].features), local.rank(test_[0].features));
  } finally {
    worker.terminate();
  }
});
