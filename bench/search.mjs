// Search benchmark on the Cranfield and CACM test collections: argmax's first stages (BM25F and BM25, the index at
// its defaults) beside the search libraries web apps use (MiniSearch 7, Lunr 2, Orama 3, each at its defaults)
// and a plain BM25 reference, on the same documents (title and abstract/body as two fields) and queries. Prints,
// per collection, NDCG@10 and MAP (trec_eval's, over the first 1,000 results: bindings/js/cli/trec.js), index
// build time (the first build, each library's in fresh processes, with its CPU time; the median of later ones;
// argmax's speed against MiniSearch's and Lunr's as the median ratio of builds paired one after the other), index bytes, memory held by the index (the JS heap it adds; for argmax the whole wasm memory after
// building it, an upper bound: the module's own memory included), and
// the time of all queries and their median. Then learned re-ranking (SearchRanker) with 5-fold cross-validation
// over queries (query i in fold i mod 5): trained on judgments with each Ranker objective, and on clicks
// simulated from the judgments (the semi-synthetic protocol, search-ranker.js am.clicks.simulate) with and
// without propensity correction; with the median time of a re-ranked query (top 100, 10 results).
// With --nested, the defaults chosen on these same queries (the index's feedbackDocs, the ranker's depth) are
// chosen again inside each outer fold by a 4-fold CV over its training queries, the honest estimate of a tuned
// setting. With --curve 100,300,1000,3000, the click rows are the curve of Joachims et al. (2017) over the amount
// of click data instead: IPS and naive clicks at each number of sessions a query, `seeds` simulations each,
// beside judgments.
//   node --expose-gc bench/search.mjs [--data DIR] [--collections cranfield,cacm] [--skip-peers] [--skip-learned]
//     [--seeds 5] [--sessions 200] [--nested] [--curve SESSIONS,...] [--clip C] [--first-builds 5]
// (--clip: the clip of the curve's IPS rows, default the ranker's 0.2; 0 for uncapped weights)
// The collections are read from ../shared/data (ir-cranfield, ir-cacm: bench/ir-collections.mjs); a missing one
// is skipped.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import lunr from 'lunr';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { queryMeasures, trecOrder } from '../bindings/js/cli/trec.js';
import { readCollection } from './ir-collections.mjs';
import { init } from '../bindings/js/search-train.js';  // argmax/search and the re-ranker's training

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const DEPTH = 1000;  // results per query for MAP, as trec_eval's default run depth

// ---- the rankers ---------------------------------------------------------------------------------------------
// Each: build(docs) → index; search(index, text) → [{ docid, score }] best first (at most DEPTH); bytes(index).

const words = (text) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

const am = await init();
const wasmBytes = () => am.module.HEAP8.buffer.byteLength;
const argmaxFirstStage = (options) => ({
  build(docs) {
    const index = new am.SearchIndex({ fields: ['title', 'text'], ...options });
    index.add(docs);
    return index;
  },
  search: (index, text) => index.search(text, { k: DEPTH }).map((h) => ({ docid: h.id, score: h.score })),
  bytes: (index) => index.save().length,
  memory: wasmBytes,
});

