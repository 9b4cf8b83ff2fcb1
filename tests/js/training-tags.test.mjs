// A tagger's training tags each name a tag: '' is refused, as a text classifier refuses '' as a label, and one tag alone
// is refused unless allowSingleClass, by the check every classifier's labels go through (core/labels.hpp), on every
// training path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';

const am = await init();

test("the taggers refuse '' as a training tag, naming where it is, and train after", () => {
  const words = [['the', 'dog'], ['a', 'cat', 'sleeps']];
  assert.throws(() => new am.SequenceTagger().fit(words, [['DET', 'NOUN'], ['DET', '', 'VERB']]),
    (e) => e instanceof RangeError && e.message === "tags[1][1] is the empty string, not a tag");
  const frames = [[[0, 1], [1, 0]], [[1, 1]]];
  assert.throws(() => new am.DenseSequenceTagger().fit(frames, [['', 'B'], ['A']]), /^RangeError: tags\[0\]\[0\] is the empty string, not a tag$/);
  const tagger = new am.SequenceTagger().fit(words, [['DET', 'NOUN'], ['DET', 'NOUN', 'VERB']]);
  assert.deepEqual([...tagger.labels].sort(), ['DET', 'NOUN', 'VERB']);
  tagger.dispose();
});

test('the taggers refuse training tags that are all one tag unless allowSingleClass, as the classifiers do', async () => {
  const words = [['the', 'dog'], ['a', 'cat', 'sleeps']];
  const one = [['X', 'X'], ['X', 'X', 'X']];
  assert.throws(() => new am.SequenceTagger().fit(words, one), /^Error: tags: every training tag is 'X'; .*allowSingleClass: true/);
  await assert.rejects(new am.SequenceTagger().fit(words, one, { workers: 2 }), /every training tag is 'X'/);
  const frames = [[[0, 1], [1, 0]], [[1, 1]]];
  assert.throws(() => new am.DenseSequenceTagger().fit(frames, [['A', 'A'], ['A']]), /every training tag is 'A'/);
  const tagger = new am.SequenceTagger().fit(words, one, { allowSingleClass: true });
  assert.deepEqual(tagger.tag(['an', 'owl']), ['X', 'X']);
  tagger.dispose();
  const dense = new am.DenseSequenceTagger().fit(frames, [['A', 'A'], ['A']], { allowSingleClass: true });
  assert.deepEqual(dense.tag([[1, 0], [0, 0]]), ['A', 'A']);
  dense.dispose();
  assert.throws(() => new am.SequenceTagger().fit(words, one, { allowSingleClass: 'yes' }), /allowSingleClass/);
  assert.throws(() => new am.SequenceTagger().fit(words, one, { allowSingleClass: 'yes', workers: 2 }), /allowSingleClass/);
});

test('a wrong shape is reported before one tag alone', () => {
  const words = [['the', 'dog'], ['a', 'cat', 'sleeps']];
  assert.throws(() => new am.SequenceTagger().fit(words, [['X'], ['X', 'X', 'X']]), /^TypeError: sentence 0 has 2 tokens but 1 tags$|^RangeError: sentence 0 has 2 tokens but 1 tags$/);
  assert.throws(() => new am.DenseSequenceTagger().fit([[[0, 1], [1, 0]], [[1, 1]]], [['A'], ['A']]), /tags\[0\] has 1 tags for the 2 positions of sequence 0/);
});

// The shards of parameter mixing and the workers of exact gradients check in wasm too, each on its worker.
test('on workers, by mixing and by exact gradients, one tag alone is refused unless allowSingleClass', async () => {
  const words = [['the', 'dog'], ['a', 'cat', 'sleeps'], ['an', 'owl']];
  const one = words.map((s) => s.map(() => 'X'));
  await assert.rejects(new am.SequenceTagger({ trainer: 'lbfgs' }).fit(words, one, { workers: 2 }), /^Error: tags: every training tag is 'X'; /);
  const mixed = await new am.SequenceTagger({ epochs: 2 }).fit(words, one, { workers: 2, allowSingleClass: true });
  assert.deepEqual(mixed.tag(['a', 'dog']), ['X', 'X']);
  mixed.dispose();
  const exact = await new am.SequenceTagger({ trainer: 'lbfgs', maxIter: 3 }).fit(words, one, { workers: 2, allowSingleClass: true });
  assert.deepEqual(exact.labels, ['X']);
  exact.dispose();
});
