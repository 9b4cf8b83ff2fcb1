// The task entry points argmax/multiclass, argmax/sequence, argmax/tagger and argmax/ranking: each serves its task on its own
// smaller module, reads and writes the same model bytes as the full entry, and names the full entry for a kind it
// does not load; argmax/tagger tags as argmax does and names argmax/sequence when asked to train.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init as initFull } from '../../bindings/js/index.js';
import { init as initMulticlass } from '../../bindings/js/multiclass.js';
import { init as initSequence } from '../../bindings/js/sequence.js';
import { init as initRanking } from '../../bindings/js/ranking.js';
import { init as initTagger } from '../../bindings/js/tagger.js';

const full = await initFull();
const multiclass = await initMulticlass();
const sequence = await initSequence();
const ranking = await initRanking();
const tagger = await initTagger();
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

// The file each worker_threads Worker started from here on runs.
const threads = process.getBuiltinModule('worker_threads');
const hosts = [];
threads.Worker = class extends threads.Worker {
  constructor(file, ...rest) {
    super(file, ...rest);
    hosts.push(String(file));
  }
};

test('package.json exports the task entry points with their types', () => {
  for (const entry of ['multiclass', 'sequence', 'tagger', 'ranking']) {
    assert.deepEqual(pkg.exports[`./${entry}`], { types: `./bindings/js/${entry}.d.ts`, default: `./bindings/js/${entry}.js` });
    for (const ext of ['mjs', 'wasm']) assert.ok(pkg.files.includes(`dist/argmax-${entry}.${ext}`), `dist/argmax-${entry}.${ext} is packed`);
  }
});

test('argmax/sequence has the taggers and their readers and metrics, and nothing of the other tasks', () => {
  for (const name of ['SequenceTagger', 'DenseSequenceTagger', 'features', 'lexicons', 'pretrained', 'load', 'modelKind', 'memoryUsage', 'trainers']) {
    assert.ok(name in sequence, `${name} is there`);
  }
  for (const name of ['tokenize', 'readConllu', 'readColumns', 'readSvmhmm']) assert.equal(typeof sequence.io[name], 'function');
  assert.equal(typeof sequence.metrics.sequences, 'function');
  for (const name of ['Multiclass', 'Ranker', 'Reduction', 'DecisionTree']) assert.ok(!(name in sequence), `${name} is not there`);
  assert.equal(sequence.module.Ranker, undefined, 'the module binds no ranking code');
  assert.equal(sequence.module.LinearMulticlass, undefined, 'the module binds no multiclass code');
});

test('the shipped tagger tags in argmax/sequence as in argmax, and its bytes load in both', async () => {
  const text = "The dog didn't bark at the mailman.";
  const tokens = (await sequence.io.tokenize(text)).flat().flatMap((t) => (t.words ?? [t]).map((w) => w.text));
  assert.deepEqual(await sequence.io.tokenize(text), await full.io.tokenize(text));
  const small = await sequence.pretrained.englishUpos();
  const big = await full.pretrained.englishUpos();
  assert.deepEqual(small.tag(tokens), big.tag(tokens));
  assert.deepEqual(small.tag(tokens), ['DET', 'NOUN', 'AUX', 'PART', 'VERB', 'ADP', 'DET', 'NOUN', 'PUNCT']);
  assert.deepEqual(full.load(small.save()).tag(tokens), small.tag(tokens));
  assert.deepEqual(sequence.load(big.save()).tag(tokens), small.tag(tokens));
  for (const m of [small, big]) m.dispose();
});

test('a tagger trained in argmax/sequence is the one argmax trains', () => {
  const sentences = [['a', 'dog', 'runs'], ['the', 'cat', 'sleeps'], ['a', 'cat', 'runs']];
  const tags = [['D', 'N', 'V'], ['D', 'N', 'V'], ['D', 'N', 'V']];
  const options = { trainer: 'perceptron', epochs: 3, seed: 1 };
  const a = new sequence.SequenceTagger(options).fit(sentences, tags);
  const b = new full.SequenceTagger(options).fit(sentences, tags);
  assert.deepEqual(a.save(), b.save());
  assert.deepEqual(a.tag(['the', 'dog', 'sleeps']), b.tag(['the', 'dog', 'sleeps']));
  a.dispose(), b.dispose();
});

