// Every public call that takes data checks it: malformed input is an Error that names the argument and
// says what is wrong, never a wasm trap or a silent answer, and the module keeps working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { X, y, signs, sets, tags, sequences, sequenceTags, queries } from './tiny-data.mjs';

const am = await init();

// Malformed matrices (the model was trained on 4 columns). Each has two rows or more so that labels
// for it can hold two classes, and each bad entry is in row 0 unless said otherwise.
const bad = {
  width: [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0]],
  ragged: [[1, 0, 0, 0], [0, 1, 0]],
  nan: [[NaN, 0, 0, 0], [0, 1, 0, 0]],
  infinity: [[Infinity, 0, 0, 0], [0, 1, 0, 0]],
  offsets: { offsets: [0, 2, 1, 3], indices: [0, 1, 2], values: [1, 1, 1], cols: 4 },
  negative: { offsets: [0, 1, 2], indices: [-1, 1], values: [1, 1], cols: 4 },
  large: { offsets: [0, 1, 2], indices: [4, 1], values: [1, 1], cols: 4 },
};
const rowsOf = (m) => (Array.isArray(m) ? m.length : m.offsets.length - 1);
const split = (m) => (Array.isArray(m) ? [m.slice(0, 1), m.slice(1)] : [m]);  // two sequences / queries when dense
const asSequences = (m) => (Array.isArray(m) ? split(m) : { ...m, starts: [0, rowsOf(m)] });
const tagsFor = (m) => (Array.isArray(m) ? split(m).map((s) => s.map(() => 'A')) : [Array.from({ length: rowsOf(m) }, (_, i) => (i % 2 ? 'B' : 'A'))]);
const asQueries = (m) => (Array.isArray(m) ? split(m).map((f) => ({ features: f, relevance: f.map((_, i) => i % 2) }))
  : [{ features: m, relevance: Array.from({ length: rowsOf(m) }, (_, i) => i % 2) }]);
const labelsFor = (m) => Array.from({ length: rowsOf(m) }, (_, i) => i % 2);

// What each malformed matrix must say, after the argument's name. Training sees no model width, so there a
// wrong width is rows of different lengths. Queries and sequences are split into parts in JS, which names them.
const expected = {
  width: (name) => new RegExp(`^${name} has 5 columns; the model was trained on 4$`),
  ragged: (name) => new RegExp(`^${name}\\[1\\] has 3 features( per (document|position))?, expected 4( \\(as ${name}\\[0\\]\\))?$`),
  // NaN and ±Infinity: the core names row and column of a whole matrix; a query or a sequence, one part of the
  // matrix the core sees, is checked in JS, which names it.
  nan: (name) => new RegExp(`^${name}(: row 0 has a non-finite value \\(nan\\) at column 0|(\\[0\\]\\.features|\\[0\\])?\\[0\\]\\[0\\] is NaN, not a finite number)$`),
  infinity: (name) => new RegExp(`^${name}(: row 0 has a non-finite value \\(inf\\) at column 0|(\\[0\\]\\.features|\\[0\\])?\\[0\\]\\[0\\] is Infinity, not a finite number)$`),
  offsets: (name) => new RegExp(`^${name}(\\[0\\]\\.features)?: CSR offsets decrease at row 1$`),
  negative: (name) => new RegExp(`^${name}(\\[0\\]\\.features)?: row 0 has column -1, expected 0\\.\\.3$`),
  large: (name) => new RegExp(`^${name}(\\[0\\]\\.features)?: row 0 has column 4, expected 0\\.\\.3$`),
};

