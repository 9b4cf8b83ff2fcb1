// A tagger's training tags each name a tag: '' is refused, as a text classifier refuses '' as a label.
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
