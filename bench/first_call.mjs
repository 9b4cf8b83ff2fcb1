// Cold against warm code: in a fresh Node process, the time to compile and instantiate the module, the first
// Crammer–Singer fit on letter (cold: the code V8 has at that point) and a second one (warm), under several
// V8 settings for wasm compilation, with the whole process's wall time. Best of RUNS processes per setting
// (each column's best).
// Prints a markdown table; never fails.
//   node bench/first_call.mjs [--data DIR] [--runs 3]
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const RUNS = Number(arg('runs', '3'));
const train = join(dataDir, 'multiclass/letter/letter.scale');
// [name, Node flags, V8 flags set once the module is instantiated]
const settings = [
  ['default (Liftoff, then TurboFan for hot functions)', [], ''],
  ['--no-liftoff (TurboFan on first call)', ['--no-liftoff'], ''],
  ['--no-liftoff once instantiated', [], '--no-liftoff'],
  ['--no-wasm-dynamic-tiering (TurboFan for all, in the background)', ['--no-wasm-dynamic-tiering'], ''],
  ['--wasm-tiering-budget=10000 (tier up sooner)', ['--wasm-tiering-budget=10000'], ''],
  ['--liftoff-only', ['--liftoff-only'], ''],
];

const script = `
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { init } from ${JSON.stringify(join(root, 'bindings/js/index.js'))};
const t0 = performance.now();
const am = await init();
const t1 = performance.now();
if (process.argv.at(-1)) setFlagsFromString(process.argv.at(-1));
const d = am.io.readLibsvm(readFileSync(${JSON.stringify(train)}));
const X = { offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols };
const fit = () => { const t = performance.now(); new am.Multiclass().fit(X, d.labels); return performance.now() - t; };
const cold = fit(), warm = fit();
console.log(JSON.stringify({ init: t1 - t0, cold, warm }));
`;

if (!existsSync(train)) {
  console.log(`(skipped: ${train} is absent)`);
} else {
  console.log('| V8 setting | init ms | first fit ms (cold) | second fit ms (warm) | process s (init + read + 2 fits) |');
  console.log('|---|---|---|---|---|');
  for (const [name, flags, late] of settings) {
    let best = null;
    for (let run = 0; run < RUNS; ++run) {
      const t = performance.now();
      const r = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script, late], { encoding: 'utf8' });
      const wall = (performance.now() - t) / 1000;
      if (r.status !== 0) { console.log(`| ${name} | failed: ${r.stderr.split('\n')[0]} |`); break; }
      const m = { ...JSON.parse(r.stdout), wall };  // each column's best run
      best = best ? Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.min(v, best[k])])) : m;
    }
    if (best) console.log(`| ${name} | ${best.init.toFixed(0)} | ${best.cold.toFixed(0)} | ${best.warm.toFixed(0)} | ${best.wall.toFixed(2)} |`);
  }
}
