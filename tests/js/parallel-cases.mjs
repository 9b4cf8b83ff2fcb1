// Shared by tests/js/parallel*.test.mjs and tests/e2e/determinism.test.mjs: a small tagging corpus, labelled points,
// graded queries, and the digests of models trained on several workers by parameter mixing and by exact parallel
// gradients (the same in Node and in Chromium).

// A linear congruential generator: next(n) draws from 0..n−1.
const generator = (seed) => {
  let s = seed;
  return (n) => ((s = (s * 1103515245 + 12345) % 2147483648) >> 8) % n;
};

// Sentences over 12 words whose tag depends on the word and on the tag before it.
export function corpus(m, seed) {
  const next = generator(seed);
  const sentences = [], tags = [];
  for (let i = 0; i < m; ++i) {
    const words = [], labels = [];
    for (let t = 0, n = 1 + next(7); t < n; ++t) {
      const w = next(12);
      words.push(`w${w}`);
      labels.push(w < 4 ? 'A' : w < 8 ? 'B' : t > 0 && labels[t - 1] === 'A' ? 'C' : 'B');
    }
    sentences.push(words), tags.push(labels);
  }
  return { sentences, tags };
}

// m points in [-1, 1]² labelled 0, 1, 2 by the nearest of three centres, those within `gap` of a tie dropped
// (with gap > 0 the classes are linearly separable, given a bias), and a fraction `noise` of labels drawn at random.
export function points(m, seed, { gap = 0, noise = 0 } = {}) {
  const next = generator(seed), uniform = () => next(1 << 20) / (1 << 20);
  const centres = [[-0.6, -0.5], [0.7, -0.4], [0, 0.7]];
  const X = [], y = [];
  while (X.length < m) {
    const x = [2 * uniform() - 1, 2 * uniform() - 1];
    const d = centres.map(([a, b]) => Math.hypot(x[0] - a, x[1] - b));
    const sorted = [...d].sort((a, b) => a - b);
    if (sorted[1] - sorted[0] < gap) continue;
    X.push(x), y.push(uniform() < noise ? next(3) : d.indexOf(sorted[0]));
  }
  return { X, y };
}

// m queries of 2..9 documents in [-1, 1]³ graded 0..3 by a hidden linear score plus noise; the first two documents
// of each are graded 1 and 0, so every query has a relevant document and two grades.
export function queries(m, seed) {
  const next = generator(seed), uniform = () => next(1 << 20) / (1 << 20);
  return Array.from({ length: m }, () => {
    const features = [], relevance = [];
    for (let d = 0, r = 2 + next(8); d < r; ++d) {
      const x = [2 * uniform() - 1, 2 * uniform() - 1, 2 * uniform() - 1];
      features.push(x);
      relevance.push(d < 2 ? 1 - d : Math.min(3, Math.floor(x[0] - 0.5 * x[1] + 0.25 * x[2] + 1.5 + 0.3 * uniform())));
    }
    return { features, relevance };
  });
}

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

// SHA-256 of the saved bytes of taggers trained on 2 and 3 workers (the perceptron, pegasos on the hinge loss, sgd on the log loss), of
// a multiclass sgd model trained on 2 and of an ndcg ranker trained by sgd on 2.
export async function mixedDigests(am) {
  const { sentences, tags } = corpus(300, 11);
  const out = {};
  for (const [name, options, workers] of [['perceptron', { seed: 5, epochs: 5 }, 2],
    ['pegasos hinge', { seed: 5, trainer: 'pegasos', loss: 'hinge', lambda: 0.01, epochs: 4 }, 3],
    ['sgd log', { seed: 5, trainer: 'sgd', loss: 'log', epochs: 3 }, 2], ['lbfgs log', { trainer: 'lbfgs', loss: 'log', maxIter: 15 }, 2]]) {
    const tagger = await new am.SequenceTagger(options).fit(sentences, tags, { workers });
    out[`${name}×${workers}`] = hex(await crypto.subtle.digest('SHA-256', tagger.save()));
    tagger.dispose();
  }
  const { X, y } = points(400, 12, { noise: 0.1 });
  const model = await new am.Multiclass({ trainer: 'sgd', epochs: 4 }).fit(X, y, { workers: 2 });
  out['multiclass-sgd×2'] = hex(await crypto.subtle.digest('SHA-256', model.save()));
  model.dispose();
  const ranker = await new am.Ranker({ trainer: 'sgd', epochs: 4 }).fit(queries(100, 13), { workers: 2 });
  out['ranker-sgd×2'] = hex(await crypto.subtle.digest('SHA-256', ranker.save()));
  ranker.dispose();
  return out;
}
