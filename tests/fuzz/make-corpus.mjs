// Writes the loader target's seed corpus: a saved model of every kind (and a few variants of each), made
// with the built wasm module (model bytes are the same native and wasm).
//   node tests/fuzz/make-corpus.mjs OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../../bindings/js/index.js';
import { init as initSearch } from '../../bindings/js/search.js';
import { tinyModels } from '../js/error-kinds.mjs';

const out = process.argv[2];
if (!out) throw new Error('usage: node tests/fuzz/make-corpus.mjs OUT_DIR');
const am = await init();
const search = await initSearch();
const X = [[0, 1], [1, 0], [2, 2], [3, 1], [0, 2], [3, 0]], y = [1, 2, 3, 1, 2, 3];
const variants = {
  ...tinyModels(am),
  KernelRbf: () => new am.Multiclass({ kernel: 'rbf', gamma: 0.5 }).fit(X, y),
  KernelPoly: () => new am.Multiclass({ kernel: 'poly', degree: 2 }).fit(X, y),
  MulticlassRff: () => new am.Multiclass({ rff: 16, gamma: 0.5 }).fit(X, y),
  ReductionRff: () => new am.Reduction({ reduction: 'ova', rff: 8 }).fit(X, y),
  ReductionLearnedCode: () => new am.Reduction({ reduction: 'ecoc', decoding: 'learned', codeKernel: 'rbf' }).fit(X, y),
  MulticlassCost: () => new am.Multiclass({ trainer: 'sgd', cost: [[0, 1, 2], [1, 0, 1], [2, 1, 0]] }).fit(X, [0, 1, 2, 0, 1, 2]),
  ReductionEcocTree: () => new am.Reduction({ reduction: 'ecoc', code: 'exhaustive', learner: 'tree' }).fit(X, y),
  AdaBoostMultilabel: () => new am.AdaBoostMH({ rounds: 4 }).fit(X, [[0], [1, 2], [2], [0, 1], [], [2]]),
  TreeEntropy: () => new am.DecisionTree({ criterion: 'entropy', categorical: [0] }).fit(X, y),
  BinaryStump: () => new am.BinaryClassifier({ learner: 'stump' }).fit(X, [1, -1, 1, -1, 1, -1]),
  TaggerHashed: () => new am.SequenceTagger({ epochs: 1, hashBits: 10 }).fit([['a', 'b'], ['b', 'a']], [['X', 'Y'], ['Y', 'X']]),
  TaggerCompact: () => new am.SequenceTagger({ epochs: 2, weightBits: 8, l1: 0.001, lexicon: 'a\tDT\nb\tNN\tnoun\n' })
    .fit([['a', 'b'], ['b', 'a']], [['X', 'Y'], ['Y', 'X']]),
  TaggerCrfsuite: () => new am.SequenceTagger({ epochs: 1, features: 'crfsuite' }).fit([['a', 'b'], ['b', 'a']], [['X', 'Y'], ['Y', 'X']]),
  TaggerGlobal: () => new am.SequenceTagger({ epochs: 1, global: 'has before lexicon', globalWords: 'XY' })
    .fit([['a', 'b'], ['b', 'a']], [['X', 'Y'], ['Y', 'X']]),
  RankerF1: () => new am.Ranker({ measure: 'f1' }).fit([{ features: X, relevance: [1, 0, 1, 0, 0, 1] }]),
  RankerRff: () => new am.Ranker({ measure: 'ndcg', rff: 8, gamma: 0.5 }).fit([{ features: X, relevance: [2, 0, 1, 0, 0, 1] }]),
  DenseTaggerRff: () => new am.DenseSequenceTagger({ epochs: 1, rff: 8 }).fit([X.slice(0, 3), X.slice(3)], [['A', 'B', 'A'], ['B', 'A', 'B']]),
  BinaryKernel: () => new am.BinaryClassifier({ learner: 'kernel', kernel: 'poly', degree: 2 }).fit(X, [1, -1, 1, -1, 1, -1]),
  ReductionKernel: () => new am.Reduction({ reduction: 'allpairs', learner: 'kernel' }).fit(X, y),
  SearchIndex: () => new search.SearchIndex({ fields: ['title', 'body'], numericFields: ['year'], language: 'none' })
    .add([{ id: 'd1', title: 'a b', body: 'b c a b', year: 1 }, { id: 'd2', title: 'c', body: 'a a c', year: 2 }, { id: 'd3', title: '', body: 'b', year: 3 }]),
};
mkdirSync(out, { recursive: true });
for (const [name, train] of Object.entries(variants)) {
  const model = train();
  writeFileSync(join(out, `${name}.bin`), model.save());
  model.dispose();
}
console.log(`${Object.keys(variants).length} models in ${out}`);
