// argmax/text: TextClassifier and TextVectorizer through the JS API, its CLI, and the bad input of issue #37.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/text.js';
import { init as initFull } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();
const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));

// Fruit, vehicles and weather: ten short texts each, every one with words of its topic only.
const TOPICS = {
  fruit: ['apple', 'banana', 'cherry', 'ripe', 'sweet', 'juice'],
  vehicle: ['car', 'truck', 'wheel', 'engine', 'drive', 'road'],
  weather: ['rain', 'snow', 'cloud', 'storm', 'sunny', 'wind'],
};
const texts = [], labels = [];
for (let i = 0; i < 10; ++i) {
  for (const [label, words] of Object.entries(TOPICS)) {
    texts.push(`${words[i % 6]} and ${words[(i + 2) % 6]} today`);
    labels.push(label);
  }
}
const sum = (a) => a.reduce((s, x) => s + x, 0);

test('TextClassifier: string labels, probabilities, top k, explain, save and load', () => {
  const model = new am.TextClassifier().fit(texts, labels);
  assert.deepEqual(model.classes, ['fruit', 'vehicle', 'weather']);
  assert.equal(model.multilabel, false);
  const probe = ['a sweet cherry', 'my truck on the road', 'storm and wind'];
  assert.deepEqual(model.predict(probe), ['fruit', 'vehicle', 'weather']);
  const p = model.probabilities(probe);
  for (let i = 0; i < 3; ++i) assert.ok(Math.abs(sum(Array.from(p.subarray(3 * i, 3 * i + 3))) - 1) < 1e-5);
  const top = model.top('a sweet cherry', 2);
  assert.equal(top.length, 2);
  assert.equal(top[0].label, 'fruit');
  assert.ok(top[0].probability > top[1].probability && top[0].probability > 0.4);

  const { label, contributions } = model.explain('a sweet cherry', { k: 5 });
  assert.equal(label, 'fruit');
  assert.equal(contributions.length, 5);
  const words = contributions.flatMap((c) => c.ngrams.filter((g) => g.kind === 'word').map((g) => g.text));
  assert.ok(words.includes('cherry') || words.includes('sweet'), `explained by ${JSON.stringify(contributions)}`);
  assert.equal(model.explain('a sweet cherry', { label: 'weather', k: 1 }).label, 'weather');
  assert.throws(() => model.explain('x', { label: 'boats' }), /label the string "boats" is not one of the model's classes/);

  const again = am.load(model.save());
  assert.ok(again instanceof am.TextClassifier);
  assert.deepEqual(Array.from(again.probabilities(probe)), Array.from(p));
  assert.deepEqual(again.options, model.options);
  assert.equal(model.options.charSpan, 'text');
  again.dispose();
  model.dispose();
});

test('TextClassifier: explain({ label }) reads the model\'s heaviest weights, named by training n-grams under hashing', () => {
  const model = new am.TextClassifier({ heaviestNgrams: 4 }).fit(texts, labels);
  const { label, contributions } = model.explain({ label: 'fruit', k: 6 });
  assert.equal(label, 'fruit');
  assert.equal(contributions.length, 6);
  for (let i = 1; i < 6; ++i) assert.ok(Math.abs(contributions[i - 1].weight) >= Math.abs(contributions[i].weight));
  // the four kept for the class are named, each by an n-gram of the training texts
  const joined = texts.join(' ');
  for (const c of contributions.slice(0, 4)) {
    assert.equal(c.ngrams.length, 1, JSON.stringify(c));
    assert.ok(joined.includes(c.ngrams[0].text), `${c.ngrams[0].text} is not in the training texts`);
    assert.equal(c.value, undefined);
  }
  const again = am.load(model.save());
  assert.deepEqual(again.explain({ label: 'fruit', k: 6 }), model.explain({ label: 'fruit', k: 6 }));
  assert.throws(() => model.explain({ k: 3 }), /explain without a text needs \{ label \}/);
  assert.throws(() => model.explain({ label: 'boats' }), /label the string "boats" is not one of the model's classes/);
  assert.throws(() => model.explain({ label: 'fruit', k: -1 }), /k/);
  const unnamed = new am.TextClassifier({ heaviestNgrams: 0 }).fit(texts, labels);
  assert.deepEqual(unnamed.explain({ label: 'fruit', k: 3 }).contributions.map((c) => c.ngrams), [[], [], []]);
  assert.ok(model.save().length > unnamed.save().length);
  for (const m of [model, again, unnamed]) m.dispose();
});

test('TextClassifier: label sets (binary relevance), an empty set for some texts', () => {
  const sets = labels.map((l, i) => (i % 7 === 0 ? [] : i % 4 === 0 ? [l, 'weather'] : [l]));
  const texts2 = texts.map((t, i) => (i % 4 === 0 ? `${t} in the rain` : t));
  const model = new am.TextClassifier({ learner: 'linear' }).fit(texts2, sets);
  assert.equal(model.multilabel, true);
  const predicted = model.predict(['cherry juice', 'truck in the storm and rain']);
  assert.deepEqual(predicted[0], ['fruit']);
  assert.ok(predicted[1].includes('weather'));
  const p = model.probabilities(['cherry juice']);
  assert.ok(p[0] > 0.5 && p[1] < 0.5, `label probabilities ${Array.from(p)}`);
  assert.deepEqual(am.load(model.save()).predict(['cherry juice', 'truck in the storm and rain']), predicted);
  model.dispose();
});

test('TextVectorizer: TF-IDF rows by hand, and rows that any model of the full entry reads', async () => {
  const v = new am.TextVectorizer({ wordNgrams: [1], startWords: 0, startPairs: 0, charNgrams: [], hashBits: 0 }).fit(['a b', 'A a, c']);
  assert.deepEqual(v.vocabulary, [{ kind: 'word', text: 'a' }, { kind: 'word', text: 'b' }, { kind: 'word', text: 'c' }]);
  const rows = v.transform(['a b', 'd']);
  assert.deepEqual(Array.from(rows.offsets), [0, 2, 2]);  // "d" was never seen in training
  const entries = [0, 1].map((p) => [rows.indices[p], rows.values[p]]).sort((x, y) => x[0] - y[0]);
  // idf(a) = ln(3/3) + 1 = 1, idf(b) = ln(3/2) + 1; unit length
  const b = Math.log(1.5) + 1;
  assert.deepEqual(entries.map((e) => e[0]), [0, 1]);
  assert.ok(Math.abs(entries[0][1] - 1 / Math.hypot(1, b)) < 1e-6 && Math.abs(entries[1][1] - b / Math.hypot(1, b)) < 1e-6);
  assert.equal(am.load(v.save()).features, 3);
  v.dispose();
  // by default the first word and the first two again, marked as the text's start, and the first word with each of
  // the next six
  const start = new am.TextVectorizer({ wordNgrams: [1], charNgrams: [], hashBits: 0 }).fit(['What is x?']);
  assert.deepEqual(start.vocabulary.map((g) => g.text), ['^ what', '^ what is', '^ what … is', '^ what … x', 'is', 'what', 'x']);
  start.dispose();

  const full = await initFull();
  const tv = new full.TextVectorizer().fit(texts);
  const X = tv.transform(texts);
  const classes = labels.map((l) => Object.keys(TOPICS).indexOf(l));
  const m = new full.Multiclass().fit(X, classes);
  assert.deepEqual(Array.from(m.predict(tv.transform(['ripe apple']))), [0]);
  m.dispose();
  tv.dispose();
});

test('bad input: a clear error, or a defined answer, and the module keeps working', () => {
  const model = new am.TextClassifier().fit(texts, labels);
  const refuse = () => {
    assert.throws(() => model.predict(['fine', 42]), { name: 'TypeError', message: 'texts[1] is 42, not a string' });
    assert.throws(() => model.predict('one text'), /texts must be an array of strings/);
    assert.throws(() => model.predict(['ok', 'bad \ud800 half']), { name: 'RangeError', message: /texts\[1\] has a lone surrogate at index 4/ });
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], ['x', 7]), /labels\[1\] is 7, not a label \(a string\)/);
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], ['x', '']), /labels\[1\] is the empty string/);
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], [[], []]), /every label set is empty/);
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], [['x'], 'y']), /labels\[1\] is the string "y", not a label set/);
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], ['x']), /labels has 1 entries, expected 2/);
    assert.throws(() => new am.TextClassifier().fit([], []), /needs training texts/);
    assert.throws(() => new am.TextVectorizer().fit([]), /the text vectorizer needs training texts \(got none\)/);
    assert.throws(() => new am.TextClassifier().fit(['a', 'b'], ['x', 'x']), /^Error: labels: every training label is 'x'; a model of a single class always predicts it/);
    assert.throws(() => new am.TextClassifier({ wordNgrams: [2, 1] }).fit(texts, labels), /ascending/);
    assert.throws(() => new am.TextClassifier({ colour: 'red' }), /unknown option 'colour'/);
  };
  refuse();  // the first call builds the option tables, once
  const before = am.memoryUsage().heapInUse;
  refuse();
  assert.equal(am.memoryUsage().heapInUse, before, 'the refused calls leave the heap where it was');

  // the empty text, and a text of no training n-gram: the prior (a third each here)
  const prior = model.probabilities(['', '%%%']);
  for (const p of prior) assert.ok(Math.abs(p - 1 / 3) < 1e-6);
  assert.equal(model.predict([''])[0], 'fruit');  // the most frequent class, ties to the first
  assert.deepEqual(model.explain('').contributions, []);
  // NUL separates words like any character that is not a letter or digit
  assert.deepEqual(Array.from(model.scores(['sweet\u0000cherry'])), Array.from(model.scores(['sweet cherry'])));
  // 10 MB of text, and one character repeated: bounded time
  const started = performance.now();
  const big = 'apple truck rain '.repeat(600000);
  assert.equal(model.predict([big]).length, 1);
  assert.equal(model.predict(['a'.repeat(1 << 20)]).length, 1);
  assert.ok(model.explain('apple truck rain '.repeat(60000), { k: 3 }).contributions.length === 3);
  assert.ok(performance.now() - started < 20000, 'linear in the text');
  assert.deepEqual(model.predict(['ripe banana']), ['fruit']);
  model.dispose();
});