const RANKERS = {
  'argmax BM25F': argmaxFirstStage({}),
  'argmax BM25': argmaxFirstStage({ scorer: 'bm25' }),
  // The reference of the table: one field (title + abstract), lower-cased alphanumeric tokens, no
  // stemming or stop words, BM25 with Lucene's idf log(1 + (N − df + 0.5)/(df + 0.5)), k1 0.9, b 0.4.
  'plain BM25 (reference)': {
    build(docs) {
      const postings = new Map(), lengths = [];
      docs.forEach((d, i) => {
        const tokens = words(`${d.title} ${d.text}`);
        lengths.push(tokens.length);
        const tf = new Map();
        for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
        for (const [t, n] of tf) {
          if (!postings.has(t)) postings.set(t, []);
          postings.get(t).push(i, n);
        }
      });
      const average = lengths.reduce((a, b) => a + b, 0) / docs.length;
      return { postings, lengths, average, ids: docs.map((d) => d.id) };
    },
    search({ postings, lengths, average, ids }, text) {
      const k1 = 0.9, b = 0.4, scores = new Map();
      for (const t of words(text)) {
        const list = postings.get(t);
        if (!list) continue;
        const df = list.length / 2, idf = Math.log(1 + (ids.length - df + 0.5) / (df + 0.5));
        for (let j = 0; j < list.length; j += 2) {
          const i = list[j], tf = list[j + 1];
          const s = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[i] / average));
          scores.set(i, (scores.get(i) ?? 0) + s);
        }
      }
      return [...scores].map(([i, score]) => ({ docid: ids[i], score })).sort((x, y) => y.score - x.score).slice(0, DEPTH);
    },
    bytes: ({ postings }) => { let n = 0; for (const [t, l] of postings) n += t.length + 8 * l.length; return n; },
  },
  'MiniSearch 7': {
    build(docs) {
      const index = new MiniSearch({ fields: ['title', 'text'] });
      index.addAll(docs);
      return index;
    },
    search: (index, text) => index.search(text).slice(0, DEPTH).map((r) => ({ docid: r.id, score: r.score })),
    bytes: (index) => JSON.stringify(index).length,
  },
  // Lunr's query string syntax (field:, ^boost, ~fuzz, +/− presence, * wildcards) would read a query's
  // punctuation as operators: the query's tokens go in as plain terms, through the search pipeline (stemmer,
  // stop words) exactly as the query parser sends them.
  'Lunr 2': {
    build(docs) {
      return lunr(function () {
        this.ref('id');
        this.field('title');
        this.field('text');
        for (const d of docs) this.add(d);
      });
    },
    search: (index, text) => index.query((q) => q.term(lunr.tokenizer(text))).slice(0, DEPTH).map((r) => ({ docid: r.ref, score: r.score })),
    bytes: (index) => JSON.stringify(index).length,
  },
  'Orama 3': {
    async build(docs) {
      const db = create({ schema: { id: 'string', title: 'string', text: 'string' } });
      await insertMultiple(db, docs);
      return db;
    },
    async search(db, text) {
      const r = await oramaSearch(db, { term: text, properties: ['title', 'text'], limit: DEPTH });
      return r.hits.map((h) => ({ docid: h.document.id, score: h.score }));
    },
    bytes: null,  // Orama 3 has no serialised form in its core package
  },
};

// ---- measuring -----------------------------------------------------------------------------------------------

const gc = globalThis.gc ?? (() => {});
const heap = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };

// Build time twice: the first build (firstBuilds) and the median of REBUILDS builds after one (optimised code, as
// an app that indexes again, or for long, runs).
const REBUILDS = 5;

async function measure(ranker, { docs, queries, qrels }) {
  const before = heap();
  const index = await ranker.build(docs);
  const heapBytes = ranker.memory ? ranker.memory() : heap() - before;
  const rebuilds = [];
  for (let i = 0; i < REBUILDS; ++i) {
    const t0 = performance.now();
    const again = await ranker.build(docs);
    rebuilds.push((performance.now() - t0) / 1000);
    again.dispose?.();
  }
  const times = [], sums = { 'ndcg@10': 0, map: 0 };
  for (const q of queries) {
    const t0 = performance.now();
    const results = await ranker.search(index, q.text);
    times.push(performance.now() - t0);
    const m = queryMeasures(trecOrder(results), qrels.get(q.id) ?? new Map());
    sums['ndcg@10'] += m['ndcg@10'] / queries.length;
    sums.map += m.map / queries.length;
  }
  const bytes = ranker.bytes ? ranker.bytes(index) : null;
  index.dispose?.();
  return { ...sums, rebuildSeconds: median(rebuilds), heapBytes, bytes, querySeconds: times.reduce((a, b) => a + b, 0) / 1000, medianMs: median(times) };
}

// The speed of building one index against another's, as the median ratio of PAIRS builds made one right after
// the other: on a shared machine the load changes between the table's rows, much less within a pair.
const PAIRS = 9;
async function pairedBuildRatio(ours, peer, docs) {
  const ratios = [];
  for (let i = 0; i < PAIRS; ++i) {
    let t0 = performance.now();
    (await ours.build(docs)).dispose?.();
    const oursSeconds = performance.now() - t0;
    t0 = performance.now();
    (await peer.build(docs)).dispose?.();
    ratios.push((performance.now() - t0) / oursSeconds);
  }
  return median(ratios);
}

