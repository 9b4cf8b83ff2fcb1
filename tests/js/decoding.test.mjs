// Emission and transition scores, and decoding (plain, against a reference, loss-augmented), checked by brute
// force: every labelling of short sequences (k^n ≤ 3125) is scored from the exposed emissions + transitions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';

const am = await init();

// Deterministic pseudo-random numbers (an LCG).
function random(seed) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

// A toy language whose tags follow from the words (and, for "can", from the neighbours); 5 tags.
function corpus(m, seed = 1) {
  const rand = random(seed), pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const sentences = [], tags = [];
  for (let i = 0; i < m; ++i) {
    const w = [], t = [];
    const put = (word, tag) => { w.push(word); t.push(tag); };
    put(pick(['the', 'a', 'this']), 'DET');
    if (rand() < 0.5) put(pick(['red', 'big', 'old']), 'ADJ');
    put(pick(['dog', 'cat', 'can', 'idea']), 'NOUN');
    if (rand() < 0.5) { put('can', 'AUX'); put(pick(['run', 'sleep', 'can']), 'VERB'); } else put(pick(['runs', 'sleeps']), 'VERB');
    sentences.push(w); tags.push(t);
  }
  return { sentences, tags };
}

// Every labelling of n positions over k labels.
function labellings(n, k) {
  const all = [];
  const y = new Array(n).fill(0);
  for (;;) {
    all.push(y.slice());
    let t = 0;
    while (t < n && ++y[t] === k) y[t++] = 0;
    if (t === n) return all;
  }
}

// s(x, y) = T[k][y_1] + Σ_t e_t(y_t) + Σ_{t≥2} T[y_{t−1}][y_t] + T[k+1][y_n], from what the API exposes.
function scorer(e, T) {
  const k = e.cols;
  return (y) => y.reduce((s, yt, t) => s + e.data[t * k + yt] + (t === 0 ? T[k][yt] : T[y[t - 1]][yt]), 0) + T[k + 1][y[y.length - 1]];
}

const hamming = (y, ref) => y.reduce((m, yt, t) => m + (yt !== ref[t]), 0);
const close = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

// The best labelling under value(), and the runner-up's value (to tell a clear winner from a near tie).
function bruteForce(all, value) {
  let best = -Infinity, second = -Infinity, arg = null;
  for (const y of all) {
    const v = value(y);
    if (v > best) [second, best, arg] = [best, v, y];
    else if (v > second) second = v;
  }
  return { y: arg, value: best, gap: best - second };
}

