// The whole CLI process as a user runs it — `argmax train multiclass` (linear, trainer dcd) (start Node, compile the
// module, read the file, train, write the model) — beside the whole `liblinear-train -s 4` process, on the
// LIBSVM sets in ../shared/data/multiclass: best-of-RUNS wall seconds, their ratio, and test accuracy (C = 1,
// eps = 0.1 for both). Then where the CLI's time goes, measured by one more process doing the same steps
// through the JS API with a clock between them. Then the kernel SVM at LIBSVM's defaults (C = 1, γ = 1/d for d
// features): `argmax train multiclass --set kernel=rbf` (decomposition all-pairs, its default, and crammer-singer)
// beside the whole `svm-train -g 1/d` process (Debian's libsvm-tools), with test accuracy from `argmax eval` and
// `svm-predict`. Prints markdown tables; never fails.
//   node bench/end_to_end.mjs [--data DIR] [--runs 3] [--groups linear,kernel]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const RUNS = Number(arg('runs', '3'));
const groups = arg('groups', 'linear,kernel').split(',');
const cli = join(root, 'bindings/js/cli/main.js');
const liblinear = '/usr/bin/liblinear-train';
const sets = [
  ['letter', 'letter/letter.scale', 'letter/letter.scale.t'],
  ['usps', 'usps/usps', 'usps/usps.t'],
  ['dna', 'dna/dna.scale', 'dna/dna.scale.t'],
  ['sector', 'sector/sector.scale', 'sector/sector.t.scale'],
];
const work = mkdtempSync(join(tmpdir(), 'argmax-e2e-'));

// Best wall time of RUNS runs of a command; throws with its output when it fails.
function timed(command, args) {
  let best = Infinity;
  for (let run = 0; run < RUNS; ++run) {
    const t0 = performance.now();
    const r = spawnSync(command, args, { encoding: 'utf8' });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
    best = Math.min(best, seconds);
  }
  return best;
}

function argmaxAccuracy(model, test) {
  const r = spawnSync(process.execPath, [cli, 'eval', '--model', model, '--data', test, '--json'], { encoding: 'utf8' });
  return 100 * JSON.parse(r.stdout).accuracy;
}

function liblinearAccuracy(model, test) {
  const r = spawnSync('/usr/bin/liblinear-predict', [test, model, join(work, 'predictions')], { encoding: 'utf8' });
  return Number(/Accuracy = ([\d.]+)%/.exec(r.stdout)?.[1]);
}

// The CLI's steps in one fresh process, timed: Node's own start (until this script runs), init (compiling
// and instantiating the module), reading the file in chunks as the CLI does, training, saving and writing.
const phases = `
import { openSync, readSync, closeSync, writeFileSync } from 'node:fs';
import { init } from ${JSON.stringify(join(root, 'bindings/js/index.js'))};
const [train, out] = process.argv.slice(-2);
const marks = [performance.now()];
const am = await init();
marks.push(performance.now());
function* chunks() {
  const fd = openSync(train, 'r'), buffer = Buffer.allocUnsafe(8 << 20);
  try { for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;) yield buffer.subarray(0, n); } finally { closeSync(fd); }
}
const d = am.io.readLibsvm(chunks());
marks.push(performance.now());
const model = new am.Multiclass();
model.fit({ offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols }, d.labels);
marks.push(performance.now());
writeFileSync(out, model.save());
marks.push(performance.now());
console.log(JSON.stringify(marks.map((m, i) => (i ? m - marks[i - 1] : m) / 1000)));
`;

function cliPhases(train) {
  const r = spawnSync(process.execPath, [...process.execArgv, '--input-type=module', '-e', phases, train, join(work, 'phases.model')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const breakdown = [];
if (groups.includes('linear')) {
  console.log('| set | train MB | argmax CLI s | liblinear-train -s 4 s | argmax / liblinear | acc argmax | acc liblinear |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, trainPath, testPath] of sets) {
    const train = join(dataDir, 'multiclass', trainPath), test = join(dataDir, 'multiclass', testPath);
    if (!existsSync(train) || !existsSync(test)) { console.log(`| ${name} | (skipped: ${train} is absent) |`); continue; }
    const ours = join(work, `${name}.argmax`), theirs = join(work, `${name}.liblinear`);
    const a = timed(process.execPath, [cli, 'train', 'multiclass', '--train', train, '--model', ours, '--json']);
    const l = existsSync(liblinear) ? timed(liblinear, ['-s', '4', '-q', train, theirs]) : NaN;
    const accA = argmaxAccuracy(ours, test), accL = existsSync(liblinear) ? liblinearAccuracy(theirs, test) : NaN;
    console.log(`| ${name} | ${(readFileSync(train).length / 1e6).toFixed(1)} | ${a.toFixed(3)} | ${l.toFixed(3)} | ${(a / l).toFixed(2)} | ` +
      `${accA.toFixed(2)} | ${accL.toFixed(2)} |`);
    breakdown.push([name, cliPhases(train)]);
  }
  console.log('\n| set | Node start s | module compile + init s | read s | train s | save + write s |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, p] of breakdown) console.log(`| ${name} | ${p.map((s) => s.toFixed(3)).join(' | ')} |`);
}

// The largest feature index of a LIBSVM file: svm-train's d in its default γ = 1/d.
function features(path) {
  let d = 0;
  for (const m of readFileSync(path, 'utf8').matchAll(/(\d+):/g)) d = Math.max(d, Number(m[1]));
  return d;
}

if (groups.includes('kernel')) {
  const svmTrain = '/usr/bin/svm-train', svmPredict = '/usr/bin/svm-predict';
  console.log('\n| set | d | svm-train s | acc svm-train | all-pairs CLI s | ÷ svm-train | acc all-pairs | crammer-singer CLI s | ÷ svm-train | acc crammer-singer |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, trainPath, testPath] of sets.filter(([n]) => n !== 'sector')) {
    const train = join(dataDir, 'multiclass', trainPath), test = join(dataDir, 'multiclass', testPath);
    if (!existsSync(train) || !existsSync(test)) { console.log(`| ${name} | (skipped: ${train} is absent) |`); continue; }
    const d = features(train), gamma = String(1 / d);
    let libsvm = ['–', '–'];
    if (existsSync(svmTrain)) {
      const model = join(work, `${name}.libsvm`);
      const s = timed(svmTrain, ['-q', '-g', gamma, train, model]);
      const r = spawnSync(svmPredict, [test, model, join(work, 'predictions')], { encoding: 'utf8' });
      libsvm = [s, Number(/Accuracy = ([\d.]+)%/.exec(r.stdout)?.[1])];
    }
    const ours = ['all-pairs', 'crammer-singer'].map((decomposition) => {
      const model = join(work, `${name}.${decomposition}`);
      const s = timed(process.execPath, [cli, 'train', 'multiclass', '--train', train, '--model', model, '--set', 'kernel=rbf',
        '--set', `gamma=${gamma}`, '--set', `decomposition=${decomposition}`, '--json']);
      return [s, argmaxAccuracy(model, test)];
    });
    const ratio = (s) => (typeof libsvm[0] === 'number' ? (s / libsvm[0]).toFixed(2) : '–');
    const fixed = (x, digits) => (typeof x === 'number' ? x.toFixed(digits) : x);
    console.log(`| ${name} | ${d} | ${fixed(libsvm[0], 2)} | ${fixed(libsvm[1], 2)} | ` +
      ours.map(([s, acc]) => `${s.toFixed(2)} | ${ratio(s)} | ${acc.toFixed(2)}`).join(' | ') + ' |');
  }
}
rmSync(work, { recursive: true, force: true });