test('argmax/ranking trains the Ranker as argmax does', () => {
  const queries = [
    { features: [[1, 0], [0, 1], [0.5, 0.5]], relevance: [2, 0, 1] },
    { features: [[0.9, 0.1], [0.1, 0.9], [0.4, 0.6]], relevance: [2, 0, 1] },
  ];
  assert.ok(!('SequenceTagger' in ranking) && !('Multiclass' in ranking));
  const a = new ranking.Ranker({ seed: 3 }).fit(queries);
  const b = new full.Ranker({ seed: 3 }).fit(queries);
  assert.deepEqual(a.save(), b.save());
  assert.deepEqual(Array.from(a.rank([[0, 1], [1, 0]])), [1, 0]);
  assert.deepEqual(Array.from(ranking.load(b.save()).rank([[0, 1], [1, 0]])), [1, 0]);
  a.dispose(), b.dispose();
});

test('argmax/multiclass has Multiclass, the reductions, trees and boosting, their readers and metrics, and nothing of the other tasks', () => {
  for (const name of ['Multiclass', 'Reduction', 'DecisionTree', 'AdaBoostMH', 'BinaryRelevance', 'BinaryClassifier', 'load', 'modelKind', 'memoryUsage', 'trainers']) {
    assert.ok(name in multiclass, `${name} is there`);
  }
  for (const name of ['readLibsvm', 'readMultilabel']) assert.equal(typeof multiclass.io[name], 'function');
  for (const name of ['classification', 'averageCost', 'marginLoss', 'multilabel']) assert.equal(typeof multiclass.metrics[name], 'function');
  for (const name of ['SequenceTagger', 'Tokenizer', 'Ranker', 'pretrained']) assert.ok(!(name in multiclass), `${name} is not there`);
  assert.equal(multiclass.module.Ranker, undefined, 'the module binds no ranking code');
  assert.equal(multiclass.module.trainSequenceTokens, undefined, 'the module binds no sequence code');
});

test('argmax/multiclass trains, predicts and loads as argmax does, linear and kernel, reductions and trees', () => {
  const X = [[0, 0], [0, 1], [1, 0], [5, 5], [5, 6], [6, 5], [0, 6], [1, 6], [0, 5]];
  const y = [0, 0, 0, 1, 1, 1, 2, 2, 2];
  for (const [Model, options] of [['Multiclass', { seed: 2, bias: 1 }], ['Multiclass', { kernel: 'rbf', gamma: 0.5 }],
    ['Reduction', { reduction: 'allpairs', learner: 'linear' }], ['DecisionTree', {}], ['AdaBoostMH', { rounds: 5 }]]) {
    const a = new multiclass[Model](options).fit(X, y);
    const b = new full[Model](options).fit(X, y);
    assert.deepEqual(a.save(), b.save(), `${Model} ${JSON.stringify(options)}: the same bytes`);
    assert.deepEqual(Array.from(a.predict(X)), y, `${Model} ${JSON.stringify(options)} fits the three clusters`);
    assert.deepEqual(Array.from(multiclass.load(b.save()).predict(X)), y);
    assert.deepEqual(Array.from(full.load(a.save()).predict(X)), y);
    a.dispose(), b.dispose();
  }
  const text = '1 1:0.5 3:2\n2 2:1\n';
  assert.deepEqual(multiclass.io.readLibsvm(text), full.io.readLibsvm(text));
});

test('a model of another task is refused with the entry that loads it', () => {
  const linear = new full.Multiclass({}).fit([[0, 0], [0, 1], [5, 5], [5, 6]], [0, 0, 1, 1]);
  const bytes = linear.save();
  assert.equal(sequence.modelKind(bytes), full.modelKind(bytes));
  assert.throws(() => sequence.load(bytes), /not supported by argmax\/sequence \(import 'argmax' to load every kind\)/);
  assert.throws(() => ranking.load(bytes), /not supported by argmax\/ranking/);
  linear.dispose();
  const ranker = new full.Ranker({}).fit([{ features: [[1], [0]], relevance: [1, 0] }]);
  assert.throws(() => multiclass.load(ranker.save()), /not supported by argmax\/multiclass \(import 'argmax' to load every kind\)/);
  ranker.dispose();
});