// Checks decode() on sequence x (n positions) of `tagger` against every labelling, for a few references.
// Returns how often the loss-augmented path differed from the plain one.
function checkAgainstBruteForce(tagger, x, n, references, what) {
  const labels = tagger.labels, k = labels.length;
  const e = tagger.emissions(x), T = tagger.transitions;
  assert.deepEqual(e.labels, labels);
  assert.ok(e.data instanceof Float32Array);
  assert.equal(e.rows, n);
  assert.equal(e.cols, k);
  assert.equal(e.data.length, n * k);
  assert.equal(T.length, k + 2);
  const score = scorer(e, T), all = labellings(n, k);

  // plain: the Viterbi path maximises the score, reports it, and agrees with tag()
  const d = tagger.decode(x);
  assert.deepEqual(d.tags, tagger.tag(x), `${what}: decode and tag`);
  assert.deepEqual(Array.from(d.path, (y) => labels[y]), d.tags);
  assert.equal(d.loss, undefined);
  const best = bruteForce(all, score);
  close(d.score, best.value, `${what}: Viterbi score vs the brute-force max`);
  close(score(Array.from(d.path)), d.score, `${what}: reported score vs the path's score`);
  if (best.gap > 1e-3) assert.deepEqual(Array.from(d.path), best.y, `${what}: Viterbi path`);

  // the scores are the model's: differences of log p(y | x) are differences of scores
  const some = [all[0], all[all.length - 1], all[all.length >> 1], Array.from(d.path)];
  const lp = tagger.logProbability(some.map(() => x), some.map((y) => y.map((l) => labels[l])));
  for (let i = 1; i < some.length; ++i) close(lp[i] - lp[0], score(some[i]) - score(some[0]), `${what}: log p differences`);
  close(tagger.nbest(x, 1)[0].score, d.score, `${what}: n-best`);

  let changed = 0;
  for (const reference of references) {
    const ref = reference.map((t) => labels.indexOf(t));   // −1 for a tag the model lacks: it differs from every label
    for (const normalizeLoss of [false, true]) {
      const loss = (y) => hamming(y, ref) / (normalizeLoss ? n : 1);
      const tag = `${what} vs ${reference.join(' ')}${normalizeLoss ? ' (normalised)' : ''}`;
      // plain decoding against the reference: the same path, with its loss
      const p = tagger.decode(x, { reference, normalizeLoss });
      assert.deepEqual(Array.from(p.path), Array.from(d.path), tag);
      assert.equal(p.score, d.score);
      close(p.loss, loss(Array.from(p.path)), `${tag}: plain loss`);
      // loss-augmented: argmax Δ + s, reported as its score (without the loss) and its loss
      const a = tagger.decode(x, { reference, lossAugmented: true, normalizeLoss });
      const worst = bruteForce(all, (y) => score(y) + loss(y));
      close(a.score + a.loss, worst.value, `${tag}: augmented score + loss vs the brute-force max`);
      close(a.score, score(Array.from(a.path)), `${tag}: augmented score`);
      close(a.loss, loss(Array.from(a.path)), `${tag}: augmented loss`);
      assert.deepEqual(a.tags, Array.from(a.path, (y) => labels[y]));
      if (worst.gap > 1e-3) assert.deepEqual(Array.from(a.path), worst.y, `${tag}: loss-augmented path`);
      assert.ok(a.loss >= p.loss, `${tag}: adding the loss cannot lower it`);
      changed += a.path.some((y, t) => y !== p.path[t]);
    }
  }
  return changed;
}

const train = corpus(150);

test('token taggers: emissions + transitions score labellings; decode finds the best and the loss-augmented ones', () => {
  // strongly regularised models (small scores) make the loss change the argmax often
  const models = [{ trainer: 'perceptron', epochs: 3 }, { trainer: 'pegasos', loss: 'hinge', epochs: 2, lambda: 0.01 }, { trainer: 'pegasos', loss: 'hinge', epochs: 1, lambda: 1 },
    { trainer: 'lbfgs', loss: 'log', maxIter: 20 }, { trainer: 'lbfgs', loss: 'log', c2: 50, maxIter: 30 }];
  let changed = 0;
  for (const options of models) {
    const tagger = new am.SequenceTagger(options).fit(train.sentences, train.tags);
    const sentences = [['the', 'can', 'can', 'run'], ['a', 'old', 'idea', 'sleeps'], ['can', 'the', 'dog', 'can', 'can'], ['dog'], ['zzz', 'can']];
    for (const s of sentences) {
      const references = [tagger.tag(s), s.map((_, t) => tagger.labels[(t * 2) % tagger.labels.length]), s.map((_, t) => (t % 2 ? 'NOUN' : 'UNSEEN-TAG'))];
      changed += checkAgainstBruteForce(tagger, s, s.length, references, `${JSON.stringify(options)}: ${s.join(' ')}`);
    }
    // against its own Viterbi path, plain decoding has no loss
    const s = ['the', 'dog', 'can', 'run'];
    const own = tagger.decode(s, { reference: tagger.tag(s) });
    assert.equal(own.loss, 0);
    tagger.dispose();
  }
  assert.ok(changed >= 10, `the loss changed the decoded path only ${changed} times`);
});

test('many sequences at once give what one at a time gives', () => {
  const tagger = new am.SequenceTagger({ epochs: 3 }).fit(train.sentences, train.tags);
  const many = [['the', 'can', 'runs'], [], ['a', 'big', 'cat', 'can', 'sleep']];
  const refs = many.map((s) => s.map(() => 'NOUN'));
  const e = tagger.emissions(many);
  assert.equal(e.length, 3);
  many.forEach((s, i) => assert.deepEqual(e[i], tagger.emissions(s)));
  assert.equal(e[1].rows, 0);
  assert.equal(e[1].data.length, 0);
  const d = tagger.decode(many, { reference: refs, lossAugmented: true });
  many.forEach((s, i) => assert.deepEqual(d[i], tagger.decode(s, { reference: refs[i], lossAugmented: true })));
  assert.deepEqual(d[1], { tags: [], path: new Int32Array(0), score: 0, loss: 0 });
  assert.deepEqual(tagger.decode(many).map((r) => r.tags), tagger.tag(many));
  tagger.dispose();
});

