// The 0.2.0 vocabulary: one option `trainer` names the optimiser and one option `loss` the objective in every
// task, option names are camelCase, and every 0.1 name is an error that names its replacement (no aliases), in
// every model class, in learnerOptions, in worker specs and on the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// Each 0.1 name and what the error must name instead of it.
const RENAMED = {
  algo: "'trainer'",
  solver: "'trainer'",
  iterations: "'maxIter'",
  tol: "'eps'",
  max_iter: "'maxIter'",
  rff_seed: "'rffSeed'",
  hash_bits: "'hashBits'",
  min_count: "'minCount'",
  lexicon_min_count: "'lexiconMinCount'",
  weight_bits: "'weightBits'",
  global_words: "'globalWords'",
  max_depth: "'maxDepth'",
  min_leaf: "'minLeaf'",
  cv_folds: "'cvFolds'",
  code_size: "'codeSize'",
  code_kernel: "'codeKernel'",
  code_gamma: "'codeGamma'",
  code_C: "'codeC'",
};
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const renamedError = (old) => new RegExp(`option '${escape(old)}' was renamed in 0\\.2\\.0: use ${escape(RENAMED[old])}`);

// A value of the old option's type, so that only its name can be what is wrong.
const VALUES = { algo: 'sgd', solver: 'sgd', code_kernel: 'rbf' };
const valueOf = (old) => VALUES[old] ?? 3;

const CLASSES = {
  Multiclass: (o) => new am.Multiclass(o),
  'Multiclass (kernel)': (o) => new am.Multiclass({ kernel: 'rbf', ...o }),
  SequenceTagger: (o) => new am.SequenceTagger(o),
  DenseSequenceTagger: (o) => new am.DenseSequenceTagger(o),
  Ranker: (o) => new am.Ranker(o),
  Reduction: (o) => new am.Reduction(o),
  'Reduction learnerOptions': (o) => new am.Reduction({ learner: 'linear', learnerOptions: o }),
  'Reduction learnerOptions (newton)': (o) => new am.Reduction({ learner: 'linear', learnerOptions: { trainer: 'newton', ...o } }),
  'Reduction learnerOptions (kernel)': (o) => new am.Reduction({ learner: 'kernel', learnerOptions: o }),
  DecisionTree: (o) => new am.DecisionTree(o),
  AdaBoostMH: (o) => new am.AdaBoostMH(o),
  BinaryRelevance: (o) => new am.BinaryRelevance(o),
  'BinaryRelevance learnerOptions': (o) => new am.BinaryRelevance({ learnerOptions: o }),
  BinaryClassifier: (o) => new am.BinaryClassifier(o),
};

test('the core lists exactly the renamed names this test knows', () => {
  const listed = am.module.renamedOptions();
  assert.deepEqual(listed.map((r) => r.old).sort(), Object.keys(RENAMED).sort());
  for (const r of listed) if (r.now) assert.equal(`'${r.now}'`, RENAMED[r.old], r.old);
});

for (const [name, make] of Object.entries(CLASSES)) {
  test(`${name}: every 0.1 option name is an error naming its replacement`, () => {
    for (const old of Object.keys(RENAMED)) {
      assert.throws(() => make({ [old]: valueOf(old) }), (e) => e instanceof TypeError && renamedError(old).test(e.message),
        `${name} { ${old} }`);
    }
    // and the module keeps working
    assert.ok(make({}));
  });
}

test("Ranker's algo names 'measure' as well as 'trainer' and 'loss'", () => {
  assert.throws(() => new am.Ranker({ algo: 'ndcg' }), /use 'trainer' for the optimiser and 'loss' for the objective \(Ranker: 'measure' for the task loss\)/);
});

test('0.1 names are not accepted as values either: trainer cs, sequence algo names', () => {
  assert.throws(() => new am.Multiclass({ trainer: 'cs' }), /unknown trainer 'cs'/);
  for (const old of ['ssvm', 'ssvm-slack', 'crf', 'softmax-margin']) {
    assert.throws(() => new am.SequenceTagger({ trainer: old }), /unknown trainer/, old);
  }
  assert.throws(() => new am.Ranker({ measure: 'pointwise' }), /option 'measure' must be one of/);
});

test('a worker spec takes the same names: an old one rejects with the same message', async () => {
  const { trainInWorker } = await import('../../bindings/js/parallel/worker.js');
  const X = [[0, 0], [1, 1], [0, 1], [1, 0]], y = [1, 2, 1, 2];
  await assert.rejects(trainInWorker({ model: 'Multiclass', options: { algo: 'sgd' }, args: [X, y] }), renamedError('algo'));
  await assert.rejects(trainInWorker({ model: 'Multiclass', options: { max_iter: 5 }, args: [X, y] }), renamedError('max_iter'));
  const ok = await trainInWorker({ model: 'Multiclass', options: { trainer: 'sgd', loss: 'hinge', epochs: 2 }, args: [X, y] });
  assert.equal(am.load(ok.bytes).trainer, 'sgd');
});

