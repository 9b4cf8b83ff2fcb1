// L-BFGS fits with exact parallel gradients (bindings/js/parallel/gradients.js) on 1, 2, 4 and 8 workers against the
// fit on this thread: the CRF on UD English EWT (trainer lbfgs, loss log, the tagger's default features) and the
// tokenizer's training on the same treebank (a CRF by OWL-QN over its characters). Every run of one task gives the
// same model bytes, whatever the number of workers (checked here too). Three tables:
//   1. the machine: how much work two busy threads do beside one, in arithmetic and in scattered adds to memory
//      (2.00 on two free cores; below that, the timed fits cannot show a speed-up);
//   2. whole fits, timed (the workers' start and preparation included), and split by the clock into the time
//      before the first iteration ends and the time per iteration after it;
//   3. the projection: one iteration's phases for each worker (its part of the gradient, the exchanges, its
//      share of the L-BFGS step), in CPU time, measured one worker at a time on this thread, and the speed-up on n free cores
//      they give: an iteration on one worker (or on this thread, timed in table 2's fit) ÷ the slowest worker's
//      on n; and how many bytes the worker sending most sends the others in an iteration (the point's values
//      and its part of the gradient, packed to the rows each other touches).
//   node bench/parallel-gradients.mjs [--data ../shared/data] [--sentences N] [--max-iter N] [--workers 1,2,4,8]
//                                     [--tasks crf,tokenizer]
// --sentences takes the first N training sentences and --max-iter caps L-BFGS's iterations (every run then takes
// the same number; default: each task's maxIter). Short mode, about two minutes on 2 free cores:
//   node bench/parallel-gradients.mjs --sentences 3000 --max-iter 30
// Without them, the whole treebank (EWT: 12,543 sentences) to convergence.
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { init } from '../bindings/js/index.js';
import { withHeap } from '../bindings/js/api/wasm.js';
import { Balance } from '../bindings/js/parallel/gradient-worker.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const data = flag('data', '../shared/data');   // relative to the repository root, as the other benches
const sentences = flag('sentences') === undefined ? Infinity : Number(flag('sentences'));
const counts = flag('workers', '1,2,4,8').split(',').map(Number);
const tasks = flag('tasks', 'crf,tokenizer').split(',');
const WARM = 10, MEASURED = 5;   // iterations before the timed ones, and timed (tables 2 and 3)
// milliseconds of CPU time of this process (for what runs on this thread: steady on a busy machine, where the
// clock is not)
const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const cap = flag('max-iter') === undefined ? {} : { maxIter: Number(flag('max-iter')) };
const file = `${data}/ud-english-ewt/en_ewt-ud-train.conllu`;
if (!existsSync(file)) {
  console.log(`skipped: ${file} is missing`);
  process.exit(0);
}

// 1. Busy loops for a second on one thread, then on two at once: the work done, as a ratio. One loop is
// arithmetic; the other adds to scattered cells of a 64 MB array, as the data term adds to the gradient's rows,
// and so shows what two threads lose to each other in the shared caches and memory (below 2.00 on free cores).
const arithmetic = `let n = 0, x = 0; const end = Date.now() + 1000;
  while (Date.now() < end) { for (let i = 0; i < 1e5; ++i) x += Math.sqrt(i); ++n; }
  n += x < 0 ? 1 : 0;`;
const memory = `const cells = new Float64Array(1 << 23); let n = 0, at = 1; const end = Date.now() + 1000;
  while (Date.now() < end) { for (let i = 0; i < 1e5; ++i) { at = (at * 1103515245 + 12345) >>> 0; cells[at & 8388607] += 1; } ++n; }`;
const loops = (body, k) => Promise.all(Array.from({ length: k }, () => new Promise((resolve) =>
  new Worker(`${body} require('node:worker_threads').parentPort.postMessage(n);`, { eval: true }).once('message', resolve))));
const ratio = async (body) => (await loops(body, 2)).reduce((a, b) => a + b, 0) / (await loops(body, 1))[0];
console.log(`The machine: two busy threads did ${(await ratio(arithmetic)).toFixed(2)}× the work of one in arithmetic, ` +
  `${(await ratio(memory)).toFixed(2)}× in scattered adds to a 64 MB array (2.00 on two free cores).\n`);

