// Whole-set bipartite ranking (SSBD 17.5; Joachims 2005): one imbalanced binary problem = one group, trained
// for F1 by the 1-slack cutting plane (the Ranker's default for measure=f1), beside the linear SVM and logistic
// regression users would run instead (the LIBLINEAR solvers of this library: linear dcd = -s 1, the -s 2
// objective; linear newton = the -s 0 objective) and LIBLINEAR itself (`liblinear-train -s 2` and `-s 0`, with -B 1 for
// an intercept, scores read from the weights of its model file) when installed, each with C = 1 and C tuned on
// the last 20% of the training split.
// Reports F1 of score > 0, the best-cutoff F1 (the cutoff chosen on the test split, an upper bound for any
// threshold rule), AUC, P@k (k = the number of test positives), training seconds (wasm) and oracle calls.
// --classes all runs every class of letter and usps against the rest instead (36 problems), one row each:
// the Ranker's F1 of score > 0 beside LIBLINEAR's best-cutoff F1 at C = 1 and tuned, so that one problem's
// luck does not decide the comparison.
//   node bench/bipartite.mjs [--data DIR] [--C 1000] [--scale minmax|standard] [--classes all]
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data/multiclass'));
const structuredC = arg('C', undefined);
const scale = arg('scale', 'none');
const everyClass = arg('classes', 'one') === 'all';
const LIMIT = 10000;  // training examples
const letter = { files: ['letter/letter.scale', 'letter/letter.scale.t'], name: (label) => `letter ${String.fromCharCode(64 + label)}`, labels: 26, first: 1 };
const usps = { files: ['usps/usps', 'usps/usps.t'], name: (label) => `usps ${label}`, labels: 10, first: 0 };
// One class against the rest: letter 'A' (label 1, 3.9%), usps digit 9 (label 9: this copy's labels are the
// digits, 8.8%); or every class.
const problems = [letter, usps].flatMap((set) =>
  (everyClass ? Array.from({ length: set.labels }, (_, i) => i + set.first) : [set === letter ? 1 : 9])
    .map((positive) => ({ name: `${set.name(positive)} vs rest`, files: set.files, positive })));
if (!existsSync(dataDir)) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }
const am = await init();

function load(file, positive, limit = Infinity) {
  const d = am.io.readLibsvm(readFileSync(join(dataDir, file), 'utf8'));
  const m = Math.min(d.rows, limit);
  const rows = [], y = new Int32Array(m);
  for (let i = 0; i < m; ++i) {
    const row = new Float32Array(d.cols);
    for (let p = d.offsets[i]; p < d.offsets[i + 1]; ++p) row[d.indices[p]] = d.values[p];
    rows.push(row);
    y[i] = d.labels[i] === positive ? 1 : -1;
  }
  return { rows, y, cols: d.cols };
}
const dense = (rows, cols) => {
  const data = new Float32Array(rows.length * cols);
  rows.forEach((r, i) => data.set(r, i * cols));
  return { data, rows: rows.length, cols };
};

function measures(scores, y) {
  const P = y.reduce((a, v) => a + (v > 0), 0), N = y.length - P;
  let a = 0, b = 0;
  scores.forEach((s, i) => { if (s > 0) (y[i] > 0 ? a++ : b++); });
  const f1 = (tp, fp) => (2 * tp) / (2 * tp + fp + (P - tp));
  const order = Array.from(scores.keys()).sort((u, v) => scores[v] - scores[u]);
  let tp = 0, fp = 0, best = 0, auc = 0, precisionAtK = 0;
  order.forEach((i, q) => {
    if (y[i] > 0) ++tp; else { ++fp; auc += tp; }
    best = Math.max(best, f1(tp, fp));
    if (q + 1 === P) precisionAtK = tp / P;
  });
  return { f1: f1(a, b), best_f1: best, auc: auc / (P * N), p_at_k: precisionAtK };
}

const timed = (fn) => { const t0 = performance.now(); const out = fn(); return [out, (performance.now() - t0) / 1000]; };

function svm(trainer, C, train, cols) {
  return new am.BinaryClassifier({ trainer, C }).fit(dense(train.rows, cols), train.y);
}

