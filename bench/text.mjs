// Text classification beside scikit-learn (TfidfVectorizer word 1-2 + char_wb 2-5, LinearSVC C = 1, in the same
// run, on the texts this script parses): TREC question classification, coarse (6) and fine (50), and
// Reuters-21578 ModApte on its 90 categories (multi-label, micro- and macro-F1), with TextClassifier's defaults;
// the vectorizer's rows against TfidfVectorizer's; and vectorizing and predicting 10,000 tweet-sized texts.
//   node bench/text.mjs [trec] [reuters] [vectorizer] [speed]     (all by default)
// Reads ../shared/data/text-trec-qc and ../shared/data/text-reuters21578 (or $ARGMAX_DATA/…) and skips what is absent; scikit-learn's
// columns need python3-sklearn (bench/sklearn_text.py).
import { existsSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/text.js';
import { data, readTrec, readReuters, f1Scores } from './text-data.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const want = (name) => wanted.length === 0 || wanted.includes(name);
const am = await init();

function timed(f) {
  const t0 = performance.now();
  const result = f();
  return [result, (performance.now() - t0) / 1000];
}

const pct = (x) => (100 * x).toFixed(1);
const tasks = [], ours = [];

if (want('trec')) {
  if (!existsSync(join(data, 'text-trec-qc'))) console.log('TREC: skipped (../shared/data/text-trec-qc not found)');
  else {
    const train = readTrec('train_5500.label'), test = readTrec('TREC_10.label');
    for (const level of ['coarse', 'fine']) {
      const model = new am.TextClassifier();
      const [, seconds] = timed(() => model.fit(train.map((q) => q.text), train.map((q) => q[level])));
      const [predicted, predictSeconds] = timed(() => model.predict(test.map((q) => q.text)));
      const accuracy = predicted.filter((p, i) => p === test[i][level]).length / test.length;
      ours.push({ name: `TREC ${level}`, measure: 'accuracy', value: accuracy, seconds, predictSeconds, size: model.save().length });
      tasks.push({ name: `TREC ${level}`, kind: 'single', train: train.map((q) => [q[level], q.text]), test: test.map((q) => [q[level], q.text]) });
      model.dispose();
    }
  }
}

if (want('reuters')) {
  if (!existsSync(join(data, 'text-reuters21578'))) console.log('Reuters: skipped (../shared/data/text-reuters21578 not found)');
  else {
    const { train, test, categories } = readReuters();
    const model = new am.TextClassifier();
    const [, seconds] = timed(() => model.fit(train.map((s) => s.text), train.map((s) => s.labels)));
    const [predicted, predictSeconds] = timed(() => model.predict(test.map((s) => s.text)));
    const labels = [...new Set(train.flatMap((s) => s.labels))];
    const f1 = f1Scores(test.map((s) => s.labels), predicted, labels);
    ours.push({ name: `Reuters ModApte (${categories} categories, ${train.length} / ${test.length} stories)`, measure: 'micro-F1', value: f1.micro,
      macro: f1.macro, seconds, predictSeconds, size: model.save().length });
    tasks.push({ name: 'Reuters', kind: 'sets', train: train.map((s) => [s.labels, s.text]), test: test.map((s) => [s.labels, s.text]) });
    model.dispose();
  }
}

// The vectorizer's rows beside TfidfVectorizer's: TREC questions reduced to words of letters and digits (where
// both split words alike), word 1-2-grams and char_wb 2-5-grams in one vocabulary, one L2 norm per row (and none
// of the start's n-grams, which scikit-learn's analyzers do not make).
let vectorizer;
if (want('vectorizer') && existsSync(join(data, 'text-trec-qc'))) {
  const texts = readTrec('TREC_10.label').map((q) => q.text.replace(/[^A-Za-z0-9]+/g, ' ').trim()).filter(Boolean);
  const v = new am.TextVectorizer({ hashBits: 0, charSpan: 'word', charNgrams: [2, 3, 4, 5], normalize: 'whole', startWords: 0, startPairs: 0 }).fit(texts);
  const rows = v.transform(texts);
  const perRow = Array.from({ length: rows.rows }, (_, i) => {
    const row = [];
    for (let p = rows.offsets[i]; p < rows.offsets[i + 1]; ++p) row.push([rows.indices[p], rows.values[p]]);
    return row;
  });
  vectorizer = { texts, rows: perRow, vocabulary: v.vocabulary.map((g) => `${g.kind === 'word' ? 'w' : 'c'}:${g.text}`) };
  v.dispose();
}

let speed;
if (want('speed') && !existsSync(join(data, 'text-trec-qc'))) console.log('speed: skipped (its texts are TREC questions)');
else if (want('speed')) {
  // 10,000 tweet-sized texts: TREC questions, joined two by two (about 100 characters)
  const questions = readTrec('train_5500.label');
  const texts = Array.from({ length: 10000 }, (_, i) => `${questions[i % questions.length].text} ${questions[(7 * i + 3) % questions.length].text}`);
  const model = new am.TextClassifier().fit(questions.map((q) => q.text), questions.map((q) => q.coarse));
  // wall and CPU seconds (the CPU time of this process: on a shared machine the wall clock also counts the
  // others' work), the best of three
  let best = Infinity, cpu = Infinity;
  for (let r = 0; r < 3; ++r) {
    const before = process.cpuUsage();
    best = Math.min(best, timed(() => model.predict(texts))[1]);
    const used = process.cpuUsage(before);
    cpu = Math.min(cpu, (used.user + used.system) / 1e6);
  }
  speed = { texts: texts.length, characters: texts.reduce((s, t) => s + t.length, 0) / texts.length, seconds: best, cpu };
  model.dispose();
  // The native build on the same texts in the same run, when built (node .ci/build.mjs --native)
  const native = join(here, '../build/native/bench_text');
  if (existsSync(native)) {
    const dir = mkdtempSync(join(tmpdir(), 'argmax-text-'));
    try {
      const tsv = (rows) => rows.map(([label, text]) => `${label}\t${text}`).join('\n');
      writeFileSync(join(dir, 'train.tsv'), tsv(questions.map((q) => [q.coarse, q.text])));
      writeFileSync(join(dir, 'texts.tsv'), tsv(texts.map((t) => ['?', t])));
      const out = JSON.parse(execFileSync(native, [join(dir, 'train.tsv'), join(dir, 'texts.tsv')]).toString());
      speed.native = { seconds: out.predict_seconds, cpu: out.predict_cpu_seconds };
    } finally { rmSync(dir, { recursive: true, force: true }); }
  }
}

let sklearn = null;
if (tasks.length || vectorizer) {
  const dir = mkdtempSync(join(tmpdir(), 'argmax-text-'));
  try {
    writeFileSync(join(dir, 'tasks.json'), JSON.stringify({ tasks, ...(vectorizer ? { vectorizer } : {}) }));
    // Debian's python3 (python3-sklearn) unless PYTHON names another
    const python = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
    sklearn = JSON.parse(execFileSync(python, [join(here, 'sklearn_text.py'), join(dir, 'tasks.json')], { maxBuffer: 1 << 26 }).toString());
    if (sklearn.skipped) console.log(`scikit-learn: ${sklearn.skipped}`);
  } catch (e) {
    console.log(`scikit-learn: not run (${e.message.split('\n')[0]})`);
  } finally { rmSync(dir, { recursive: true, force: true }); }
}

if (ours.length) {
  console.log(`| data | measure | argmax (defaults) | scikit-learn ${sklearn?.sklearn ?? ''} | argmax train / predict s | scikit-learn train / predict s | argmax model |`);
  console.log('|---|---|---:|---:|---:|---:|---:|');
  ours.forEach((o, i) => {
    const s = sklearn?.tasks?.[i];
    const theirs = s ? (o.macro !== undefined ? `${pct(s.micro_f1)} (macro ${pct(s.macro_f1)})` : pct(s.accuracy)) : 'n/a';
    const mine = o.macro !== undefined ? `${pct(o.value)} (macro ${pct(o.macro)})` : pct(o.value);
    const sTimes = s ? `${s.train_seconds.toFixed(2)} / ${s.predict_seconds.toFixed(2)}` : 'n/a';
    console.log(`| ${o.name} | ${o.measure} | ${mine} | ${theirs} | ${o.seconds.toFixed(2)} / ${o.predictSeconds.toFixed(2)} | ${sTimes} | ${(o.size / 1e6).toFixed(1)} MB |`);
  });
}
if (sklearn?.vectorizer) {
  const v = sklearn.vectorizer;
  console.log(`\nvectorizer against TfidfVectorizer on ${v.texts} TREC questions: ${v.columns} columns (scikit-learn ${v.sklearn_columns}, ${v.missing} of ours not in its), largest difference ${v.largest_difference.toExponential(2)}`);
}
if (speed) {
  console.log(`\nvectorize + predict ${speed.texts} texts of ${speed.characters.toFixed(0)} characters (wasm, best of 3): `
    + `${speed.seconds.toFixed(3)} s wall, ${speed.cpu.toFixed(3)} s CPU`
    + (speed.native ? `; native build ${speed.native.seconds.toFixed(3)} s wall, ${speed.native.cpu.toFixed(3)} s CPU (wasm/native CPU ${(speed.cpu / speed.native.cpu).toFixed(2)}×)` : ''));
}