test('argmax train text: TSV and JSON lines; predict and eval', () => {
  const dir = tempDir('text');
  const tsv = join(dir, 'train.tsv'), jsonl = join(dir, 'sets.jsonl'), out = join(dir, 'm.bin'), sets = join(dir, 's.bin');
  writeFileSync(tsv, texts.map((t, i) => `${labels[i]}\t${t}`).join('\n') + '\n');
  writeFileSync(jsonl, texts.map((t, i) => JSON.stringify(i % 3 ? { text: t, label: labels[i] } : { text: t, labels: [labels[i], 'any'] })).join('\n'));
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const trained = run('train', 'text', '--train', tsv, '--model', out, '--set', 'charNgrams=2,3', '--train-accuracy', '--json');
  assert.equal(trained.status, 0, trained.stderr);
  assert.equal(JSON.parse(trained.stdout).accuracy, 1);
  assert.equal(am.load(readFileSync(out)).options.charNgrams.join(), '2,3');
  const predicted = run('predict', '--model', out, '--data', tsv);
  assert.equal(predicted.status, 0, predicted.stderr);
  assert.deepEqual(predicted.stdout.trim().split('\n'), labels);
  const evaluated = run('eval', '--model', out, '--data', tsv, '--json');
  assert.equal(JSON.parse(evaluated.stdout).accuracy, 1);

  const multi = run('train', 'text', '--train', jsonl, '--model', sets, '--train-accuracy', '--json');
  assert.equal(multi.status, 0, multi.stderr);
  assert.ok(JSON.parse(multi.stdout).micro_f1 > 0.9);
  assert.equal(am.load(readFileSync(sets)).multilabel, true);

  writeFileSync(tsv, 'no tab here\n');
  const bad = run('train', 'text', '--train', tsv, '--model', out);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /line 1 has no tab: expected label<TAB>text/);

  writeFileSync(tsv, 'fruit\tred apple\nfruit\tgreen pear\n');  // one class: refused unless --allow-single-class
  assert.match(run('train', 'text', '--train', tsv, '--model', out).stderr, /every training label is 'fruit'.*--allow-single-class/);
  assert.equal(run('train', 'text', '--train', tsv, '--model', out, '--allow-single-class').status, 0);
  assert.deepEqual(am.load(readFileSync(out)).predict(['fast car']), ['fruit']);
});
