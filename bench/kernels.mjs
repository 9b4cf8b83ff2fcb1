// Kernel multiclass benchmark. The default group, `speed`: argmax's kernel SVMs in the wasm build (Node) beside
// LIBSVM's `svm-train` (Debian's libsvm-tools, native) in the same run, at the same RBF γ and C, on LIBSVM sets
// of three shapes from ../shared/data/multiclass: dna (2000 × 180, 0/1), usps (7291 × 256, scaled to [-1, 1] by
// svm-scale, as LIBSVM's practical guide says) and letter (15000 × 16, LIBSVM's scaled copy). Seconds are whole
// work: svm-train's process (reading the file, training, writing the model), and for argmax reading the text
// (am.io.readLibsvm) plus fit. Methods: all-pairs over the kernel learner (LIBSVM's one-vs-one decomposition, eps = LIBSVM's
// -e 0.001) and the kernel Crammer–Singer (eps 0.1, its default); with the native drivers built, the same two
// natively. Prints one markdown table with each row's ratio to svm-train; never fails on speed.
// Older groups (native build): `tuned` (the kernel C–S and random features at tuned (C, γ) on letter and usps
// as shipped) and `defaults` (the kernel C–S with its defaults beside the old ones, and on the rows moved to 0..100).
//   node bench/kernels.mjs [--data DIR] [--sets dna,usps,letter] [--groups speed,tuned,defaults] [--native 1]
//                          [--subsample N] [--rff 1000,4000] [--cache 200]
import { existsSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data/multiclass'));
const groups = arg('groups', 'speed').split(',');
const subsample = Number(arg('subsample', '0'));  // 0 = the whole training set
const features = arg('rff', '1000,4000').split(',').filter(Boolean).map(Number);
const cache = arg('cache', '200');
const kernelDriver = join(root, 'build/native/bench_kernels'), linearDriver = join(root, 'build/native/bench_multiclass');
const has = (program) => spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
const hasLibsvm = has('svm-train') && has('svm-predict');
const native = arg('native', '1') !== '0' && existsSync(kernelDriver);

if (!existsSync(dataDir)) { console.log(`skipped: ${dataDir} is absent`); process.exit(0); }
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
const seconds = (work) => { const t0 = performance.now(); const out = work(); return [out, (performance.now() - t0) / 1000]; };

// svm-train's whole process, then svm-predict's accuracy on the test file.
function libsvm(train, test, { C, gamma }) {
  if (!hasLibsvm) return null;
  const model = join(scratch, 'libsvm.model'), out = join(scratch, 'libsvm.out');
  const [, train_seconds] = seconds(() => execFileSync('svm-train', ['-q', '-c', String(C), '-g', String(gamma), '-m', cache, train, model]));
  const report = execFileSync('svm-predict', [test, model, out], { encoding: 'utf8' });
  const sv = Number(/^total_sv (\d+)/m.exec(readFileSync(model, 'utf8'))[1]);
  return { accuracy: Number(/Accuracy = ([\d.]+)%/.exec(report)[1]) / 100, train_seconds, support_vectors: sv };
}

const pct = (x) => (x == null ? '–' : (100 * x).toFixed(2));
const sec = (x) => (x == null ? '–' : x.toFixed(2));
// Table rows, each also printed to stderr as soon as it is measured.
const table = () => { const t = []; t.push = (...r) => { r.forEach((x) => console.error(x)); return Array.prototype.push.apply(t, r); }; return t; };

if (groups.includes('speed')) {
  // γ and C per set, the same for every method. dna and usps: LIBSVM's default γ = 1/features, C = 1 and 10;
  // letter: Hsu, Chang & Lin's grid-search optimum for the scaled set (C = 2⁴, γ = 2²).
  const speedSets = {
    dna: { files: ['dna/dna.scale', 'dna/dna.scale.t'], C: 1, gamma: 1 / 180 },
    usps: { files: ['usps/usps', 'usps/usps.t'], C: 10, gamma: 1 / 256, svmScale: true },
    letter: { files: ['letter/letter.scale', 'letter/letter.scale.t'], C: 16, gamma: 4 },
  };
  const am = await init();
  const speedRows = table();
  for (const name of arg('sets', Object.keys(speedSets).join(',')).split(',').filter((n) => speedSets[n])) {
    const set = speedSets[name];
    let [train, test] = set.files.map((f) => join(dataDir, f));
    if (!existsSync(train) || !existsSync(test)) { speedRows.push(`| ${name} | (absent) | | | | | |`); continue; }
    train = trainingFile(train, name);
    if (set.svmScale && has('svm-scale')) {  // [-1, 1] from the training rows' ranges, applied to the test rows
      const range = join(scratch, `${name}.range`), scaled = [join(scratch, `${name}.scale`), join(scratch, `${name}.scale.t`)];
      writeFileSync(scaled[0], execFileSync('svm-scale', ['-l', '-1', '-u', '1', '-s', range, train], { maxBuffer: 1 << 28 }));
      writeFileSync(scaled[1], execFileSync('svm-scale', ['-r', range, test], { maxBuffer: 1 << 28 }));
      [train, test] = scaled;
    }
    const m = readFileSync(train, 'utf8').split('\n').filter(Boolean).length;
    const label = `${name} (${m} train)`, params = `C=${set.C} γ=${+set.gamma.toPrecision(4)}`;
    const l = libsvm(train, test, set);
    speedRows.push(`| ${label} | LIBSVM svm-train (one-vs-one), ${params} | native | ${pct(l?.accuracy)} | ${sec(l?.train_seconds)} | 1 | ${l?.support_vectors ?? '–'} |`);
    const ratio = (s) => (l ? (s / l.train_seconds).toFixed(2) : '–');
    const kernelOptions = { kernel: 'rbf', gamma: set.gamma, C: set.C, cache: Number(cache) };
    const methods = [
      ['all-pairs over the kernel learner', 'allpairs', () => new am.Reduction({ reduction: 'allpairs', learner: 'kernel', scale: 'none', learnerOptions: { ...kernelOptions, eps: 0.001 } })],
      ['kernel Crammer–Singer', 'cs', () => new am.Multiclass({ ...kernelOptions, scale: 'none', decomposition: 'crammer-singer' })],
    ];
    for (const [what, method, make] of methods) {
      let cols = 0;
      const [model, s] = seconds(() => {
        const tr = am.io.readLibsvm(readFileSync(train, 'utf8'));
        cols = tr.cols;
        return make().fit({ offsets: tr.offsets, indices: tr.indices, values: tr.values, cols }, tr.labels);
      });
      const te = am.io.readLibsvm(readFileSync(test, 'utf8'), { minCols: cols });
      const predicted = model.predict({ offsets: te.offsets, indices: te.indices, values: te.values, cols: te.cols });
      const accuracy = predicted.reduce((sum, v, i) => sum + (v === te.labels[i]), 0) / predicted.length;
      const sv = model.supportVectors ?? '–';
      model.dispose();
      speedRows.push(`| ${label} | ${what}, ${params} | wasm | ${pct(accuracy)} | ${sec(s)} | ${ratio(s)} | ${sv} |`);
      if (native) {
        const options = [`method=${method}`, 'kernel=rbf', `gamma=${set.gamma}`, `C=${set.C}`, `cache=${cache}`,
          ...(method === 'allpairs' ? ['eps=0.001'] : ['scale=none'])];
        const k = json(kernelDriver, [train, test, ...options]);
        const work = k.read_seconds + k.train_seconds;
        speedRows.push(`| ${label} | ${what}, ${params} | native | ${pct(k.accuracy)} | ${sec(work)} | ${ratio(work)} | ${method === 'cs' ? k.support_vectors : '–'} |`);
      }
    }
  }
  console.log(`Kernel multiclass SVMs against LIBSVM: test accuracy (%), seconds of reading the training file and training
(svm-train: its whole process), their ratio to svm-train's in this run, support vectors (LIBSVM's total_sv counts a
row once over its k(k−1)/2 machines; the kernel C–S stores each once).

| set | method | build | accuracy | train s | ÷ svm-train | support vectors |
|---|---|---|---:|---:|---:|---:|
${speedRows.join('\n')}
`);
}

if (groups.includes('tuned') || groups.includes('defaults')) {
  if (!existsSync(kernelDriver)) { console.log('build the native drivers first: node .ci/build.mjs --native'); process.exit(0); }
  // γ and C per set: letter's are Hsu, Chang & Lin's grid-search optimum for the scaled set (C = 2⁴, γ = 2²).
  const sets = {
    letter: { files: ['letter/letter.scale', 'letter/letter.scale.t'], C: 16, gamma: 4 },
    usps: { files: ['usps/usps', 'usps/usps.t'], C: 10, gamma: 0.03 },
  };
  const chosen = arg('sets', Object.keys(sets).join(',')).split(',').filter((n) => sets[n]);
  const defaults = groups.includes('defaults'), tuned = groups.includes('tuned');
  const rows = table();
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
}
