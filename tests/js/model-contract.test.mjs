// One model contract for every model kind, as seen from JS: a refused load frees everything it made. For each
// kind, model bytes with a non-finite weight under a valid checksum, and (where the kind saves options or
// names) bytes with corrupt options, are refused by am.load 10,000 times, and the wasm heap's bytes in use
// are exactly what they were before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { fnv1a64 } from './error-kinds.mjs';

const COUNT = Number(process.env.ARGMAX_CONTRACT_COUNT ?? 10_000);
const am = await init();

const X = [[0, 1], [1, 0], [2, 2], [3, 1], [0, 2], [3, 0]], y = [1, 2, 1, 2, 1, 2];
const y3 = [4, 7, 9, 4, 7, 9];
const sets = y.map((l) => [l]);
const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps']], tags = [['D', 'N', 'V'], ['D', 'N', 'V']];
const frames = [[[0, 1], [1, 0], [1, 1]], [[1, 0], [0, 1], [1, 1]]];
const signs = y.map((l) => (l === 1 ? 1 : -1));

// A small trained model of every kind the loader knows.
const models = {
  'linear-multiclass': () => new am.Multiclass({ seed: 3 }).fit(X, y3),
  'kernel-multiclass': () => new am.Multiclass({ kernel: 'rbf', gamma: 0.5 }).fit(X, y3),
  'sequence (crf)': () => new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', maxIter: 3 }).fit(sentences, tags),
  'sequence (8-bit weights)': () => new am.SequenceTagger({ epochs: 2, weightBits: 8 }).fit(sentences, tags),
  'sequence (numeric)': () => new am.DenseSequenceTagger({ epochs: 2 }).fit(frames, tags),
  ranking: () => new am.Ranker({ epochs: 3 }).fit([{ features: X, relevance: [0, 1, 2, 0, 1, 2] }]),
  reduction: () => new am.Reduction({ reduction: 'ova', learner: 'linear' }).fit(X, y3),
  tree: () => new am.DecisionTree().fit(X, y3),
  'adaboost-mh': () => new am.AdaBoostMH({ rounds: 5 }).fit(X, y3),
  'multilabel (adaboost-mh)': () => new am.AdaBoostMH({ rounds: 5 }).fit(X, sets),
  'multilabel (br)': () => new am.BinaryRelevance().fit(X, sets),
  'binary (linear)': () => new am.BinaryClassifier({ learner: 'linear' }).fit(X, signs),
  'binary (kernel)': () => new am.BinaryClassifier({ learner: 'kernel' }).fit(X, signs),
  'binary (tree)': () => new am.BinaryClassifier({ learner: 'tree' }).fit(X, signs),
};

function withChecksum(bytes) {
  const out = bytes.slice();
  new DataView(out.buffer).setBigUint64(out.length - 8, fnv1a64(out.subarray(0, out.length - 8)), true);
  return out;
}

// Loads, or the error message; a model that loads is disposed at once.
function tryLoad(bytes) {
  try {
    am.load(bytes).dispose();
    return null;
  } catch (e) {
    return String(e?.message);
  }
}

// The bytes with one value of the payload overwritten, checksum fixed, that the loader refuses as a non-finite
// weight: NaN as a float32 or a float64, or, for quantised weights (integer levels), the block scale 2^128 that
// turns every level into ±Inf. The first offset where that happens.
function nanWeight(bytes) {
  const writes = [(v, at) => v.setFloat32(at, NaN, true), (v, at) => v.setFloat64(at, NaN, true),
    (v, at) => v.setInt16(at, 128, true)];
  for (const write of writes) {
    for (let at = 12; at + 8 <= bytes.length - 8; ++at) {
      const b = bytes.slice();
      write(new DataView(b.buffer), at);
      const mutated = withChecksum(b);
      const message = tryLoad(mutated);
      if (message && /non-finite/.test(message)) return mutated;
    }
  }
  return null;
}

