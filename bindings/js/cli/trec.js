// TREC files and measures, as trec_eval computes them, so that `argmax eval --qrels --run` agrees with it:
//   qrels: `qid iter docid grade` (a document is relevant when its grade is ≥ 1; a grade is its NDCG gain)
//   run:   `qid Q0 docid rank score tag` (the rank column is ignored: each query's documents are sorted by
//          score, higher first, and tied scores by docid in descending byte order, as trec_eval's comp_sim_docno)
// Measures of one query (its judgments J, its ranked list L):
//   NDCG@10   DCG@10 / ideal DCG@10, DCG@k = Σ_{i ≤ k} gain(L_i)/log2(i + 1), the ideal from every judged
//             document of the query sorted by grade (trec_eval's ndcg_cut: linear gain, not 2^g − 1)
//   AP        Σ_{relevant L_i} P@i / |relevant in J| (MAP: its mean)
//   P@10      |relevant in L_1..10| / 10
//   R@100     |relevant in L_1..100| / |relevant in J|
// A query with no relevant judgment scores 0; the means are over the queries of the run that have judgments
// (trec_eval's default: a run's query missing from the qrels is not counted, a judged query the run lacks is
// not counted either). Every document of the run counts: trec_eval's -M cut is not applied.

// Lines of whitespace-separated columns; blank lines skipped. The error names the file and the line.
function rows(text, what, columns) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    const fields = line.trim().split(/\s+/);
    if (fields.length === 1 && fields[0] === '') return;
    if (fields.length !== columns) throw new Error(`${what} line ${i + 1}: expected ${columns} columns, got ${fields.length}: '${line.trim().slice(0, 80)}'`);
    out.push({ fields, line: i + 1 });
  });
  return out;
}

function number(text, what, line, name) {
  const x = Number(text);
  if (text === '' || !Number.isFinite(x)) throw new Error(`${what} line ${line}: ${name} '${text}' is not a finite number`);
  return x;
}

// qid → Map(docid → grade).
export function parseQrels(text) {
  const qrels = new Map();
  for (const { fields: [qid, , docid, grade], line } of rows(text, 'qrels', 4)) {
    if (!qrels.has(qid)) qrels.set(qid, new Map());
    const judged = qrels.get(qid);
    if (judged.has(docid)) throw new Error(`qrels line ${line}: query ${qid} judges document ${docid} twice`);
    judged.set(docid, number(grade, 'qrels', line, 'grade'));
  }
  return qrels;
}

// qid → [{ docid, score }], in file order.
export function parseRun(text) {
  const run = new Map();
  const seen = new Set();
  for (const { fields: [qid, , docid, , score], line } of rows(text, 'run', 6)) {
    const key = `${qid}\u0000${docid}`;
    if (seen.has(key)) throw new Error(`run line ${line}: query ${qid} lists document ${docid} twice`);
    seen.add(key);
    if (!run.has(qid)) run.set(qid, []);
    run.get(qid).push({ docid, score: number(score, 'run', line, 'score') });
  }
  return run;
}

const byteOrder = (a, b) => (a < b ? -1 : a > b ? 1 : 0);  // strcmp on ASCII ids; UTF-16 order otherwise

// A run's documents in trec_eval's order: score descending, then docid descending.
export function trecOrder(entries) {
  return [...entries].sort((a, b) => b.score - a.score || byteOrder(b.docid, a.docid)).map((e) => e.docid);
}

// The measures of one ranked list (docids, best first) against one query's judgments (Map docid → grade).
export function queryMeasures(ranked, judged) {
  const gain = (docid) => Math.max(judged.get(docid) ?? 0, 0);
  const relevant = [...judged.values()].filter((g) => g >= 1).length;
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a);
  let dcg = 0, idcg = 0, found = 0, precisionSum = 0, p10 = 0, r100 = 0;
  for (let i = 0; i < Math.min(10, ideal.length); ++i) idcg += ideal[i] / Math.log2(i + 2);
  ranked.forEach((docid, i) => {
    if (i < 10) dcg += gain(docid) / Math.log2(i + 2);
    if ((judged.get(docid) ?? 0) >= 1) {
      found += 1;
      precisionSum += found / (i + 1);
      if (i < 10) p10 += 1;
      if (i < 100) r100 += 1;
    }
  });
  return {
    'ndcg@10': idcg > 0 ? dcg / idcg : 0,
    map: relevant > 0 ? precisionSum / relevant : 0,
    'p@10': p10 / 10,
    'recall@100': relevant > 0 ? r100 / relevant : 0,
  };
}

export const TREC_MEASURES = ['ndcg@10', 'map', 'p@10', 'recall@100'];

// Means over the run's judged queries: { queries, 'ndcg@10', map, 'p@10', 'recall@100', perQuery: Map }.
export function trecEvaluate(qrels, run) {
  const perQuery = new Map();
  for (const [qid, entries] of run) {
    if (qrels.has(qid)) perQuery.set(qid, queryMeasures(trecOrder(entries), qrels.get(qid)));
  }
  const means = { queries: perQuery.size };
  for (const m of TREC_MEASURES) {
    let sum = 0;
    for (const q of perQuery.values()) sum += q[m];
    means[m] = perQuery.size ? sum / perQuery.size : 0;
  }
  return { ...means, perQuery };
}
