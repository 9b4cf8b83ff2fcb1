// Reader throughput: the LIBSVM reader on the multiclass sets and the CoNLL-U reader on UD English EWT,
// as MB/s of file text parsed into rows (the file is already in memory; reading it from disk is not
// counted). Native: build/native/bench_readers. Wasm: the JS API in this Node process, given the file's bytes
// (a Buffer, as the CLI passes it) and given the text as a string; the first call with bytes is shown apart
// ("cold": before V8 has optimised the module's code). Best of RUNS runs; one markdown table; never fails.
//   node bench/readers.mjs [--data DIR] [--runs 5]
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const RUNS = Number(arg('runs', '5'));
const native = join(root, 'build/native/bench_readers');
const files = [
  ['letter', 'libsvm', 'multiclass/letter/letter.scale'],
  ['usps', 'libsvm', 'multiclass/usps/usps'],
  ['sector', 'libsvm', 'multiclass/sector/sector.scale'],
  ['EWT train', 'conllu', 'ud-english-ewt/en_ewt-ud-train.conllu'],
];

const am = await init();
const read = { libsvm: (text) => am.io.readLibsvm(text), conllu: (text) => am.io.readConllu(text) };
const mbps = (bytes, seconds) => (bytes / 1e6 / seconds).toFixed(0);

function wasmRun(format, input) {
  const times = [];
  for (let run = 0; run < RUNS; ++run) {
    const t0 = performance.now();
    read[format](input);
    times.push((performance.now() - t0) / 1000);
  }
  return { cold: times[0], best: Math.min(...times) };
}

console.log('| data | format | MB | native MB/s | wasm MB/s, bytes | wasm ms, bytes (cold) | wasm MB/s, string |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, format, path] of files) {
  const file = join(dataDir, path);
  if (!existsSync(file)) { console.log(`| ${name} | (skipped: ${file} is absent) |`); continue; }
  const data = readFileSync(file), bytes = data.length;
  const n = existsSync(native) ? JSON.parse(execFileSync(native, [format, file, String(RUNS)], { encoding: 'utf8' })) : null;
  const b = wasmRun(format, data), s = wasmRun(format, data.toString('utf8'));
  console.log(`| ${name} | ${format} | ${(bytes / 1e6).toFixed(1)} | ${n ? mbps(n.bytes, n.seconds) : '–'} | ${mbps(bytes, b.best)} | ` +
    `${(b.best * 1000).toFixed(0)} (${(b.cold * 1000).toFixed(0)}) | ${mbps(bytes, s.best)} |`);
}
