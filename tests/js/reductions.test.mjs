import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// Four separable clusters with labels 10, 20, 30, 40.
function clusters(m, seed = 1) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const centres = [[-3, 0], [0, 3], [3, 0], [0, -3]], X = [], y = [];
  for (let i = 0; i < m; ++i) {
    const c = i % 4;
    X.push([centres[c][0] + rand() - 0.5, centres[c][1] + rand() - 0.5]);
    y.push(10 * (c + 1));
  }
  return { X, y };
}
const { X, y } = clusters(120);

test('every reduction and base learner learns separable clusters and predicts the original labels', () => {
  const cases = [
    { reduction: 'ova', learner: 'linear' },
    { reduction: 'ova', learner: 'linear', learnerOptions: { trainer: 'newton', C: 10 } },
    { reduction: 'allpairs', learner: 'linear', learnerOptions: { trainer: 'perceptron' } },
    { reduction: 'allpairs', learner: 'tree', decoding: 'majority-vote' },
    { reduction: 'ecoc', code: 'exhaustive', decoding: 'hamming' },
    { reduction: 'ecoc', code: 'sparse', decoding: 'hinge', learner: 'linear', learnerOptions: { trainer: 'pegasos' } },
  ];
  for (const options of cases) {
    const model = new am.Reduction(options).fit(X, y);
    assert.deepEqual(Array.from(model.predict(X)), y, JSON.stringify(options));
    assert.deepEqual(Array.from(model.labels), [10, 20, 30, 40]);
    model.dispose();
  }
});

test('ECOC reports its code, minimum distance and correctable errors; a user code works', () => {
  const model = new am.Reduction({ reduction: 'ecoc', code: 'exhaustive' }).fit(X, y);
  assert.equal(model.code.length, 4);
  assert.equal(model.code[0].length, 7);     // 2^(k−1) − 1
  assert.equal(model.minimumDistance, 4);    // 2^(k−2)
  assert.equal(model.correctableErrors, 1);
  assert.equal(model.confidences(X).length, X.length * 7);
  model.decoding = 'exponential';
  assert.equal(model.decoding, 'exponential');
  assert.throws(() => { model.decoding = 'argmax'; }, /one-vs-all/);
  const code = [[1, 1, -1], [1, -1, 1], [-1, 1, 1], [-1, -1, -1]];
  const user = new am.Reduction({ userCode: code, decoding: 'hinge' }).fit(X, y);
  assert.deepEqual(user.code, code);
  assert.equal(user.minimumDistance, 2);
  assert.deepEqual(Array.from(user.predict(X)), y);
});

test('models save to bytes and load back with the same predictions', () => {
  const models = [
    new am.Reduction({ reduction: 'allpairs', learnerOptions: { trainer: 'newton' } }).fit(X, y),
    new am.DecisionTree({ criterion: 'entropy' }).fit(X, y),
    new am.AdaBoostMH({ rounds: 20 }).fit(X, y),
  ];
  for (const model of models) {
    const bytes = model.save(), again = am.load(bytes);
    assert.equal(again.constructor, model.constructor);
    assert.deepEqual(again.predict(X), model.predict(X));
  }
  assert.deepEqual(models.map((m) => am.modelKind(m.save())), ['reduction', 'tree', 'adaboost-mh']);
  const broken = models[0].save();
  broken[broken.length - 1] ^= 1;
  assert.throws(() => am.load(broken), /checksum|corrupt/);
});

