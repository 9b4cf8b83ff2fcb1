// Where the Reuters-21578 micro-F1 gap between argmax's text classifier and scikit-learn's TfidfVectorizer +
// LinearSVC comes from: each learner on each vectorizer's rows, in one run.
//   rows:    argmax's TextVectorizer (the multi-label defaults, or the options given as JSON) or scikit-learn's
//            word 1-2 + char_wb 2-5 TF-IDF FeatureUnion (bench/sklearn_text.py)
//   learner: argmax's BinaryRelevance (linear: dual CD on the squared hinge, C = 1, bias 1) or scikit-learn's
//            one-vs-rest LinearSVC (C = 1, intercept_scaling 1); both predict a label where its score is > 0
//   node bench/text-reuters-gap.mjs ['{"hashBits": 0}']
// Reads ../shared/data/text-reuters21578 (skips when absent); needs python3-sklearn.
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';
import { data, readReuters, f1Scores } from './text-data.mjs';

if (!existsSync(join(data, 'text-reuters21578'))) {
  console.log('Reuters: skipped (../shared/data/text-reuters21578 not found)');
  process.exit(0);
}
const here = fileURLToPath(new URL('.', import.meta.url));
const options = JSON.parse(process.argv[2] ?? '{}');
const am = await init();
const { train, test } = readReuters();
const labels = [...new Set(train.flatMap((s) => s.labels))].sort();

// CSR rows as three files (offsets, indices: int32; values: float32) and their column count, the format both
// sides read and write.
const parts = ['offsets', 'indices', 'values'];
function writeRows(dir, name, rows) {
  for (const p of parts) writeFileSync(join(dir, `${name}-${p}.bin`), rows[p]);
  writeFileSync(join(dir, `${name}-cols.json`), JSON.stringify(rows.cols));
}
function readRows(dir, name) {
  const bytes = (p) => { const b = readFileSync(join(dir, `${name}-${p}.bin`)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); };
  const offsets = new Int32Array(bytes('offsets'));
  return { offsets, indices: new Int32Array(bytes('indices')), values: new Float32Array(bytes('values')),
    rows: offsets.length - 1, cols: JSON.parse(readFileSync(join(dir, `${name}-cols.json`), 'utf8')) };
}

const dir = mkdtempSync(join(tmpdir(), 'argmax-reuters-'));
try {
  const vectorizer = new am.TextVectorizer(options).fit(train.map((s) => s.text));
  writeRows(dir, 'argmax-train', vectorizer.transform(train.map((s) => s.text)));
  writeRows(dir, 'argmax-test', vectorizer.transform(test.map((s) => s.text)));
  vectorizer.dispose();
  writeFileSync(join(dir, 'stories.json'), JSON.stringify({ train: train.map((s) => [s.labels, s.text]), test: test.map((s) => [s.labels, s.text]) }));
  const python = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
  const theirs = JSON.parse(execFileSync(python, [join(here, 'sklearn_text.py'), '--crossed', dir], { maxBuffer: 1 << 26 }).toString());
  if (theirs.skipped) { console.log(`scikit-learn: ${theirs.skipped}`); process.exit(0); }

  const ours = {};
  for (const rows of ['argmax', 'sklearn']) {
    const X = readRows(dir, `${rows}-train`), T = readRows(dir, `${rows}-test`);
    const model = new am.BinaryRelevance().fit(X, train.map((s) => s.labels.map((l) => labels.indexOf(l))), { labels: labels.length });
    const predicted = model.predict(T).map((set) => set.map((j) => labels[j]));
    ours[rows] = f1Scores(test.map((s) => s.labels), predicted, labels);
    model.dispose();
  }
  const pct = (x) => (100 * x).toFixed(2);
  const cell = (f) => `${pct(f.micro)} (${pct(f.macro)})`;
  console.log(`Reuters-21578 ModApte, ${train.length} / ${test.length} stories, ${labels.length} categories: micro-F1 (macro-F1)`);
  console.log(`argmax rows: ${JSON.stringify(options)}; scikit-learn ${theirs.sklearn}\n`);
  console.log('| rows | columns | argmax BinaryRelevance | scikit-learn LinearSVC |');
  console.log('|---|---:|---:|---:|');
  console.log(`| argmax TextVectorizer | ${readRows(dir, 'argmax-train').cols} | ${cell(ours.argmax)} | ${cell(theirs.argmax)} |`);
  console.log(`| scikit-learn TfidfVectorizer | ${theirs.columns} | ${cell(ours.sklearn)} | ${cell(theirs.sklearn_rows)} |`);
} finally { rmSync(dir, { recursive: true, force: true }); }
