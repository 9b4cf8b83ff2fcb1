// The search commands: `argmax index` builds an index from JSON lines, `argmax search` writes a TREC run.
//   docs.jsonl:    {"id": "d1", "title": "…", "body": "…", "year": 1999}   (text fields are strings, numeric ones numbers)
//   queries.jsonl: {"id": "q1", "text": "…"}
// With language=auto a "language" key (an ISO 639 code) is a document's or a query's language, not a field.
//   run:           qid Q0 docid rank score tag   (trec_eval's format)

// The objects of a JSON-lines text, each with its line number (blank lines skipped; a bad line is an error
// naming it).
export function jsonLines(text, file) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value;
    try { value = JSON.parse(line); } catch (e) { throw new Error(`${file}:${i + 1}: not JSON (${e.message})`); }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file}:${i + 1}: not a JSON object`);
    out.push({ value, line: i + 1 });
  });
  return out;
}

// The fields of the documents: every key but id (and the `reserved` ones), text where the values are strings,
// numeric where numbers.
export function fieldsOf(docs, file, reserved = []) {
  const kinds = new Map();
  for (const { value, line } of docs) {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'id' || reserved.includes(key)) continue;
      const kind = typeof v === 'string' ? 'text' : typeof v === 'number' ? 'numeric' : null;
      if (!kind) throw new Error(`${file}:${line}: field '${key}' is ${v === null ? 'null' : typeof v}, not a string or a number`);
      if (kinds.has(key) && kinds.get(key) !== kind) throw new Error(`${file}:${line}: field '${key}' is ${kind} here and ${kinds.get(key)} before`);
      kinds.set(key, kind);
    }
  }
  const of = (kind) => [...kinds].filter(([, k]) => k === kind).map(([name]) => name);
  return { fields: of('text'), numericFields: of('numeric') };
}

// docs.jsonl text → a SearchIndex with these options (text and numeric fields as the documents have them).
export function buildIndex(am, text, file, options) {
  const docs = jsonLines(text, file);
  if (docs.length === 0) throw new Error(`${file} has no documents`);
  const { fields, numericFields } = fieldsOf(docs, file, options.language === 'auto' ? ['language'] : []);
  if (fields.length === 0) throw new Error(`${file}: the documents have no text field`);
  const index = new am.SearchIndex({ fields, numericFields, ...options });
  index.add(docs.map(({ value, line }) => {
    if (typeof value.id !== 'string' && typeof value.id !== 'number') throw new Error(`${file}:${line}: id must be a string or a number`);
    return { ...value, id: String(value.id) };
  }));
  return index;
}

// queries.jsonl text → [{ id, text }].
export function readQueries(text, file) {
  return jsonLines(text, file).map(({ value, line }) => {
    if (typeof value.id !== 'string' && typeof value.id !== 'number') throw new Error(`${file}:${line}: id must be a string or a number`);
    if (typeof value.text !== 'string') throw new Error(`${file}:${line}: text must be a string`);
    if (value.language !== undefined && typeof value.language !== 'string') throw new Error(`${file}:${line}: language must be a string (an ISO 639 code)`);
    return { id: String(value.id), text: value.text, language: value.language };
  });
}

// The run's lines for the queries: the first stage's k best with the search options `options` (phrases), or
// `rerank(query)`'s results when a re-ranker is given (the hook for `--model`: the re-ranker runs the first
// stage itself, so it runs once a query). `note(text)` hears of each query answered with its quoted phrases'
// words as plain terms (the run itself has no place for it).
export function runLines(index, queries, { k = 1000, tag = 'argmax', rerank, options = {}, note = () => {} } = {}) {
  const lines = [];
  for (const q of queries) {
    const hits = rerank ? rerank(q) : index.search(q.text, { k, language: q.language, ...options });
    if (hits.phrasesAsTerms) note(`query ${q.id}: no document holds all its quoted phrases; answered with their words as plain terms`);
    hits.forEach((h, i) => lines.push(`${q.id} Q0 ${h.id} ${i + 1} ${h.score} ${tag}`));
  }
  return lines;
}
