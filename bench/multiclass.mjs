// Linear multiclass benchmark: the wasm build in Node, the native build of the same core, and
// LIBLINEAR (`liblinear-train -s 4 -B 1`, Debian's liblinear-tools) when installed, on the LIBSVM sets in
// ../shared/data/multiclass. Prints one markdown table; never fails on speed. Times are the best of
// RUNS runs (the machines are shared); wasm's first run in the process is also shown ("cold": it
// includes the JIT's tier-up from baseline to optimised code).
//   node bench/multiclass.mjs [--data DIR] [--C 1] [--sets letter,usps,dna,sector] [--no-liblinear]
// With --times N (e.g. 100) every feature value is multiplied by N, as unscaled data would be, and only `cs`
// with its defaults runs, beside `liblinear-train -s 4` with its defaults.
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data/multiclass'));
const C = Number(arg('C', '1'));
const sets = {
  letter: ['letter/letter.scale', 'letter/letter.scale.t'],
  usps: ['usps/usps', 'usps/usps.t'],
  dna: ['dna/dna.scale', 'dna/dna.scale.t'],
  sector: ['sector/sector.scale', 'sector/sector.t.scale'],
};
const chosen = arg('sets', Object.keys(sets).join(',')).split(',');
const times = Number(arg('times', '1'));
const RUNS = Number(arg('runs', '3'));
const native = join(root, 'build/native/bench_multiclass');
const hasLiblinear = !process.argv.includes('--no-liblinear') && spawnSync('sh', ['-c', 'command -v liblinear-train'], { encoding: 'utf8' }).status === 0;

if (!existsSync(dataDir)) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }
const am = await init();

function wasmRun(train, test, algo, options) {
  const tr = am.io.readLibsvm(readFileSync(train, 'utf8'));
  const te = am.io.readLibsvm(readFileSync(test, 'utf8'));
  const X = (d) => ({ offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols });
  const times = [];
  let model;
  for (let run = 0; run < RUNS; ++run) {
    model?.dispose();
    const t0 = performance.now();
    model = new am.Multiclass({ trainer: algo, ...options }).fit(X(tr), tr.labels);
    times.push((performance.now() - t0) / 1000);
  }
  const t1 = performance.now();
  const predicted = model.predict(X(te));
  const t2 = performance.now();
  let correct = 0;
  predicted.forEach((p, i) => { correct += p === te.labels[i]; });
  model.dispose();
  return { accuracy: correct / te.rows, train_seconds: Math.min(...times), cold_seconds: times[0], predict_per_second: te.rows / ((t2 - t1) / 1000) };
}

const best = (runs, key) => runs.reduce((a, b) => (b[key] < a[key] ? b : a));

function nativeRun(train, test, algo, options) {
  if (!existsSync(native)) return null;
  const args = [train, test, algo, ...Object.entries(options).map(([k, v]) => `${k}=${v}`)];
  const runs = Array.from({ length: RUNS }, () => JSON.parse(execFileSync(native, args, { encoding: 'utf8' }).trim()));
  return best(runs, 'train_seconds');
}

function liblinearRun(train, test, options = ['-c', String(C), '-B', '1']) {  // the bias feature of ours
  if (!hasLiblinear) return null;
  const dir = mkdtempSync(join(tmpdir(), 'argmax-bench-'));
  let seconds = Infinity;
  for (let run = 0; run < RUNS; ++run) {
    const t0 = performance.now();
    execFileSync('liblinear-train', ['-q', '-s', '4', ...options, train, join(dir, 'model')], { maxBuffer: 1 << 30 });
    seconds = Math.min(seconds, (performance.now() - t0) / 1000);
  }
  const out = execFileSync('liblinear-predict', [test, join(dir, 'model'), join(dir, 'out')], { encoding: 'utf8' });
  return { accuracy: Number(/Accuracy = ([\d.]+)%/.exec(out)[1]) / 100, train_seconds: seconds };
}

const pct = (x) => (x == null ? '–' : (100 * x).toFixed(2));
const sec = (x) => (x == null ? '–' : x.toFixed(3));
const ratio = (a, b) => (a == null || b == null ? '–' : (a / b).toFixed(2));
const kps = (x) => (x == null ? '–' : (x / 1000).toFixed(0));
// A copy of a LIBSVM file with every feature value multiplied by `times`.
const scratch = mkdtempSync(join(tmpdir(), 'argmax-times-'));
function multiplied(file) {
  const out = join(scratch, `${file.split('/').at(-1)}.x${times}`);
  writeFileSync(out, readFileSync(file, 'utf8').replace(/:(\S+)/g, (_, v) => `:${Number(v) * times}`));
  return out;
}

const rows = [];
if (times !== 1) {
  for (const name of chosen) {
    const [train, test] = (sets[name] ?? []).map((f) => join(dataDir, f));
    if (!train || !existsSync(train) || !existsSync(test)) { rows.push(`| ${name} | (absent) |`); continue; }
    const [tr, te] = [multiplied(train), multiplied(test)];
    const w = wasmRun(tr, te, 'dcd', {}), n = nativeRun(tr, te, 'dcd', {}), l = liblinearRun(tr, te, []);
    rows.push(`| ${name} ×${times} | ${pct(w.accuracy)} | ${pct(n?.accuracy)} | ${pct(l?.accuracy)} | ${sec(w.train_seconds)} | ${sec(n?.train_seconds)} | ${sec(l?.train_seconds)} | ${ratio(w.train_seconds, l?.train_seconds)} | ${ratio(n?.train_seconds, l?.train_seconds)} |`);
  }
  console.log(`Crammer–Singer with every default (ours: cs; LIBLINEAR: liblinear-train -s 4), features ×${times}; test
accuracy (%) and training seconds (best of ${RUNS}; LIBLINEAR's time is its whole process, reading included).

| set | acc wasm | acc native | acc liblinear | train s wasm | train s native | train s liblinear | wasm/liblinear | native/liblinear |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`);
  process.exit(0);
}
for (const name of chosen) {
  const [train, test] = (sets[name] ?? []).map((f) => join(dataDir, f));
  if (!train || !existsSync(train) || !existsSync(test)) { rows.push(`| ${name} | (absent) |`); continue; }
  for (const [algo, options] of [['dcd', { C }], ['pegasos', { lambda: 1e-4, epochs: 20 }], ['sgd', { epochs: 20 }], ['perceptron', { epochs: 50, average: true }]]) {
    const w = wasmRun(train, test, algo, options), n = nativeRun(train, test, algo, options);
    const l = algo === 'dcd' ? liblinearRun(train, test) : null;
    rows.push(`| ${name} | ${algo} | ${pct(w.accuracy)} | ${pct(n?.accuracy)} | ${pct(l?.accuracy)} | ${sec(w.train_seconds)} | ${sec(w.cold_seconds)} | ${sec(n?.train_seconds)} | ${sec(l?.train_seconds)} | ${ratio(w.train_seconds, n?.train_seconds)} | ${ratio(w.train_seconds, l?.train_seconds)} | ${kps(w.predict_per_second)} | ${kps(n?.predict_per_second)} |`);
  }
}
console.log(`Linear multiclass, test accuracy (%) and training seconds (best of ${RUNS}); C = ${C} and a bias feature 1 for dcd and LIBLINEAR -s 4 -B 1.
LIBLINEAR's time is the whole liblinear-train process (reading included); ours exclude reading.

| set | trainer | acc wasm | acc native | acc liblinear | train s wasm | wasm cold | train s native | train s liblinear | wasm/native | wasm/liblinear | kpred/s wasm | kpred/s native |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`);