// LIBLINEAR: trains `-s solver -c C -B 1` on the rows and returns a scorer read from its model file (w, then the
// intercept's weight; the first label of the file's `label` line is the one scored positive).
const hasLiblinear = spawnSync('sh', ['-c', 'command -v liblinear-train'], { encoding: 'utf8' }).status === 0;
const scratch = mkdtempSync(join(tmpdir(), 'argmax-bipartite-'));
function liblinear(solver, C, train) {
  const file = join(scratch, 'train'), model = join(scratch, 'model');
  writeFileSync(file, train.rows.map((r, i) => `${train.y[i]}${Array.from(r, (v, j) => (v ? ` ${j + 1}:${v}` : '')).join('')}`).join('\n') + '\n');
  execFileSync('liblinear-train', ['-q', '-s', String(solver), '-c', String(C), '-B', '1', file, model]);
  const text = readFileSync(model, 'utf8').split('\n');
  const sign = Number(text.find((l) => l.startsWith('label')).split(' ')[1]) > 0 ? 1 : -1;
  const w = text.slice(text.indexOf('w') + 1).filter((l) => l.trim()).map(Number);
  const bias = w.pop();
  return { scores: (rows) => rows.map((r) => sign * (r.reduce((a, v, j) => a + v * (w[j] ?? 0), 0) + bias)) };
}

// A baseline: fit(C, data) trains on { rows, y } and returns scores(rows), to be called once.
const baselines = [
  ...['dcd', 'newton'].map((trainer) => ({ method: `linear ${trainer}`, fit: (C, data, cols) => {
    const model = svm(trainer, C, data, cols);
    return { scores: (rows) => { const s = model.scores(dense(rows, cols)); model.dispose(); return s; } };
  } })),
  ...(hasLiblinear ? [2, 0] : []).map((solver) => ({ method: `liblinear-train -s ${solver} -B 1`, fit: (C, data) => liblinear(solver, C, data) })),
];
// The first 80% of the training examples to fit, the last 20% to choose on.
function split(train) {
  const cut = Math.floor(train.y.length * 0.8);
  return [{ rows: train.rows.slice(0, cut), y: train.y.slice(0, cut) }, { rows: train.rows.slice(cut), y: train.y.slice(cut) }];
}
// The C of a baseline, by validation F1 of score > 0 on the last 20% of the training examples.
function tuned(baseline, train, cols) {
  const [fit, hold] = split(train);
  let bestC = 1, bestF1 = -1;
  for (const C of [0.01, 0.1, 1, 10, 100]) {
    const f = measures(baseline.fit(C, fit, cols).scores(hold.rows), hold.y).f1;
    if (f > bestF1) bestF1 = f, bestC = C;
  }
  return bestC;
}
// The plug-in rule for overlapping classes: linear dcd (C = 1) fitted on 80%, the F1-maximising cut chosen on the
// held-out 20% by am.metrics.bestCut; returns the test scores minus the cut (predict positive where > 0).
function plugIn(train, testX, cols) {
  const [fit, hold] = split(train);
  const model = svm('dcd', 1, fit, cols);
  const { cut } = am.metrics.bestCut(model.scores(dense(hold.rows, cols)), hold.y);
  const scores = model.scores(testX).map((s) => s - cut);
  model.dispose();
  return scores;
}
function ranker(train, testX, C) {
  const options = { measure: 'f1', scale, ...(C === undefined ? {} : { C }) };
  const [model, seconds] = timed(() => new am.Ranker(options).fit([{ features: train.rows, relevance: Array.from(train.y, (v) => (v > 0 ? 1 : 0)) }]));
  const out = { scores: model.score(testX), seconds, training: model.training };
  model.dispose();
  return out;
}

const lines = everyClass
  ? ['| problem | positive | Ranker f1: F1 (score > 0) | rounds | train s | SVM C=1: best-cutoff F1 | SVM tuned: C, best-cutoff F1 | Ranker ≥ C=1 | Ranker ≥ tuned | linear dcd C=1 + bestCut on held-out: F1 |', '|---|---:|---:|---:|---:|---:|---:|---|---|---:|']
  : ['| problem | method | F1 (score > 0) | best-cutoff F1 | AUC | P@k | train s | oracle calls |', '|---|---|---|---|---|---|---|---|'];
