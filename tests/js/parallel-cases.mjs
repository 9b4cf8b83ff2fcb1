// Shared by tests/js/parallel.test.mjs and tests/e2e/parallel.test.mjs: a small tagging corpus, and the digests of
// models trained on several workers by parameter mixing (the same in Node and in Chromium).

// Sentences over 12 words whose tag depends on the word and on the tag before it.
export function corpus(m, seed) {
  let s = seed;
  const next = (n) => ((s = (s * 1103515245 + 12345) % 2147483648) >> 8) % n;
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

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

// SHA-256 of the saved bytes of taggers trained on 2 and 3 workers (perceptron, ssvm by Pegasos, CRF by SGD).
export async function mixedDigests(am) {
  const { sentences, tags } = corpus(300, 11);
  const out = {};
  for (const [name, options, workers] of [['perceptron', { epochs: 5 }, 2], ['ssvm', { algo: 'ssvm', lambda: 0.01, epochs: 4 }, 3],
    ['crf-sgd', { algo: 'crf', solver: 'sgd', epochs: 3 }, 2]]) {
    const tagger = await new am.SequenceTagger({ seed: 5, ...options }).fit(sentences, tags, { workers });
    out[`${name}×${workers}`] = hex(await crypto.subtle.digest('SHA-256', tagger.save()));
    tagger.dispose();
  }
  return out;
}
