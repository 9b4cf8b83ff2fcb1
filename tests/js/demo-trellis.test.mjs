// The demo's trellis pictures (web/lib/trellis.js) recover emission scores from a tagger's log-probabilities;
// their Viterbi and loss-augmented paths must be the brute-force argmax over every labelling of a short sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { generateCorpus } from '../../web/data/grammar.js';
import { chainScores, viterbi } from '../../web/lib/trellis.js';

const am = await init();
const corpus = generateCorpus(300, 3);
const tagger = new am.SequenceTagger({ algo: 'perceptron', epochs: 2 }).fit(corpus.map((s) => s.words), corpus.map((s) => s.tags));

test('recovered scores give the brute-force best and loss-augmented labellings', () => {
  for (const tokens of [['I', 'can', 'fish'], ['the', 'saw', 'can'], ['watch', 'her', 'duck']]) {
    const tags = tagger.tag(tokens);
    const scores = chainScores(tagger, tokens, tags);
    const k = scores.labels.length;
    const all = [];
    for (let a = 0; a < k; ++a) for (let b = 0; b < k; ++b) for (let c = 0; c < k; ++c) all.push([a, b, c]);
    const lp = tagger.logProbability(all.map(() => tokens), all.map((ys) => ys.map((y) => scores.labels[y])));
    const argmax = (value) => all[all.reduce((best, _, i) => (value(i) > value(best) ? i : best), 0)];
    assert.deepEqual(viterbi(scores), argmax((i) => lp[i]), tokens.join(' '));
    assert.deepEqual(viterbi(scores).map((y) => scores.labels[y]), tags);
    for (const reference of [[0, 1, 2], [k - 1, 0, k - 1]]) {
      const hamming = (i) => all[i].reduce((s, y, t) => s + (y !== reference[t]), 0);
      assert.deepEqual(viterbi(scores, reference), argmax((i) => lp[i] + hamming(i)), `${tokens.join(' ')} vs ${reference}`);
    }
  }
});
