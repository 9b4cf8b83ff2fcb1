// Kernel multiclass benchmark (native build): the dual kernel Crammer–Singer SVM beside LIBSVM's one-vs-one
// C-SVC (`svm-train`, Debian's libsvm-tools) at the same RBF γ and C, and the linear Crammer–Singer on
// random Fourier features z(x) of the same γ, on the LIBSVM sets in ../shared/data/multiclass. Prints one
// markdown table; never fails on speed. One run per row (minutes each on letter); the machines are shared.
// With --defaults (on unless --defaults 0), also the kernel C–S with its defaults (C = 1, scale auto, γ from the
// data) beside the old defaults (γ = 1, no scaling), and the defaults on the same rows moved to 0..100
// (50·(x + 1), every feature written out), which must match the defaults on the rows as shipped.
//   node bench/kernels.mjs [--data DIR] [--sets letter,usps] [--subsample N] [--rff 1000,4000] [--cache 200]
//                          [--defaults 1] [--tuned 1]
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data/multiclass'));
// γ and C per set: letter's are Hsu, Chang & Lin's grid-search optimum for the scaled set (C = 2⁴, γ = 2²).
const sets = {
  letter: { files: ['letter/letter.scale', 'letter/letter.scale.t'], C: 16, gamma: 4 },
  usps: { files: ['usps/usps', 'usps/usps.t'], C: 10, gamma: 0.03 },
};
const chosen = arg('sets', Object.keys(sets).join(',')).split(',');
const subsample = Number(arg('subsample', '0'));  // 0 = the whole training set
const features = arg('rff', '1000,4000').split(',').filter(Boolean).map(Number);
const cache = arg('cache', '200');
const defaults = arg('defaults', '1') !== '0', tuned = arg('tuned', '1') !== '0';
const kernelDriver = join(root, 'build/native/bench_kernels'), linearDriver = join(root, 'build/native/bench_multiclass');
const hasLibsvm = spawnSync('sh', ['-c', 'command -v svm-train'], { encoding: 'utf8' }).status === 0;

if (!existsSync(dataDir)) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }
if (!existsSync(kernelDriver)) { console.log('build the native drivers first: node .ci/build.mjs --native'); process.exit(0); }
const scratch = mkdtempSync(join(tmpdir(), 'argmax-kernels-'));

// The first n lines of a training file (LIBSVM files list examples in no class order).
function trainingFile(path, name) {
  if (!subsample) return path;
  const out = join(scratch, `${name}.train`);
  writeFileSync(out, readFileSync(path, 'utf8').split('\n').filter(Boolean).slice(0, subsample).join('\n') + '\n');
  return out;
}

// The same rows with every feature x of `cols` as 50·(x + 1): [-1, 1] becomes [0, 100] (absent features too).
function in0to100(path, cols, name) {
  const out = join(scratch, name);
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [label, ...pairs] = line.trim().split(/\s+/);
    const x = new Float64Array(cols);
    for (const p of pairs) { const [j, v] = p.split(':'); x[Number(j) - 1] = Number(v); }
    return `${label} ${Array.from(x, (v, j) => `${j + 1}:${+(50 * (v + 1)).toFixed(4)}`).join(' ')}`;
  });
  writeFileSync(out, lines.join('\n') + '\n');
  return out;
}
function columns(path) {
  let cols = 0;
  for (const line of readFileSync(path, 'utf8').split('\n'))
    for (const p of line.trim().split(/\s+/).slice(1)) cols = Math.max(cols, Number(p.split(':')[0]));
  return cols;
}

const json = (program, args) => JSON.parse(execFileSync(program, args, { encoding: 'utf8', maxBuffer: 1 << 26 }).trim());

