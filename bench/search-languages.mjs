// A search index over several languages at once, analysed per document (language 'auto') or in one language for
// all: known-item search on the test sentences of the UD treebanks in ../shared/data (each sentence a document,
// tagged with its treebank's language). Each query is the lemmas of three content words (NOUN, VERB, ADJ) of one
// sentence, in random order, as a user would type base forms; the sentence is the one right answer. Success@1
// and the mean reciprocal rank (MRR@10) of that sentence, for each way of analysing, in wasm (argmax/search).
//   node bench/search-languages.mjs [--data DIR] [--queries 200] (queries per language)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/search.js';
import { init as initText } from '../bindings/js/text.js';
import { seededRandom } from './seeded-random.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const perLanguage = Number(arg('queries', 200));
const CONTENT = new Set(['NOUN', 'VERB', 'ADJ']);
const WORDS = 3;

// The test sentences of one treebank: [{ text, lemmas: content-word lemmas }].
function sentences(file) {
  const out = [];
  let text = null, lemmas = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^# text\s*=/.test(line)) text = line.replace(/^# text\s*=\s?/, '');  // (VTB writes "# text =Thanh")
    else if (line === '') {
      if (text !== null) out.push({ text, lemmas });
      text = null, lemmas = [];
    } else if (!line.startsWith('#')) {
      const [id, , lemma, upos] = line.split('\t');
      if (/^\d+$/.test(id) && CONTENT.has(upos) && lemma !== '_') lemmas.push(lemma);
    }
  }
  return out;
}

const treebanks = existsSync(dataDir) ? readdirSync(dataDir).filter((d) => d.startsWith('ud-')).sort() : [];
const tests = treebanks.map((d) => [d, readdirSync(join(dataDir, d)).find((f) => f.endsWith('-ud-test.conllu'))]).filter(([, f]) => f);
if (tests.length < 2) {
  console.log(`skipped: fewer than two UD treebanks with a test split in ${dataDir}`);
  process.exit(0);
}

const am = await init();
const identifier = await (await initText()).pretrained.languageIdentifier();
const docs = [], queries = [], next = seededRandom(37);
for (const [dir, file] of tests) {
  const language = file.slice(0, file.indexOf('_'));
  const own = sentences(join(dataDir, dir, file));
  const askable = [];
  own.forEach((s, i) => {
    const id = `${language}-${i}`;
    docs.push({ id, text: s.text, language });
    if (new Set(s.lemmas).size >= WORDS) askable.push({ id, lemmas: [...new Set(s.lemmas)] });
  });
  for (let q = 0; q < perLanguage && askable.length; ++q) {
    const { id, lemmas } = askable.splice(Math.floor(next() * askable.length), 1)[0];
    const words = [];
    while (words.length < WORDS) words.push(lemmas.splice(Math.floor(next() * lemmas.length), 1)[0]);
    queries.push({ text: words.join(' '), id, language });
  }
}

// Success@1 and MRR@10 of each language's queries and of all, for an index and a way of giving query languages.
function score(index, queryLanguage) {
  const by = new Map();
  for (const q of queries) {
    const ids = index.search(q.text, { k: 10, language: queryLanguage(q) }).map((h) => h.id);
    const rank = ids.indexOf(q.id) + 1;
    for (const key of [q.language, 'all']) {
      const m = by.get(key) ?? { n: 0, first: 0, rr: 0 };
      m.n += 1, m.first += rank === 1, m.rr += rank ? 1 / rank : 0;
      by.set(key, m);
    }
  }
  return by;
}

const languages = [...new Set(queries.map((q) => q.language))];
const plain = (list) => list.map(({ language, ...d }) => d);
const rows = [];
const measure = (name, index, queryLanguage) => {
  const started = performance.now();
  rows.push([name, score(index, queryLanguage), (performance.now() - started) / queries.length]);
  index.dispose();
};
measure('none (no stemming, no stop words)', new am.SearchIndex({ fields: ['text'], language: 'none' }).add(plain(docs)), () => undefined);
measure('english for every text', new am.SearchIndex({ fields: ['text'], language: 'english' }).add(plain(docs)), () => undefined);
measure("auto, the treebanks' languages", new am.SearchIndex({ fields: ['text'], language: 'auto' }).add(docs), (q) => q.language);
const identified = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add(plain(docs));
const right = docs.filter((d) => identified.documentLanguage(d.id) === d.language).length;
const queriesRight = queries.filter((q) => identified.queryLanguage(q.text) === q.language).length;
measure('auto, identified (documents and queries)', identified, () => undefined);

console.log(`${docs.length} sentences of ${tests.length} treebanks' test splits (${tests.map(([d]) => d.slice(3)).join(', ')}); `
  + `${queries.length} queries of ${WORDS} lemmas, from the ${languages.length} whose content words have lemmas`);
console.log(`identifier: ${(100 * right / docs.length).toFixed(1)}% of the sentences and ${(100 * queriesRight / queries.length).toFixed(1)}% of the queries given their treebank's language (queries among the documents' languages)\n`);
const cell = (m) => (m ? `${(100 * m.first / m.n).toFixed(1)} / ${(m.rr / m.n).toFixed(3)}` : '');
console.log(`| analysis | all: success@1 % / MRR@10 | ${languages.join(' | ')} | ms a query |`);
console.log(`|---|---:|${languages.map(() => '---:').join('|')}|---:|`);
for (const [name, by, ms] of rows) console.log(`| ${name} | ${cell(by.get('all'))} | ${languages.map((l) => cell(by.get(l))).join(' | ')} | ${ms.toFixed(3)} |`);
