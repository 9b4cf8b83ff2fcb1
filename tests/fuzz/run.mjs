// Builds the libFuzzer targets (build/fuzz, clang with ASan + UBSan) and runs each one over its corpus.
//   node tests/fuzz/run.mjs [--seconds N] [--runs N] [--only name,name] [--jobs N: build jobs, and targets run at once]
// Corpora live in build/fuzz/corpus/<target>: the reader targets start from tests/fuzz/seeds/<reader>, the
// loader target from a saved model of every kind (tests/fuzz/make-corpus.mjs, which needs dist/ built).
// A crash, a sanitizer report, an allocation over 1 GB or an RSS over 2 GB fails the run; the inputs that
// did are left in build/fuzz/crashes/. Prints executions per target; the exit code is non-zero on a failure.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const build = join(root, 'build', 'fuzz');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const readers = ['libsvm', 'multilabel', 'conllu', 'columns', 'svmhmm', 'letor'];
const all = [...readers.map((r) => `fuzz_${r}`), 'fuzz_load'];
const only = arg('only', null)?.split(',').map((n) => (n.startsWith('fuzz_') ? n : `fuzz_${n}`));
const targets = only ?? all;
const seconds = Number(arg('seconds', 20)), runs = arg('runs', null), jobs = arg('jobs', '2');

const run = (command, args, options = {}) => {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
};
run('cmake', ['-S', '.', '-B', build, '-DARGMAX_FUZZ=ON', '-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_CXX_COMPILER=clang++', '-DCMAKE_C_COMPILER=clang']);
run('cmake', ['--build', build, `-j${jobs}`, '--target', ...targets]);

const corpus = (target) => join(build, 'corpus', target);
for (const target of targets) {
  mkdirSync(corpus(target), { recursive: true });
  const reader = target.slice('fuzz_'.length);
  if (readers.includes(reader)) cpSync(join(root, 'tests', 'fuzz', 'seeds', reader), corpus(target), { recursive: true });
}
if (targets.includes('fuzz_load')) run('node', ['tests/fuzz/make-corpus.mjs', corpus('fuzz_load')]);

const crashes = join(build, 'crashes');
mkdirSync(crashes, { recursive: true });
let failed = false;

// One target's run; `jobs` of them at a time, as libFuzzer keeps to one core.
function fuzz(target) {
  // -timeout: a hang, not a slow unit. A model may legally claim a 2^26-weight random-feature map, which its load
  // regenerates in 1–6 s under the sanitizers; on a busy machine that must not read as a hang.
  const limits = ['-rss_limit_mb=2048', '-malloc_limit_mb=1024', '-timeout=30', `-artifact_prefix=${crashes}/${target}-`,
    '-print_final_stats=1', runs ? `-runs=${runs}` : `-max_total_time=${seconds}`];
  const started = Date.now();
  const child = spawn(join(build, 'tests', 'fuzz', target), [...limits, corpus(target)]);
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  return new Promise((resolve) => child.on('close', (status) => {
    const stat = (name) => Number(log.match(new RegExp(`stat::${name}:\\s+(\\d+)`))?.[1] ?? NaN);
    const cov = log.match(/cov: (\d+)/g)?.pop()?.slice(5) ?? '?';
    const ok = status === 0;
    if (!ok) {
      failed = true;
      console.error(log.split('\n').filter((l) => !l.startsWith('#')).slice(-60).join('\n'));
    }
    resolve({ target, executions: stat('number_of_executed_units'), seconds: (Date.now() - started) / 1000, coverage: cov,
      corpus: readdirSync(corpus(target)).length, result: ok ? 'ok' : `FAILED (exit ${status})` });
  }));
}
const rows = [], queue = [...targets];
await Promise.all(Array.from({ length: Number(jobs) }, async () => {
  while (queue.length) rows.push(await fuzz(queue.shift()));
}));
rows.sort((a, b) => targets.indexOf(a.target) - targets.indexOf(b.target));
console.log('\n| target | executions | seconds | coverage (edges) | corpus files | result |\n|---|---:|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.target} | ${r.executions} | ${r.seconds.toFixed(0)} | ${r.coverage} | ${r.corpus} | ${r.result} |`);
if (failed) {
  console.error(`\nfuzzing found a failure; the inputs are in ${crashes}`);
  process.exit(1);
}