// A first build pays for code not yet optimised (JS in V8's interpreter and baseline tiers, wasm in Liftoff) and
// shares the core with V8 optimising, on background threads, whatever ran just before it: in one process the
// library built first would share it with the collection's parser. So each library's first build runs in fresh
// processes, the same for all (every library loaded, then the collection read), FIRST_BUILDS rounds alternating
// the libraries: the medians of the clock and of the process's CPU time (every thread's).
const FIRST_BUILDS = Number(arg('first-builds', 5));
const firstBuildChild = process.argv.indexOf('--first-build');
if (firstBuildChild > 0) {
  const [label, name] = process.argv.slice(firstBuildChild + 1);
  const { docs } = readCollection(dataDir, name);
  const cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const t0 = performance.now(), cpu0 = cpuSeconds();
  await RANKERS[label].build(docs);
  console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000, cpuSeconds: cpuSeconds() - cpu0 }));
  process.exit(0);
}

function firstBuilds(labels, name) {
  const runs = new Map(labels.map((label) => [label, []]));
  for (let round = 0; round < FIRST_BUILDS; ++round) {
    for (const label of labels) {
      const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--data', dataDir, '--first-build', label, name], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`the first build of ${label} on ${name} failed: ${out.stderr}`);
      runs.get(label).push(JSON.parse(out.stdout.trim().split('\n').pop()));
    }
  }
  return new Map([...runs].map(([label, r]) => [label, { seconds: median(r.map((x) => x.seconds)), cpuSeconds: median(r.map((x) => x.cpuSeconds)) }]));
}

// ---- learned re-ranking, 5-fold over queries ---------------------------------------------------------------

const LEARNED = [
  { label: 'NDCG structured hinge (judgments)', options: {} },
  { label: 'Kendall pairwise hinge (judgments)', options: { measure: 'kendall' } },
  { label: 'pointwise regression (judgments)', options: { loss: 'squared' } },
  { label: 'NDCG hinge, clicks, IPS (propensities by EM, clip 0.2)', options: {}, clicks: true },
  { label: 'NDCG hinge, clicks, IPS without clip', options: { clip: 0 }, clicks: true },
  { label: 'NDCG hinge, clicks, naive', options: { clicks: 'naive' }, clicks: true },
  { label: 'NDCG hinge, the shown lists with each relevant document clicked, no bias or noise', options: {}, clicks: 'exact' },
];
// The semi-synthetic protocol: each training query's first 10 results (the first stage's) shown 200 times; rank k
// examined with probability 1/k; an examined document clicked with 0.1 + 0.9 (2^g − 1)/(2^max − 1); a tenth of
// the sessions shown in random order (result randomisation, from which EM can tell position from relevance).
const SIMULATION = { eta: 1, noise: 0.1, sessions: Number(arg('sessions', 200)), shuffled: 0.1 };

// What the users of the simulation are shown for each training query: the first stage's top 10, graded.
const shownLists = (index, train, qrels) => train.map((q) => {
  const shown = index.search(q.text, { k: 10 }).map((h) => h.id);
  return { query: q.text, shown, grades: shown.map((d) => qrels.get(q.id)?.get(d) ?? 0) };
});
// Simulation `run` (from 0) of fold `fold` has seed 5 run + fold + 1.
const simulate = (lists, sessions, maxGrade, run, fold) =>
  am.clicks.simulate(lists, { ...SIMULATION, sessions, maxGrade, seed: 5 * run + fold + 1 });