test('argmax/tagger has the taggers, tokenizer, readers and metrics, and its module no trainer', () => {
  for (const name of ['SequenceTagger', 'DenseSequenceTagger', 'Tokenizer', 'features', 'lexicons', 'pretrained', 'load', 'modelKind', 'memoryUsage']) {
    assert.ok(name in tagger, `${name} is there`);
  }
  for (const name of ['tokenize', 'readConllu', 'readColumns', 'readSvmhmm']) assert.equal(typeof tagger.io[name], 'function');
  assert.equal(typeof tagger.metrics.sequences, 'function');
  for (const name of ['Multiclass', 'Ranker', 'Reduction']) assert.ok(!(name in tagger), `${name} is not there`);
  for (const name of ['trainSequenceTokens', 'trainSequenceNumeric', 'ChainShard', 'TokenizerTreebank']) {
    assert.equal(tagger.module[name], undefined, `the module binds no ${name}`);
    assert.equal(typeof sequence.module[name], 'function', `argmax/sequence binds ${name}`);
  }
});

test('the shipped tagger tags raw text in argmax/tagger as in argmax, from the same bytes', async () => {
  const text = "The dog didn't bark at the mailman. I can can a can.";
  assert.deepEqual(await tagger.io.tokenize(text), await full.io.tokenize(text));
  const small = await tagger.pretrained.englishUpos();
  const big = await full.pretrained.englishUpos();
  assert.deepEqual(small.save(), big.save());
  assert.deepEqual(small.tokenizer.save(), big.tokenizer.save());
  assert.deepEqual(small.tagText(text), big.tagText(text));
  assert.deepEqual(small.tagText(text)[0].map((w) => w.tag), ['DET', 'NOUN', 'AUX', 'PART', 'VERB', 'ADP', 'DET', 'NOUN', 'PUNCT']);
  const words = small.tagText(text)[0].map((w) => w.token);
  assert.deepEqual(small.marginals(words), big.marginals(words));
  assert.deepEqual(small.nbest(words, 3), big.nbest(words, 3));
  assert.deepEqual(small.decode(words), big.decode(words));
  assert.deepEqual(small.emissions(words), big.emissions(words));
  assert.deepEqual(small.options, big.options);
  assert.deepEqual(tagger.load(big.save()).tag(words), big.tag(words));
  assert.deepEqual(full.load(small.save()).tag(words), big.tag(words));
  for (const m of [small, big]) m.tokenizer.dispose(), m.dispose();
});

test('a model trained in argmax loads and tags in argmax/tagger; its readers and metrics answer as argmax', () => {
  const sentences = [['a', 'dog', 'runs'], ['the', 'cat', 'sleeps'], ['a', 'cat', 'runs']];
  const tags = [['D', 'N', 'V'], ['D', 'N', 'V'], ['D', 'N', 'V']];
  const trained = new full.SequenceTagger({ trainer: 'lbfgs', loss: 'log', maxIter: 20 }).fit(sentences, tags);
  const loaded = tagger.load(trained.save());
  assert.ok(loaded instanceof tagger.SequenceTagger);
  assert.deepEqual(loaded.tag(sentences), trained.tag(sentences));
  assert.deepEqual(loaded.logProbability(sentences[0], tags[0]), trained.logProbability(sentences[0], tags[0]));
  assert.deepEqual(loaded.save(), trained.save());
  const dense = new full.DenseSequenceTagger({ epochs: 3 }).fit([[[1, 0], [0, 1]], [[0, 1], [1, 0]]], [['A', 'B'], ['B', 'A']]);
  assert.deepEqual(tagger.load(dense.save()).tag([[1, 0], [0, 1]]), ['A', 'B']);
  const conllu = '# text = a dog\n1\ta\t_\tDET\t_\t_\t_\t_\t_\t_\n2\tdog\t_\tNOUN\t_\t_\t_\t_\t_\t_\n\n';
  assert.deepEqual(tagger.io.readConllu(conllu), full.io.readConllu(conllu));
  assert.deepEqual(tagger.metrics.sequences(tags, loaded.tag(sentences)), full.metrics.sequences(tags, trained.tag(sentences)));
  for (const m of [trained, loaded, dense]) m.dispose();
});