test('trees: NaN follows the documented rule, categorical features, pruning trace', () => {
  const tree = new am.DecisionTree({ maxDepth: 1 }).fit([[0.1], [0.2], [0.3], [0.9], [NaN]], [0, 0, 0, 1, 0]);
  assert.equal(tree.predict([[NaN]])[0], 0);   // the heavier child
  const cat = new am.DecisionTree({ maxDepth: 1, categorical: [0] }).fit([[1], [2], [3], [1], [2], [3]], [0, 1, 0, 0, 1, 0]);
  assert.deepEqual(Array.from(cat.predict([[1], [2], [3]])), [0, 1, 0]);
  assert.equal(am.DecisionTree.options().find((s) => s.name === 'categorical').type, 'integers');
  assert.throws(() => new am.DecisionTree({ categorical: [0.5] }), /option 'categorical' must hold integers/);
  assert.throws(() => new am.DecisionTree({ categorical: [-1] }), /option 'categorical' must hold integers in/);
  assert.throws(() => new am.DecisionTree({ categorical: 3 }), /option 'categorical' must be an array of integers/);
  assert.throws(() => new am.DecisionTree({ categorical: [4] }).fit([[1], [2]], [0, 1]), /categorical feature 4 out of range/);
  // The binary tree learner of a reduction takes them too: one question x = 2 separates each class.
  const X3 = [[1], [2], [3], [1], [2], [3]], y3 = [10, 20, 10, 10, 20, 10];
  const ova = (learnerOptions) => new am.Reduction({ reduction: 'ova', learner: 'tree', learnerOptions }).fit(X3, y3);
  assert.deepEqual(Array.from(ova({ maxDepth: 1, categorical: [0] }).predict(X3)), y3);
  assert.notDeepEqual(Array.from(ova({ maxDepth: 1 }).predict(X3)), y3);
  const noisy = clusters(200, 5);
  noisy.y = noisy.y.map((l, i) => (i % 7 === 0 ? 10 : l));
  const pruned = new am.DecisionTree({ prune: true, cvFolds: 4 }).fit(noisy.X, noisy.y);
  const p = pruned.pruning;
  assert.ok(p && p.lambdas.length >= 2);
  assert.equal(p.cvError.length, p.lambdas.length);
  assert.ok(p.lambdas.includes(p.chosen));
  assert.equal(pruned.leaves, p.leaves[p.lambdas.indexOf(p.chosen)]);
  const probs = pruned.probabilities(noisy.X);
  assert.equal(probs.length, 200 * 4);
  assert.ok(Math.abs(probs[0] + probs[1] + probs[2] + probs[3] - 1) < 1e-5);
});

test('AdaBoost.MH reports epsilon, alpha and the bound prod Z_t above the training Hamming loss', () => {
  const rounds = [];
  const model = new am.AdaBoostMH({ rounds: 15 }).fit(X, y, { onProgress: (p) => { rounds.push(p); } });
  const h = model.history;
  assert.equal(h.length, rounds.length);
  let product = 1;
  for (const r of h) {
    assert.ok(r.epsilon < 0.5);
    assert.ok(Math.abs(r.z - 2 * Math.sqrt(r.epsilon * (1 - r.epsilon))) < 1e-12);
    product *= r.z;
    assert.ok(Math.abs(r.zProduct - product) < 1e-12);
    assert.ok(r.hammingLoss <= r.zProduct + 1e-12);
  }
});

test('multi-label: binary relevance and AdaBoost.MH, metrics, reader, bytes', () => {
  let s = 3;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const Xm = [], sets = [];
  for (let i = 0; i < 200; ++i) {
    const row = [rand() * 2 - 1, rand() * 2 - 1, rand() * 2 - 1];
    Xm.push(row);
    sets.push([0, 1, 2].filter((l) => row[l] > 0));
  }
  const br = new am.BinaryRelevance({ learner: 'linear', learnerOptions: { C: 100 } }).fit(Xm, sets);
  const mh = new am.AdaBoostMH({ rounds: 30 }).fit(Xm, sets);
  for (const [model, predicted] of [[br, br.predict(Xm)], [mh, mh.predictSets(Xm)]]) {
    const r = am.metrics.multilabel(sets, predicted);
    assert.ok(r.hammingLoss < 0.03, `${model.constructor.name} ${r.hammingLoss}`);
    assert.ok(r.microF1 > 0.95);
    const again = am.load(model.save());
    assert.equal(am.modelKind(model.save()), 'multilabel');
    assert.equal(again.constructor, model.constructor);
  }
  // hand-computed: one wrong label out of 4, one of 2 rows exact
  const r = am.metrics.multilabel([[0], [0, 1]], [[0], [0]], { labels: 2 });
  assert.equal(r.hammingLoss, 0.25);
  assert.equal(r.subsetAccuracy, 0.5);
  assert.ok(Math.abs(r.microF1 - 4 / 5) < 1e-12);   // TP 2, FN 1
  const d = am.io.readMultilabel('1,2 1:0.5 3:1\n 2:2\n0 1:1\n');
  assert.deepEqual(d.labelSets, [[1, 2], [], [0]]);
  assert.equal(d.cols, 3);
  assert.throws(() => am.io.readMultilabel('1 1:1\n1,a 2:1\n'), /line 2/);
  // as the text classifier: sets that are all empty teach no label (each would be -1 everywhere), with or without k
  const refuse = () => {
    for (const fitOptions of [undefined, { labels: 3 }]) {
      assert.throws(() => new am.BinaryRelevance().fit(Xm.slice(0, 4), [[], [], [], []], fitOptions), { message: 'every label set is empty; a multi-label model needs labels' });
      assert.throws(() => new am.AdaBoostMH().fit(Xm.slice(0, 4), [[], [], [], []], fitOptions), { message: 'every label set is empty; a multi-label model needs labels' });
    }
  };
  refuse();
  const before = am.memoryUsage().heapInUse;
  refuse();
  assert.equal(am.memoryUsage().heapInUse, before, 'the refused fits leave the heap where it was');
  assert.deepEqual(new am.BinaryRelevance().fit(Xm.slice(0, 4), [[], [1], [], []]).predict(Xm.slice(0, 1)).length, 1);
});