// Every model class with every method that takes a matrix. fit: trains on the matrix; the others run on a
// model trained on the clean data. missing: the model reads NaN as a missing value, so Infinity stands in.
const models = [
  { name: 'Multiclass', make: () => new am.Multiclass(), train: (m) => m.fit(X, y),
    methods: {
      fit: (m, A) => m.fit(A, labelsFor(A)), predict: (m, A) => m.predict(A), scores: (m, A) => m.scores(A),
      margins: (m, A) => m.margins(A, labelsFor(A)),
    } },
  { name: 'Reduction', make: () => new am.Reduction({ reduction: 'allpairs' }), train: (m) => m.fit(X, y),
    methods: { fit: (m, A) => m.fit(A, labelsFor(A)), predict: (m, A) => m.predict(A), confidences: (m, A) => m.confidences(A) } },
  { name: 'Reduction with trees', missing: true, make: () => new am.Reduction({ learner: 'tree' }), train: (m) => m.fit(X, y),
    methods: { fit: (m, A) => m.fit(A, labelsFor(A)), predict: (m, A) => m.predict(A), confidences: (m, A) => m.confidences(A) } },
  { name: 'DecisionTree', missing: true, make: () => new am.DecisionTree(), train: (m) => m.fit(X, y),
    methods: { fit: (m, A) => m.fit(A, labelsFor(A)), predict: (m, A) => m.predict(A), probabilities: (m, A) => m.probabilities(A) } },
  { name: 'AdaBoostMH', make: () => new am.AdaBoostMH({ rounds: 5 }), train: (m) => m.fit(X, y),
    methods: {
      fit: (m, A) => m.fit(A, labelsFor(A)), 'fit (label sets)': (m, A) => m.fit(A, labelsFor(A).map((c) => [c])),
      predict: (m, A) => m.predict(A), predictSets: (m, A) => m.predictSets(A), scores: (m, A) => m.scores(A),
    } },
  { name: 'BinaryRelevance', make: () => new am.BinaryRelevance(), train: (m) => m.fit(X, sets),
    methods: { fit: (m, A) => m.fit(A, labelsFor(A).map((c) => [c])), predict: (m, A) => m.predict(A), scores: (m, A) => m.scores(A) } },
  { name: 'BinaryClassifier', make: () => new am.BinaryClassifier(), train: (m) => m.fit(X, signs),
    methods: {
      fit: (m, A) => m.fit(A, labelsFor(A).map((c) => (c ? 1 : -1))), scores: (m, A) => m.scores(A), predict: (m, A) => m.predict(A),
    } },
  { name: 'BinaryClassifier (stump)', missing: true, make: () => new am.BinaryClassifier({ learner: 'stump' }), train: (m) => m.fit(X, signs),
    methods: { fit: (m, A) => m.fit(A, labelsFor(A).map((c) => (c ? 1 : -1))), scores: (m, A) => m.scores(A) } },
  { name: 'Ranker', make: () => new am.Ranker({ epochs: 5 }), train: (m) => m.fit(queries),
    methods: {
      fit: [(m, A) => m.fit(asQueries(A)), 'queries'],
      'fit (valid)': [(m, A) => m.fit(queries, { valid: asQueries(A), lambdas: [0] }), 'valid'],
      score: (m, A) => m.score(A), rank: (m, A) => m.rank(A),
    } },
  { name: 'DenseSequenceTagger', make: () => new am.DenseSequenceTagger({ epochs: 5 }), train: (m) => m.fit(sequences, sequenceTags),
    methods: {
      fit: [(m, A) => m.fit(asSequences(A), tagsFor(A)), 'sequences'],
      'fit (warm start)': [(m, A) => m.fit(asSequences(A), tagsFor(A), { warmStart: true }), 'sequences'],
      tag: [(m, A) => m.tag(asSequences(A)), 'sequences'],
      marginals: [(m, A) => m.marginals(asSequences(A)), 'sequences'],
      nbest: [(m, A) => m.nbest(A), 'sequence', { dense: true }],
      logProbability: [(m, A) => m.logProbability(asSequences(A), tagsFor(A)), 'sequences'],
      emissions: [(m, A) => m.emissions(asSequences(A)), 'sequences'],
      decode: [(m, A) => m.decode(asSequences(A), { reference: tagsFor(A), lossAugmented: true }), 'sequences'],
    } },
];