function libsvm(train, test, { C, gamma }) {
  if (!hasLibsvm) return null;
  const model = join(scratch, 'libsvm.model'), out = join(scratch, 'libsvm.out');
  const t0 = performance.now();
  execFileSync('svm-train', ['-q', '-c', String(C), '-g', String(gamma), '-m', cache, train, model]);
  const seconds = (performance.now() - t0) / 1000;
  const report = execFileSync('svm-predict', [test, model, out], { encoding: 'utf8' });
  const sv = Number(/^total_sv (\d+)/m.exec(readFileSync(model, 'utf8'))[1]);
  return { accuracy: Number(/Accuracy = ([\d.]+)%/.exec(report)[1]) / 100, train_seconds: seconds, support_vectors: sv };
}

const pct = (x) => (x == null ? '–' : (100 * x).toFixed(2));
const sec = (x) => (x == null ? '–' : x.toFixed(1));
const rows = [];
const keep = rows.push.bind(rows);
rows.push = (row) => { console.error(row); return keep(row); };  // each row as soon as it is measured
for (const name of chosen) {
  const set = sets[name];
  const [fullTrain, test] = (set?.files ?? []).map((f) => join(dataDir, f));
  if (!fullTrain || !existsSync(fullTrain) || !existsSync(test)) { rows.push(`| ${name} | (absent) |`); continue; }
  const train = trainingFile(fullTrain, name);
  const m = readFileSync(train, 'utf8').split('\n').filter(Boolean).length;
  const label = `${name} (${m} train)`, params = `C=${set.C} γ=${set.gamma}`;
  const kernelRow = (what, files, options) => {
    const k = json(kernelDriver, [...files, 'kernel=rbf', ...options, `cache=${cache}`]);
    rows.push(`| ${label} | ${what(k)} | ${pct(k.accuracy)} | ${sec(k.train_seconds)} | ${sec(k.predict_seconds)} | ${k.support_vectors} | ${k.passes}${k.converged ? '' : ' (cap)'} |`);
  };
  if (tuned) {
    kernelRow(() => `kernel C–S, ${params}`, [train, test], [`gamma=${set.gamma}`, `C=${set.C}`]);
    const l = libsvm(train, test, set);
    rows.push(`| ${label} | LIBSVM one-vs-one, ${params} | ${pct(l?.accuracy)} | ${sec(l?.train_seconds)} | – | ${l?.support_vectors ?? '–'} | – |`);
    for (const D of features) {
      const r = json(linearDriver, [train, test, 'dcd', `rff=${D}`, `gamma=${set.gamma}`, `C=${set.C}`]);
      rows.push(`| ${label} | linear C–S on ${D} random features, ${params} | ${pct(r.accuracy)} | ${sec(r.train_seconds)} | – | – | – |`);
    }
  }
  if (defaults) {
    const g = (k) => +k.gamma.toPrecision(3);
    kernelRow(() => 'kernel C–S, old defaults (C=1 γ=1, no scaling)', [train, test], ['gamma=1', 'scale=none']);
    kernelRow((k) => `kernel C–S, defaults (C=1, γ from the data: ${g(k)})`, [train, test], []);
    const cols = columns(train);
    const raw = [in0to100(train, cols, `${name}.raw.train`), in0to100(test, cols, `${name}.raw.test`)];
    kernelRow((k) => `kernel C–S, defaults, features moved to 0..100 (γ ${g(k)} on the auto-scaled rows)`, raw, []);
    kernelRow(() => 'kernel C–S, old defaults, features moved to 0..100', raw, ['gamma=1', 'scale=none']);
    for (const D of features.slice(0, 1)) {
      const r = json(linearDriver, [train, test, 'dcd', `rff=${D}`]);
      rows.push(`| ${label} | linear C–S on ${D} random features, defaults (C=1, γ from the data) | ${pct(r.accuracy)} | ${sec(r.train_seconds)} | – | – | – |`);
    }
  }
}
console.log(`Kernel multiclass (native build), test accuracy (%), training seconds (one run; LIBSVM's includes reading
the file, ours do not), prediction seconds for the test set (fastest of three), support vectors (LIBSVM counts each
once over its k(k−1)/2 binary machines), passes.

| set | method | accuracy | train s | predict s | support vectors | passes |
|---|---|---|---|---|---|---|
${rows.join('\n')}`);