const am = await init();
const M = am.module;
const conllu = readFileSync(file, 'utf8').split(/\n\n+/).filter((s) => s.trim()).slice(0, sentences).join('\n\n') + '\n\n';
const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
const treebank = am.io.readConllu(conllu);
const crf = { trainer: 'lbfgs', loss: 'log', ...cap };
const runs = {
  crf: {
    what: `CRF (lbfgs, log), ${treebank.sentences.length} sentences`,
    serial: (onProgress) => new am.SequenceTagger(crf).fit(treebank.sentences, treebank.tags, { onProgress }),
    parallel: (workers, onProgress) => new am.SequenceTagger(crf).fit(treebank.sentences, treebank.tags, { workers, onProgress }),
    worker: (shards, shard) => new am.SequenceTagger(crf).shard(treebank.sentences, treebank.tags, { shards, shard, gradients: true }),
  },
  tokenizer: {
    what: `tokenizer (lbfgs, c1 0.3), ${treebank.sentences.length} sentences`,
    serial: (onProgress) => new am.Tokenizer(cap).fit(conllu, { onProgress }),
    parallel: (workers, onProgress) => new am.Tokenizer(cap).fit(conllu, { workers, onProgress }),
    worker: (shards, shard) => new am.Tokenizer(cap).shard(conllu, { shards, shard }),
  },
};
for (const task of tasks) if (!runs[task]) throw new Error(`unknown task ${task} (crf, tokenizer)`);

// 2. Whole fits, by the clock: in all, before the first iteration ends (preparing the data; on workers, starting
// them and sending them the data too), and per iteration after that.
console.log('| task | workers | seconds | speed-up | s to the 1st iteration | s per iteration | speed-up per iteration | iterations | model |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const task of tasks) {
  const run = runs[task];
  // fit(onProgress) → the model; heard(p) is told every iteration's progress too
  const time = async (fit, heard = () => {}) => {
    const started = performance.now(), ends = [];
    const model = await fit((p) => { if (!p.final) ends.push(performance.now()), heard(p); });
    const seconds = (performance.now() - started) / 1000;
    const first = (ends[0] - started) / 1000, each = (ends.at(-1) - ends[0]) / 1000 / (ends.length - 1);
    const result = { seconds, first, each, iterations: model.training.iterations, converged: model.training.converged, digest: digest(model.save()) };
    model.dispose();
    return result;
  };
  // this thread's CPU milliseconds per iteration after the first WARM (for the projection)
  const heard = [];
  const serial = await time(run.serial, () => heard.push(cpu()));
  if (heard.length > WARM + 1) run.serialIteration = (heard.at(-1) - heard[WARM]) / (heard.length - 1 - WARM);
  const row = (workers, r) => console.log(`| ${run.what} | ${workers} | ${r.seconds.toFixed(1)} | ${(serial.seconds / r.seconds).toFixed(2)}× | ${r.first.toFixed(2)} | ${r.each.toFixed(3)} | ${(serial.each / r.each).toFixed(2)}× | ${r.iterations}${r.converged ? '' : ' (not converged)'} | ${r.digest} |`);
  row('this thread', serial);
  const digests = new Set();
  for (const workers of counts) {
    const r = await time((onProgress) => run.parallel(workers, onProgress));
    digests.add(r.digest);
    row(workers, r);
  }
  if (digests.size > 1) console.log(`WARNING: ${task}: the models differ between worker counts (${[...digests].join(', ')})`);
}

