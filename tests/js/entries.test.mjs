// The task entry points argmax/sequence and argmax/ranking: each serves its task on its own smaller module,
// reads and writes the same model bytes as the full entry, and names the full entry for a kind it does not load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init as initFull } from '../../bindings/js/index.js';
import { init as initSequence } from '../../bindings/js/sequence.js';
import { init as initRanking } from '../../bindings/js/ranking.js';

const full = await initFull();
const sequence = await initSequence();
const ranking = await initRanking();
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

test('package.json exports both entry points with their types', () => {
  for (const entry of ['sequence', 'ranking']) {
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

test('a model of another task is refused with the entry that loads it', () => {
  const multiclass = new full.Multiclass({}).fit([[0, 0], [0, 1], [5, 5], [5, 6]], [0, 0, 1, 1]);
  const bytes = multiclass.save();
  assert.equal(sequence.modelKind(bytes), full.modelKind(bytes));
  assert.throws(() => sequence.load(bytes), /not supported by argmax\/sequence \(import 'argmax' to load every kind\)/);
  assert.throws(() => ranking.load(bytes), /not supported by argmax\/ranking/);
  multiclass.dispose();
});
