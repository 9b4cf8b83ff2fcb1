// Hostile sizes through the JS API: model bytes written here field by field (with the FNV-1a-64
// checksum recomputed as src/io/bytes.cpp does) whose dimensions multiply past 32 bits, huge n-best
// counts, and text numbers that overflow float. Each is a clear Error, and the module keeps working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { fnv1a64 } from './error-kinds.mjs';

const am = await init();

// Model bytes: "ARGMAX\0\x1a", format version 3, kind, payload (little-endian), FNV-1a-64 of all that.
class ModelBytes {
  constructor(kind) {
    this.bytes = [..."ARGMAX\0\x1a"].map((c) => c.charCodeAt(0));
    this.u32(3).string(kind);
  }
  raw(TypedArray, values) {
    for (const b of new Uint8Array(TypedArray.from(values).buffer)) this.bytes.push(b);
    return this;
  }
  u8(x) { return this.raw(Uint8Array, [x]); }
  i32(x) { return this.raw(Int32Array, [x]); }
  u32(x) { return this.raw(Uint32Array, [x]); }
  f32(x) { return this.raw(Float32Array, [x]); }
  u64(x) { return this.raw(BigUint64Array, [BigInt(x)]); }
  string(s) {
    const utf8 = new TextEncoder().encode(s);
    return this.u32(utf8.length).raw(Uint8Array, utf8);
  }
  strings(list) {
    this.u64(list.length);
    for (const s of list) this.string(s);
    return this;
  }
  vector(TypedArray, values) { return this.u64(values.length).raw(TypedArray, values); }
  finish() {
    this.u64(fnv1a64(this.bytes));
    return new Uint8Array(this.bytes);
  }
}

// A DenseSequenceTagger model (SequenceModel::to_bytes's layout): labels L0.., `columns` numeric columns
// plus a bias column, the given weights (stored as floats: the gaps between nonzeros, then their values).
function denseTaggerBytes(labels, columns, weights) {
  const w = new ModelBytes('sequence');
  w.strings(Array.from({ length: labels }, (_, y) => `L${y}`)).u8(1).string('').i32(0);
  for (let i = 0; i < 7; ++i) w.u64(0);  // dictionary, tag lexicon, word lexicon (words, gaps, classes, sets)
  const gaps = [], values = [];
  let next = 0;
  weights.forEach((x, j) => {
    if (x === 0) return;
    gaps.push(j - next), values.push(x), next = j + 1;  // gaps under 128 take one byte
  });
  w.i32(columns).u8(1).strings([]).u8(32).u64(weights.length);
  return w.vector(Uint8Array, gaps).vector(Float32Array, values).finish();
}

// A linear multiclass model, Multivector without bias: k classes × cols columns.
function multiclassBytes(k, cols, weights) {
  return new ModelBytes('linear-multiclass').string('cs').strings([])
    .u8(0).i32(k).i32(cols).f32(0).vector(Float32Array, [])
    .vector(Int32Array, Array.from({ length: k }, (_, y) => y)).vector(Float32Array, weights).finish();
}

// A decision tree of `nodes` leaves over `classes` classes with `dist` class fractions.
function treeBytes(classes, nodes, dist) {
  const fill = (v) => Array(nodes).fill(v);
  const w = new ModelBytes('tree').i32(classes).i32(1);
  w.vector(Int32Array, fill(-1)).vector(Float32Array, fill(0)).vector(Uint8Array, fill(2));
  w.vector(Int32Array, fill(-1)).vector(Int32Array, fill(-1));
  w.u64(nodes).raw(Float64Array, fill(1)).u64(nodes).raw(Float64Array, fill(0));
  w.vector(Float32Array, Array(dist).fill(1 / classes));
  return w.vector(Int32Array, Array.from({ length: classes }, (_, c) => c)).finish();
}

// A toy tagging task (tags follow from the words) to check the module still trains and predicts.
const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'can', 'run'], ['the', 'cat', 'sleeps'], ['a', 'dog', 'can', 'sleep']];
const tags = [['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'AUX', 'VERB'], ['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'AUX', 'VERB']];

function stillWorks() {
  const tagger = new am.SequenceTagger({ epochs: 10 }).fit(sentences, tags);
  assert.deepEqual(tagger.tag(['a', 'cat', 'runs']), ['DET', 'NOUN', 'VERB']);
  tagger.dispose();
  const X = [[0, 0], [0, 1], [5, 5], [5, 6]];
  const model = new am.Multiclass({ bias: 1 }).fit(X, [0, 0, 1, 1]);
  assert.deepEqual(Array.from(model.predict([[0, 0.5], [5, 5.5]])), [0, 1]);
  model.dispose();
}

