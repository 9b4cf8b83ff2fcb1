// The options object of a call (fit, tag, explain, identify, search, …) refuses a key it does not read, as a
// constructor refuses an unknown option: { worker: 2 } is an error naming the known keys, not a fit on one thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { init, initSearch } from '../../bindings/js/index.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { X, y, queries, sequences, sequenceTags } from './tiny-data.mjs';

const am = await init();
const search = await initSearch();
const words = [['the', 'dog', 'runs'], ['a', 'cat', 'sleeps']];
const wordTags = [['DET', 'NOUN', 'VERB'], ['DET', 'NOUN', 'VERB']];

// Each call site: a call with an unknown key, the keys its error must list, and the same call without it.
const CASES = [
  ['Multiclass fit', (o) => new am.Multiclass().fit(X, y, o), 'onProgress, allowSingleClass, workers, signal'],
  ['Reduction fit', (o) => new am.Reduction().fit(X, y, o), 'onProgress, workers'],
  ['SequenceTagger fit', (o) => new am.SequenceTagger().fit(words, wordTags, o), 'onProgress, warmStart, workers, signal, allowSingleClass'],
  ['SequenceTagger tag', (o) => new am.SequenceTagger().fit(words, wordTags).tag(words, o), 'bio, forced'],
  ['DenseSequenceTagger tag', (o) => new am.DenseSequenceTagger().fit(sequences, sequenceTags).tag(sequences, o), 'bio, forced'],
  ['Ranker fit', (o) => new am.Ranker().fit(queries, o), 'onProgress, valid, lambdas, evalK, workers, signal'],
  ['TextClassifier fit', (o) => new am.TextClassifier().fit(['red apple', 'fast car'], ['fruit', 'car'], o), 'onProgress, allowSingleClass'],
  ['TextClassifier explain', (o) => new am.TextClassifier().fit(['red apple', 'fast car'], ['fruit', 'car']).explain('apple', o), 'label, k'],
  ['ndcg', (o) => am.metrics.ndcg([0.5, 0.2], [1, 0], o), 'k, convention'],
];

for (const [name, call, known] of CASES) {
  test(`${name} refuses an unknown option naming the known ones, and works after`, () => {
    assert.throws(() => call({ worker: 2 }), (e) => e instanceof TypeError
      && e.message.includes(`unknown option 'worker' in `) && e.message.includes(`(known: ${known})`));
    assert.doesNotThrow(() => call({ worker: undefined }));   // a key left undefined is no option, as in a constructor's
    assert.doesNotThrow(() => call(undefined));
  });
}

test('identify, languageIdentifier and a search refuse an unknown option, and work after', async () => {
  const identifier = await am.pretrained.languageIdentifier();
  assert.throws(() => identifier.identify('the dog runs in the park', { amongst: ['en'] }),
    /unknown option 'amongst' in identify options \(known: among\)/);
  assert.equal(identifier.identify('the dog runs in the park', { among: ['en', 'fr'] }).language, 'en');
  await assert.rejects(am.pretrained.languageIdentifier({ models: 'x' }), /unknown option 'models' in languageIdentifier options \(known: model\)/);
  const index = new search.SearchIndex({ fields: ['t'] }).add([{ id: 'a', t: 'pump valve' }, { id: 'b', t: 'rotor' }]);
  assert.throws(() => index.search('pump', { top: 1 }), /unknown option 'top'/);
  assert.deepEqual(index.search('pump', { k: 1 }).map((h) => h.id), ['a']);
});

test('a worker trains the models whose fit takes no onProgress, and refuses an unknown fit option', async () => {
  const worker = new TrainingWorker();
  try {
    for (const model of ['DecisionTree', 'BinaryClassifier']) {
      const labels = model === 'DecisionTree' ? y : y.map((c) => (c ? 1 : -1));
      const { bytes } = await worker.train({ model, args: [X, labels] });
      const trained = am.load(bytes), local = new am[model]().fit(X, labels);
      assert.deepEqual(trained.predict(X), local.predict(X), model);
      trained.dispose(); local.dispose();
    }
    await assert.rejects(worker.train({ model: 'Multiclass', args: [X, y], fitOptions: { worker: 2 } }), /unknown option 'worker' in fit options/);
  } finally {
    worker.terminate();
  }
});

// Every call site declares exactly the keys it destructures, so a key cannot be read and left undeclared (it
// would then be refused when given): `const { a, b: c, d = 1 } = optionsObject(x, name, 'a b d')` and
// `optionsObject(x, name, 'a').a`.
test('each options object declares the keys its call site reads', () => {
  const dir = fileURLToPath(new URL('../../bindings/js/', import.meta.url));
  const files = readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js'));
  // The names a destructuring pattern binds at its top level ('a, b: c, d = [1, 2]' → a, b, d).
  const topLevelNames = (pattern) => {
    const parts = [''];
    let depth = 0;
    for (const ch of pattern) {
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) depth--;
      if (ch === ',' && depth === 0) parts.push('');
      else parts[parts.length - 1] += ch;
    }
    return parts.map((p) => p.trim().match(/^\w+/)[0]);
  };
  let checked = 0;
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const [, pattern, keys] of source.matchAll(/const \{ ([^\n]*?) \} = optionsObject\(\w+, (?:'[^']*'|`[^`]*`), '([\w ]+)'\)/g)) {
      assert.deepEqual(keys.split(' '), topLevelNames(pattern), `${file}: { ${pattern} }`);
      checked++;
    }
    for (const [, keys, read] of source.matchAll(/optionsObject\(\w+, (?:'[^']*'|`[^`]*`), '([\w ]+)'\)\.(\w+)/g)) {
      assert.equal(keys, read, file);
      checked++;
    }
    // a destructuring without a rest (...rest, checked by an option table) must declare its keys
    const undeclared = [...source.matchAll(/const \{ ([^\n]*?) \} = optionsObject\(\w+, ('[^']*'|`[^`]*`)\)/g)].filter(([, p]) => !p.includes('...'));
    assert.deepEqual(undeclared.map((m) => m[0]), [], file);
  }
  assert.ok(checked >= 30, `only ${checked} call sites found`);
});