// 3. One iteration's phases per worker (with its line search's evaluations), after 10 iterations (the L-BFGS
// memory full), on this thread: its part
// of the gradient; the exchanges (its slice of the point out and the others' in, the others' slices of its part
// out, and their parts of its slice into its heap); its share of the solver (summing its slice, its passes of
// L-BFGS and the sums over every slice). And what it sends the others of the point and of its part (packed to the
// rows each touches).
function phases(run, n) {
  const workers = Array.from({ length: n }, (_, k) => run.worker(n, k));
  const ms = workers.map(() => ({ part: 0, take: 0, step: 0, sent: 0 }));
  const send = (k, arrays) => { if (iterations >= WARM) ms[k].sent += arrays.reduce((bytes, a) => bytes + (a?.byteLength ?? 0), 0); };
  // cycle[k]: worker k's CPU time since its last part, by which the workers split the sentences again now and
  // then (as gradient-worker.js does by the clock)
  let iterations = 0;
  const cycle = new Float64Array(n), balance = new Balance();
  const timed = (k, key, f) => {
    const started = cpu(), result = f(), spent = cpu() - started;
    cycle[k] += spent;
    if (iterations >= WARM) ms[k][key] += spent;
    return result;
  };
  const others = (k, f) => Int32Array.from(workers, (_, j) => (j === k ? 0 : f(j)));
  // what worker j sends worker k: the same to all, or one for each (the point's values that k reads)
  const to = (data, k) => (Array.isArray(data) ? data[k] : data);
  const take = (k, all) => timed(k, all[0] instanceof Float64Array ? 'step' : 'take', () => withHeap(M, (heap) =>
    workers[k].take(heap.i32(others(k, (j) => (all[j] instanceof Float64Array ? heap.f64(all[j]) : all[j] instanceof Float32Array ? heap.f32(all[j]) : heap.u8(to(all[j], k))))), n)));
  let state;
  while (iterations < WARM + MEASURED && (state = workers[0].ask().state) !== 'done') {
    const asked = workers.map((w, k) => timed(k, state === 'sums' ? 'step' : 'take', () => w.ask()));
    if (state === 'iterated') {
      workers.forEach((w, k) => timed(k, 'step', () => w.proceed(true)));
      ++iterations;
      continue;
    }
    // what each worker sends the others: the same to all, or at a point, what each of them reads of its slice
    const each = (f) => workers.map((w, j) => workers.map((_, k) => (k === j ? undefined : f(w, j, k))));
    const all = state === 'point' ? each((w, j, k) => timed(j, 'take', () => w.pointFor(k).slice())) : asked.map((a) => a.data);
    if (state === 'point') all.forEach((data, k) => send(k, data));
    workers.forEach((w, k) => take(k, all));
    if (state === 'point') {
      const parts = workers.map((w, k) => timed(k, 'part', () => w.evaluate()));
      const gradients = each((w, j, k) => timed(j, 'take', () => w.gradientFor(k).slice()));
      const times = balance.next(Array.from(cycle));
      cycle.fill(0);
      gradients.forEach((data, k) => send(k, data));
      workers.forEach((w, k) => withHeap(M, (heap) => {
        const [g, t] = timed(k, 'take', () => [others(k, (j) => heap.u8(gradients[j][k])), others(k, (j) => heap.f64(parts[j]))]);
        timed(k, 'step', () => w.tell(heap.i32(g), heap.i32(t), times ? heap.f64(times) : 0, n));
      }));
    }
  }
  for (const w of workers) w.delete();
  const measured = Math.max(1, iterations - WARM);   // (fewer than MEASURED when the fit ends first)
  const per = ms.map((m) => ({ part: m.part / measured, take: m.take / measured, step: m.step / measured, sent: m.sent / measured / 1e6 }));
  const slowest = Math.max(...per.map((p) => p.part + p.take + p.step));
  return { per, slowest };
}
console.log('\n| task | workers | CPU ms: its part (slowest worker) | CPU ms: exchanges | CPU ms: its share of L-BFGS | CPU ms per iteration | MB it sends per iteration | projected speed-up over 1 worker | over this thread |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const task of tasks) {
  const run = runs[task];
  let single = null;
  for (const n of [1, ...counts.filter((c) => c > 1)]) {
    const { per, slowest } = phases(run, n);
    single ??= slowest;
    const max = (key, digits = 0) => Math.max(...per.map((p) => p[key])).toFixed(digits);
    const thread = run.serialIteration ? `${(run.serialIteration / slowest).toFixed(2)}× (${run.serialIteration.toFixed(0)} ms)` : '–';
    console.log(`| ${run.what} | ${n} | ${max('part')} | ${max('take')} | ${max('step')} | ${slowest.toFixed(0)} | ${max('sent', 1)} | ${(single / slowest).toFixed(2)}× | ${thread} |`);
  }
}