// The module still works: a fresh model trains and predicts the classes, and `model` answers as it did.
function stillWorks(spec, model, before) {
  const fresh = new am.Multiclass().fit(X, y);
  assert.deepEqual(Array.from(fresh.predict(X)), y);
  fresh.dispose();
  if (model.ready) assert.deepEqual(snapshot(spec, model), before, `${spec.name} answers differently after the error`);
}
const snapshot = (spec, model) => (spec.name === 'Ranker' ? Array.from(model.score(X))
  : spec.name === 'DenseSequenceTagger' ? model.tag(sequences) : spec.name === 'BinaryRelevance' ? model.predict(X)
    : Array.from(model.predict(X)));

for (const spec of models) {
  test(`${spec.name}: every method refuses every malformed matrix with an Error naming it`, () => {
    const model = spec.train(spec.make());
    const before = snapshot(spec, model);
    for (const [method, entry] of Object.entries(spec.methods)) {
      const [call, name = 'X', { dense = false } = {}] = Array.isArray(entry) ? entry : [entry];
      const training = method.startsWith('fit');
      for (const problem of Object.keys(expected)) {
        if (problem === (training ? 'width' : 'ragged')) continue;
        if (problem === (spec.missing ? 'nan' : 'infinity')) continue;
        if (dense && !Array.isArray(bad[problem])) continue;  // nbest takes one dense sequence
        const target = training && method !== 'fit (warm start)' ? spec.make() : model;
        // A fit that fails keeps the model as it was, so training the target model is checked too.
        assert.throws(() => call(target, bad[problem]), (e) => {
          assert.ok(e instanceof Error, `${spec.name}.${method} ${problem}: threw ${e}`);
          assert.match(e.message, expected[problem](name), `${spec.name}.${method} ${problem}`);
          return true;
        });
        if (target !== model) target.dispose();
        stillWorks(spec, model, before);
      }
    }
    model.dispose();
  });
}

test('a NaN feature is a missing value to trees (documented), not an error', () => {
  const tree = new am.DecisionTree().fit(X, y);
  const p = tree.probabilities([[NaN, NaN, NaN, NaN]]);
  assert.equal(p[0] + p[1], 1);
  assert.ok([0, 1].includes(tree.predict([[NaN, NaN, NaN, NaN]])[0]));
  const trained = new am.DecisionTree().fit([...X, [NaN, 0, 0, 0]], [...y, 0]);
  assert.deepEqual(Array.from(trained.predict(X)), y);
});

test('a CSR matrix may declare fewer columns than the model (omitted trailing features) or more (unseen ones)', () => {
  // The same rows as dense X, without column 3 (narrow) and with an extra column 5 the model never saw (wide).
  const csr = (rows, cols, extra) => {
    const offsets = [0], indices = [], values = [];
    rows.forEach((r) => {
      r.forEach((v, j) => { if (v !== 0 && j < cols) { indices.push(j); values.push(v); } });
      if (extra) { indices.push(5); values.push(7); }
      offsets.push(indices.length);
    });
    return { offsets, indices, values, cols };
  };
  const withoutLast = X.map((r) => [r[0], r[1], r[2], 0]);
  const narrow = csr(X, 3, false), wide = csr(X, 6, true);
  // What each model computes from a matrix, as numbers.
  const outputs = {
    Multiclass: (m, A) => m.scores(A), Reduction: (m, A) => m.confidences(A), 'Reduction with trees': (m, A) => m.confidences(A),
    DecisionTree: (m, A) => m.probabilities(A), AdaBoostMH: (m, A) => m.scores(A), BinaryRelevance: (m, A) => m.scores(A),
    BinaryClassifier: (m, A) => m.scores(A), 'BinaryClassifier (stump)': (m, A) => m.scores(A), Ranker: (m, A) => m.score(A),
    DenseSequenceTagger: (m, A) => m.marginals(Array.isArray(A) ? [A] : { ...A, starts: [0, rowsOf(A)] })[0].probabilities.flat(),
  };
  const close = (a, b, what) => {
    assert.equal(a.length, b.length, what);
    a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) <= 1e-5 * (1 + Math.abs(b[i])), `${what}: ${v} ≠ ${b[i]} at ${i}`));
  };
  for (const spec of models) {
    const model = spec.train(spec.make()), out = (A) => Array.from(outputs[spec.name](model, A));
    close(out(narrow), out(withoutLast), `${spec.name}: narrow CSR`);
    close(out(wide), out(X), `${spec.name}: wide CSR`);
    model.dispose();
  }
});