test('the hand-written formats are right: benign twins load and predict as their weights say', () => {
  // 1 column + bias, 2 labels: emission [f0: −1, +1 | bias: 0, 0], then transitions, start, end.
  const tagger = am.load(denseTaggerBytes(2, 1, [-1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  assert.deepEqual(tagger.tag([[2], [-3]]), ['L1', 'L0']);
  const linear = am.load(multiclassBytes(2, 1, [-1, 1]));
  assert.deepEqual(Array.from(linear.predict([[2], [-2]])), [1, 0]);
  const tree = am.load(treeBytes(3, 2, 6));
  assert.equal(tree.predict([[0]]).length, 1);
});

test('model bytes whose dimensions wrap 32 bits are a clear Error', () => {
  const cases = [
    // numeric_columns = 7 + 2^30: (2^30 + 8)·4 + 16 + 8 weights ≡ 56 mod 2^32
    ['DenseSequenceTagger with 7 + 2^30 columns', denseTaggerBytes(4, 7 + 2 ** 30, Array(56).fill(0))],
    // 2^30 columns × 4 classes ≡ 0 weights mod 2^32
    ['linear multiclass with 2^30 columns', multiclassBytes(4, 2 ** 30, [])],
    // 65,536 leaves × 65,536 classes ≡ 0 class fractions mod 2^32
    ['tree with 65,536 leaves × 65,536 classes', treeBytes(65536, 65536, 0)],
  ];
  for (const [name, bytes] of cases) {
    assert.throws(() => am.load(bytes), (e) => e instanceof Error && /exceed the limit of 1073741824 bytes/.test(e.message), name);
  }
  stillWorks();
});

test('n-best with a huge or non-integer count is a clear error', () => {
  const tagger = new am.SequenceTagger({ epochs: 5 }).fit(sentences, tags);
  assert.equal(tagger.labels.length, 4);
  // 3 positions × 4 labels × 286331154 entries would pass 1 GiB (and wrapped in 32 bits before).
  assert.throws(() => tagger.nbest(['I', 'can', 'run'], 286331154), /n-best table .*exceed the limit/);
  for (const count of [2 ** 40, 1.5, 0, NaN]) {
    assert.throws(() => tagger.nbest(['I', 'can', 'run'], count), (e) => e instanceof RangeError && /count/.test(e.message), String(count));
  }
  assert.equal(tagger.nbest(['I', 'can', 'run'], 1000).length, 4 ** 3);  // every labelling, within the limit
  tagger.dispose();
  stillWorks();
});

test('readers refuse numbers that overflow float, naming the line', () => {
  assert.throws(() => am.io.readLibsvm('1 1:1e300'), /line 1: bad value in '1:1e300'/);
  assert.throws(() => am.io.readLibsvm('1 1:1\n1 2:-1e39\n'), /line 2/);
  assert.equal(am.io.readLibsvm('1 1:3e38').values[0], Math.fround(3e38));
  assert.throws(() => am.io.readLetor('1e39 qid:1 1:1'), /line 1: relevance '1e39'/);
  assert.throws(() => am.io.readLetor('1 qid:1 1:1\n1 qid:1 1:1e39'), /line 2: bad value in '1:1e39'/);
  stillWorks();
});

test('metrics.ranking counts an empty query as one without a relevant document', () => {
  const queries = [{ relevance: [1, 0] }, { relevance: [] }];
  const common = am.metrics.ranking([5, 1], queries);
  assert.equal(common.queries, 2);
  assert.equal(common.counted, 1);  // skipped, as metrics.ndcg([], []) is NaN
  assert.equal(common.map, 1);
  assert.ok(Number.isNaN(am.metrics.ndcg([], [])));
  const letor = am.metrics.ranking([5, 1], queries, { convention: 'letor4' });
  assert.equal(letor.counted, 2);  // counted 0, as metrics.ndcg([], [], { convention: 'letor4' }) is 0
  assert.equal(letor.map, 0.5);
  assert.equal(letor.ndcg[0], 0.5);
  assert.equal(am.metrics.ndcg([], [], { convention: 'letor4' }), 0);
});

test('training that needs more than the wasm heap is a RangeError saying how much and what to shrink', () => {
  // 4 classes × (2^26 − 1 columns and the bias): within the per-buffer limit, but the solver's buffers do not
  // fit in 2 GB.
  const X = { offsets: new Int32Array([0, 1, 2, 3, 4]), indices: new Int32Array([0, 1, 2, 2 ** 26 - 2]),
    values: new Float32Array([1, 1, 1, 1]), cols: 2 ** 26 - 1 };
  const before = am.memoryUsage().heapInUse;
  assert.throws(() => new am.Multiclass({}).fit(X, [1, 2, 3, 4]),
    (e) => e instanceof RangeError && /out of memory: a block of \d+ MB did not fit/.test(e.message) && /fewer features/.test(e.message));
  assert.equal(am.memoryUsage().heapInUse, before, 'the failed fit frees what it allocated');
  stillWorks();
});
