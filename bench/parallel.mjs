// Parameter mixing benchmark (Node worker_threads): the EWT default tagger, OCR large, multiclass sgd on letter and
// the ndcg ranker by sgd on LETOR MQ2008 fold 1 with 1 and 2 workers: seconds, speed-up over the serial fit on this
// thread, test accuracy (per token for the taggers; NDCG@10, common convention, for the ranker); and the cost model
// behind a projection
// to more cores: T(n) = A + B/n + epochs·(E/n + O·n/2), with A + B/n the time before the first epoch (A: starting
// the workers, reading the whole training set for labels and lexicons, admitting the feature keys; B: featurising,
// which each worker does for its shard only), fitted to the 1- and 2-worker runs, E one epoch (from the 1-worker
// runs) and O the per-round overhead measured at n = 2 (passing the changed weights and mixing them, taken as
// linear in n; load imbalance included). On a shared machine the runs are interleaved and repeated (--reps,
// default 3) and the fastest of each kind is kept.
// --first N trains on the first N training sequences (rows for letter) only (to find where 2 workers break even);
// --repeat N trains letter on its training rows (mq2008 on its training queries) N times over (a larger set of the
// same shape).
//   node bench/parallel.mjs [--data DIR] [--task ewt|ocr-large|letter|mq2008|all] [--workers 1,2] [--reps 3]
//                           [--first N] [--repeat N] [key=value …]
import { readFileSync, existsSync } from 'node:fs';
import { init } from '../bindings/js/index.js';

const args = process.argv.slice(2);
let data = '../shared/data', task = 'all', counts = [1, 2], reps = 3, first = Infinity, repeat = 1;
const extra = {};
for (let i = 0; i < args.length; ++i) {
  const a = args[i];
  if (a === '--data') data = args[++i];
  else if (a === '--task') task = args[++i];
  else if (a === '--workers') counts = args[++i].split(',').map(Number);
  else if (a === '--reps') reps = Number(args[++i]);
  else if (a === '--first') first = Number(args[++i]);
  else if (a === '--repeat') repeat = Number(args[++i]);
  else if (a.includes('=')) extra[a.slice(0, a.indexOf('='))] = Number.isNaN(Number(a.slice(a.indexOf('=') + 1))) ? a.slice(a.indexOf('=') + 1) : Number(a.slice(a.indexOf('=') + 1));
  else { console.error('usage: node bench/parallel.mjs [--data DIR] [--task ewt|ocr-large|letter|mq2008|all] [--workers 1,2] [--reps 3] [--first N] [--repeat N] [key=value …]'); process.exit(2); }
}

const am = await init();

const tokenAccuracy = (tagger, test) => am.metrics.sequences(test.y, tagger.tag(test.x)).tokenAccuracy;
const rowAccuracy = (model, test) => am.metrics.classification(test.y, model.predict(test.x)).accuracy;
const ndcgAt10 = (model, test) => am.metrics.ranking(model.score(test.x), test.x).ndcg[9];

// One fit: seconds, the time of each round's report, and test accuracy. A ranker's data is { x: queries }.
async function timed(Model, options, train, test, workers, accuracyOf) {
  const model = new Model(options);
  const marks = [];
  const t0 = performance.now();
  const onProgress = (p) => { if (!p.final) marks.push(performance.now() - t0); };
  const data = train.y === undefined ? [train.x] : [train.x, train.y];
  if (workers === 0) model.fit(...data, { onProgress });
  else await model.fit(...data, { workers, onProgress });
  const seconds = (performance.now() - t0) / 1000;
  const accuracy = accuracyOf(model, test);
  model.dispose();
  const round = marks.length > 1 ? (marks.at(-1) - marks[0]) / (marks.length - 1) / 1000 : NaN;
  return { seconds, accuracy, first: marks[0] / 1000, round, epochs: marks.length };
}

// The fastest of `reps` runs (seconds and seconds per round each at their minimum; the accuracy is the same).
const best = (a, b) => (a ? { ...a, seconds: Math.min(a.seconds, b.seconds), round: Math.min(a.round, b.round), first: Math.min(a.first, b.first) } : b);

async function bench(name, Model, options, train, test, accuracyOf = tokenAccuracy) {
  if (Array.isArray(train.x) && train.x.length > first) train = { x: train.x.slice(0, first), y: train.y.slice(0, first) };
  if (first < Infinity) name += ` (first ${train.x.length})`;
  const kinds = [0, ...counts], runs = {};
  for (let r = 0; r < reps; ++r)
    for (const n of kinds) runs[n] = best(runs[n], await timed(Model, options, train, test, n, accuracyOf));
  const serial = runs[0];
  for (const n of kinds) {
    const r = runs[n], what = n === 0 ? 'serial (this thread)' : `${n} worker${n > 1 ? 's' : ''}`;
    console.log(`| ${name} | ${what} | ${r.seconds.toFixed(2)} | ${(serial.seconds / r.seconds).toFixed(2)} | ${(100 * r.accuracy).toFixed(2)}% | ${r.round.toFixed(3)} |`);
  }
  if (runs[1] && runs[2]) {
    const E = runs[1].round, O = Math.max(0, runs[2].round - E / 2), epochs = serial.epochs;
    const P1 = runs[1].first - E, P2 = runs[2].first - E / 2, B = Math.max(0, 2 * (P1 - P2)), A = P1 - B;
    const T = (n) => A + B / n + epochs * (E / n + O * n / 2);
    // whole fits: the 1-worker run's seconds with its modelled part replaced by T(n)
    const speedUp = (n) => (serial.seconds / (runs[1].seconds - T(1) + T(n))).toFixed(2);
    console.log(`| ${name} | model: A ${A.toFixed(2)} s, B ${B.toFixed(2)} s, E ${E.toFixed(2)} s, O(2) ${O.toFixed(3)} s | over serial, 2: ${speedUp(2)}×, 4: ${speedUp(4)}×, 8: ${speedUp(8)}×; epochs alone, 2: ${(E / (E / 2 + O)).toFixed(2)}×, 8: ${(E / (E / 8 + 4 * O)).toFixed(2)}× | | |`);
  }
}

