// Search benchmark on the Cranfield and CACM test collections: the search libraries web apps use (MiniSearch 7,
// Lunr 2, Orama 3, each at its defaults) and a plain BM25 reference, on the same documents (title and
// abstract/body as two fields) and queries. Prints, per collection, NDCG@10 and MAP (trec_eval's, over the
// first 1,000 results: bindings/js/cli/trec.js), index build time, index bytes, heap held by the index, and
// the time of all queries and their median.
//   node --expose-gc bench/search.mjs [--data DIR] [--collections cranfield,cacm]
// The collections are read from ../shared/data (ir-cranfield, ir-cacm); a missing one is skipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import lunr from 'lunr';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { queryMeasures, trecOrder } from '../bindings/js/cli/trec.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const DEPTH = 1000;  // results per query for MAP, as trec_eval's default run depth

// ---- SMART-format collections -------------------------------------------------------------------------------

// Records of a SMART file: `.I id` starts one, `.X` (a letter) starts a field running to the next marker.
function smartRecords(text) {
  const records = [];
  let record = null, field = null;
  for (const line of text.split('\n')) {
    const marker = /^\.([A-Z])(?:\s+(.*))?$/.exec(line);
    if (marker && marker[1] === 'I') {
      record = { id: marker[2].trim(), fields: {} };
      records.push(record);
      field = null;
    } else if (marker) {
      field = marker[1];
      record.fields[field] = marker[2] ? [marker[2]] : [];
    } else if (record && field) {
      record.fields[field].push(line);
    }
  }
  return records.map(({ id, fields }) => ({ id, field: (f) => (fields[f] ?? []).join(' ').replace(/\s+/g, ' ').trim() }));
}

// { name, docs: [{ id, title, text }], queries: [{ id, text }], qrels: Map(qid → Map(docid → grade)) }
const COLLECTIONS = {
  // Cranfield: qrels number the queries 1..225 by their position in cran.qry (not by .I); gain = 5 − code,
  // code −1 dropped.
  cranfield(dir) {
    const docs = smartRecords(readFileSync(join(dir, 'cran.all.1400'), 'utf8'))
      .map((r) => ({ id: r.id, title: r.field('T'), text: r.field('W') }));
    const queries = smartRecords(readFileSync(join(dir, 'cran.qry'), 'utf8'))
      .map((r, position) => ({ id: String(position + 1), text: r.field('W') }));
    const qrels = new Map();
    for (const line of readFileSync(join(dir, 'cranqrel'), 'utf8').split('\n')) {
      const [qid, docid, code] = line.trim().split(/\s+/);
      if (!code || Number(code) < 1) continue;
      if (!qrels.has(qid)) qrels.set(qid, new Map());
      qrels.get(qid).set(docid, 5 - Number(code));
    }
    return { docs, queries, qrels };
  },
  // CACM: binary judgments `qid docid 0 0`; queries without judgments (and the empty .I 0) are not evaluated.
  cacm(dir) {
    const docs = smartRecords(readFileSync(join(dir, 'cacm.all'), 'utf8'))
      .map((r) => ({ id: r.id, title: r.field('T'), text: r.field('W') }));
    const qrels = new Map();
    for (const line of readFileSync(join(dir, 'qrels.text'), 'utf8').split('\n')) {
      const [qid, docid] = line.trim().split(/\s+/);
      if (!docid) continue;
      const q = String(Number(qid)), d = String(Number(docid));
      if (!qrels.has(q)) qrels.set(q, new Map());
      qrels.get(q).set(d, 1);
    }
    const queries = smartRecords(readFileSync(join(dir, 'query.text'), 'utf8'))
      .map((r) => ({ id: String(Number(r.id)), text: r.field('W') }))
      .filter((q) => qrels.has(q.id));
    return { docs, queries, qrels };
  },
};
const FILES = { cranfield: ['ir-cranfield', 'cran.all.1400'], cacm: ['ir-cacm', 'cacm.all'] };

// ---- the rankers ---------------------------------------------------------------------------------------------
// Each: build(docs) → index; search(index, text) → [{ docid, score }] best first (at most DEPTH); bytes(index).

const words = (text) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

const RANKERS = {
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

async function measure(ranker, { docs, queries, qrels }) {
  const before = heap();
  let t0 = performance.now();
  const index = await ranker.build(docs);
  const buildSeconds = (performance.now() - t0) / 1000;
  const heapBytes = heap() - before;
  const times = [], sums = { 'ndcg@10': 0, map: 0 };
  for (const q of queries) {
    t0 = performance.now();
    const results = await ranker.search(index, q.text);
    times.push(performance.now() - t0);
    const m = queryMeasures(trecOrder(results), qrels.get(q.id) ?? new Map());
    sums['ndcg@10'] += m['ndcg@10'] / queries.length;
    sums.map += m.map / queries.length;
  }
  return {
    ...sums, buildSeconds, heapBytes, bytes: ranker.bytes ? ranker.bytes(index) : null,
    querySeconds: times.reduce((a, b) => a + b, 0) / 1000, medianMs: median(times),
  };
}

const wanted = arg('collections', 'cranfield,cacm').split(',');
if (!globalThis.gc) console.log('(run with node --expose-gc for the heap column)');
for (const name of wanted) {
  if (!COLLECTIONS[name]) throw new Error(`unknown collection '${name}' (known: ${Object.keys(COLLECTIONS).join(', ')})`);
  const [folder, file] = FILES[name];
  const dir = join(dataDir, folder);
  if (!existsSync(join(dir, file))) { console.log(`${name}: skipped, ${dir} is absent`); continue; }
  const collection = COLLECTIONS[name](dir);
  console.log(`\n${name}: ${collection.docs.length} documents, ${collection.queries.length} judged queries (Node ${process.versions.node})\n`);
  console.log('| ranker | NDCG@10 | MAP | build s | index KB | heap MB | all queries s | median query ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [label, ranker] of Object.entries(RANKERS)) {
    const r = await measure(ranker, collection);
    const kb = r.bytes === null ? '–' : (r.bytes / 1024).toFixed(0);
    const mb = globalThis.gc ? (r.heapBytes / 2 ** 20).toFixed(1) : '–';
    console.log(`| ${label} | ${r['ndcg@10'].toFixed(3)} | ${r.map.toFixed(3)} | ${r.buildSeconds.toFixed(3)} | ${kb} | ${mb} | ${r.querySeconds.toFixed(3)} | ${r.medianMs.toFixed(3)} |`);
  }
}
