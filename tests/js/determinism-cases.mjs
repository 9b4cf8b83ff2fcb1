// Seeded training runs whose saved bytes must be identical wherever they run (Node, Chromium, native).
// No imports: the browser test loads this file's text as a module.
//   await savedDigests(am) → { name: SHA-256 hex of the saved model }

// Deterministic pseudo-random numbers in [0, 1) (a 32-bit LCG), so both sides make the same data.
function lcg(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

function data() {
  const rand = lcg(7), k = 4, d = 12;
  const X = [], y = [];
  for (let i = 0; i < 300; ++i) {
    const label = i % k;
    X.push(Array.from({ length: d }, (_, j) => (j % k === label ? 1 : 0) + rand() - 0.5));
    y.push(label);
  }
  const words = ['the', 'a', 'dog', 'cat', 'runs', 'sleeps', 'big', 'small', 'quickly', '.'];
  const tagOf = ['D', 'D', 'N', 'N', 'V', 'V', 'A', 'A', 'R', 'P'];
  const sentences = [], tags = [];
  for (let i = 0; i < 80; ++i) {
    const n = 2 + Math.floor(rand() * 8), s = [];
    for (let t = 0; t < n; ++t) s.push(Math.floor(rand() * words.length));
    sentences.push(s.map((w) => words[w]));
    tags.push(s.map((w) => tagOf[w]));
  }
  const queries = [];
  for (let q = 0; q < 20; ++q) {
    const features = [], relevance = [];
    for (let i = 0; i < 15; ++i) {
      const row = Array.from({ length: 6 }, () => rand());
      features.push(row);
      relevance.push(Math.min(2, Math.floor(row[0] * 2 + row[1] + rand() * 0.5)));
    }
    queries.push({ features, relevance });
  }
  return { X, y, sentences, tags, queries };
}

export async function savedDigests(am) {
  const { X, y, sentences, tags, queries } = data();
  const runs = {
    'multiclass pegasos': () => new am.Multiclass({ trainer: 'pegasos', epochs: 5, seed: 3 }).fit(X, y),
    'multiclass dcd': () => new am.Multiclass({ seed: 3 }).fit(X, y),
    'sequence perceptron': () => new am.SequenceTagger({ trainer: 'perceptron', epochs: 4, seed: 3 }).fit(sentences, tags),
    'sequence lbfgs log': () => new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', maxIter: 50 }).fit(sentences, tags),
    'ranking ndcg': () => new am.Ranker({ measure: 'ndcg', epochs: 5, seed: 3 }).fit(queries),
  };
  const out = {};
  for (const [name, train] of Object.entries(runs)) {
    const model = train(), bytes = model.save();
    model.dispose();
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    out[name] = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  return out;
}
