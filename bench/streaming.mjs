// Streaming a LIBSVM file larger than 1 GB through the JS API and training on it, with bounded memory: the
// file is generated on the fly as an async stream of chunks cut at arbitrary bytes (never held whole, never a
// JS string), read by am.io.readLibsvm, then a Crammer–Singer model is trained on what was read. Reports
// MB/s, the wasm memory and the process's peak resident memory. Not run in CI.
//   node bench/streaming.mjs [--gb 1.1] [--maxIter 3]
import { init } from '../bindings/js/index.js';

const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const TOTAL = Number(arg('gb', '1.1')) * 1e9;
const MAX_ITER = arg('maxIter', '3');
const CLASSES = 4, FEATURES = 100_000, PER_ROW = 12;
const CHUNK = 8_000_003;  // an odd size, so chunks cut lines, numbers and "idx:val" pairs anywhere

// Deterministic random numbers (xorshift32), so every run reads the same file.
let seed = 2463534242;
const random = () => ((seed ^= seed << 13, seed ^= seed >>> 17, seed ^= seed << 5) >>> 0) / 2 ** 32;

// One example: PER_ROW increasing feature indices, values around a mean that depends on the class, with 8
// significant digits (17, as some tools write doubles, take strtod's slow path: see docs/benchmarks.md).
function row() {
  const label = Math.floor(random() * CLASSES) + 1;
  const picked = new Set();
  while (picked.size < PER_ROW) picked.add(1 + Math.floor(random() * FEATURES));
  const items = [...picked].sort((a, b) => a - b).map((j) => {
    const mean = (j % CLASSES) + 1 === label ? 1 : 0;
    return `${j}:${(mean + random() - 0.5).toPrecision(8)}`;
  });
  return `${label} ${items.join(' ')}\n`;
}

// A block of whole lines, repeated to make the file: the stream is the block over and over, in CHUNK pieces.
const block = new TextEncoder().encode(Array.from({ length: 200_000 }, row).join(''));
const repeats = Math.ceil(TOTAL / block.length), fileBytes = repeats * block.length;
async function* file() {
  let pos = 0;
  while (pos < fileBytes) {
    const chunk = new Uint8Array(Math.min(CHUNK, fileBytes - pos));
    for (let filled = 0; filled < chunk.length;) {
      const at = (pos + filled) % block.length, n = Math.min(chunk.length - filled, block.length - at);
      chunk.set(block.subarray(at, at + n), filled);
      filled += n;
    }
    pos += chunk.length;
    yield chunk;
  }
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const am = await init();

let t0 = performance.now();
let generated = 0;
for await (const chunk of file()) generated += chunk.length;  // the cost of making the stream alone
const generateSeconds = (performance.now() - t0) / 1000;

t0 = performance.now();
const data = await am.io.readLibsvm(file());
const readSeconds = (performance.now() - t0) / 1000;
const afterRead = am.memoryUsage();

t0 = performance.now();
const model = new am.Multiclass({ maxIter: Number(MAX_ITER) });
const X = { offsets: data.offsets, indices: data.indices, values: data.values, cols: data.cols };
model.fit(X, data.labels);
const trainSeconds = (performance.now() - t0) / 1000;
const test = am.io.readLibsvm(block.subarray(0, block.lastIndexOf(10, 4_000_000) + 1));  // the first lines of the block
const predicted = model.predict({ offsets: test.offsets, indices: test.indices, values: test.values, cols: data.cols });
const accuracy = predicted.reduce((s, p, i) => s + (p === test.labels[i]), 0) / predicted.length;

console.log('| file | rows | stored features | read s | read MB/s (generation apart) | wasm memory after reading | train s (dcd, maxIter ' + MAX_ITER + ') | training accuracy | peak RSS |');
console.log('|---|---|---|---|---|---|---|---|---|');
const parseSeconds = readSeconds - generateSeconds;
console.log(`| ${(fileBytes / 1e9).toFixed(2)} GB (${repeats} × a ${mb(block.length)} MB block) | ${data.rows} | ${data.values.length} | ` +
  `${readSeconds.toFixed(1)} | ${(fileBytes / 1e6 / parseSeconds).toFixed(0)} (${(generated / 1e6 / generateSeconds).toFixed(0)} MB/s to generate) | ` +
  `${mb(afterRead.heapSize)} MB (${mb(afterRead.heapInUse)} MB in use) | ${trainSeconds.toFixed(1)} | ${accuracy.toFixed(4)} | ${mb(peakRss())} MB |`);