test('binary learners on their own; bad input is a clear JS error and the module stays usable', () => {
  const Xb = X.map((r) => r), yb = y.map((l) => (l === 10 ? 1 : -1));
  assert.deepEqual(am.BinaryClassifier.learners(), ['linear', 'kernel', 'stump', 'tree']);
  const settings = [...am.BinaryClassifier.learners().map((learner) => ({ learner })),
    // Pegasos averages its iterates: with 120 examples λ must not be tiny (see its 'average' option)
    { trainer: 'dcd', loss: 'hinge' }, { trainer: 'newton' }, { trainer: 'pegasos', lambda: 0.01 }, { trainer: 'perceptron' }];
  for (const options of settings) {
    const model = new am.BinaryClassifier(options).fit(Xb, yb);
    const acc = model.predict(Xb).reduce((a, p, i) => a + (p === yb[i]), 0) / yb.length;
    assert.ok(acc > 0.9, JSON.stringify(options));
    const again = am.load(model.save());
    assert.deepEqual(again.scores(Xb), model.scores(Xb));
    assert.deepEqual([again.learner, again.trainer, again.loss], [model.learner, model.trainer, model.loss]);
  }
  assert.throws(() => new am.BinaryClassifier({ learner: 'linear' }).fit(Xb, y), /must be \+1 or -1/);
  assert.throws(() => new am.Reduction({ learner: 'forest' }), /must be one of linear, kernel, stump, tree/);
  assert.throws(() => new am.Reduction({ learnerOptions: { lambda: 1 } }), /unknown option 'lambda'/);
  assert.throws(() => new am.Reduction({ reduction: 'ecoc', code: 'exhaustive' }).fit(Array(12).fill([0, 0]), [...Array(12).keys()]), /k <= 10/);
  assert.deepEqual(Array.from(new am.Reduction().fit(X, y).predict(X)), y);
});