// Small training sets of each task.
const points = [[-1, 0], [-1.2, 0.3], [1, 0], [1.1, -0.2], [0, 1.5], [0.2, 1.3]], labels = [1, 1, 2, 2, 3, 3];
const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps'], ['the', 'cat', 'runs']];
const tags = [['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB']];
const denseX = [[[1, 0], [0, 1]], [[1, 0.2], [0.1, 1]]], denseY = [['A', 'B'], ['A', 'B']];
const queries = [0, 1, 2].map((q) => ({ features: [[1, q], [0.5, 0], [0, 1]], relevance: [2, 1, 0] }));
const TASKS = {
  Multiclass: { make: (o) => new am.Multiclass(o), fit: (m) => m.fit(points, labels), options: (t) => am.Multiclass.options(t) },
  SequenceTagger: { make: (o) => new am.SequenceTagger(o), fit: (m) => m.fit(sentences, tags), options: (t) => am.SequenceTagger.options(t) },
  DenseSequenceTagger: { make: (o) => new am.DenseSequenceTagger(o), fit: (m) => m.fit(denseX, denseY), options: (t) => am.DenseSequenceTagger.options(t) },
  Ranker: { make: (o) => new am.Ranker(o), fit: (m) => m.fit(queries), options: (t) => am.Ranker.options(t) },
};
const choicesOf = (schema, name) => schema.find((s) => s.name === name)?.choices ?? [];

test('am.trainers describes every trainer once; sgd, pegasos and the perceptron are the online ones', () => {
  const names = am.trainers.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  for (const t of ['sgd', 'pegasos', 'perceptron', 'cutting-plane', 'bcfw', 'dcd', 'lbfgs']) assert.ok(names.includes(t), t);
  const online = am.trainers.filter((t) => t.online).map((t) => t.name).sort();
  assert.deepEqual(online, ['pegasos', 'perceptron', 'sgd']);
  for (const t of am.trainers) assert.equal(typeof t.help, 'string', t.name);
});

test("every task's trainer choices are trainers of am.trainers", () => {
  const names = new Set(am.trainers.map((t) => t.name));
  for (const [task, { options }] of Object.entries(TASKS)) {
    const choices = choicesOf(options(), 'trainer').filter((t) => t !== 'auto');   // Ranker: auto picks by measure
    assert.ok(choices.length >= 3, task);
    for (const t of choices) assert.ok(names.has(t), `${task}: trainer '${t}' is not in am.trainers`);
  }
});

test("trainer 'sgd', 'pegasos', 'perceptron', 'cutting-plane' and 'bcfw' are accepted by Multiclass, the taggers and Ranker, and mean the same", () => {
  for (const trainer of ['sgd', 'pegasos', 'perceptron', 'cutting-plane', 'bcfw']) {
    const online = am.trainers.find((t) => t.name === trainer).online;
    for (const [task, { make, fit, options }] of Object.entries(TASKS)) {
      assert.ok(choicesOf(options(), 'trainer').includes(trainer), `${task} lists ${trainer}`);
      const schema = options(trainer).map((s) => s.name);
      // an online trainer counts epochs; an exact one stops at a gap (C, eps, maxIter). (Ranker has one table
      // for all its trainers.)
      if (task === 'Ranker') assert.ok(['epochs', 'C', 'eps', 'maxIter'].every((n) => schema.includes(n)), `${task}: ${schema}`);
      else if (online) assert.ok(schema.includes('epochs') && !schema.includes('maxIter'), `${task} ${trainer}: ${schema}`);
      else assert.ok(['C', 'eps', 'maxIter'].every((n) => schema.includes(n)) && !schema.includes('epochs'), `${task} ${trainer}: ${schema}`);
      const model = make({ trainer, ...(online ? { epochs: 2 } : {}) });
      fit(model);
      assert.equal(model.trainer, trainer, `${task} ${trainer}`);
      assert.equal(am.load(model.save()).trainer, trainer, `${task} ${trainer} after load`);
      model.dispose();
    }
  }
});

test("loss 'hinge' is accepted by Multiclass, the taggers and Ranker; 'log' by the classifiers and taggers", () => {
  for (const [task, { make, fit, options }] of Object.entries(TASKS)) {
    assert.ok(choicesOf(options('sgd'), 'loss').includes('hinge'), task);
    const model = make({ trainer: 'sgd', loss: 'hinge', epochs: 2 });
    fit(model);
    assert.equal(model.options.loss, 'hinge', task);
    model.dispose();
  }
  for (const task of ['Multiclass', 'SequenceTagger', 'DenseSequenceTagger']) {
    const { make, fit, options } = TASKS[task];
    assert.ok(choicesOf(options('sgd'), 'loss').includes('log'), task);
    fit(make({ trainer: 'sgd', loss: 'log', epochs: 2 })).dispose();
  }
  // the perceptron has no loss to choose, in any task
  for (const [task, { make, options }] of Object.entries(TASKS)) {
    assert.ok(!options('perceptron').some((s) => s.name === 'loss') || task === 'Ranker', task);
    if (task !== 'Ranker') assert.throws(() => make({ trainer: 'perceptron', loss: 'hinge' }), /unknown option 'loss'/, task);
  }
});

