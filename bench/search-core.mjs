// The search index's own figures, in wasm (argmax/search): the first stage's quality on Cranfield and CACM at the
// defaults and with each default changed (the measurements behind the defaults, docs/search.md), the time to
// index each collection, and the scaling run: 100,000 generated documents of about 150 words (a title of 8 and
// a body of 142, words drawn from a Zipf law over 50,000), with the time to index them, the wasm memory, and the
// median time of a query. Peers and learned re-ranking are in bench/search.mjs.
//   node bench/search-core.mjs [--data DIR] [--docs 100000] [--skip-quality] [--skip-scaling]
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/search.js';
import { readCollection, measures } from './ir-collections.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const am = await init();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const f3 = (x) => x.toFixed(3);

const VARIANTS = [
  ['defaults', {}],
  ['stem: false', { stem: false }],
  ['stopWords: false', { stopWords: false }],
  ['fold: false', { fold: false }],
  ['weights: [1, 1]', { weights: [1, 1] }],
  ["scorer: 'bm25'", { scorer: 'bm25' }],
];

function build(docs, options) {
  const index = new am.SearchIndex({ fields: ['title', 'text'], ...options });
  index.add(docs);
  return index;
}

function quality(collection, options) {
  const index = build(collection.docs, options);
  let ndcg = 0, map = 0;
  for (const q of collection.queries) {
    const m = measures(index.search(q.text, { k: 1000 }).map((h) => h.id), collection.qrels.get(q.id));
    ndcg += m.ndcg10, map += m.ap;
  }
  index.dispose();
  return { ndcg: ndcg / collection.queries.length, map: map / collection.queries.length };
}

if (!process.argv.includes('--skip-quality')) {
  const collections = ['cranfield', 'cacm'].map((name) => [name, readCollection(dataDir, name)]).filter(([name, c]) => {
    if (!c) console.log(`${name}: not found in ${dataDir}, skipped`);
    return c;
  });
  if (collections.length) {
    console.log(`\nFirst stage (title and abstract as two fields), NDCG@10 / MAP over 1,000 results\n`);
    console.log(`| index options | ${collections.map(([name]) => name).join(' | ')} |`);
    console.log(`|---|${collections.map(() => '---|').join('')}`);
    for (const [label, options] of VARIANTS) {
      const cells = collections.map(([, c]) => { const q = quality(c, options); return `${f3(q.ndcg)} / ${f3(q.map)}`; });
      console.log(`| ${label} | ${cells.join(' | ')} |`);
    }
    console.log(`\nIndexing at the defaults (median of 7 builds, after one to warm up)\n`);
    console.log('| collection | documents | ms | median query ms |\n|---|---:|---:|---:|');
    for (const [name, c] of collections) {
      build(c.docs, {}).dispose();
      const times = [];
      for (let i = 0; i < 7; ++i) {
        const started = performance.now();
        const index = build(c.docs, {});
        times.push(performance.now() - started);
        index.dispose();
      }
      const index = build(c.docs, {});
      const queryTimes = c.queries.map((q) => { const s = performance.now(); index.search(q.text, { k: 1000 }); return performance.now() - s; });
      index.dispose();
      console.log(`| ${name} | ${c.docs.length} | ${median(times).toFixed(1)} | ${median(queryTimes).toFixed(2)} |`);
    }
  }
}

if (!process.argv.includes('--skip-scaling')) {
  const n = Number(arg('docs', '100000'));
  // Words w0, w1, … drawn from Zipf(1) over 50,000 by inverse CDF, from a seeded generator.
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const V = 50_000, cdf = new Float64Array(V);
  let total = 0;
  for (let r = 0; r < V; ++r) cdf[r] = total += 1 / (r + 1);
  const word = () => {
    const x = rand() * total;
    let lo = 0, hi = V - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cdf[mid] < x) lo = mid + 1; else hi = mid; }
    return `w${lo.toString(36)}`;
  };
  const words = (k) => Array.from({ length: k }, word).join(' ');
  const docs = Array.from({ length: n }, (_, i) => ({ id: `doc${i}`, title: words(8), text: words(142) }));
  const before = am.memoryUsage().heapSize;
  const started = performance.now(), cpuStarted = process.cpuUsage();
  const index = new am.SearchIndex({ fields: ['title', 'text'] });
  for (let i = 0; i < n; i += 10_000) index.add(docs.slice(i, i + 10_000));
  const seconds = (performance.now() - started) / 1000;
  // CPU time too: on a shared machine the wall clock also counts the time other processes had the core.
  const cpu = process.cpuUsage(cpuStarted), cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const memory = am.memoryUsage();
  const queryTimes = Array.from({ length: 100 }, () => { const q = words(4); const s = performance.now(); index.search(q, { k: 100 }); return performance.now() - s; });
  const bytes = index.save().length;
  console.log(`\nScaling: ${n.toLocaleString('en')} generated documents of 150 words\n`);
  console.log('| index s (CPU s) | wasm memory MB (before → after) | heap in use MB | saved MB | median 4-word query ms |\n|---:|---:|---:|---:|---:|');
  console.log(`| ${seconds.toFixed(2)} (${cpuSeconds.toFixed(2)}) | ${(before / 1e6).toFixed(0)} → ${(memory.heapSize / 1e6).toFixed(0)} | ${(memory.heapInUse / 1e6).toFixed(0)} | ${(bytes / 1e6).toFixed(0)} | ${median(queryTimes).toFixed(2)} |`);
  index.dispose();
}