const gaps = [];
for (const p of problems) {
  if (!p.files.every((f) => existsSync(join(dataDir, f)))) continue;
  const train = load(p.files[0], p.positive, LIMIT), test = load(p.files[1], p.positive);
  const cols = Math.max(train.cols, test.cols);
  const testX = dense(test.rows, cols);
  const positive = `${(100 * train.y.filter((v) => v > 0).length / train.y.length).toFixed(1)}%`;
  if (everyClass) {
    // The SVM users would run: LIBLINEAR -s 2 itself when installed, else this library's solver of its objective.
    const svmBaseline = baselines.find((b) => b.method.startsWith('liblinear-train -s 2')) ?? baselines[0];
    const atOne = measures(svmBaseline.fit(1, train, cols).scores(test.rows), test.y).best_f1;
    const C = tuned(svmBaseline, train, cols);
    const atTuned = measures(svmBaseline.fit(C, train, cols).scores(test.rows), test.y).best_f1;
    const r = ranker(train, testX, structuredC === undefined ? undefined : Number(structuredC));
    const f1 = measures(r.scores, test.y).f1;
    const plugged = measures(plugIn(train, testX, cols), test.y).f1;
    gaps.push({ one: f1 - atOne, tuned: f1 - atTuned, plugIn: plugged - atOne, overPlugIn: f1 - plugged });
    lines.push(`| ${p.name} | ${positive} | ${f1.toFixed(4)} | ${r.training.iterations}${r.training.converged ? '' : ' (cap)'}${r.training.warning ? ', warns' : ''} | ${r.seconds.toFixed(2)} | ${atOne.toFixed(4)} | ${C}: ${atTuned.toFixed(4)} | ${f1 >= atOne ? 'yes' : 'no'} | ${f1 >= atTuned ? 'yes' : 'no'} | ${plugged.toFixed(4)} |`);
    continue;
  }
  const row = (method, scores, seconds, calls = '') => {
    const m = measures(scores, test.y);
    lines.push(`| ${p.name} (${train.y.length} train, ${positive} positive) | ${method} | ${m.f1.toFixed(4)} | ${m.best_f1.toFixed(4)} | ${m.auc.toFixed(4)} | ${m.p_at_k.toFixed(4)} | ${seconds.toFixed(2)} | ${calls} |`);
  };
  for (const baseline of baselines) {
    const [atOne, seconds] = timed(() => baseline.fit(1, train, cols));
    row(`${baseline.method} C=1`, atOne.scores(test.rows), seconds);
    const C = tuned(baseline, train, cols);
    const [atTuned, s2] = timed(() => baseline.fit(C, train, cols));
    row(`${baseline.method} C=${C} (tuned)`, atTuned.scores(test.rows), s2);
  }
  const r = ranker(train, testX, structuredC === undefined ? undefined : Number(structuredC));
  row(`Ranker f1, cutting plane, C=${structuredC ?? 'auto'}${scale === 'none' ? '' : `, scale=${scale}`}${r.training.converged ? '' : ' (not converged)'}`, r.scores, r.seconds, r.training.iterations);
}
console.log(lines.join('\n'));
if (gaps.length) {
  const mean = (key) => (gaps.reduce((a, g) => a + g[key], 0) / gaps.length).toFixed(4);
  const met = (key) => gaps.filter((g) => g[key] >= 0).length;
  console.log(`\nRanker F1 (score > 0) at least the SVM's best-cutoff F1: ${met('one')} of ${gaps.length} problems at C = 1 (mean difference ${mean('one')}), ${met('tuned')} of ${gaps.length} at the tuned C (mean difference ${mean('tuned')}); linear dcd + bestCut on held-out at least it: ${met('plugIn')} of ${gaps.length} (mean difference ${mean('plugIn')}); the Ranker at least linear dcd + bestCut: ${met('overPlugIn')} of ${gaps.length} (mean difference ${mean('overPlugIn')})`);
}