test('an option the chosen trainer does not read is an error', () => {
  const cases = [
    [() => new am.SequenceTagger({ trainer: 'perceptron', C: 1 }), /'C'/],
    [() => new am.SequenceTagger({ trainer: 'sgd', loss: 'log', c2: 1 }), /'c2'/],
    [() => new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', l1: 0.1 }), /'l1'/],
    [() => new am.SequenceTagger({ trainer: 'cutting-plane', candidates: 5 }), /'candidates'/],
    [() => new am.SequenceTagger({ trainer: 'pegasos', eta: 0.1 }), /'eta'/],
    [() => new am.Multiclass({ trainer: 'perceptron', C: 1 }), /'C'/],
    [() => new am.Multiclass({ trainer: 'dcd', epochs: 3 }), /'epochs'/],
  ];
  for (const [fn, message] of cases) assert.throws(fn, (e) => e instanceof TypeError && message.test(e.message) && /unknown option/.test(e.message), String(fn));
});

// The command line: --algo is gone; --set takes the API's names.
const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const argmax = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const dir = tempDir('vocabulary');
const files = {
  multiclass: ['mc.svm', points.map((p, i) => `${labels[i]} 1:${p[0]} 2:${p[1]}`).join('\n') + '\n'],
  multilabel: ['ml.svm', points.map((p, i) => `${[0, 1].filter((l) => p[l] > 0).join(',')} 1:${p[0]} 2:${p[1]}`).join('\n') + '\n'],
  sequence: ['seq.txt', sentences.map((s, i) => s.map((w, t) => `${w} ${tags[i][t]}`).join('\n')).join('\n\n') + '\n'],
  ranking: ['rank.txt', queries.flatMap((q, i) => q.features.map((x, d) => `${q.relevance[d]} qid:${i + 1} 1:${x[0]} 2:${x[1]}`)).join('\n') + '\n'],
};
for (const [file, text] of Object.values(files)) writeFileSync(join(dir, file), text);
const train = (task, ...args) => argmax('train', task, '--train', join(dir, files[task][0]), '--model', join(dir, `${task}.bin`), ...args);

test("CLI: --algo is an error in every task, saying what replaced it", () => {
  for (const task of Object.keys(files)) {
    const r = train(task, '--algo', 'sgd');
    assert.notEqual(r.status, 0, task);
    assert.match(r.stderr, /--algo was replaced in 0\.2\.0: --set trainer=NAME chooses the optimiser and --set loss=NAME the objective \(ranking: --set measure=NAME\)/, task);
  }
});

test('CLI: --set max_iter=… (and every other 0.1 name) is an error naming its replacement, in every task', () => {
  for (const task of Object.keys(files)) {
    const r = train(task, '--set', 'max_iter=5');
    assert.notEqual(r.status, 0, task);
    assert.match(r.stderr, renamedError('max_iter'), task);
  }
  for (const [old, value] of [['tol', '0.1'], ['hash_bits', '10'], ['max_depth', '2'], ['solver', 'sgd']]) {
    assert.match(train('multiclass', '--set', `${old}=${value}`).stderr, renamedError(old), old);
  }
});

test('CLI: trainer, loss and measure are ordinary options; --method chooses the multiclass and multilabel model', () => {
  const last = (r) => JSON.parse(r.stdout.trim().split('\n').at(-1));
  for (const [task, args] of [['multiclass', ['--set', 'trainer=sgd', '--set', 'loss=hinge', '--set', 'epochs=2']],
    ['sequence', ['--set', 'trainer=sgd', '--set', 'loss=hinge', '--set', 'epochs=2']],
    ['ranking', ['--set', 'trainer=sgd', '--set', 'loss=hinge', '--set', 'measure=kendall', '--set', 'epochs=2']]]) {
    const r = train(task, ...args, '--json');
    assert.equal(r.status, 0, `${task}: ${r.stderr}`);
    const summary = last(r);
    assert.equal(summary.trainer, 'sgd', task);
    assert.equal(summary.algo, undefined, task);
    assert.equal(summary.method, task === 'multiclass' ? 'linear' : undefined, task);
  }
  const ml = train('multilabel', '--method', 'br', '--json');
  assert.equal(ml.status, 0, ml.stderr);
  assert.equal(last(ml).method, 'br');
  for (const task of ['sequence', 'ranking']) assert.match(train(task, '--method', 'linear').stderr, /unknown flag '--method'/, task);
});