// The click rows are the mean over `seeds` simulations (seed s of fold f: 5(s − 1) + f + 1), each listed.
function learned({ docs, queries, qrels }, maxGrade, seeds) {
  const index = argmaxFirstStage({}).build(docs);
  const rows = [];
  for (const setup of LEARNED) {
    const sums = { 'ndcg@10': 0, map: 0 }, times = [], perSeed = [];
    let propensity = null;
    const runs = setup.clicks === true ? seeds : 1;
    for (let run = 0; run < runs; ++run) {
      let seedNdcg = 0;
      for (let fold = 0; fold < 5; ++fold) {
        const train = queries.filter((_, i) => i % 5 !== fold), test = queries.filter((_, i) => i % 5 === fold);
        const ranker = new am.SearchRanker(setup.options);
        if (setup.clicks) {
          const lists = shownLists(index, train, qrels);
          if (setup.clicks === 'exact') {
            // what the click rows could learn at best: every relevant (grade > 0) document of a shown list
            // clicked, every rank examined
            const clicks = lists.map(({ query, shown, grades }) => ({ query, shown, clicked: shown.filter((_, i) => grades[i] > 0) }));
            ranker.fit(index, { clicks, propensity: new Array(10).fill(1) });
          } else {
            ranker.fit(index, { clicks: simulate(lists, SIMULATION.sessions, maxGrade, run, fold) });
            propensity ??= ranker.propensity;
          }
        } else {
          ranker.fit(index, train.map((q) => ({ query: q.text, grades: qrels.get(q.id) ?? new Map() })));
        }
        for (const q of test) {
          const results = ranker.search(index, q.text, { k: DEPTH }).map((h) => ({ docid: h.id, score: h.score }));
          const m = queryMeasures(trecOrder(results), qrels.get(q.id) ?? new Map());
          sums['ndcg@10'] += m['ndcg@10'] / queries.length / runs;
          sums.map += m.map / queries.length / runs;
          seedNdcg += m['ndcg@10'] / queries.length;
          const t0 = performance.now();
          ranker.search(index, q.text, { k: 10 });
          times.push(performance.now() - t0);
        }
        ranker.dispose();
      }
      perSeed.push(seedNdcg);
    }
    rows.push({ label: setup.label, ...sums, medianMs: median(times), propensity, perSeed: runs > 1 ? perSeed : null });
  }
  index.dispose();
  return rows;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / Math.max(1, xs.length - 1));
const spread = (xs) => `±${sd(xs).toFixed(3)} [${xs.map((x) => x.toFixed(3)).join(' ')}]`;

// The mean of paired differences with its standard error (sd/√n) and t = mean/SE: the same simulated clicks
// learned two ways, so the clicks' own luck cancels in each difference.
function pairedDifference(differences) {
  const m = mean(differences), se = sd(differences) / Math.sqrt(differences.length);
  return `${m >= 0 ? '+' : ''}${m.toFixed(4)} ± ${se.toFixed(4)} (t ${se > 0 ? (m / se).toFixed(1) : '–'})`;
}

// The summed NDCG@10 of the test queries under a trained SearchRanker, which it disposes of.
function testNdcg(ranker, index, test, qrels) {
  let sum = 0;
  for (const q of test) {
    const results = ranker.search(index, q.text, { k: DEPTH }).map((h) => ({ docid: h.id, score: h.score }));
    sum += queryMeasures(trecOrder(results), qrels.get(q.id) ?? new Map())['ndcg@10'];
  }
  ranker.dispose();
  return sum;
}

// The summed NDCG@10 of the test queries under a SearchRanker of these options trained on the training queries.
const foldNdcg = (index, options, train, test, qrels) => testNdcg(
  new am.SearchRanker(options).fit(index, train.map((q) => ({ query: q.text, grades: qrels.get(q.id) ?? new Map() }))),
  index, test, qrels);

