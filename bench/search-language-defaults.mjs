// The analysis defaults per language: stop words and stemming, each on and off, measured by known-item retrieval
// built from the UD treebanks in ../shared/data (the only text there in languages other than English; none has
// relevance judgments). Two tests, each query with one relevant document:
//   - lemmas → sentence: every sentence (of all the treebank's splits) is a document; a query is four words of a
//     sentence, drawn at random (seeded), each in its dictionary form (the treebank's lemma): the words a user
//     types for a text that holds them inflected. The words are drawn from those of an open class (nouns,
//     proper nouns, verbs, adjectives, adverbs, numbers: "content"), or from any word ("any": function words
//     as often as the text has them, a query model that favours keeping stop words).
//   - first sentence → the rest: where the treebank marks documents (or paragraphs, or essays), each one's first
//     sentence is the query and the rest of it, its other sentences, the document (a title and its body).
// Printed per language and setting: MRR and NDCG@10 (one relevant: 1/log2(1 + rank) within 10).
//   node bench/search-language-defaults.mjs [--data DIR]
// A treebank missing from DIR is skipped.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/search.js';
import { seededRandom } from './seeded-random.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));

// The treebanks in the languages the analysis stems, and what groups their sentences into documents.
const TREEBANKS = [
  { language: 'english', folder: 'ud-english-ewt', prefix: 'en_ewt', group: 'newdoc' },
  { language: 'italian', folder: 'ud-italian-markit', prefix: 'it_markit', group: 'file_id' },
  { language: 'portuguese', folder: 'ud-portuguese-gsd', prefix: 'pt_gsd', group: null },  // no document marks
  { language: 'russian', folder: 'ud-russian-taiga', prefix: 'ru_taiga', group: 'newpar' },
];
const SETTINGS = [
  { label: 'stem, stop words (defaults)', options: {} },
  { label: 'stem only', options: { stopWords: false } },
  { label: 'stop words only', options: { stem: false } },
  { label: 'neither', options: { stem: false, stopWords: false } },
];
const QUERY_WORDS = 4;
const MAX_QUERIES = 1000;

// Sentences of a CoNLL-U file: { text, lemmas and content (the lemmas, lower-cased, of its words with a letter;
// of those of an open class), group (its document, paragraph or essay, or null) }. `group` names the comment
// that opens a document (newdoc, newpar) or names it (file_id).
const OPEN_CLASSES = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV', 'NUM']);
function sentences(file, group, first = 0) {
  const out = [];
  let current = null, counter = first, name = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const comment = /^#\s*([\w.-]+)(?: id)?\s*(?:=\s*(.*))?$/.exec(line);
    if (comment) {
      const [, key, value = ''] = comment;
      if (key === 'text') current = { text: value.trim(), lemmas: [], content: [] };
      if (key === group) name = group === 'file_id' ? value.trim() : ++counter;
    } else if (line.trim() === '') {
      if (current) out.push({ ...current, group: group ? name : null });
      current = null;
    } else if (current) {
      const [id, , lemma, upos] = line.split('\t');
      if (!/^\d+$/.test(id) || !/\p{L}/u.test(lemma)) continue;
      current.lemmas.push(lemma.toLowerCase());
      if (OPEN_CLASSES.has(upos)) current.content.push(lemma.toLowerCase());
    }
  }
  return { out, counter };
}

// Known-item tests: { name, docs: [{ id, text }], queries: [{ text, relevant }] }.
function lemmaTest(all, words, name) {
  const next = seededRandom(1);
  const docs = all.map((s, i) => ({ id: String(i), text: s.text }));
  const candidates = all.map((s, i) => i).filter((i) => all[i][words].length >= 2 * QUERY_WORDS);
  const step = Math.max(1, Math.floor(candidates.length / MAX_QUERIES));
  const queries = [];
  for (let c = 0; c < candidates.length && queries.length < MAX_QUERIES; c += step) {
    const lemmas = [...all[candidates[c]][words]];
    for (let i = lemmas.length - 1; i > 0; --i) {
      const j = Math.floor(next() * (i + 1));
      [lemmas[i], lemmas[j]] = [lemmas[j], lemmas[i]];
    }
    queries.push({ text: lemmas.slice(0, QUERY_WORDS).join(' '), relevant: String(candidates[c]) });
  }
  return { name, docs, queries };
}

function firstSentenceTest(all) {
  const groups = new Map();
  for (const s of all) {
    if (!groups.has(s.group)) groups.set(s.group, []);
    groups.get(s.group).push(s.text);
  }
  const docs = [], queries = [];
  for (const [id, texts] of groups) {
    if (texts.length < 2) continue;
    docs.push({ id: String(id), text: texts.slice(1).join(' ') });
    queries.push({ text: texts[0], relevant: String(id) });
  }
  return { name: 'first sentence → the rest', docs, queries };
}

const am = await init();

function measure({ docs, queries }, language, options) {
  const index = new am.SearchIndex({ fields: ['text'], language, ...options });
  index.add(docs);
  let mrr = 0, ndcg = 0;
  for (const q of queries) {
    const rank = index.search(q.text, { k: 1000 }).findIndex((h) => h.id === q.relevant) + 1;
    if (rank > 0) mrr += 1 / rank / queries.length;
    if (rank > 0 && rank <= 10) ndcg += 1 / Math.log2(1 + rank) / queries.length;
  }
  index.dispose();
  return { mrr, ndcg };
}

console.log('| language | test | documents | queries | setting | MRR | NDCG@10 |');
console.log('|---|---|---|---|---|---|---|');
for (const { language, folder, prefix, group } of TREEBANKS) {
  const files = ['train', 'dev', 'test'].map((split) => join(dataDir, folder, `${prefix}-ud-${split}.conllu`));
  if (!files.every(existsSync)) { console.log(`| ${language} | skipped: ${folder} is not in ${dataDir} |`); continue; }
  // Each split numbers its documents after the previous one's.
  const all = [];
  let counter = 0;
  for (const f of files) {
    const read = sentences(f, group, counter);
    all.push(...read.out);
    counter = read.counter;
  }
  const tests = [lemmaTest(all, 'content', 'content lemmas → sentence'), lemmaTest(all, 'lemmas', 'any lemmas → sentence'),
    ...(group ? [firstSentenceTest(all)] : [])];
  for (const t of tests) {
    for (const { label, options } of SETTINGS) {
      const r = measure(t, language, options);
      console.log(`| ${language} | ${t.name} | ${t.docs.length} | ${t.queries.length} | ${label} | ${r.mrr.toFixed(3)} | ${r.ndcg.toFixed(3)} |`);
    }
  }
}
