// `argmax train search`: a learned re-ranker (SearchRanker) for an index, from TREC judgments or a click log.
//   --queries FILE   one JSON object a line: { "id": "q1", "text": "the query" }
//   --qrels FILE     TREC qrels, `qid 0 docid grade` (qids are the queries' ids; negative grades count as 0; the
//                    judged queries not in --queries are left out, so one qrels file serves every fold)
//   --clicks FILE    one JSON object a line: { "query": "q1", "shown": ["d3", "d1", …], "clicked": ["d1"] }
//                    (query: a query id; shown: the documents in the order shown)
import { readFileSync, writeFileSync } from 'node:fs';
import { parseOptionStrings } from '../api/options.js';
import { parseQrels } from './trec.js';
import { jsonLines, readQueries } from './search.js';

export const USAGE = 'argmax train search --index INDEX --queries queries.jsonl (--qrels qrels.txt | --clicks clicks.jsonl) --model MODEL [--set key=value]... [--json]';

// A saved search index, or a usage error naming what the file holds.
export function loadIndex(am, path) {
  const bytes = readFileSync(path);
  const index = am.load(bytes);
  if (!(index instanceof am.SearchIndex)) throw new Error(`--index ${path} holds a ${am.modelKind(bytes)} model, not a search index`);
  return index;
}

// Trains and writes the model; returns the summary printed. identifier(): the language identifier, which an
// index of language 'auto' reads the training queries with.
export async function trainSearch(am, flags, log, identifier) {
  const options = parseOptionStrings(am.SearchRanker.options(), flags.set, 'search ranker');
  const queries = new Map(readQueries(readFileSync(flags.queries, 'utf8'), flags.queries).map((q) => [q.id, q.text]));
  const textOf = (qid, where) => {
    if (!queries.has(qid)) throw new Error(`${where} names query '${qid}', which is not in ${flags.queries}`);
    return queries.get(qid);
  };
  // The queries given that have judgments (qrels may judge more: one file for every fold of a split).
  const judged = flags.qrels !== undefined && [...parseQrels(readFileSync(flags.qrels, 'utf8'))].filter(([qid]) => queries.has(qid));
  if (judged && judged.length === 0) throw new Error(`no query of ${flags.queries} has judgments in ${flags.qrels}`);
  const data = judged
    ? judged.map(([qid, grades]) => ({ query: queries.get(qid), grades: new Map([...grades].map(([d, g]) => [d, Math.max(g, 0)])) }))
    : { clicks: jsonLines(readFileSync(flags.clicks, 'utf8'), flags.clicks).map(({ value, line }) =>
      ({ ...value, query: textOf(String(value.query), `${flags.clicks}:${line}`) })) };
  const index = loadIndex(am, flags.index);
  if (index.options.language === 'auto') index.identifier = await identifier();
  const ranker = new am.SearchRanker(options);
  try {
    ranker.fit(index, data, { onProgress: log && ((p) => log(`epoch ${p.epoch}  objective ${p.objective.toFixed(6)}`)) });
    writeFileSync(flags.model, ranker.save());
    const p = ranker.propensity;
    return Array.isArray(data)
      ? { from: 'qrels', queries: data.length }
      : { from: 'clicks', sessions: data.clicks.length, ...(p ? { propensity: Array.from(p, (x) => Math.round(x * 1e4) / 1e4) } : {}) };
  } finally {
    ranker.dispose();
    index.dispose();
  }
}