test('training on a single class is an Error unless allowSingleClass is set', () => {
  const one = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const make of [() => new am.Multiclass(), () => new am.DecisionTree(), () => new am.AdaBoostMH({ rounds: 5 })]) {
    assert.throws(() => make().fit(X, one), /y: every training label is 0; a model of a single class always predicts it/);
    const model = make().fit(X, one.map(() => 7), { allowSingleClass: true });
    assert.deepEqual(Array.from(model.predict(X)), one.map(() => 7));
    const again = am.load(model.save());
    assert.deepEqual(Array.from(again.labels), [7]);
    assert.deepEqual(Array.from(again.predict([[9, -9, 0, 0]])), [7]);
    model.dispose(), again.dispose();
  }
  assert.throws(() => new am.BinaryClassifier().fit(X, X.map(() => 1)), /every training label is 1/);
  const always = new am.BinaryClassifier({ learner: 'stump' }).fit(X, X.map(() => 1), { allowSingleClass: true });
  assert.deepEqual(Array.from(always.predict(X)), X.map(() => 1));
});

test('a TextClassifier of one label is refused unless allowSingleClass, and then predicts it with probability 1', () => {
  const texts = ['red apple', 'green pear', 'ripe plum'], fruit = texts.map(() => 'fruit');
  assert.throws(() => new am.TextClassifier().fit(texts, fruit), /^Error: labels: every training label is 'fruit'; a model of a single class always predicts it/);
  const model = new am.TextClassifier().fit(texts, fruit, { allowSingleClass: true });
  const again = am.load(model.save());
  assert.deepEqual(again.predict(['fast car', '']), ['fruit', 'fruit']);
  assert.deepEqual(Array.from(again.probabilities(['fast car'])), [1]);
  model.dispose(), again.dispose();
});

test('AdaBoost.MH of one label scores rows × 1; a Reduction refuses one class with no allowSingleClass', () => {
  const sevens = X.map(() => 7);
  const boost = new am.AdaBoostMH().fit(X, sevens, { allowSingleClass: true });
  const scores = boost.scores(X);
  assert.equal(scores.length, X.length);
  assert.ok(scores.every((s) => s > 0));
  boost.dispose();
  // one-vs-all and ECOC set a class against others and all-pairs has no pair: no code, and no saved form, for one class
  for (const reduction of ['ova', 'allpairs', 'ecoc']) {
    assert.throws(() => new am.Reduction({ reduction }).fit(X, sevens), /^Error: y: every training label is 7; a reduction needs two classes or more$/);
  }
  assert.throws(() => new am.Reduction().fit(X, sevens, { allowSingleClass: true }),
    /^TypeError: unknown option 'allowSingleClass' in fit options \(known: onProgress, workers\)$/);
  assert.deepEqual(Array.from(new am.Reduction().fit(X, y).predict(X)), y);  // and the module keeps working
});

test('label sets that all hold one label train every multi-label model alike; sets all empty are refused', () => {
  const twos = X.map(() => [2]);
  const relevance = new am.BinaryRelevance().fit(X, twos), boost = new am.AdaBoostMH({ rounds: 5 }).fit(X, twos);
  assert.deepEqual(relevance.predict(X), twos);
  assert.deepEqual(boost.predictSets(X), twos);
  const texts = X.map((_, i) => `text ${i}`), classifier = new am.TextClassifier().fit(texts, X.map(() => ['x']));
  assert.deepEqual(classifier.predict(['text 1']), [['x']]);
  relevance.dispose(), boost.dispose(), classifier.dispose();
  const empty = X.map(() => []);
  assert.throws(() => new am.BinaryRelevance().fit(X, empty, { labels: 3 }), /every label set is empty/);
  assert.throws(() => new am.AdaBoostMH().fit(X, empty, { labels: 3 }), /every label set is empty/);
});