// IPS (the defaults) and naive clicks over the number of sessions a query, 5-fold as the click rows (the same
// seeds), beside the same ranker trained on judgments: calls print({ judgments }) first, then print({ sessions,
// ips: [...], naive: [...] }) with each simulation's NDCG@10 as each volume is done (the large ones take long).
const CURVE_IPS = arg('clip') === undefined ? {} : { clip: Number(arg('clip')) };
function clickCurve({ docs, queries, qrels }, maxGrade, volumes, seeds, print) {
  const index = argmaxFirstStage({}).build(docs);
  const folds = [0, 1, 2, 3, 4].map((fold) => {
    const train = queries.filter((_, i) => i % 5 !== fold), test = queries.filter((_, i) => i % 5 === fold);
    return { train, test, lists: shownLists(index, train, qrels) };
  });
  print({ judgments: folds.reduce((sum, { train, test }) => sum + foldNdcg(index, {}, train, test, qrels), 0) / queries.length });
  for (const sessions of volumes) {
    const row = { sessions, ips: [], naive: [] };
    const t0 = performance.now();
    for (let run = 0; run < seeds; ++run) {
      let ips = 0, naive = 0;
      folds.forEach(({ test, lists }, fold) => {
        const clicks = simulate(lists, sessions, maxGrade, run, fold);
        ips += testNdcg(new am.SearchRanker(CURVE_IPS).fit(index, { clicks }), index, test, qrels);
        naive += testNdcg(new am.SearchRanker({ clicks: 'naive' }).fit(index, { clicks }), index, test, qrels);
      });
      row.ips.push(ips / queries.length);
      row.naive.push(naive / queries.length);
    }
    print({ ...row, secondsEach: (performance.now() - t0) / 1000 / seeds });
  }
  index.dispose();
}

// Nested cross-validation of the settings chosen on these queries: in each outer fold (query i in fold i mod 5)
// the index's feedbackDocs and the ranker's depth are chosen by a 4-fold CV of its training queries (the same
// split rule within them), and the choice is scored on its test queries.
const NESTED = { feedbackDocs: [5, 6, 7, 8, 10], depth: [100, 150, 200] };
function nested({ docs, queries, qrels }) {
  const settings = NESTED.feedbackDocs.flatMap((feedbackDocs) => {
    const index = argmaxFirstStage({ feedbackDocs }).build(docs);
    return NESTED.depth.map((depth) => ({ index, feedbackDocs, depth }));
  });
  let ndcg = 0;
  const picks = [];
  for (let fold = 0; fold < 5; ++fold) {
    const train = queries.filter((_, i) => i % 5 !== fold), test = queries.filter((_, i) => i % 5 === fold);
    const inner = settings.map(({ index, depth }) => {
      let sum = 0;
      for (let f = 0; f < 4; ++f) sum += foldNdcg(index, { depth }, train.filter((_, i) => i % 4 !== f), train.filter((_, i) => i % 4 === f), qrels);
      return sum;
    });
    const best = settings[inner.indexOf(Math.max(...inner))];
    picks.push(`${best.feedbackDocs}×${best.depth}`);
    ndcg += foldNdcg(best.index, { depth: best.depth }, train, test, qrels) / queries.length;
  }
  for (const s of settings) if (s.depth === NESTED.depth[0]) s.index.dispose();
  return { ndcg, picks };
}

