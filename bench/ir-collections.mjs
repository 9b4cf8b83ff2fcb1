// The IR test collections in ../shared/data (Cranfield, CACM) and the measures of a run on them, for the search
// benchmarks. Each collection is { docs: [{ id, title, text }], queries: [{ id, text }], qrels: Map(qid → Map(docid
// → grade)) }; a missing collection is null.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryMeasures } from '../bindings/js/cli/trec.js';

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

// A query of these collections is a written request: its quotation marks quote a title or a phrase of the
// letter, not the phrase syntax of a search box (argmax's would require each quoted phrase in every result, and
// 4 of CACM's 52 judged queries would find nothing). So they are read as spaces, for every ranker alike (the
// tokenizers of MiniSearch, Orama and the plain BM25 drop them anyway).
const requestText = (text) => text.replace(/"/g, ' ').replace(/\s+/g, ' ').trim();

const READERS = {
  // Cranfield: qrels number the queries 1..225 by their position in cran.qry (not by .I); gain = 5 − code,
  // code −1 dropped.
  cranfield(dir) {
    const docs = smartRecords(readFileSync(join(dir, 'cran.all.1400'), 'utf8'))
      .map((r) => ({ id: String(Number(r.id)), title: r.field('T'), text: r.field('W') }));
    const queries = smartRecords(readFileSync(join(dir, 'cran.qry'), 'utf8'))
      .map((r, position) => ({ id: String(position + 1), text: requestText(r.field('W')) }));
    const qrels = new Map();
    for (const line of readFileSync(join(dir, 'cranqrel'), 'utf8').split('\n')) {
      const [qid, docid, code] = line.trim().split(/\s+/);
      if (!code || Number(code) < 1) continue;
      if (!qrels.has(qid)) qrels.set(qid, new Map());
      qrels.get(qid).set(docid, 5 - Number(code));
    }
    return { docs, queries, qrels };
  },
  // CACM: binary judgments `qid docid 0 0`; the queries without judgments are not evaluated.
  cacm(dir) {
    const docs = smartRecords(readFileSync(join(dir, 'cacm.all'), 'utf8'))
      .map((r) => ({ id: String(Number(r.id)), title: r.field('T'), text: r.field('W') }));
    const qrels = new Map();
    for (const line of readFileSync(join(dir, 'qrels.text'), 'utf8').split('\n')) {
      const [qid, docid] = line.trim().split(/\s+/);
      if (!docid) continue;
      const q = String(Number(qid));
      if (!qrels.has(q)) qrels.set(q, new Map());
      qrels.get(q).set(String(Number(docid)), 1);
    }
    const queries = smartRecords(readFileSync(join(dir, 'query.text'), 'utf8'))
      .map((r) => ({ id: String(Number(r.id)), text: requestText(r.field('W')) }))
      .filter((q) => qrels.has(q.id));
    return { docs, queries, qrels };
  },
};
const FOLDERS = { cranfield: 'ir-cranfield', cacm: 'ir-cacm' };

export function readCollection(dataDir, name) {
  const dir = join(dataDir, FOLDERS[name]);
  return existsSync(dir) ? READERS[name](dir) : null;
}

// NDCG@10 as trec_eval's ndcg_cut.10 and average precision over the ranking given, for one query (the CLI's
// `argmax eval` measures).
export function measures(ranking, judged) {
  const m = queryMeasures(ranking, judged);
  return { ndcg10: m['ndcg@10'], ap: m.map };
}