test('dense taggers: the same for numeric rows, with and without random features', () => {
  // "a" = [1, 0, noise], "b" = [0, 1, noise], "c" = [1, 1, noise]; words mostly alternate.
  const rand = random(3), X = [], y = [];
  const letters = { a: [1, 0], b: [0, 1], c: [1, 1] };
  for (let i = 0; i < 60; ++i) {
    const n = 2 + Math.floor(rand() * 4), seq = [], tags = [];
    for (let t = 0; t < n; ++t) {
      const l = rand() < 0.2 ? 'c' : t % 2 ? 'b' : 'a';
      seq.push([...letters[l].map((v) => v + 0.3 * (rand() - 0.5)), rand()]);
      tags.push(l);
    }
    X.push(seq); y.push(tags);
  }
  const tests = [X[0], X[1], [[0.5, 0.5, 0.1], [1, 0, 0], [0, 1, 1], [1, 1, 0.5], [0.2, 0.9, 0], [0.9, 0.1, 0.3]]];
  for (const options of [{ trainer: 'perceptron', epochs: 5 }, { trainer: 'lbfgs', loss: 'log', maxIter: 15, rff: 20, gamma: 0.5 }]) {
    const tagger = new am.DenseSequenceTagger(options).fit(X, y);
    for (const x of tests) {
      const n = x.length;
      checkAgainstBruteForce(tagger, x, n, [x.map(() => 'a'), x.map((_, t) => ['c', 'b', 'zz'][t % 3])], `dense ${JSON.stringify(options)} n=${n}`);
      // {data, rows, cols} is the same sequence
      const dense = { data: Float32Array.from(x.flat()), rows: n, cols: 3 };
      assert.deepEqual(tagger.emissions(dense), tagger.emissions(x));
      assert.deepEqual(tagger.decode(dense, { reference: x.map(() => 'b'), lossAugmented: true }),
        tagger.decode(x, { reference: x.map(() => 'b'), lossAugmented: true }));
    }
    tagger.dispose();
  }
});

test('with global features, decode gives the chain alone (tag reranks)', () => {
  const tagger = new am.SequenceTagger({ epochs: 3, global: 'has before', candidates: 5 }).fit(train.sentences, train.tags);
  const s = ['the', 'can', 'can', 'can'];
  const e = tagger.emissions(s), score = scorer(e, tagger.transitions);
  const best = bruteForce(labellings(s.length, tagger.labels.length), score);
  close(tagger.decode(s).score, best.value, 'chain Viterbi with global features');
  tagger.dispose();
});

test('decode and emissions reject bad arguments with clear errors', () => {
  const tagger = new am.SequenceTagger({ epochs: 2 }).fit(train.sentences, train.tags);
  assert.throws(() => tagger.decode(['the', 'dog'], { lossAugmented: true }), (e) => e instanceof TypeError && /needs a reference/.test(e.message));
  assert.throws(() => tagger.decode(['the', 'dog'], { reference: ['DET'] }), (e) => e instanceof RangeError && /1 tags for 2 positions/.test(e.message));
  assert.throws(() => tagger.decode([['the'], ['dog']], { reference: [['DET']] }), /reference has 1 tag sequences, expected 2 \(one per input sequence\)/);
  assert.throws(() => tagger.decode(['the', 'dog'], { reference: 'DET NOUN' }), (e) => e instanceof TypeError && /reference is the string "DET NOUN", not a tag sequence/.test(e.message));
  assert.throws(() => tagger.emissions([['the', 3]]), /sentences\[0\]\[1\] is 3, not a token/);
  assert.throws(() => new am.SequenceTagger().emissions(['a']), /not trained/);
  assert.throws(() => new am.SequenceTagger().decode(['a']), /not trained/);
  // the module keeps working
  assert.deepEqual(tagger.decode(['the', 'dog']).tags, tagger.tag(['the', 'dog']));
  tagger.dispose();
});