console.log('| task | run | seconds | speed-up | accuracy | s/round |');
console.log('|---|---|---:|---:|---:|---:|');
if (task === 'all' || task === 'ewt') {
  const dir = `${data}/ud-english-ewt`;
  if (!existsSync(`${dir}/en_ewt-ud-train.conllu`)) console.log(`| ewt | (skipped: ${dir} not found) |`);
  else {
    const read = (f) => { const d = am.io.readConllu(readFileSync(`${dir}/${f}`, 'utf8')); return { x: d.sentences, y: d.tags }; };
    const options = { lexicon: await am.lexicons.english(), ...extra };   // the default tagger, as `argmax train sequence`
    await bench('ewt', am.SequenceTagger, options, read('en_ewt-ud-train.conllu'), read('en_ewt-ud-test.conllu'));
  }
}
if (task === 'all' || task === 'ocr-large') {
  const base = `${data}/ocr-letters/ocr-large`;
  if (!existsSync(`${base}-train.svmhmm`)) console.log(`| ocr-large | (skipped: ${base}-*.svmhmm not found) |`);
  else {
    const read = (f) => { const d = am.io.readSvmhmm(readFileSync(f, 'utf8')); return { x: d, y: d.tags }; };
    await bench('ocr-large', am.DenseSequenceTagger, { ...extra }, read(`${base}-train.svmhmm`), read(`${base}-test.svmhmm`));
  }
}
if (task === 'all' || task === 'letter') {
  const base = `${data}/multiclass/letter/letter.scale`;
  if (!existsSync(base)) console.log(`| letter | (skipped: ${base} not found) |`);
  else {
    // dense rows, so that --first can slice them
    const read = (f) => {
      const d = am.io.readLibsvm(readFileSync(f, 'utf8'), { minCols: 16 });
      const x = Array.from({ length: d.rows }, (_, i) => {
        const row = new Array(d.cols).fill(0);
        for (let p = d.offsets[i]; p < d.offsets[i + 1]; ++p) row[d.indices[p]] = d.values[p];
        return row;
      });
      return { x, y: Array.from(d.labels) };
    };
    const train = read(base);
    const repeated = { x: Array(repeat).fill(train.x).flat(), y: Array(repeat).fill(train.y).flat() };
    await bench(`letter${repeat > 1 ? ` ×${repeat}` : ''}, sgd`, am.Multiclass, { algo: 'sgd', ...extra }, repeated, read(`${base}.t`), rowAccuracy);
  }
}
if (task === 'all' || task === 'mq2008') {
  const dir = `${data}/letor-mq2008/Fold1`;
  if (!existsSync(`${dir}/train.txt`)) console.log(`| mq2008 | (skipped: ${dir} not found) |`);
  else {
    const read = (f) => am.io.readLetor(readFileSync(`${dir}/${f}`, 'utf8'), { minCols: 46 });
    // the queries `repeat` times over, one after another
    const repeated = (d) => {
      const nnz = d.indices.length, copies = (Type, a, n) => Type.from({ length: n * repeat }, (_, i) => a[i % n]);
      // offsets of n entries (n + 1 of them, from 0 to `by`), each copy shifted by `by`
      const offsets = (a, n, by) => Int32Array.from({ length: n * repeat + 1 }, (_, i) => a[i % n] + by * Math.floor(i / n));
      return { relevance: copies(Float32Array, d.relevance, d.rows), cols: d.cols, queryOffsets: offsets(d.queryOffsets, d.queries, d.rows),
        offsets: offsets(d.offsets, d.rows, nnz), indices: copies(Int32Array, d.indices, nnz), values: copies(Float32Array, d.values, nnz) };
    };
    // the settings of bench/ranking.mjs (bench/native/bench_ranking.cpp) with its 30 epochs, lambda left at its default
    const options = { algo: 'ndcg', trainer: 'sgd', eta: 0.1, epochs: 30, ...extra };
    await bench(`mq2008 fold 1${repeat > 1 ? ` ×${repeat}` : ''}, ndcg sgd (test NDCG@10)`, am.Ranker, options,
      { x: repeat > 1 ? repeated(read('train.txt')) : read('train.txt') }, { x: read('test.txt') }, ndcgAt10);
  }
}
