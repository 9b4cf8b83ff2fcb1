// Kernel multiclass benchmark (native build): the dual kernel Crammer–Singer SVM beside LIBSVM's one-vs-one
// C-SVC (`svm-train`, Debian's libsvm-tools) at the same RBF γ and C, and the linear Crammer–Singer on
// random Fourier features z(x) of the same γ, on the LIBSVM sets in ../shared/data/multiclass. Prints one
// markdown table; never fails on speed. One run per row (minutes each on letter); the machines are shared.
//   node bench/kernels.mjs [--data DIR] [--sets letter,usps] [--subsample N] [--rff 1000,4000] [--cache 200]
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
for (const name of chosen) {
  const set = sets[name];
  const [fullTrain, test] = (set?.files ?? []).map((f) => join(dataDir, f));
  if (!fullTrain || !existsSync(fullTrain) || !existsSync(test)) { rows.push(`| ${name} | (absent) |`); continue; }
  const train = trainingFile(fullTrain, name);
  const m = readFileSync(train, 'utf8').split('\n').filter(Boolean).length;
  const label = `${name} (${m} train)`, params = `C=${set.C} γ=${set.gamma}`;
  const k = json(kernelDriver, [train, test, 'kernel=rbf', `gamma=${set.gamma}`, `C=${set.C}`, `cache=${cache}`]);
  rows.push(`| ${label} | kernel C–S, ${params} | ${pct(k.accuracy)} | ${sec(k.train_seconds)} | ${sec(k.predict_seconds)} | ${k.support_vectors} | ${k.passes}${k.converged ? '' : ' (cap)'} |`);
  const l = libsvm(train, test, set);
  rows.push(`| ${label} | LIBSVM one-vs-one, ${params} | ${pct(l?.accuracy)} | ${sec(l?.train_seconds)} | – | ${l?.support_vectors ?? '–'} | – |`);
  for (const D of features) {
    const r = json(linearDriver, [train, test, 'dcd', `rff=${D}`, `gamma=${set.gamma}`, `C=${set.C}`]);
    rows.push(`| ${label} | linear C–S on ${D} random features, ${params} | ${pct(r.accuracy)} | ${sec(r.train_seconds)} | – | – | – |`);
  }
}
console.log(`Kernel multiclass (native build), test accuracy (%), training seconds (one run; LIBSVM's includes reading
the file, ours do not), prediction seconds for the test set (fastest of three), support vectors (LIBSVM counts each
once over its k(k−1)/2 binary machines), passes.

| set | method | accuracy | train s | predict s | support vectors | passes |
|---|---|---|---|---|---|---|
${rows.join('\n')}`);
