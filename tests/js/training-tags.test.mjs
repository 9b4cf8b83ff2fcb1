// A tagger's training tags each name a tag: '' is refused, as a text classifier refuses '' as a label, and one tag alone
// is refused unless allowSingleClass, as a classifier's one class is.
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
  assert.throws(() => new am.SequenceTagger().fit(words, one, { allowSingleClass: 'yes' }), /allowSingleClass/);
});