const text = (s) => new TextEncoder().encode(s);
const lengthPrefixed = (s) => {
  const t = text(s), out = new Uint8Array(4 + t.length);
  new DataView(out.buffer).setUint32(0, t.length, true);
  out.set(t, 4);
  return out;
};
function indexOf(bytes, pattern) {
  outer: for (let i = 12; i + pattern.length <= bytes.length - 8; ++i) {
    for (let j = 0; j < pattern.length; ++j) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  return -1;
}
// The bytes with the first length-prefixed string `from` replaced by `to` (same length), checksum fixed.
function replaced(bytes, from, to) {
  const at = indexOf(bytes, lengthPrefixed(from));
  if (at < 0) return null;
  const b = bytes.slice();
  b.set(lengthPrefixed(to), at);
  return withChecksum(b);
}
// Options and names a loader must refuse: an unknown option, a NaN or out-of-range value, an unknown learner.
function corruptions(bytes) {
  const out = [];
  const add = (name, b) => { if (b) out.push([name, b]); };
  add('unknown option', replaced(bytes, 'seed', 'sexd') ?? replaced(bytes, 'c2', 'c3'));
  add('unknown option', replaced(bytes, 'maxIter', 'maxIteR'));
  const bits = indexOf(bytes, lengthPrefixed('weightBits'));
  if (bits >= 0) {
    const b = bytes.slice(), value = bits + 4 + 10;  // the value's length-prefixed text follows the key
    const length = new DataView(b.buffer).getUint32(value, true);
    b.set(text(length === 1 ? '9' : '33'), value + 4);  // 8 → 9, 16 or 32 → 33
    add('weightBits out of range', withChecksum(b));
  }
  add('NaN option', replaced(bytes, '0.5', 'nan'));
  add('unknown learner', replaced(bytes, 'linear', 'lineax'));
  add('unknown learner', replaced(bytes, 'kernel', 'kernex'));
  add('unknown trainer', replaced(bytes, 'dcd', 'dcx'));
  return out;
}

function assertRefusalsLeakNothing(name, bytes) {
  const first = tryLoad(bytes);
  assert.ok(first, `${name}: the corrupt bytes load`);
  const before = am.memoryUsage().heapInUse;
  for (let i = 0; i < COUNT; ++i) {
    const message = tryLoad(bytes);
    if (message !== first) assert.fail(`${name}: refusal ${i} says '${message}', the first said '${first}'`);
  }
  assert.equal(am.memoryUsage().heapInUse, before, `${name}: heap bytes in use after ${COUNT} refused loads`);
}

for (const [kind, train] of Object.entries(models)) {
  test(`${kind}: ${COUNT} refused loads (NaN weight, corrupt options) leave the heap as it was`, () => {
    const model = train();
    const bytes = model.save();
    model.dispose();
    tryLoad(bytes);  // warm up: the first load may allocate what later ones reuse
    const cases = [];
    const nan = nanWeight(bytes);
    assert.ok(nan, `${kind}: no NaN written into the payload is refused as a non-finite weight`);
    cases.push(['NaN weight', nan]);
    cases.push(...corruptions(bytes));
    if (kind.startsWith('sequence (crf)')) {
      assert.deepEqual(cases.map(([name]) => name).sort(),
        ['NaN weight', 'unknown option', 'unknown option', 'weightBits out of range'].sort());
    }
    for (const [name, b] of cases) assertRefusalsLeakNothing(`${kind}, ${name}`, b);
  });
}

test('a refused n-best keeps no per-call scratch: a long sentence returns the heap to where it was', () => {
  const tagger = new am.SequenceTagger({ epochs: 2 }).fit(sentences, tags);
  try {
    const long = Array.from({ length: 50_000 }, (_, i) => (i % 2 ? 'dog' : 'the'));
    tagger.tag([['the', 'dog']]);
    const before = am.memoryUsage().heapInUse;
    assert.throws(() => tagger.nbest(long, 1e6));
    tagger.tag([long]);
    assert.equal(am.memoryUsage().heapInUse, before, 'heap bytes in use after a long sentence');
  } finally {
    tagger.dispose();
  }
});
