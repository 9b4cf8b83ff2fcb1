// The input boundary (bindings/js/api/inputs.js), table-driven: every public method that takes data, called with
// malformed arguments of every kind. Each row must throw an Error whose message names the argument (and the
// position, where there is one), never a JS internal message (a TypeError from reading a property of null, an
// "Invalid array length"), and the module must keep working afterwards. Then the valid edge cases: no rows to
// predict give an empty answer of the usual type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { X, y, signs, sets, tags, sequences, sequenceTags, queries } from './tiny-data.mjs';
import { TrainingWorker, trainInWorker } from '../../bindings/js/parallel/worker.js';

const am = await init();

const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps']];
const sentenceTags = [['D', 'N', 'V'], ['D', 'N', 'V']];

const models = {
  multiclass: new am.Multiclass().fit(X, y),
  reduction: new am.Reduction().fit(X, y),
  tree: new am.DecisionTree().fit(X, y),
  boost: new am.AdaBoostMH({ rounds: 5 }).fit(X, y),
  boostSets: new am.AdaBoostMH({ rounds: 5 }).fit(X, sets),
  relevance: new am.BinaryRelevance().fit(X, sets),
  binary: new am.BinaryClassifier().fit(X, signs),
  ranker: new am.Ranker({ epochs: 5 }).fit(queries),
  tagger: new am.SequenceTagger({ epochs: 3 }).fit(sentences, sentenceTags),
  dense: new am.DenseSequenceTagger({ epochs: 3 }).fit(sequences, sequenceTags),
};
const expectedPredictions = Array.from(models.multiclass.predict(X));

// The rows of the table: [what, call, message]. message: a RegExp the whole message must match.
const rows = [];
const row = (what, call, message) => rows.push({ what, call, message });
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---- matrices: every method that takes one, with every defect
const rowsOf = (A) => (Array.isArray(A) ? A.length : Array.isArray(A?.offsets) || ArrayBuffer.isView(A?.offsets)
  ? Math.max(0, A.offsets.length - 1) : Number.isInteger(A?.rows) && A.rows < 100 ? A.rows : 2);
const labelsFor = (A) => Array.from({ length: rowsOf(A) }, (_, i) => i % 2);
const csr = (over) => ({ offsets: [0, 1, 2], indices: [0, 1], values: [1, 1], cols: 4, ...over });
const dense = (over) => ({ data: new Float32Array(8), rows: 2, cols: 4, ...over });
const with00 = (v) => [[v, 0, 0, 0], [0, 1, 0, 0]];
const at = (name, pos) => `${esc(name)}${pos}`;

// name → [matrix, message(name)]
const matrixDefects = {
  'a string entry': [[[1, 0, 0, 0], [0, '1', 0, 0]], (n) => `${at(n, '\\[1\\]\\[1\\]')} is the string "1", not a number`],
  'a null entry': [with00(null), (n) => `${at(n, '\\[0\\]\\[0\\]')} is null, not a number`],
  'a boolean entry': [with00(true), (n) => `${at(n, '\\[0\\]\\[0\\]')} is the boolean true, not a number`],
  'an array entry': [with00([5]), (n) => `${at(n, '\\[0\\]\\[0\\]')} is an array, not a number`],
  'an object entry': [with00({}), (n) => `${at(n, '\\[0\\]\\[0\\]')} is an object, not a number`],
  'a bigint entry': [with00(1n), (n) => `${at(n, '\\[0\\]\\[0\\]')} is the bigint 1n, not a number`],
  'a hole': [[[1, , 0, 0], [0, 1, 0, 0]], (n) => `${at(n, '\\[0\\]\\[1\\]')} is undefined, not a number`], // eslint-disable-line no-sparse-arrays
  'a value beyond float32': [with00(1e39), (n) => `${at(n, '\\[0\\]\\[0\\]')} is 1e\\+39, beyond the float32 range \\(±3\\.4e38\\)`],
  'a Float64Array row beyond float32': [[Float64Array.of(0, -1e300, 0, 0), [0, 1, 0, 0]], (n) => `${at(n, '\\[0\\]\\[1\\]')} is -1e\\+300, beyond the float32 range \\(±3\\.4e38\\)`],
  'a BigInt64Array row': [[BigInt64Array.of(1n, 0n, 0n, 0n), [0, 1, 0, 0]], (n) => `${at(n, '\\[0\\]')} is a BigInt64Array, not a row \\(an array of numbers\\)`],
  'a row that is a string': [[[1, 0, 0, 0], 'abcd'], (n) => `${at(n, '\\[1\\]')} is the string "abcd", not a row \\(an array of numbers\\)`],
  'a null row': [[[1, 0, 0, 0], null], (n) => `${at(n, '\\[1\\]')} is null, not a row \\(an array of numbers\\)`],
  'a ragged row': [[[1, 0, 0, 0], [0, 1, 0]], (n) => `${at(n, '\\[1\\]')} has 3 features, expected 4 \\(as ${esc(n)}\\[0\\]\\)`],
  'a string': ['1,0,0,0', (n) => `${esc(n)} must be number\\[\\]\\[\\], \\{data, rows, cols\\} or CSR \\{offsets, indices, values, cols\\}, not the string "1,0,0,0"`],
  'a number': [42, (n) => `${esc(n)} must be number\\[\\]\\[\\], .* not 42`],
  'null': [null, (n) => `${esc(n)} is missing: expected number\\[\\]\\[\\], .* not null`],
  'CSR cols 2^32 + 2': [csr({ cols: 2 ** 32 + 2 }), (n) => `${esc(n)}\\.cols is 4294967298, past the limit of 2\\^31 − 1 \\(a 32-bit size would wrap it\\)`],
  'CSR cols 2^40': [csr({ cols: 2 ** 40 }), (n) => `${esc(n)}\\.cols is 1099511627776, past the limit of 2\\^31 − 1 .*`],
  'CSR cols -1': [csr({ cols: -1 }), (n) => `${esc(n)}\\.cols is -1, expected ≥ 0`],
  'CSR cols 1.5': [csr({ cols: 1.5 }), (n) => `${esc(n)}\\.cols is 1\\.5, not an integer`],
  'CSR cols "4"': [csr({ cols: '4' }), (n) => `${esc(n)}\\.cols is the string "4", not an integer`],
  'CSR without cols': [csr({ cols: undefined }), (n) => `${esc(n)}\\.cols is missing`],
  'CSR offsets 1.5': [csr({ offsets: [0, 1.5, 2] }), (n) => `${esc(n)}\\.offsets\\[1\\] is 1\\.5, not an integer offset`],
  'CSR Float64Array offsets 1.5': [csr({ offsets: Float64Array.of(0, 1.5, 2) }), (n) => `${esc(n)}\\.offsets\\[1\\] is 1\\.5, not an integer offset`],
  'CSR offsets as strings': [csr({ offsets: ['0', '1', '2'] }), (n) => `${esc(n)}\\.offsets\\[0\\] is the string "0", not an integer offset`],
  'CSR offsets from 1': [csr({ offsets: [1, 1, 2] }), (n) => `${esc(n)}: CSR offsets must start at 0 \\(${esc(n)}\\.offsets\\[0\\] is 1\\)`],
  'CSR offsets decreasing': [csr({ offsets: [0, 2, 1, 2], indices: [0, 1], values: [1, 1] }), (n) => `${esc(n)}: CSR offsets decrease at row 1`],
  'CSR offsets past the arrays': [csr({ offsets: [0, 1, 5] }), (n) => `${esc(n)}: CSR offsets end at 5 but there are 2 indices and 2 values`],
  'CSR empty offsets': [csr({ offsets: [], indices: [], values: [] }), (n) => `${esc(n)}\\.offsets is empty; CSR offsets have rows \\+ 1 entries.*`],
  'CSR index 2^32': [csr({ indices: [2 ** 32, 1] }), (n) => `${esc(n)}\\.indices\\[0\\] is 4294967296, beyond the 32-bit integer range`],
  'CSR Uint32Array index that wraps': [csr({ indices: Uint32Array.of(2 ** 32 - 1, 1) }), (n) => `${esc(n)}\\.indices\\[0\\] is 4294967295, beyond the 32-bit integer range`],
  'CSR index 0.5': [csr({ indices: Float64Array.of(0.5, 1) }), (n) => `${esc(n)}\\.indices\\[0\\] is 0\\.5, not an integer column`],
  'CSR column past cols': [csr({ indices: [0, 4] }), (n) => `${esc(n)}: row 1 has column 4, expected 0\\.\\.3`],
  'CSR negative column': [csr({ indices: [-1, 1] }), (n) => `${esc(n)}: row 0 has column -1, expected 0\\.\\.3`],
  'CSR a string value': [csr({ values: [1, '2'] }), (n) => `${esc(n)}\\.values\\[1\\] is the string "2", not a number`],
  'CSR a value beyond float32': [csr({ values: [1, 1e40] }), (n) => `${esc(n)}\\.values\\[1\\] is 1e\\+40, beyond the float32 range .*`],
  'CSR values not an array': [csr({ values: 'ab' }), (n) => `${esc(n)}\\.values must be an array of numbers, not the string "ab"`],
  'CSR rows that disagree': [csr({ rows: 5 }), (n) => `${esc(n)}\\.rows is 5, but ${esc(n)}\\.offsets has 3 entries \\(rows \\+ 1\\)`],
  'dense cols 2^31': [dense({ data: new Float32Array(0), rows: 0, cols: 2 ** 31 }), (n) => `${esc(n)}\\.cols is 2147483648, past the limit of 2\\^31 − 1 .*`],
  'dense rows 1.5': [dense({ rows: 1.5 }), (n) => `${esc(n)}\\.rows is 1\\.5, not an integer`],
  'dense rows -2': [dense({ rows: -2 }), (n) => `${esc(n)}\\.rows is -2, expected ≥ 0`],
  'dense data too short': [dense({ data: new Float32Array(7) }), (n) => `${esc(n)}\\.data has 7 values, expected rows × cols = 8 \\(2 × 4\\)`],
  'dense data with a string': [dense({ data: [0, 0, 0, 0, 0, 0, 0, 'x'] }), (n) => `${esc(n)}\\.data\\[7\\] is the string "x", not a number`],
  'dense data beyond float32': [dense({ data: Float64Array.of(0, 0, 0, 0, 0, 0, 0, 1e300) }), (n) => `${esc(n)}\\.data\\[7\\] is 1e\\+300, beyond the float32 range .*`],
  'dense data a string': [dense({ data: 'abcdefgh' }), (n) => `${esc(n)}\\.data must be a Float32Array or number\\[\\], not the string "abcdefgh"`],
};