test('the shape of the input is checked before its labels hold two classes', () => {
  const nan = X.map((r, i) => (i ? r : [NaN, 0, 0, 0])), sevens = X.map(() => 7);
  for (const make of [() => new am.Multiclass(), () => new am.Reduction(), () => new am.AdaBoostMH()]) {
    assert.throws(() => make().fit(nan, sevens), /^Error: X: row 0 has a non-finite value \(nan\) at column 0$/);
  }
  assert.throws(() => new am.BinaryClassifier().fit(nan, X.map(() => 1)), /^Error: X: row 0 has a non-finite value \(nan\) at column 0$/);
});

test("every query of a ranking set has one width, so each query's columns are checked against it", () => {
  const query = (cols, index) => ({ features: { offsets: [0, 1, 2], indices: [index, 0], values: [1, 1], cols }, relevance: [1, 0] });
  assert.throws(() => new am.Ranker().fit([query(4, 1), query(3, 1)]), /queries\[1\] has 3 features per document, expected 4$/);
  assert.throws(() => new am.Ranker().fit([query(4, 1), query(4, 4)]), /queries\[1\]\.features: row 0 has column 4, expected 0\.\.3$/);
  assert.throws(() => new am.Ranker().fit([query(4, 1), { features: [], relevance: [] }]), /query 1 has no documents$/);
  const ranker = new am.Ranker({ epochs: 5 }).fit([query(4, 1), query(4, 2)]);
  assert.equal(ranker.features, 4);
});

