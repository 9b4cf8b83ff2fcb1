// One failing call of each kind the C++ core rejects, for the leak tests in Node (leaks.test.mjs) and
// Chromium (tests/e2e). No imports: the browser test loads this file's text as a module.
//   errorKinds(am) → [{ name, fail() (throws), message: RegExp the error must match }]

// FNV-1a, 64-bit, as model bytes are checksummed (src/core/hash.hpp).
export function fnv1a64(bytes) {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
}

// Model bytes cut `cut` bytes before the end of their payload, with a valid checksum, so the loader parses
// everything before the cut and fails deep inside the payload.
export function truncatedModel(bytes, cut = 4) {
  const payload = bytes.subarray(0, bytes.length - 8 - cut);
  const out = new Uint8Array(payload.length + 8);
  out.set(payload);
  new DataView(out.buffer).setBigUint64(payload.length, fnv1a64(payload), true);
  return out;
}

const X = [[0, 1], [1, 0], [2, 2], [3, 1], [0, 2], [3, 0]], y = [1, 2, 1, 2, 1, 2];
const sets = y.map((l) => [l]);
const sentences = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps']], tags = [['D', 'N', 'V'], ['D', 'N', 'V']];
const frames = [[[0, 1], [1, 0], [1, 1]], [[1, 0], [0, 1], [1, 1]]];
const token = (id, form, misc = '_') => `${id}\t${form}\t_\t_\t_\t_\t_\t_\t_\t${misc}\n`;
const treebank = `# text = ab cd.\n${token(1, 'ab')}${token(2, 'cd', 'SpaceAfter=No')}${token(3, '.')}\n`;

// A tiny trained model of every class (and so of every saved kind): name → () => model.
const texts = ['a red apple', 'green apples', 'a fast car', 'old cars', 'ripe apple', 'the car'];
const textLabels = ['fruit', 'fruit', 'car', 'car', 'fruit', 'car'];

export function tinyModels(am) {
  return {
    Multiclass: () => new am.Multiclass({}).fit(X, y),
    Reduction: () => new am.Reduction().fit(X, y),
    DecisionTree: () => new am.DecisionTree().fit(X, y),
    AdaBoostMH: () => new am.AdaBoostMH({ rounds: 5 }).fit(X, y),
    BinaryRelevance: () => new am.BinaryRelevance().fit(X, sets),
    BinaryClassifier: () => new am.BinaryClassifier().fit(X, y.map((l) => (l === 1 ? 1 : -1))),
    SequenceTagger: () => new am.SequenceTagger({ epochs: 2 }).fit(sentences, tags),
    DenseSequenceTagger: () => new am.DenseSequenceTagger({ epochs: 2 }).fit(frames, tags),
    Ranker: () => new am.Ranker().fit([{ features: X, relevance: [0, 1, 2, 0, 1, 2] }]),
    Tokenizer: () => new am.Tokenizer({ maxIter: 5 }).fit(treebank),
    TextClassifier: () => new am.TextClassifier().fit(texts, textLabels),
    TextVectorizer: () => new am.TextVectorizer({ hashBits: 0 }).fit(texts),
  };
}

export function errorKinds(am) {
  const withBad = (value) => [[value, 1], ...X.slice(1)];

  const fits = [
    ['Multiclass', () => new am.Multiclass({}), (m) => m.fit(withBad(NaN), y), /non-finite/],
    ['Reduction', () => new am.Reduction(), (m) => m.fit(withBad(NaN), y), /non-finite/],
    ['DecisionTree', () => new am.DecisionTree(), (m) => m.fit(withBad(Infinity), y), /non-finite/],
    ['AdaBoostMH', () => new am.AdaBoostMH({ rounds: 5 }), (m) => m.fit(withBad(NaN), y), /non-finite/],
    ['BinaryRelevance', () => new am.BinaryRelevance(), (m) => m.fit(withBad(NaN), sets), /non-finite/],
    ['BinaryClassifier', () => new am.BinaryClassifier(), (m) => m.fit(X, y), /\+1 or -1/],
    ['SequenceTagger', () => new am.SequenceTagger({ epochs: 2 }), (m) => m.fit([], []), /no training sequences/],
    // (a non-finite value inside one sequence or query is refused in JS, which names its place: bindings/js/api/inputs.js)
    ['DenseSequenceTagger', () => new am.DenseSequenceTagger({ epochs: 2 }),
      (m) => m.fit([[[1, 1], [0, 1]], []], [['A', 'B'], []]), /sequence 1 is empty/],
    ['Ranker', () => new am.Ranker(), (m) => m.fit([{ features: X, relevance: [0, 1, 2, 0, 1, 2] }, { features: [], relevance: [] }]),
      /query 1 has no documents/],
    ['Tokenizer', () => new am.Tokenizer({ maxIter: 5 }), (m) => m.fit(`# text = a\n${token(1, 'b')}\n`), /no paragraph's tokens spell its text/],
    ['TextClassifier', () => new am.TextClassifier(), (m) => m.fit(texts, texts.map(() => 'one')), /every training label is 'one'/],
  ];
  const kinds = [];
  for (const [model, make, fit, message] of fits) {
    kinds.push({
      name: `${model}.fit`, message,
      fail() {
        const m = make();
        try { fit(m); } finally { m.dispose(); }
      },
    });
  }
  for (const [model, train] of Object.entries(tinyModels(am))) {
    const m = train(), bytes = truncatedModel(m.save());
    m.dispose();
    kinds.push({ name: `load ${model}`, message: /truncated or corrupt/, fail: () => am.load(bytes) });
  }
  kinds.push({ name: 'readConllu', message: /line 2: .*10 tab-separated fields/,
    fail: () => am.io.readConllu('1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n2\tdog\n') });
  kinds.push({ name: 'SequenceTagger template option', message: /feature template 'w\[0'/,
    fail: () => {
      const m = new am.SequenceTagger({ features: 'w[0' });
      try { m.fit(sentences, tags); } finally { m.dispose(); }
    } });
  return kinds;
}

// Trains and predicts on separable data; returns the training accuracy (1 when the module is healthy).
export function healthCheck(am) {
  const X = [[10, 0], [9, 1], [0, 10], [1, 9], [-10, -10], [-9, -10]], y = [1, 1, 2, 2, 3, 3];
  const m = new am.Multiclass({}).fit(X, y);
  try {
    const p = m.predict(X);
    return p.filter((label, i) => label === y[i]).length / y.length;
  } finally { m.dispose(); }
}

// Runs kind.fail() `count` times; returns the memory in use before and after (after one warm-up call, so
// lazily built tables are not counted) and how many errors did not match kind.message.
export function repeatError(am, kind, count) {
  const run = () => {
    try { kind.fail(); } catch (e) { return kind.message.test(e?.message); }
    return false;
  };
  run();
  const before = am.memoryUsage();
  let mismatches = 0;
  for (let i = 0; i < count; ++i) if (!run()) ++mismatches;
  return { before, after: am.memoryUsage(), mismatches };
}