// Every method that takes a matrix. fit methods train a fresh model; the others use the trained ones.
const { multiclass, reduction, tree, boost, boostSets, relevance, binary, ranker } = models;
const matrixMethods = {
  'Multiclass.fit': (A) => new am.Multiclass().fit(A, labelsFor(A)),
  'Multiclass.predict': (A) => multiclass.predict(A),
  'Multiclass.scores': (A) => multiclass.scores(A),
  'Multiclass.margins': (A) => multiclass.margins(A, labelsFor(A)),
  'Reduction.fit': (A) => new am.Reduction().fit(A, labelsFor(A)),
  'Reduction.predict': (A) => reduction.predict(A),
  'Reduction.confidences': (A) => reduction.confidences(A),
  'DecisionTree.fit': (A) => new am.DecisionTree().fit(A, labelsFor(A)),
  'DecisionTree.predict': (A) => tree.predict(A),
  'DecisionTree.probabilities': (A) => tree.probabilities(A),
  'AdaBoostMH.fit': (A) => new am.AdaBoostMH({ rounds: 2 }).fit(A, labelsFor(A)),
  'AdaBoostMH.fit (label sets)': (A) => new am.AdaBoostMH({ rounds: 2 }).fit(A, labelsFor(A).map((c) => [c])),
  'AdaBoostMH.predict': (A) => boost.predict(A),
  'AdaBoostMH.predictSets': (A) => boostSets.predictSets(A),
  'AdaBoostMH.scores': (A) => boost.scores(A),
  'BinaryRelevance.fit': (A) => new am.BinaryRelevance().fit(A, labelsFor(A).map((c) => [c])),
  'BinaryRelevance.predict': (A) => relevance.predict(A),
  'BinaryRelevance.scores': (A) => relevance.scores(A),
  'BinaryClassifier.fit': (A) => new am.BinaryClassifier().fit(A, labelsFor(A).map((c) => (c ? 1 : -1))),
  'BinaryClassifier.scores': (A) => binary.scores(A),
  'BinaryClassifier.predict': (A) => binary.predict(A),
  'Ranker.score': (A) => ranker.score(A),
  'Ranker.rank': (A) => ranker.rank(A),
};
for (const [method, call] of Object.entries(matrixMethods)) {
  for (const [defect, [A, message]] of Object.entries(matrixDefects)) {
    row(`${method}: X with ${defect}`, () => call(A), new RegExp(`^${message('X')}$`));
  }
  // NaN and ±Infinity: the core refuses them where the learner does (trees read NaN as a missing value) and
  // names row and column.
  row(`${method}: X with Infinity`, () => call([[1, 0, 0, 0], [0, 1, Infinity, 0]]), /^X: row 1 has a non-finite value \(inf\) at column 2$/);
  row(`${method}: X with -Infinity (CSR)`, () => call(csr({ values: [-Infinity, 1] })), /^X: row 0 has a non-finite value \(-inf\) at column 0$/);
  if (!method.startsWith('DecisionTree')) {
    row(`${method}: X with NaN`, () => call([[1, 0, 0, 0], [0, 1, 0, NaN]]), /^X: row 1 has a non-finite value \(nan\) at column 3$/);
    row(`${method}: X with NaN (dense data)`, () => call(dense({ data: Float32Array.of(0, 0, 0, 0, 0, NaN, 0, 0) })), /^X: row 1 has a non-finite value \(nan\) at column 1$/);
  }
}

// ---- zero rows or columns at fit
const fitWith = {
  'Multiclass.fit': (A, n) => new am.Multiclass().fit(A, Array(n).fill(0)),
  'Reduction.fit': (A, n) => new am.Reduction().fit(A, Array(n).fill(0)),
  'DecisionTree.fit': (A, n) => new am.DecisionTree().fit(A, Array(n).fill(0)),
  'AdaBoostMH.fit': (A, n) => new am.AdaBoostMH().fit(A, Array(n).fill(0)),
  'BinaryRelevance.fit': (A, n) => new am.BinaryRelevance().fit(A, Array(n).fill([0])),
  'BinaryClassifier.fit': (A, n) => new am.BinaryClassifier().fit(A, Array(n).fill(1)),
};
const empties = {
  'no rows ([])': [[], 0, /^X has no rows: training needs at least one$/],
  'no rows (dense)': [{ data: new Float32Array(0), rows: 0, cols: 4 }, 0, /^X has no rows: training needs at least one$/],
  'no rows (CSR)': [{ offsets: [0], indices: [], values: [], cols: 4 }, 0, /^X has no rows: training needs at least one$/],
  'rows of no columns': [[[], []], 2, /^X has no columns: training needs at least one feature$/],
  'no columns (CSR)': [{ offsets: [0, 0, 0], indices: [], values: [], cols: 0 }, 2, /^X has no columns: training needs at least one feature$/],
};
for (const [method, call] of Object.entries(fitWith)) {
  for (const [what, [A, n, message]] of Object.entries(empties)) row(`${method}: ${what}`, () => call(A, n), message);
}
row('Ranker.fit: queries of no columns', () => new am.Ranker().fit([{ features: [[], []], relevance: [0, 1] }]), /^queries has no features: training needs at least one$/);
row('Ranker.fit: no queries', () => new am.Ranker().fit([]), /^queries is empty$/);
row('DenseSequenceTagger.fit: no positions', () => new am.DenseSequenceTagger().fit([[], []], [[], []]), /^sequences has no positions: training needs at least one$/);
row('DenseSequenceTagger.fit: positions of no features', () => new am.DenseSequenceTagger().fit([[[], []]], [['A', 'B']]), /^sequences has no features per position: training needs at least one$/);