// The issue's malformed calls, one by one (float overflow in the readers is checked with the readers).
const dense = new am.Multiclass().fit(X, y);
const reduction = new am.Reduction().fit(X, y);
const tree = new am.DecisionTree().fit(X, y);
const boost = new am.AdaBoostMH({ rounds: 5 }).fit(X, y);
const relevance = new am.BinaryRelevance().fit(X, sets);
const binary = new am.BinaryClassifier().fit(X, signs);
const ranker = new am.Ranker({ epochs: 5 }).fit(queries);
const decreasing = { offsets: [0, 2, 1, 2], indices: [0, 1], values: [1, 1], cols: 4 };
const pastEnd = { offsets: [0, 5], indices: [0], values: [1], cols: 4 };
const negative = { offsets: [0, 1], indices: [-1], values: [1], cols: 4 };
const issueCases = [
  ['Reduction.predict, decreasing offsets', () => reduction.predict(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['Reduction.predict, offsets past the arrays', () => reduction.predict(pastEnd), /^X: CSR offsets end at 5 but there are 1 indices and 1 values$/],
  ['Reduction.predict, negative column', () => reduction.predict(negative), /^X: row 0 has column -1/],
  ['BinaryRelevance.predict, decreasing offsets', () => relevance.predict(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['BinaryRelevance.predict, negative column', () => relevance.predict(negative), /^X: row 0 has column -1/],
  ['BinaryClassifier.scores, decreasing offsets', () => binary.scores(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['BinaryClassifier.scores, negative column', () => binary.scores(negative), /^X: row 0 has column -1/],
  ['Ranker.score, decreasing offsets', () => ranker.score(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['Ranker.score, negative column', () => ranker.score(negative), /^X: row 0 has column -1/],
  ['DecisionTree.predict, decreasing offsets', () => tree.predict(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['DecisionTree.probabilities, decreasing offsets', () => tree.probabilities(decreasing), /^X: CSR offsets decrease at row 1$/],
  ['DecisionTree.predict, negative column', () => tree.predict(negative), /^X: row 0 has column -1/],
  ['DecisionTree.probabilities, offsets past the arrays', () => tree.probabilities(pastEnd), /^X: CSR offsets end at 5/],
  ['Reduction.predict, 5 columns', () => reduction.predict([[1, 0, 0, 0, 0]]), /^X has 5 columns; the model was trained on 4$/],
  ['DecisionTree.predict, 3 columns', () => tree.predict([[1, 0, 0]]), /^X has 3 columns; the model was trained on 4$/],
  ['AdaBoostMH.predict, 5 columns', () => boost.predict([[1, 0, 0, 0, 0]]), /^X has 5 columns; the model was trained on 4$/],
  ['Ranker.score, 5 columns', () => ranker.score([[1, 0, 0, 0, 0]]), /^X has 5 columns; the model was trained on 4$/],
  ['Reduction.predict, NaN', () => reduction.predict([[NaN, 0, 0, 0]]), /^X: row 0 has a non-finite value \(nan\) at column 0$/],
  ['AdaBoostMH.predict, NaN', () => boost.predict([[0, NaN, 0, 0]]), /^X: row 0 has a non-finite value \(nan\) at column 1$/],
  ['Multiclass.fit, one class', () => new am.Multiclass().fit(X, X.map(() => 3)), /^y: every training label is 3/],
  ['SequenceTagger.fit, an empty sentence', () => new am.SequenceTagger().fit([['a', 'b'], [], ['c']], [['X', 'Y'], [], ['X']]),
    /^sequence 1 is empty; every training sequence needs at least one token$/],
  ['DenseSequenceTagger.fit, an empty sequence', () => new am.DenseSequenceTagger().fit([[[1, 0], [0, 1]], []], [['A', 'B'], []]),
    /^sequence 1 is empty; every training sequence needs at least one position$/],
  ['readLibsvm, negative minCols', () => am.io.readLibsvm('1 1:1\n', { minCols: -1 }), /^minCols must be an integer ≥ 0; got -1$/],
  ['readMultilabel, negative minCols', () => am.io.readMultilabel('1 1:1\n', { minCols: -3 }), /^minCols must be an integer ≥ 0; got -3$/],
  ['readLetor, negative minCols', () => am.io.readLetor('1 qid:1 1:1\n', { minCols: -1 }), /^minCols must be an integer ≥ 0; got -1$/],
  ['readMultilabel, l1,,l2', () => am.io.readMultilabel('0 1:1\n1,,2 1:1\n'), /^line 2: empty label in '1,,2' \(the line starts at byte offset 6\)$/],
  ['readMultilabel, a trailing comma', () => am.io.readMultilabel('1, 1:1\n'), /^line 1: empty label in '1,' \(the line starts at byte offset 0\)$/],
  ['averageCost, a negative cost', () => am.metrics.averageCost([0, 1], [1, 0], [[0, -1], [1, 0]]), /cost matrix entry \[0\]\[1\] must be finite and non-negative; got -1$/],
  ['marginLoss, a NaN margin', () => am.metrics.marginLoss([1, NaN], 1), /^margin 1 is nan, expected a finite number$/],
];
for (const [name, call, message] of issueCases) {
  test(`issue case: ${name}`, () => {
    assert.throws(call, (e) => e instanceof Error && message.test(e.message));
    stillWorks({ name: 'Multiclass' }, dense, Array.from(dense.predict(X)));
    assert.deepEqual(Array.from(dense.predict(X)), y);
  });
}

test('what the readers and metrics accept is unchanged: labels-free lines, non-negative costs', () => {
  const d = am.io.readMultilabel(' 1:1\n2,0 2:1\n', { minCols: 4 });
  assert.deepEqual(d.labelSets, [[], [0, 2]]);
  assert.equal(d.cols, 4);
  assert.equal(am.metrics.averageCost([0, 1, 1], [1, 1, 0], [[0, 2], [5, 0]]), 7 / 3);
  assert.equal(am.metrics.marginLoss([2, 0.5, -1, 0], 1), 2.5 / 4);
});