test('training in argmax/tagger is an Error naming the entries that train', async () => {
  const sentences = [['a', 'dog']], tags = [['D', 'N']];
  assert.throws(() => new tagger.SequenceTagger({}).fit(sentences, tags),
    { message: "SequenceTagger.fit is not in argmax/tagger, which only tags: import 'argmax/sequence' (or 'argmax') to train" });
  assert.throws(() => new tagger.DenseSequenceTagger({}).fit([[[1]]], [['A']]), /DenseSequenceTagger\.fit is not in argmax\/tagger.*'argmax\/sequence'/);
  assert.throws(() => new tagger.Tokenizer({}).fit('# text = a\n1\ta\t_\t_\t_\t_\t_\t_\t_\t_\n\n'), /Tokenizer\.fit is not in argmax\/tagger.*'argmax\/sequence'/);
  const loaded = await tagger.pretrained.englishUpos();
  assert.throws(() => loaded.fit(sentences, tags, { warmStart: true }), /SequenceTagger\.fit is not in argmax\/tagger/);
  assert.throws(() => loaded.fit(sentences, tags, { workers: 2 }), /SequenceTagger\.fit is not in argmax\/tagger/);
  assert.deepEqual(loaded.tag(['a', 'dog']), ['DET', 'NOUN'], 'the refused fits leave the model as it was');
  loaded.tokenizer.dispose(), loaded.dispose();
  assert.throws(() => tagger.load(new full.Ranker({}).fit([{ features: [[1], [0]], relevance: [1, 0] }]).save()),
    /not supported by argmax\/tagger \(import 'argmax' to load every kind\)/);
});

test("a task entry's workers load that entry's module, and train the model the full entry's workers train", async () => {
  const X = [[0, 0], [0, 1], [1, 0], [5, 5], [5, 6], [6, 5], [0, 6], [1, 6], [0, 5]], y = [0, 0, 0, 1, 1, 1, 2, 2, 2];
  const sentences = [['a', 'dog'], ['the', 'cat', 'runs'], ['a', 'cat'], ['the', 'dog', 'sleeps']];
  const tags = [['D', 'N'], ['D', 'N', 'V'], ['D', 'N'], ['D', 'N', 'V']];
  const queries = [{ features: X.slice(0, 5), relevance: [0, 0, 1, 2, 2] }, { features: X.slice(4), relevance: [2, 1, 0, 0, 1] }];
  const fits = {
    'argmax/sequence': (am) => new am.SequenceTagger({ epochs: 3 }).fit(sentences, tags, { workers: 2 }),
    'argmax/multiclass': (am) => new am.Multiclass({ trainer: 'sgd', epochs: 3 }).fit(X, y, { workers: 2 }),
    'argmax/ranking': (am) => new am.Ranker({ trainer: 'sgd', epochs: 3 }).fit(queries, { workers: 2 }),
  };
  const entries = { 'argmax/sequence': sequence, 'argmax/multiclass': multiclass, 'argmax/ranking': ranking };
  for (const [name, fit] of Object.entries(fits)) {
    hosts.length = 0;
    const model = await fit(entries[name]);
    assert.deepEqual(hosts.map((h) => h.split('/bindings/js/')[1]), [`hosts/${name.split('/')[1]}.js`, `hosts/${name.split('/')[1]}.js`], name);
    const reference = await fit(full);
    assert.deepEqual(hosts.slice(2).map((h) => h.split('/bindings/js/')[1]), ['hosts/argmax.js', 'hosts/argmax.js'], 'argmax\'s workers load the full module');
    assert.deepEqual(model.save(), reference.save(), name);
    model.dispose(), reference.dispose();
  }
});