const wanted = arg('collections', 'cranfield,cacm').split(',');
if (!globalThis.gc) console.log('(run with node --expose-gc for the memory column of the JS libraries)');
for (const name of wanted) {
  if (!['cranfield', 'cacm'].includes(name)) throw new Error(`unknown collection '${name}' (known: cranfield, cacm)`);
  const collection = readCollection(dataDir, name);
  if (!collection) { console.log(`${name}: skipped, it is not in ${dataDir}`); continue; }
  console.log(`\n${name}: ${collection.docs.length} documents, ${collection.queries.length} judged queries (Node ${process.versions.node})\n`);
  const labels = Object.keys(RANKERS).filter((label) => !process.argv.includes('--skip-peers') || label.startsWith('argmax'));
  const first = firstBuilds(labels, name);
  console.log(`| ranker | NDCG@10 | MAP | first build s (median of ${FIRST_BUILDS} processes) | its CPU s | median of ${REBUILDS} more builds s | index KB | memory MB | all queries s | median query ms |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const results = new Map();
  for (const label of labels) {
    const ranker = RANKERS[label];
    const r = { ...await measure(ranker, collection), buildSeconds: first.get(label).seconds, buildCpuSeconds: first.get(label).cpuSeconds };
    results.set(label, r);
    const kb = r.bytes === null ? '–' : (r.bytes / 1024).toFixed(0);
    const mb = globalThis.gc || ranker.memory ? (r.heapBytes / 2 ** 20).toFixed(1) : '–';
    console.log(`| ${label} | ${r['ndcg@10'].toFixed(3)} | ${r.map.toFixed(3)} | ${r.buildSeconds.toFixed(3)} | ${r.buildCpuSeconds.toFixed(3)} | ${r.rebuildSeconds.toFixed(3)} | ${kb} | ${mb} | ${r.querySeconds.toFixed(3)} | ${r.medianMs.toFixed(3)} |`);
  }
  const ours = results.get('argmax BM25F');
  for (const peer of ['MiniSearch 7', 'Lunr 2'].filter((p) => results.has(p))) {
    const paired = await pairedBuildRatio(RANKERS['argmax BM25F'], RANKERS[peer], collection.docs);
    console.log(`indexing, ${peer}'s time / argmax BM25F's: first builds ${(results.get(peer).buildSeconds / ours.buildSeconds).toFixed(1)}× `
      + `(CPU ${(results.get(peer).buildCpuSeconds / ours.buildCpuSeconds).toFixed(1)}×), ` +
      `later builds ${paired.toFixed(1)}× (median of ${PAIRS} pairs built one after the other)`);
  }
  if (process.argv.includes('--skip-learned')) continue;
  const seeds = Number(arg('seeds', 5)), maxGrade = name === 'cranfield' ? 4 : 1;
  const curve = arg('curve');
  if (curve) {
    const volumes = curve.split(',').map(Number);
    if (volumes.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`--curve takes sessions a query, such as 100,300,1000, not '${curve}'`);
    clickCurve(collection, maxGrade, volumes, seeds, (r) => {
      if (r.judgments !== undefined) {
        console.log(`\nclicks over the sessions a query (${name}): NDCG@10, 5-fold over queries, the mean of ${seeds} click simulations ± ` +
          `their standard deviation, and the paired differences; the same ranker trained on judgments: ${r.judgments.toFixed(3)}\n`);
        console.log(`| sessions a query | IPS (propensities by EM, clip ${CURVE_IPS.clip ?? am.SearchRanker.options().find((o) => o.name === 'clip').default}) ± sd | naive clicks ± sd | IPS − naive: mean ± standard error (paired) | `
          + 'simulations IPS above / below naive | IPS − naive, each simulation | s a simulation |');
        console.log('|---|---|---|---|---|---|---|');
      } else {
        const differences = r.ips.map((x, i) => x - r.naive[i]);
        console.log(`| ${r.sessions} | ${mean(r.ips).toFixed(3)} ±${sd(r.ips).toFixed(3)} | ${mean(r.naive).toFixed(3)} ±${sd(r.naive).toFixed(3)} | ` +
          `${pairedDifference(differences)} | ${differences.filter((d) => d > 0).length} / ${differences.filter((d) => d < 0).length} | ` +
          `${differences.map((d) => d.toFixed(3)).join(' ')} | ${r.secondsEach.toFixed(0)} |`);
      }
    });
    continue;
  }
  console.log(`\nlearned re-ranking of the BM25F top 100, 5-fold over queries (${name})\n`);
  console.log(`| re-ranker | NDCG@10 | MAP | median re-ranked query ms | NDCG@10 of each of ${seeds} click simulations (${SIMULATION.sessions} sessions a query): standard deviation [each] |`);
  console.log('|---|---|---|---|---|');
  const rows = learned(collection, maxGrade, seeds);
  for (const r of rows) console.log(`| ${r.label} | ${r['ndcg@10'].toFixed(3)} | ${r.map.toFixed(3)} | ${r.medianMs.toFixed(2)} | ${r.perSeed ? spread(r.perSeed) : ''} |`);
  const p = rows.find((r) => r.propensity)?.propensity;
  if (p) console.log(`\npropensities fitted by EM (fold 1, ranks 1–${p.length}; simulated: 1/k): ${Array.from(p, (x) => x.toFixed(2)).join(' ')}`);
  if (process.argv.includes('--nested')) {
    const n = nested(collection);
    console.log(`\nnested CV (${name}): NDCG@10 ${n.ndcg.toFixed(3)}, each outer fold choosing feedbackDocs × depth by a 4-fold CV of its training queries: ${n.picks.join(', ')}`);
  }
}