test('CLI: train multiclass with reduction methods and train/eval multilabel', async () => {
  const { execFileSync } = await import('node:child_process');
  const { writeFileSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const dir = tempDir('red');
  const cli = new URL('../../bindings/js/cli/main.js', import.meta.url).pathname;
  const run = (...args) => execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  writeFileSync(join(dir, 'mc.svm'), X.map((r, i) => `${y[i]} 1:${r[0]} 2:${r[1]}`).join('\n') + '\n');
  for (const [algo, ...set] of [['ova', '--set', 'trainer=newton', '--set', 'C=10'], ['allpairs'], ['ecoc', '--set', 'code=exhaustive'],
    ['tree', '--set', 'maxDepth=3'], ['adaboost-mh', '--set', 'rounds=20']]) {
    const model = join(dir, `${algo}.bin`);
    const summary = JSON.parse(run('train', 'multiclass', '--method', algo, ...set, '--train', join(dir, 'mc.svm'), '--model', model, '--train-accuracy', '--json'));
    assert.equal(summary.accuracy, 1, algo);
    assert.equal(JSON.parse(run('eval', '--model', model, '--data', join(dir, 'mc.svm'), '--json')).accuracy, 1, algo);
  }
  assert.throws(() => run('train', 'multiclass', '--method', 'ova', '--set', 'rounds=3', '--train', join(dir, 'mc.svm'), '--model', join(dir, 'x.bin')),
    /unknown option 'rounds'/);
  let s = 7;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = [];
  for (let i = 0; i < 150; ++i) {
    const row = [rand() * 2 - 1, rand() * 2 - 1];
    lines.push(`${[0, 1].filter((l) => row[l] > 0).join(',')} 1:${row[0]} 2:${row[1]}`);
  }
  writeFileSync(join(dir, 'ml.svm'), lines.join('\n') + '\n');
  for (const [algo, ...set] of [['br', '--set', 'C=100'], ['adaboost-mh', '--set', 'rounds=20']]) {
    const model = join(dir, `ml-${algo}.bin`);
    run('train', 'multilabel', '--method', algo, ...set, '--train', join(dir, 'ml.svm'), '--model', model, '--json');
    const text = run('eval', '--model', model, '--data', join(dir, 'ml.svm'));
    for (const key of ['hamming_loss', 'micro_f1', 'subset_accuracy']) assert.match(text, new RegExp(`^${key}\\s+[0-9.]+$`, 'm'), `${algo} ${key}`);
    const r = JSON.parse(run('eval', '--model', model, '--data', join(dir, 'ml.svm'), '--json'));
    assert.ok(r.hamming_loss < 0.05, `${algo} ${r.hamming_loss}`);
    const predicted = run('predict', '--model', model, '--data', join(dir, 'ml.svm')).trim().split('\n');
    assert.equal(predicted.length, 150);
    assert.ok(readFileSync(model).length > 0);
  }
});

test('a binary learner is a model kind, a trainer and a loss, each from the catalogues Multiclass uses', () => {
  const Xb = X.map((r) => r), yb = y.map((l) => (l === 10 ? 1 : -1));
  const made = (options) => new am.BinaryClassifier(options).fit(Xb, yb);
  const named = (m) => [m.learner, m.trainer, m.loss];
  assert.deepEqual(named(made()), ['linear', 'dcd', 'squared-hinge']);
  assert.deepEqual(named(made({ loss: 'hinge' })), ['linear', 'dcd', 'hinge']);
  assert.deepEqual(named(made({ trainer: 'newton' })), ['linear', 'newton', 'log']);
  assert.deepEqual(named(made({ trainer: 'perceptron' })), ['linear', 'perceptron', undefined]);
  assert.deepEqual(named(made({ learner: 'kernel' })), ['kernel', 'dcd', 'hinge']);
  assert.deepEqual(named(made({ learner: 'tree' })), ['tree', undefined, undefined]);
  assert.deepEqual(named(am.load(made({ trainer: 'newton' }).save()).fit(Xb, yb)), ['linear', 'newton', 'log']);  // refits as trained
  const ova = new am.Reduction({ learnerOptions: { trainer: 'newton' } }).fit(X, y);
  assert.deepEqual(named(ova), ['linear', 'newton', 'log']);
  assert.deepEqual(named(am.load(ova.save())), ['linear', 'newton', 'log']);
  // The options: the trainer's, from the same declarations as Multiclass's (and no seed: each problem gets its own).
  const names = (specs) => specs.map((s) => s.name);
  assert.deepEqual(names(am.BinaryClassifier.options('linear', 'pegasos')), ['trainer', 'loss', 'lambda', 'epochs', 'average', 'bias', 'weightBits']);
  assert.deepEqual(names(am.BinaryClassifier.options('linear', 'perceptron')), ['trainer', 'epochs', 'average', 'bias', 'weightBits']);
  const multiclassC = am.Multiclass.options('dcd').find((s) => s.name === 'C');
  assert.deepEqual(am.BinaryClassifier.options('linear', 'newton').find((s) => s.name === 'C'), multiclassC);
  // A pair the learner does not have names the valid ones; an option another trainer reads is refused.
  const pairs = /the valid pairs: trainer 'dcd' with loss squared-hinge or hinge; trainer 'newton' with loss log; trainer 'pegasos' with loss hinge; trainer 'perceptron' with no loss option/;
  assert.throws(() => new am.BinaryClassifier({ trainer: 'newton', loss: 'hinge' }), pairs);
  assert.throws(() => new am.Reduction({ learnerOptions: { loss: 'log' } }), pairs);
  assert.throws(() => new am.BinaryRelevance({ learnerOptions: { trainer: 'perceptron', loss: 'hinge' } }), pairs);
  assert.throws(() => new am.BinaryClassifier({ learner: 'kernel', loss: 'log' }), /valid pairs: trainer 'dcd' with loss hinge/);
  assert.throws(() => new am.BinaryClassifier({ trainer: 'sgd' }), /unknown trainer 'sgd' for the linear binary learner \(known: dcd, newton, pegasos, perceptron\)/);
  assert.throws(() => new am.BinaryClassifier({ learner: 'tree', trainer: 'dcd' }), /grown greedily/);
  assert.throws(() => new am.BinaryClassifier({ trainer: 'pegasos', C: 1 }), /unknown option 'C'/);
  assert.throws(() => new am.BinaryClassifier({ trainer: 7 }), /option 'trainer' must be a string/);
});

test('the learner names of 0.1 are errors that name their replacement, in the API and on the command line', async () => {
  const use = {
    'svm-dcd': "learner 'linear' with trainer 'dcd'",
    'svm-kernel': "learner 'kernel' with trainer 'dcd' and loss 'hinge'",
    'svm-pegasos': "learner 'linear' with trainer 'pegasos' and loss 'hinge'",
    logistic: "learner 'linear' with trainer 'newton' and loss 'log'",
    perceptron: "learner 'linear' with trainer 'perceptron'",
  };
  for (const [old, instead] of Object.entries(use)) {
    const message = `learner '${old}' was renamed in 0.2.0: use ${instead}`;
    const exactly = (e) => e instanceof TypeError && e.message === message;
    assert.throws(() => new am.BinaryClassifier({ learner: old }), exactly, old);
    assert.throws(() => new am.Reduction({ learner: old }), exactly, old);
    assert.throws(() => new am.BinaryRelevance({ learner: old }), exactly, old);
    assert.throws(() => am.Reduction.learnerOptions(old), exactly, old);
  }
  const { spawnSync } = await import('node:child_process');
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'argmax-old-learner-'));
  writeFileSync(join(dir, 'mc.svm'), X.map((r, i) => `${y[i]} 1:${r[0]} 2:${r[1]}`).join('\n') + '\n');
  const cli = new URL('../../bindings/js/cli/main.js', import.meta.url).pathname;
  const run = spawnSync(process.execPath, [cli, 'train', 'multiclass', '--method', 'ova', '--set', 'learner=logistic',
    '--train', join(dir, 'mc.svm'), '--model', join(dir, 'm.bin')], { encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /learner 'logistic' was renamed in 0.2.0: use learner 'linear' with trainer 'newton' and loss 'log'/);
});