// ---- labels: every method that takes integer labels
const labelMethods = {
  'Multiclass.fit': (v) => new am.Multiclass().fit(X, v),
  'Multiclass.margins': (v) => multiclass.margins(X, v),
  'Reduction.fit': (v) => new am.Reduction().fit(X, v),
  'DecisionTree.fit': (v) => new am.DecisionTree().fit(X, v),
  'AdaBoostMH.fit': (v) => new am.AdaBoostMH({ rounds: 2 }).fit(X, v),
  'BinaryClassifier.fit': (v) => new am.BinaryClassifier().fit(X, v),
};
const withLabel = (v) => [v, ...signs.slice(1)];
const labelDefects = {
  'a string label': [withLabel('1'), '\\[0\\] is the string "1", not an integer label'],
  'a fractional label': [withLabel(1.5), '\\[0\\] is 1\\.5, not an integer label'],
  'a null label': [withLabel(null), '\\[0\\] is null, not an integer label'],
  'a boolean label': [withLabel(true), '\\[0\\] is the boolean true, not an integer label'],
  'a NaN label': [withLabel(NaN), '\\[0\\] is NaN, not an integer label'],
  'an infinite label': [withLabel(Infinity), '\\[0\\] is Infinity, not an integer label'],
  'a label of 2^31': [withLabel(2 ** 31), '\\[0\\] is 2147483648, beyond the 32-bit integer range'],
  'a label of 2^32 + 1': [withLabel(2 ** 32 + 1), '\\[0\\] is 4294967297, beyond the 32-bit integer range'],
  'a label below -2^31': [withLabel(-(2 ** 31) - 1), '\\[0\\] is -2147483649, beyond the 32-bit integer range'],
  'a Float64Array label 0.5': [Float64Array.from(signs, (s, i) => (i === 3 ? 0.5 : s)), '\\[3\\] is 0\\.5, not an integer label'],
  'a Uint32Array label that wraps': [Uint32Array.from(signs, (s, i) => (i === 2 ? 2 ** 32 - 1 : s & 1)), '\\[2\\] is 4294967295, beyond the 32-bit integer range'],
  'too few labels': [signs.slice(1), ' has 7 labels, expected 8 \\(one per row of X\\)'],
  'a string': ['11111111', ' must be an array of integer labels, not the string "11111111"'],
  'null': [null, ' must be an array of integer labels, not null'],
};
for (const [method, call] of Object.entries(labelMethods)) {
  for (const [defect, [v, message]] of Object.entries(labelDefects)) row(`${method}: y with ${defect}`, () => call(v), new RegExp(`^y${message}$`));
}
for (const [defect, [v, message]] of Object.entries(labelDefects)) {
  if (defect === 'too few labels') continue;  // below, as predicted of another length
  const n = Array.isArray(v) || ArrayBuffer.isView(v) ? v.length : 8;
  row(`metrics.classification: truth with ${defect}`, () => am.metrics.classification(v, y), new RegExp(`^truth${message}$`));
  row(`metrics.classification: predicted with ${defect}`, () => am.metrics.classification(Array(n).fill(0), v), new RegExp(`^predicted${message}$`));
}
row('metrics.classification: predicted of another length', () => am.metrics.classification(y, y.slice(1)), /^predicted has 7 labels, expected 8 \(as many as truth\)$/);
row('metrics.averageCost: predicted of another length', () => am.metrics.averageCost([0, 1], [0], [[0, 1], [1, 0]]), /^predicted has 1 labels, expected 2 \(as many as truth\)$/);
row('metrics.averageCost: a string label', () => am.metrics.averageCost([0, '1'], [0, 1], [[0, 1], [1, 0]]), /^truth\[1\] is the string "1", not an integer label$/);
row('metrics.averageCost: a string cost', () => am.metrics.averageCost([0, 1], [0, 1], [[0, '1'], [1, 0]]), /^cost\[0\]\[1\] is the string "1", not a number$/);
row('metrics.averageCost: a ragged cost', () => am.metrics.averageCost([0, 1], [0, 1], [[0, 1], [1]]), /^cost\[1\] has 1 entries, expected 2$/);
row('metrics.averageCost: a cost that is not a matrix', () => am.metrics.averageCost([0, 1], [0, 1], 'ab'), /^cost must be a k×k matrix given as number\[\]\[\] .*, not the string "ab"$/);
row('metrics.averageCost: a null cost row', () => am.metrics.averageCost([0, 1], [0, 1], [null, [1, 0]]), /^cost\[0\] is null, not a row of numbers$/);
row('BinaryClassifier.fit: a label of 2', () => new am.BinaryClassifier().fit(X, withLabel(2)), /^y\[0\] is 2; binary labels must be \+1 or -1$/);
row('Multiclass.margins: a label the model does not know', () => multiclass.margins(X.slice(0, 1), [99]), /not one of the model's labels/);

// ---- label sets: every method that takes them, and the `labels` count
const setMethods = {
  'BinaryRelevance.fit': [(v, o) => new am.BinaryRelevance().fit(X, v, o), 'labelSets'],
  'AdaBoostMH.fit': [(v, o) => new am.AdaBoostMH({ rounds: 2 }).fit(X, v, o), 'y'],
  'metrics.multilabel (truth)': [(v, o) => am.metrics.multilabel(v, sets, o), 'truth'],
  'metrics.multilabel (predicted)': [(v, o) => am.metrics.multilabel(sets, v, o), 'predicted'],
};
const withSet = (s) => [s, ...sets.slice(1)];
const setDefects = {
  'a label of 2^24 (past the readers\' limit)': [withSet([2 ** 24]), undefined, '\\[0\\]\\[0\\] is 16777216, outside the labels 0\\.\\.16777215 \\(2\\^24 − 1\\) the core allows'],
  'a label of 2^40': [withSet([0, 2 ** 40]), undefined, '\\[0\\]\\[1\\] is 1099511627776, outside the labels 0\\.\\.16777215 .*'],
  'a negative label': [withSet([-1]), undefined, '\\[0\\]\\[0\\] is -1, outside the labels 0\\.\\.16777215 .*'],
  'a fractional label': [withSet([1.5]), undefined, '\\[0\\]\\[0\\] is 1\\.5, not an integer label'],
  'a string label': [withSet(['1']), undefined, '\\[0\\]\\[0\\] is the string "1", not an integer label'],
  'a null label': [withSet([null]), undefined, '\\[0\\]\\[0\\] is null, not an integer label'],
  'a set that is a number': [withSet(3), undefined, '\\[0\\] is 3, not a label set \\(an array of labels\\)'],
  'a null set': [withSet(null), undefined, '\\[0\\] is null, not a label set \\(an array of labels\\)'],
  'a label past the labels option': [withSet([3]), { labels: 2 }, '\\[0\\]\\[0\\] is 3, outside 0\\.\\.1 \\(labels: 2\\)'],
  'labels 2^32 + 3 (would wrap to 3)': [sets, { labels: 2 ** 32 + 3 }, 'labels must be an integer in \\[1, 16777216\\]; got 4294967299'],
  'labels 0': [sets, { labels: 0 }, 'labels must be an integer in \\[1, 16777216\\]; got 0'],
  'labels 1.5': [sets, { labels: 1.5 }, 'labels must be an integer, not 1\\.5'],
  'labels "2"': [sets, { labels: '2' }, 'labels must be an integer, not the string "2"'],
  'not an array': ['0,1', undefined, ' must be an array of label sets \\(number\\[\\]\\[\\]\\), not the string "0,1"'],
};
for (const [method, [call, name]] of Object.entries(setMethods)) {
  for (const [defect, [v, options, message]] of Object.entries(setDefects)) {
    if (method.startsWith('AdaBoostMH') && defect === 'not an array') continue;  // a string is not label sets: y as labels
    if (method.startsWith('AdaBoostMH') && (defect === 'a set that is a number' || defect === 'a null set')) continue;  // y[0] decides
    const full = message.startsWith('labels') ? `^${message}$` : `^${name}${message}$`;
    row(`${method}: ${defect}`, () => call(v, options), new RegExp(full));
  }
}
row('AdaBoostMH.fit: label sets and a single label mixed', () => new am.AdaBoostMH().fit(X, [[0], 1, ...sets.slice(2)]), /^y\[1\] is 1, not a label set \(an array of labels\)$/);
row('AdaBoostMH.fit: the labels option with single labels', () => new am.AdaBoostMH().fit(X, y, { labels: 2 }), /^the labels option is for label sets \(multi-label y\); y holds single labels$/);
row('BinaryRelevance.fit: too few label sets', () => new am.BinaryRelevance().fit(X, sets.slice(1)), /^labelSets has 7 label sets, expected 8 \(one per row of X\)$/);
row('metrics.multilabel: predicted of another length', () => am.metrics.multilabel(sets, sets.slice(1)), /^predicted has 7 label sets, expected 8 \(as many as truth\)$/);
// 100 rows × 2^24 labels: a 1.6 GB label matrix, refused before it is allocated.
row('BinaryRelevance.fit: rows × labels past 1 GiB', () => new am.BinaryRelevance().fit({ offsets: new Int32Array(101).map((_, i) => i), indices: new Int32Array(100), values: new Float32Array(100).fill(1), cols: 1 }, Array.from({ length: 100 }, () => [0]), { labels: 2 ** 24 }),
  /^labelSets: 100 rows × 16777216 labels exceed the limit of 1073741824 bytes \(1 GiB\) for the label matrix$/);

// ---- token sequences
const { tagger, dense: denseTagger } = models;
const tokenRows = [
  ['SequenceTagger.fit: sentences not an array', () => new am.SequenceTagger().fit('the dog', sentenceTags), /^sentences must be an array of sequences \(string\[\]\[\]\), not the string "the dog"$/],
  ['SequenceTagger.fit: a sentence that is a string', () => new am.SequenceTagger().fit(['the dog runs', sentences[1]], sentenceTags), /^sentences\[0\] is the string "the dog runs", not a sequence \(an array of strings\)$/],
  ['SequenceTagger.fit: a numeric token', () => new am.SequenceTagger().fit([['the', 3, 'runs'], sentences[1]], sentenceTags), /^sentences\[0\]\[1\] is 3, not a token \(a string\)$/],
  ['SequenceTagger.fit: a null token', () => new am.SequenceTagger().fit([sentences[0], ['a', null, 'sleeps']], sentenceTags), /^sentences\[1\]\[1\] is null, not a token \(a string\)$/],
  ['SequenceTagger.fit: a token with U+001F', () => new am.SequenceTagger().fit([['the', 'd\x1fog', 'runs'], sentences[1]], sentenceTags), /^sentences\[0\]\[1\] contains the control character U\+001F$/],
  // as texts (TextClassifier), a lone surrogate is refused where it stands: Embind would join it with what follows
  ['SequenceTagger.fit: a token with a lone surrogate', () => new am.SequenceTagger().fit([sentences[0], ['a', 'c\ud800at', 'sleeps']], sentenceTags), /^sentences\[1\]\[1\] has a lone surrogate at index 1: it is not well-formed text$/],
  ['SequenceTagger.fit: a tag with a lone surrogate', () => new am.SequenceTagger().fit(sentences, [['D', 'N', 'V\udc00'], sentenceTags[1]]), /^tags\[0\]\[2\] has a lone surrogate at index 1: it is not well-formed text$/],
  ['SequenceTagger.tag: a lone surrogate after an empty sentence', () => tagger.tag([[], ['\ud800']]), /^sentences\[1\]\[0\] has a lone surrogate at index 0: it is not well-formed text$/],
  ['SequenceTagger.tag: a lone surrogate in one sentence', () => tagger.tag(['the', 'do\udbffg']), /^sentence\[1\] has a lone surrogate at index 2: it is not well-formed text$/],
  ['SequenceTagger.fit: a numeric tag', () => new am.SequenceTagger().fit(sentences, [['D', 'N', 7], sentenceTags[1]]), /^tags\[0\]\[2\] is 7, not a tag \(a string\)$/],
  ['SequenceTagger.fit: tags not an array', () => new am.SequenceTagger().fit(sentences, null), /^tags must be an array of sequences \(string\[\]\[\]\), not null$/],
  ['SequenceTagger.fit: fewer tag sequences', () => new am.SequenceTagger().fit(sentences, sentenceTags.slice(1)), /^got 2 sentences but 1 tag sequences$/],
  ['SequenceTagger.fit: a tag short', () => new am.SequenceTagger().fit(sentences, [['D', 'N'], sentenceTags[1]]), /^sentence 0 has 3 tokens but 2 tags$/],
  ['SequenceTagger.tag: a numeric token', () => tagger.tag(['the', 5]), /^sentence\[1\] is 5, not a token \(a string\)$/],
  ['SequenceTagger.tag: a null token in many', () => tagger.tag([['the'], ['a', null]]), /^sentences\[1\]\[1\] is null, not a token \(a string\)$/],
  ['SequenceTagger.tag: a sentence that is a number', () => tagger.tag([['the'], 5]), /^sentences\[1\] is 5, not a sequence \(an array of strings\)$/],
  ['SequenceTagger.tag: a number', () => tagger.tag(5), /^sentences must be an array of sequences \(string\[\]\[\]\), not 5$/],
  ['SequenceTagger.tag: options null', () => tagger.tag(['the'], null), /^tag options must be an object, not null$/],
  ['SequenceTagger.tag: bio "yes"', () => tagger.tag(['the'], { bio: 'yes' }), /^bio must be true or false, not the string "yes"$/],
  ['SequenceTagger.tag: forced with an unknown tag', () => tagger.tag(['the', 'dog'], { forced: [null, 'Q'] }), /^forced\[1\]: unknown tag 'Q' \(known: .*\)$/],
  ['SequenceTagger.tag: forced with a numeric tag', () => tagger.tag(['the', 'dog'], { forced: [null, 1] }), /^forced\[1\] is 1, not a tag \(a string\) or null$/],
  ['SequenceTagger.tag: forced of the wrong length', () => tagger.tag(['the', 'dog'], { forced: [null] }), /^forced must have 2 entries \(a tag or null\), not an array of 1$/],
  ['SequenceTagger.tag: forced not per sequence', () => tagger.tag([['the'], ['dog']], { forced: [[null]] }), /^forced needs one array per sequence \(2\), not an array$/],
  ['SequenceTagger.marginals: a numeric token', () => tagger.marginals(['the', 1]), /^sentence\[1\] is 1, not a token \(a string\)$/],
  ['SequenceTagger.marginals: a boolean', () => tagger.marginals(true), /^sentences must be an array of sequences \(string\[\]\[\]\), not the boolean true$/],
  ['SequenceTagger.nbest: count 1.5', () => tagger.nbest(['the'], 1.5), /^count must be an integer, not 1\.5$/],
  ['SequenceTagger.nbest: count 2^40', () => tagger.nbest(['the'], 2 ** 40), /^count is 1099511627776, past the limit of 2\^31 − 1 \(a 32-bit integer would wrap it\)$/],
  ['SequenceTagger.nbest: count "3"', () => tagger.nbest(['the'], '3'), /^count must be an integer, not the string "3"$/],
  ['SequenceTagger.nbest: count 0', () => tagger.nbest(['the'], 0), /^count must be an integer ≥ 1; got 0$/],
  ['SequenceTagger.nbest: many sentences', () => tagger.nbest([['the'], ['a']], 2), /^nbest takes one sentence \(string\[\]\), not an array$/],
  ['SequenceTagger.nbest: a numeric token', () => tagger.nbest(['the', 2], 2), /^sentence\[1\] is 2, not a token \(a string\)$/],
  ['SequenceTagger.logProbability: an unknown tag', () => tagger.logProbability(['the', 'dog'], ['D', 'Q']), /^tags\[1\] is the tag "Q", which the model does not know \(known: .*\)$/],
  ['SequenceTagger.logProbability: an unknown tag in many', () => tagger.logProbability([['the'], ['dog']], [['D'], ['ZZ']]), /^tags\[1\]\[0\] is the tag "ZZ", which the model does not know \(known: .*\)$/],
  ['SequenceTagger.logProbability: a numeric tag', () => tagger.logProbability(['the'], [3]), /^tags\[0\] is 3, not a tag \(a string\)$/],
  ['SequenceTagger.logProbability: too few tags', () => tagger.logProbability(['the', 'dog'], ['D']), /^tags has 1 tags for 2 positions$/],
  ['SequenceTagger.logProbability: too few tag sequences', () => tagger.logProbability([['the'], ['dog']], [['D']]), /^tags has 1 tag sequences, expected 2 \(one per input sequence\)$/],
  ['SequenceTagger.logProbability: tags null', () => tagger.logProbability([['the'], ['dog']], null), /^tags must be an array of tag sequences \(string\[\]\[\]\), not null$/],
  ['SequenceTagger.logProbability: a tag sequence that is a string', () => tagger.logProbability([['the'], ['dog']], ['D', 'N']), /^tags\[0\] is the string "D", not a tag sequence \(an array of strings\)$/],
  ['metrics.sequences: a numeric gold tag', () => am.metrics.sequences([['D', 1]], [['D', 'N']]), /^gold\[0\]\[1\] is 1, not a tag \(a string\)$/],
  ['metrics.sequences: predicted not an array', () => am.metrics.sequences([['D']], 'D'), /^predicted must be an array of sequences \(string\[\]\[\]\), not the string "D"$/],
  ['metrics.sequences: lengths differ', () => am.metrics.sequences([['D', 'N']], [['D']]), /^sequence 0: 2 gold tags but 1 predicted tags$/],
  ['metrics.sequences: chunks "yes"', () => am.metrics.sequences([['D']], [['D']], { chunks: 'yes' }), /^chunks must be true or false, not the string "yes"$/],
  ['metrics.sequences: options 5', () => am.metrics.sequences([['D']], [['D']], 5), /^sequences options must be an object, not 5$/],
];
for (const r of tokenRows) row(...r);

// ---- numeric sequences: every DenseSequenceTagger method, with every defect
const corpus = (over) => ({ offsets: [0, 1, 2, 3], indices: [0, 1, 2], values: [1, 1, 1], cols: 4, starts: [0, 1, 3], ...over });
const corpusTags = [['A'], ['A', 'B']];
const sequenceDefects = {
  'a string entry': [[[[1, 0, 0, 0]], [[0, 1, 0, 0], [0, 0, '1', 0]]], /^sequences\[1\]\[1\]\[2\] is the string "1", not a number$/],
  'a null entry': [[[[null, 0, 0, 0]], [[0, 1, 0, 0], [0, 0, 1, 0]]], /^sequences\[0\]\[0\]\[0\] is null, not a number$/],
  'a NaN entry': [[[[1, 0, 0, 0]], [[0, 1, 0, 0], [0, NaN, 1, 0]]], /^sequences\[1\]\[1\]\[1\] is NaN, not a finite number$/],
  'an infinite entry': [[[[1, 0, 0, -Infinity]], [[0, 1, 0, 0], [0, 0, 1, 0]]], /^sequences\[0\]\[0\]\[3\] is -Infinity, not a finite number$/],
  'a value beyond float32': [[[[1, 0, 0, 1e39]], [[0, 1, 0, 0], [0, 0, 1, 0]]], /^sequences\[0\]\[0\]\[3\] is 1e\+39, beyond the float32 range .*$/],
  'a ragged position': [[[[1, 0, 0, 0]], [[0, 1, 0, 0], [0, 0, 1]]], /^sequences\[1\]\[1\] has 3 features, expected 4 \(as sequences\[1\]\[0\]\)$/],
  'sequences of different widths': [[[[1, 0, 0, 0]], [[0, 1, 0], [0, 0, 1]]], /^sequences\[1\] has 3 features per position, expected 4 \(as sequences\[0\]\)$/],
  'a sequence that is a string': [[[[1, 0, 0, 0]], 'abc'], /^sequences\[1\] is the string "abc", not a sequence \(number\[\]\[\] or \{data, rows, cols\}\)$/],
  'a dense sequence of the wrong size': [[[[1, 0, 0, 0]], { data: new Float32Array(7), rows: 2, cols: 4 }], /^sequences\[1\]\.data has 7 values, expected rows × cols = 8 \(2 × 4\)$/],
  'starts 1.5': [corpus({ starts: [0, 1.5, 3] }), /^sequences\.starts\[1\] is 1\.5, not an integer offset$/],
  'Float64Array starts 1.5': [corpus({ starts: Float64Array.of(0, 1.5, 3) }), /^sequences\.starts\[1\] is 1\.5, not an integer offset$/],
  'starts 2^32 + 1': [corpus({ starts: [0, 2 ** 32 + 1, 3] }), /^sequences\.starts\[1\] is 4294967297, beyond the 32-bit integer range$/],
  'starts from 1': [corpus({ starts: [1, 1, 3] }), /^sequences\.starts\[0\] is 1, expected 0$/],
  'starts decreasing': [corpus({ starts: [0, 2, 1, 3] }), /^sequences\.starts\[2\] is 1, less than sequences\.starts\[1\] = 2 \(offsets never decrease\)$/],
  'starts ending early': [corpus({ starts: [0, 1, 2] }), /^sequences\.starts ends at 2, but there are 3 positions$/],
  'starts empty': [corpus({ starts: [] }), /^sequences\.starts is empty; it needs sequences \+ 1 offsets, from 0 to the number of positions$/],
  'starts a string': [corpus({ starts: '013' }), /^sequences\.starts must be an array of integers, not the string "013"$/],
  'a corpus with a NaN value': [corpus({ values: [1, NaN, 1] }), /^sequences\.values\[1\] is NaN, not a finite number$/],
  'a corpus with cols 2^32': [corpus({ cols: 2 ** 32 }), /^sequences\.cols is 4294967296, past the limit of 2\^31 − 1 .*$/],
  'a corpus with decreasing offsets': [corpus({ offsets: [0, 2, 1, 3] }), /^sequences: CSR offsets decrease at row 1$/],
  'not an array': [7, /^sequences must be an array of sequences \(number\[\]\[\] or \{data, rows, cols\} each\), not 7$/],
};
const denseMethods = {
  'DenseSequenceTagger.fit': (v) => new am.DenseSequenceTagger({ epochs: 1 }).fit(v, Array.isArray(v) ? [['A'], ['A', 'B']] : corpusTags),
  'DenseSequenceTagger.tag': (v) => denseTagger.tag(v),
  'DenseSequenceTagger.marginals': (v) => denseTagger.marginals(v),
  'DenseSequenceTagger.logProbability': (v) => denseTagger.logProbability(v, corpusTags),
};
for (const [method, call] of Object.entries(denseMethods)) {
  for (const [defect, [v, message]] of Object.entries(sequenceDefects)) {
    if (method !== 'DenseSequenceTagger.fit' && defect === 'not an array') continue;  // 7 is one sequence there (below)
    row(`${method}: ${defect}`, () => call(v), message);
  }
}
const denseRows = [
  ['DenseSequenceTagger.tag: one sequence with a string entry', () => denseTagger.tag([[1, 0, 0, 0], [0, '1', 0, 0]]), /^sequence\[1\]\[1\] is the string "1", not a number$/],
  ['DenseSequenceTagger.tag: one sequence with NaN', () => denseTagger.tag([[1, 0, NaN, 0]]), /^sequence\[0\]\[2\] is NaN, not a finite number$/],
  ['DenseSequenceTagger.tag: a number', () => denseTagger.tag(7), /^sequence is 7, not a sequence \(number\[\]\[\] or \{data, rows, cols\}\)$/],
  ['DenseSequenceTagger.tag: 5 columns', () => denseTagger.tag([[1, 0, 0, 0, 0]]), /^sequence has 5 columns; the model was trained on 4$/],
  ['DenseSequenceTagger.nbest: a string entry', () => denseTagger.nbest([[1, 0, 0, 0], [0, '1', 0, 0]], 2), /^sequence\[1\]\[1\] is the string "1", not a number$/],
  ['DenseSequenceTagger.nbest: an infinite entry', () => denseTagger.nbest([[1, 0, Infinity, 0]], 2), /^sequence\[0\]\[2\] is Infinity, not a finite number$/],
  ['DenseSequenceTagger.nbest: a ragged position', () => denseTagger.nbest([[1, 0, 0, 0], [1, 0]], 2), /^sequence\[1\] has 2 features, expected 4 \(as sequence\[0\]\)$/],
  ['DenseSequenceTagger.nbest: many sequences', () => denseTagger.nbest(sequences, 2), /^nbest takes one sequence \(number\[\]\[\] or \{data, rows, cols\}\), not an array$/],
  ['DenseSequenceTagger.nbest: count 2^40', () => denseTagger.nbest(sequences[0], 2 ** 40), /^count is 1099511627776, past the limit of 2\^31 − 1 \(a 32-bit integer would wrap it\)$/],
  ['DenseSequenceTagger.logProbability: an unknown tag', () => denseTagger.logProbability(sequences[0], ['A', 'B', 'C', 'A']), /^tags\[2\] is the tag "C", which the model does not know \(known: A, B\)$/],
  ['DenseSequenceTagger.logProbability: an unknown tag in many', () => denseTagger.logProbability(sequences, [['A', 'B', 'A', 'B'], ['A', 'B', 'A', 'X']]), /^tags\[1\]\[3\] is the tag "X", which the model does not know \(known: A, B\)$/],
  ['DenseSequenceTagger.fit: tags for fewer positions', () => new am.DenseSequenceTagger().fit(sequences, [['A', 'B', 'A'], ['A', 'B', 'A', 'B']]), /^tags\[0\] has 3 tags for the 4 positions of sequence 0$/],
  ['DenseSequenceTagger.fit: fewer tag sequences', () => new am.DenseSequenceTagger().fit(sequences, [['A', 'B', 'A', 'B']]), /^got 2 sequences but 1 tag sequences$/],
  ['DenseSequenceTagger.fit: a numeric tag', () => new am.DenseSequenceTagger().fit(sequences, [['A', 'B', 'A', 1], sequenceTags[1]]), /^tags\[0\]\[3\] is 1, not a tag \(a string\)$/],
  ['DenseSequenceTagger.fit: warmStart "yes"', () => new am.DenseSequenceTagger().fit(sequences, sequenceTags, { warmStart: 'yes' }), /^warmStart must be true, false or a trained tagger$/],
];
for (const r of denseRows) row(...r);

// ---- queries and ranking measures
const q = (over) => [{ features: X.slice(0, 4), relevance: y.slice(0, 4), ...over }, queries[1]];
const packed = (over) => ({ data: new Float32Array(32), rows: 8, cols: 4, relevance: y, queryOffsets: [0, 4, 8], ...over });
const queryDefects = {
  'a string feature': [q({ features: [[1, 0, 0, 0], [0, '1', 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] }), /^queries\[0\]\.features\[1\]\[1\] is the string "1", not a number$/],
  'a NaN feature': [q({ features: [[1, 0, 0, 0], [0, 1, 0, NaN], [0, 0, 1, 0], [0, 0, 0, 1]] }), /^queries\[0\]\.features\[1\]\[3\] is NaN, not a finite number$/],
  'a ragged document': [q({ features: [[1, 0, 0, 0], [0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 1]] }), /^queries\[0\]\.features\[1\] has 3 features, expected 4 \(as queries\[0\]\.features\[0\]\)$/],
  'a query of another width': [q({ features: [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]] }), /^queries\[1\] has 4 features per document, expected 4$|^queries\[0\] has 3 features per document, expected 4$/],
  'a CSR query with a bad column': [q({ features: { offsets: [0, 1, 2, 3, 4], indices: [0, 1, 2, 7], values: [1, 1, 1, 1], cols: 4 } }), /^queries\[0\]\.features: row 3 has column 7, expected 0\.\.3$/],
  'a CSR query with fractional offsets': [q({ features: { offsets: [0, 1, 2.5, 3, 4], indices: [0, 1, 2, 3], values: [1, 1, 1, 1], cols: 4 } }), /^queries\[0\]\.features\.offsets\[2\] is 2\.5, not an integer offset$/],
  'a string relevance': [q({ relevance: [0, '1', 0, 1] }), /^queries\[0\]\.relevance\[1\] is the string "1", not a number$/],
  'a NaN relevance': [q({ relevance: [0, 1, NaN, 1] }), /^queries\[0\]\.relevance\[2\] is NaN, not a finite number$/],
  'too few relevance grades': [q({ relevance: [0, 1, 0] }), /^queries\[0\]\.relevance has 3 values \(one per document\), expected 4$/],
  'no relevance': [q({ relevance: undefined }), /^queries\[0\]\.relevance must be an array of numbers, not undefined$/],
  'no features': [q({ features: undefined }), /^queries\[0\]\.features is missing: .* not undefined$/],
  'a null query': [[null, queries[1]], /^queries\[0\] is null, not a query \{ features, relevance \}$/],
  'a string': ['abc', /^queries must be an array of \{ features, relevance \} or the result of io\.readLetor, not the string "abc"$/],
  'packed, queryOffsets 1.5': [packed({ queryOffsets: [0, 1.5, 8] }), /^queries\.queryOffsets\[1\] is 1\.5, not an integer offset$/],
  'packed, Float64Array queryOffsets 4.5': [packed({ queryOffsets: Float64Array.of(0, 4.5, 8) }), /^queries\.queryOffsets\[1\] is 4\.5, not an integer offset$/],
  'packed, queryOffsets decreasing': [packed({ queryOffsets: [0, 5, 4, 8] }), /^queries\.queryOffsets\[2\] is 4, less than queries\.queryOffsets\[1\] = 5 \(offsets never decrease\)$/],
  'packed, queryOffsets ending early': [packed({ queryOffsets: [0, 4, 7] }), /^queries\.queryOffsets ends at 7, but there are 8 documents$/],
  'packed, queryOffsets past 2^31': [packed({ queryOffsets: [0, 2 ** 31, 8] }), /^queries\.queryOffsets\[1\] is 2147483648, beyond the 32-bit integer range$/],
  'packed, a string relevance': [packed({ relevance: [0, 1, 0, 1, 0, 1, 0, 'x'] }), /^queries\.relevance\[7\] is the string "x", not a number$/],
  'packed, data beyond float32': [packed({ data: new Float64Array(32).fill(1e39) }), /^queries\.data\[0\] is 1e\+39, beyond the float32 range .*$/],
  'packed, cols 2^31': [packed({ data: new Float32Array(0), rows: 0, cols: 2 ** 31, relevance: [], queryOffsets: [0] }), /^queries\.cols is 2147483648, past the limit of 2\^31 − 1 .*$/],
};
for (const [defect, [v, message]] of Object.entries(queryDefects)) {
  row(`Ranker.fit: ${defect}`, () => new am.Ranker({ epochs: 1 }).fit(v), message);
  if (!defect.startsWith('packed')) {
    row(`Ranker.fit (valid): ${defect}`, () => new am.Ranker({ epochs: 1 }).fit(queries, { valid: v, lambdas: [0] }), new RegExp(message.source.replaceAll('queries', 'valid')));
  }
}
row('Ranker.fit: lambdas with a string', () => new am.Ranker({ epochs: 1 }).fit(queries, { valid: queries, lambdas: [0, '1'] }), /^lambdas\[1\] is the string "1", not a number$/);
row('Ranker.fit: lambdas empty', () => new am.Ranker({ epochs: 1 }).fit(queries, { valid: queries, lambdas: [] }), /^lambdas is empty: validation needs at least one λ to try$/);
row('Ranker.fit: evalK 1.5', () => new am.Ranker({ epochs: 1 }).fit(queries, { valid: queries, evalK: 1.5 }), /^evalK must be an integer, not 1\.5$/);
row('Ranker.fit: evalK 2^40', () => new am.Ranker({ epochs: 1 }).fit(queries, { valid: queries, evalK: 2 ** 40 }), /^evalK is 1099511627776, past the limit of 2\^31 − 1 .*$/);

const measures = ['ndcg', 'precisionAt', 'averagePrecision', 'kendallTau', 'auc'];
const measureDefects = {
  'a string score': [[1, '2', 3], [0, 1, 2], undefined, /^scores\[1\] is the string "2", not a number$/],
  'a NaN score': [[1, NaN, 3], [0, 1, 2], undefined, /^scores\[1\] is NaN, not a finite number$/],
  'a null score': [[1, 2, null], [0, 1, 2], undefined, /^scores\[2\] is null, not a number$/],
  'a boolean relevance': [[1, 2, 3], [0, true, 2], undefined, /^relevance\[1\] is the boolean true, not a number$/],
  'an infinite relevance': [[1, 2, 3], [0, 1, Infinity], undefined, /^relevance\[2\] is Infinity, not a finite number$/],
  'lengths that differ': [[1, 2], [0, 1, 2], undefined, /^scores has 2 values, expected 3$/],
  'scores not an array': [{ 0: 1 }, [0], undefined, /^scores must be an array of numbers, not an object$/],
  'k 1.5': [[1, 2, 3], [0, 1, 2], { k: 1.5 }, /^k must be an integer, not 1\.5$/],
  'k 2^40': [[1, 2, 3], [0, 1, 2], { k: 2 ** 40 }, /^k is 1099511627776, past the limit of 2\^31 − 1 .*$/],
  'k 0': [[1, 2, 3], [0, 1, 2], { k: 0 }, /^k must be an integer ≥ 1; got 0$/],
  'convention "trec"': [[1, 2, 3], [0, 1, 2], { convention: 'trec' }, /^convention must be 'common' or 'letor4'; got "trec"$/],
  'options null': [[1, 2, 3], [0, 1, 2], null, /^\w+ options must be an object, not null$/],
};
for (const m of measures) {
  for (const [defect, [s, r, options, message]] of Object.entries(measureDefects)) {
    row(`metrics.${m}: ${defect}`, () => am.metrics[m](s, r, options), message);
  }
}
const rankingRows = [
  ['metrics.bestCut: a NaN score', () => am.metrics.bestCut([1, NaN], [0, 1]), /^scores\[1\] is NaN, not a finite number$/],
  ['metrics.bestCut: a string label', () => am.metrics.bestCut([1, 2], [0, '1']), /^labels\[1\] is the string "1", not a number$/],
  ['metrics.bestCut: measure "map"', () => am.metrics.bestCut([1, 2], [0, 1], { measure: 'map' }), /^measure must be 'f1', 'fbeta' or 'balanced'; got "map"$/],
  ['metrics.bestCut: beta "2"', () => am.metrics.bestCut([1, 2], [0, 1], { measure: 'fbeta', beta: '2' }), /^beta must be a number, not the string "2"$/],
  ['metrics.bestCut: beta 0', () => am.metrics.bestCut([1, 2], [0, 1], { measure: 'fbeta', beta: 0 }), /^beta must be a finite number > 0; got 0$/],
  ['metrics.bestCut: options "f1"', () => am.metrics.bestCut([1, 2], [0, 1], 'f1'), /^bestCut options must be an object, not the string "f1"$/],
  ['metrics.ranking: queryOffsets 1.5', () => am.metrics.ranking([1, 2, 3], { relevance: [0, 1, 1], queryOffsets: [0, 1.5, 3] }), /^queries\.queryOffsets\[1\] is 1\.5, not an integer offset$/],
  ['metrics.ranking: queryOffsets past the documents', () => am.metrics.ranking([1, 2, 3], { relevance: [0, 1, 1], queryOffsets: [0, 1, 4] }), /^queries\.queryOffsets ends at 4, but there are 3 documents$/],
  ['metrics.ranking: a null query', () => am.metrics.ranking([1, 2], [{ relevance: [0, 1] }, null]), /^queries\[1\] is null, not a query \{ relevance \}$/],
  ['metrics.ranking: a string relevance', () => am.metrics.ranking([1, 2], [{ relevance: [0, '1'] }]), /^queries\[0\]\.relevance\[1\] is the string "1", not a number$/],
  ['metrics.ranking: queries a string', () => am.metrics.ranking([1, 2], 'q'), /^queries must be \[\{ relevance \}\] or \{ relevance, queryOffsets \}, not the string "q"$/],
  ['metrics.ranking: too few scores', () => am.metrics.ranking([1], [{ relevance: [0, 1] }]), /^scores has 1 values, expected 2$/],
  ['metrics.ranking: maxK 2^32', () => am.metrics.ranking([1, 2], [{ relevance: [0, 1] }], { maxK: 2 ** 32 }), /^maxK is 4294967296, past the limit of 2\^31 − 1 .*$/],
  ['metrics.ranking: maxK 0.5', () => am.metrics.ranking([1, 2], [{ relevance: [0, 1] }], { maxK: 0.5 }), /^maxK must be an integer, not 0\.5$/],
  ['metrics.marginLoss: a string margin', () => am.metrics.marginLoss([1, '2'], 1), /^margins\[1\] is the string "2", not a number$/],
  ['metrics.marginLoss: a margin beyond float32', () => am.metrics.marginLoss([1, 1e39], 1), /^margins\[1\] is 1e\+39, beyond the float32 range .*$/],
  ['metrics.marginLoss: rho "1"', () => am.metrics.marginLoss([1, 2], '1'), /^rho must be a number, not the string "1"$/],
  ['metrics.marginLoss: margins null', () => am.metrics.marginLoss(null, 1), /^margins must be an array of numbers, not null$/],
];
for (const r of rankingRows) row(...r);

// ---- options that are not objects: every constructor, every fit, the readers and the worker API
const constructors = ['Multiclass', 'Reduction', 'DecisionTree', 'AdaBoostMH', 'BinaryRelevance', 'BinaryClassifier',
  'SequenceTagger', 'DenseSequenceTagger', 'Ranker'];
for (const name of constructors) {
  for (const [what, value, shown] of [['null', null, 'null'], ['a number', 5, '5'], ['a string', 'cs', 'the string "cs"'], ['an array', [], 'an array'], ['a boolean', true, 'the boolean true']]) {
    row(`new ${name}(${what})`, () => new am[name](value), new RegExp(`^${name} options must be an object, not ${esc(shown)}$`));
  }
}
const fits = {
  Multiclass: (o) => new am.Multiclass().fit(X, y, o),
  Reduction: (o) => new am.Reduction().fit(X, y, o),
  DecisionTree: (o) => new am.DecisionTree().fit(X, y, o),
  AdaBoostMH: (o) => new am.AdaBoostMH().fit(X, y, o),
  BinaryRelevance: (o) => new am.BinaryRelevance().fit(X, sets, o),
  BinaryClassifier: (o) => new am.BinaryClassifier().fit(X, signs, o),
  SequenceTagger: (o) => new am.SequenceTagger().fit(sentences, sentenceTags, o),
  DenseSequenceTagger: (o) => new am.DenseSequenceTagger().fit(sequences, sequenceTags, o),
  Ranker: (o) => new am.Ranker().fit(queries, o),
};
for (const [name, call] of Object.entries(fits)) {
  row(`${name}.fit: options null`, () => call(null), /^fit options must be an object, not null$/);
  row(`${name}.fit: options a string`, () => call('fast'), /^fit options must be an object, not the string "fast"$/);
}
for (const name of ['Multiclass', 'DecisionTree', 'AdaBoostMH', 'BinaryClassifier', 'SequenceTagger', 'DenseSequenceTagger']) {
  row(`${name}.fit: allowSingleClass "yes"`, () => fits[name]({ allowSingleClass: 'yes' }), /^allowSingleClass must be true or false, not the string "yes"$/);
}
const readers = {
  readLibsvm: (o) => am.io.readLibsvm('1 1:1\n', o),
  readMultilabel: (o) => am.io.readMultilabel('1 1:1\n', o),
  readLetor: (o) => am.io.readLetor('1 qid:1 1:1\n', o),
};
for (const [name, call] of Object.entries(readers)) {
  row(`io.${name}: options null`, () => call(null), new RegExp(`^${name} options must be an object, not null$`));
  row(`io.${name}: minCols 1.5`, () => call({ minCols: 1.5 }), /^minCols must be an integer, not 1\.5$/);
  row(`io.${name}: minCols 2^32 + 2 (would wrap to 2)`, () => call({ minCols: 2 ** 32 + 2 }), /^minCols is 4294967298, past the limit of 2\^31 − 1 .*$/);
  row(`io.${name}: minCols "4"`, () => call({ minCols: '4' }), /^minCols must be an integer, not the string "4"$/);
}
row('io.readConllu: column ["upos"]', () => am.io.readConllu('', { column: ['upos'] }), /^column must be a string, not an array$/);
row('io.readConllu: column "lemma"', () => am.io.readConllu('', { column: 'lemma' }), /^column must be 'upos' or 'xpos'; got "lemma"$/);
row('io.readConllu: options 1', () => am.io.readConllu('', 1), /^readConllu options must be an object, not 1$/);
row('metrics.multilabel: options "x"', () => am.metrics.multilabel(sets, sets, 'x'), /^multilabel options must be an object, not the string "x"$/);
row('Multiclass: a cost with a string', () => new am.Multiclass({ cost: [[0, 1], ['1', 0]] }), /^cost\[1\]\[0\] is the string "1", not a number$/);
row('Multiclass: a cost that is a number', () => new am.Multiclass({ cost: 3 }), /^cost must be a k×k matrix given as number\[\]\[\] .*, not 3$/);
row('Reduction: userCode with a 2', () => new am.Reduction({ userCode: [[1, -1], [2, 1]] }), /^userCode\[1\]\[0\] is 2, expected -1, 0 or \+1$/);
row('Reduction: userCode with a string', () => new am.Reduction({ userCode: [[1, -1], ['1', 1]] }), /^userCode\[1\]\[0\] is the string "1", expected -1, 0 or \+1$/);
row('Reduction: userCode ragged', () => new am.Reduction({ userCode: [[1, -1], [1]] }), /^userCode\[1\] has 1 entries, expected 2 \(as userCode\[0\]\)$/);
row('Reduction: userCode a string', () => new am.Reduction({ userCode: 'ova' }), /^userCode must be a non-empty k×c matrix .*; got the string "ova"$/);
row('Reduction.decoding = 5', () => { reduction.decoding = 5; }, /^decoding must be a string, not 5$/);
row('BinaryClassifier: seed 1.5', () => new am.BinaryClassifier({ seed: 1.5 }), /^option 'seed' must be an integer, not 1\.5$/);
row('BinaryClassifier: seed 2^40', () => new am.BinaryClassifier({ seed: 2 ** 40 }), /^option 'seed' is 1099511627776, past the limit of 2\^31 − 1 .*$/);

const worker = new TrainingWorker();
const workerRows = [
  ['TrainingWorker.train: spec null', () => worker.train(null), /^the training job must be \{ model: 'Multiclass' \| \.\.\., options, args \}, not null$/],
  ['TrainingWorker.train: model 5', () => worker.train({ model: 5 }), /^the training job's model must be the name of a model class such as 'Multiclass', not 5$/],
  ['TrainingWorker.train: options null', () => worker.train({ model: 'Multiclass', options: null, args: [X, y] }), /^the training job's options must be an object, not null$/],
  ['TrainingWorker.train: args a string', () => worker.train({ model: 'Multiclass', args: 'X' }), /^the training job's args must be an array \(fit's arguments\), not the string "X"$/],
  ['TrainingWorker.train: fitOptions 1', () => worker.train({ model: 'Multiclass', args: [X, y], fitOptions: 1 }), /^the training job's fitOptions must be an object, not 1$/],
  ['TrainingWorker.train: train options null', () => worker.train({ model: 'Multiclass', args: [X, y] }, null), /^train options must be an object, not null$/],
  ['TrainingWorker.train: transfer not an array', () => worker.train({ model: 'Multiclass', args: [X, y] }, { transfer: 1 }), /^transfer must be an array of ArrayBuffers, not 1$/],
  ['TrainingWorker.train: onProgress 1', () => worker.train({ model: 'Multiclass', args: [X, y] }, { onProgress: 1 }), /^onProgress must be a function, not 1$/],
  ['new TrainingWorker(null)', () => new TrainingWorker(null), /^TrainingWorker options must be an object, not null$/],
  ['trainInWorker: spec "Multiclass"', () => trainInWorker('Multiclass'), /^the training job must be .*, not the string "Multiclass"$/],
];
for (const r of workerRows) row(...r);

// ---- the table
const INTERNAL = /Cannot read propert|Cannot destructure|is not a function|is not iterable|is not a constructor|Invalid array length|Maximum call stack|Cannot convert|out of bounds|unreachable/;

// The module still works: the trained model answers as before, and a fresh model trains.
function stillWorks() {
  assert.deepEqual(Array.from(models.multiclass.predict(X)), expectedPredictions);
  assert.equal(am.module.takeError(), null, 'no error left pending');
}

test(`the boundary table has at least 300 malformed calls (${rows.length})`, () => {
  assert.ok(rows.length >= 300, `${rows.length} rows`);
  assert.equal(new Set(rows.map((r) => r.what)).size, rows.length, 'row names are unique');
});

test('every malformed call throws an Error naming the argument and position, and the module keeps working', () => {
  const before = am.memoryUsage().heapInUse;
  const failures = [];
  for (const { what, call, message } of rows) {
    let error = null, result;
    try { result = call(); } catch (e) { error = e; }
    if (result && typeof result.then === 'function') result.catch(() => {});
    if (!(error instanceof Error)) failures.push(`${what}: ${error === null ? `returned ${result}` : `threw ${String(error)}`}`);
    else if (INTERNAL.test(error.message)) failures.push(`${what}: a JS internal message: ${error.message}`);
    else if (!message.test(error.message)) failures.push(`${what}: "${error.message}" does not match ${message}`);
    stillWorks();
  }
  assert.deepEqual(failures, []);
  assert.ok(am.memoryUsage().heapInUse <= before + 64 * 1024, 'the rejected calls leave the heap where it was');
  const fresh = new am.Multiclass().fit(X, y);
  assert.deepEqual(Array.from(fresh.predict(X)), y);
  fresh.dispose();
  worker.terminate();
});

// ---- valid edge cases
test('no rows to predict give an empty answer of the usual type', () => {
  const noRows = [[], { data: new Float32Array(0), rows: 0, cols: 4 }, { offsets: [0], indices: [], values: [], cols: 4 },
    { offsets: new Int32Array(1), indices: new Int32Array(0), values: new Float32Array(0), cols: 2 }];
  const cases = [
    ['Multiclass.predict', (A) => multiclass.predict(A), Int32Array],
    ['Multiclass.scores', (A) => multiclass.scores(A), Float32Array],
    ['Multiclass.margins', (A) => multiclass.margins(A, []), Float32Array],
    ['Reduction.predict', (A) => reduction.predict(A), Int32Array],
    ['Reduction.confidences', (A) => reduction.confidences(A), Float32Array],
    ['DecisionTree.predict', (A) => tree.predict(A), Int32Array],
    ['DecisionTree.probabilities', (A) => tree.probabilities(A), Float32Array],
    ['AdaBoostMH.predict', (A) => boost.predict(A), Int32Array],
    ['AdaBoostMH.scores', (A) => boost.scores(A), Float64Array],
    ['AdaBoostMH.predictSets', (A) => boostSets.predictSets(A), Array],
    ['BinaryRelevance.predict', (A) => relevance.predict(A), Array],
    ['BinaryRelevance.scores', (A) => relevance.scores(A), Float32Array],
    ['BinaryClassifier.scores', (A) => binary.scores(A), Float32Array],
    ['BinaryClassifier.predict', (A) => binary.predict(A), Int32Array],
    ['Ranker.score', (A) => ranker.score(A), Float64Array],
    ['Ranker.rank', (A) => ranker.rank(A), Int32Array],
  ];
  for (const [what, call, Type] of cases) {
    for (const A of noRows) {
      const out = call(A);
      assert.ok(out instanceof Type, `${what}: ${out?.constructor?.name}`);
      assert.equal(out.length, 0, what);
    }
  }
  assert.deepEqual(tagger.tag([]), []);
  assert.deepEqual(tagger.tag([[]]), [[]]);
  assert.deepEqual(tagger.marginals([[], ['the']]).map((m) => m.probabilities.length), [0, 1]);
  assert.deepEqual(denseTagger.tag([]), []);
  assert.deepEqual(denseTagger.tag([{ data: new Float32Array(0), rows: 0, cols: 4 }, sequences[0]]), [[], denseTagger.tag(sequences[0])]);
  assert.deepEqual(denseTagger.marginals([]), []);
  assert.deepEqual(denseTagger.logProbability([], []), []);
  stillWorks();
});

test('what is valid stays valid: typed arrays of every kind, integral Float64Array offsets, CSR with rows', () => {
  const p = Array.from(multiclass.predict(X));
  assert.deepEqual(Array.from(multiclass.predict(X.map((r) => Float64Array.from(r)))), p);
  assert.deepEqual(Array.from(multiclass.predict(X.map((r) => Int32Array.from(r.map((v) => Math.round(v)))))).length, 8);
  assert.deepEqual(Array.from(multiclass.predict({ data: Float64Array.from(X.flat()), rows: 8, cols: 4 })), p);
  const offsets = [0], indices = [], values = [];
  for (const r of X) { r.forEach((v, j) => { if (v) indices.push(j), values.push(v); }); offsets.push(indices.length); }
  assert.deepEqual(Array.from(multiclass.predict({ offsets: Float64Array.from(offsets), indices: Uint8Array.from(indices), values, cols: 4, rows: 8 })), p);
  const m = new am.Multiclass().fit(X, Float64Array.from(y));
  assert.deepEqual(Array.from(m.predict(X)), p);
  m.dispose();
  const d = new am.DenseSequenceTagger({ epochs: 3 }).fit({ data: Float32Array.from(X.flat()), rows: 8, cols: 4, starts: Float64Array.of(0, 4, 8) }, sequenceTags);
  assert.deepEqual(d.tag(sequences).map((s) => s.length), [4, 4]);
  d.dispose();
  assert.equal(am.metrics.multilabel([[0, 1], [2]], [[0], [2]]).subsetAccuracy, 0.5);
  const br = new am.BinaryRelevance().fit(X, sets, { labels: 3 });
  assert.equal(br.labelCount, 3);
  br.dispose();
  assert.equal(am.metrics.ndcg(Float32Array.of(3, 2, 1), Int32Array.of(2, 1, 0)), 1);
});