test('models saved under the learner names of 0.1 load and score as the build that saved them', async () => {
  const { readFileSync } = await import('node:fs');
  const fixture = JSON.parse(readFileSync(new URL('./learners-before-0.2.json', import.meta.url), 'utf8'));
  const test = Array.from({ length: fixture.test.length / 2 }, (_, i) => fixture.test.slice(2 * i, 2 * i + 2));
  const f32 = (xs) => Array.from(Float32Array.from(xs));
  const kinds = {
    'svm-dcd': ['linear', 'dcd', undefined], 'svm-kernel': ['kernel', 'dcd', 'hinge'], 'svm-pegasos': ['linear', 'pegasos', 'hinge'],
    logistic: ['linear', 'newton', 'log'], perceptron: ['linear', 'perceptron', undefined], stump: ['stump', undefined, undefined],
  };
  for (const { name, bytes, scores } of fixture.models) {
    const words = name.split(' '), kind = words[0], old = words.at(-1);  // 'reduction ova logistic'
    for (const saved of [Buffer.from(bytes, 'base64'), null]) {
      const model = am.load(saved ?? am.load(Buffer.from(bytes, 'base64')).save());  // as saved then, and saved again now
      assert.deepEqual([model.learner, model.trainer, model.loss], kinds[old], name);
      const got = kind === 'reduction' ? [...model.confidences(test), ...model.predict(test)] : [...model.scores(test)];
      assert.deepEqual(f32(got), f32(scores), name);
    }
  }
});
