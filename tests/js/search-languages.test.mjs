// A search index of language 'auto': each document analysed in the language the identifier finds for it (or
// that it gives), each query in its own, the languages saved with the index; on a hand-written collection of
// English, French and German sentences, where a stemmed query matches only when its document was stemmed in
// its own language. Snowball's stems (checked with its C): French mangeaient and manger are "mang", German
// Häusern and Haus "haus", English running and run "run"; the other two stemmers leave each pair apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/search-train.js';  // argmax/search and SearchRanker#fit
import { init as initText } from '../../bindings/js/text.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();
const identifier = await (await initText()).pretrained.languageIdentifier();

const DOCS = [
  { id: 'en-park', text: 'The children were running in the park after school.' },
  { id: 'en-fence', text: 'Our neighbours are painting the fence of their garden.' },
  { id: 'fr-bread', text: 'Les enfants mangeaient du pain dans la cuisine de leur grand-mère.' },
  { id: 'fr-museum', text: 'Nous avons visité le musée avec nos amis pendant les vacances.' },
  { id: 'de-houses', text: 'Die Kinder spielten den ganzen Nachmittag in den alten Häusern.' },
  { id: 'de-winter', text: 'Im Winter fahren viele Familien in die Berge.' },
];
// Each query, its language, and the one document whose words it shares only through its stemmer.
const QUERIES = [
  { query: 'who likes to run', language: 'en', id: 'en-park' },
  { query: 'où allons-nous manger ce soir', language: 'fr', id: 'fr-bread' },
  { query: 'ein Haus am See', language: 'de', id: 'de-houses' },
];
const ids = (hits) => hits.map((h) => h.id);

test('each document and each query is analysed in the language the identifier finds', () => {
  const index = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add(DOCS);
  assert.deepEqual(DOCS.map((d) => index.documentLanguage(d.id)), ['en', 'en', 'fr', 'fr', 'de', 'de']);
  assert.deepEqual(index.languages, ['de', 'en', 'fr']);
  for (const { query, language, id } of QUERIES) {
    assert.equal(index.queryLanguage(query), language, query);
    assert.deepEqual(ids(index.search(query)), [id], query);
    assert.deepEqual(ids(index.search(query, { language })), [id], query);
  }
  // One language for every document: each stemmed query of another language misses its document.
  for (const [language, code] of [['english', 'en'], ['french', 'fr'], ['german', 'de']]) {
    const one = new am.SearchIndex({ fields: ['text'], language }).add(DOCS);
    const found = QUERIES.filter((q) => ids(one.search(q.query)).includes(q.id)).map((q) => q.language);
    assert.deepEqual(found, [code], language);
  }
  assert.equal(new am.SearchIndex({ fields: ['text'] }).add(DOCS).documentLanguage('fr-bread'), undefined);
});

test('a document may give its own language; without an identifier a query is read in the most common one', () => {
  const index = new am.SearchIndex({ fields: ['text'], language: 'auto' });
  index.add(DOCS.map((d) => ({ ...d, language: d.id.slice(0, 2) })));
  index.add({ id: 'fr-more', text: 'Ils mangent', language: 'fr' });
  assert.equal(index.queryLanguage('manger'), '');  // the core takes French: three of the seven documents
  assert.deepEqual(ids(index.search('manger')), ['fr-bread']);
  assert.deepEqual(ids(index.search('running', { language: 'en' })), ['en-park']);
  assert.deepEqual(ids(index.search('running')), []);  // read as French, running is not run
  // A given code wins over the identifier.
  const withIdentifier = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier });
  withIdentifier.add([DOCS[0], { id: 'given', text: 'The children were running.', language: 'fr' }]);
  assert.equal(withIdentifier.documentLanguage('given'), 'fr');
  assert.deepEqual(ids(withIdentifier.search('running', { language: 'fr' })), ['given']);
  assert.deepEqual(ids(withIdentifier.search('run', { language: 'en' })), ['en-park']);
});

test('the languages save with the index; a loaded index takes its identifier again', () => {
  const index = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add(DOCS);
  const again = am.load(index.save());
  assert.equal(again.identifier, undefined);
  assert.deepEqual(DOCS.map((d) => again.documentLanguage(d.id)), DOCS.map((d) => index.documentLanguage(d.id)));
  for (const { query, language } of QUERIES) assert.deepEqual(again.search(query, { language }), index.search(query));
  again.identifier = identifier;
  for (const { query } of QUERIES) assert.deepEqual(again.search(query), index.search(query));
  assert.deepEqual(again.save(), index.save());
  assert.deepEqual(again.features(QUERIES[1].query, ['fr-bread']), index.features(QUERIES[1].query, ['fr-bread']));
});

test("a SearchRanker reads its training and its searched queries in the index's languages, in a worker too", async () => {
  // English is the most common language here; read as English, the French query misses manger/mangeaient
  const docs = [...DOCS, { id: 'en-more', text: 'The weather was cold and wet all week.' },
    { id: 'fr-dinner', text: 'Ce soir nous allons dîner chez nos voisins.' }];
  const index = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add(docs);
  const query = QUERIES[1].query;
  assert.deepEqual(ids(index.search(query)).sort(), ['fr-bread', 'fr-dinner']);
  const judgments = [{ query, grades: { 'fr-bread': 2 } }];
  const ranker = new am.SearchRanker({ depth: 5 }).fit(index, judgments);
  assert.deepEqual(ids(ranker.search(index, query)).sort(), ['fr-bread', 'fr-dinner']);
  const clicks = { clicks: [{ query, shown: ['fr-dinner', 'fr-bread'], clicked: ['fr-bread'] }] };
  assert.deepEqual(ids(new am.SearchRanker({ depth: 5 }).fit(index, clicks).search(index, query)).sort(), ['fr-bread', 'fr-dinner']);
  // From bytes (as a worker gets it) the index has no identifier: read in English, the query finds only
  // fr-dinner (soir), and the judged document is no candidate. So there a query must give its language, as
  // SearchRanker.analyse gives it where the SearchIndex is, and the ranker is then the one trained on the index.
  assert.deepEqual(ids(am.load(index.save()).search(query)), ['fr-dinner']);
  assert.throws(() => new am.SearchRanker({ depth: 5 }).fit(index.save(), [{ ...judgments[0], language: '' }]), /every query lacks a relevant document/);
  assert.throws(() => new am.SearchRanker({ depth: 5 }).fit(index.save(), judgments),
    /judgments\[0\]\.query "où allons-nous manger ce soir" gives no language, and an index given as bytes has no language identifier \(language 'auto'\)/);
  assert.throws(() => new am.SearchRanker({ depth: 5 }).fit(index.save(), clicks), /clicks\[0\]\.query "où allons-nous manger ce soir" gives no language/);
  const analysed = am.SearchRanker.analyse(index, judgments), analysedClicks = am.SearchRanker.analyse(index, clicks);
  assert.deepEqual(analysed, [{ query, grades: { 'fr-bread': 2 }, language: 'fr' }]);
  assert.deepEqual(analysedClicks, { clicks: [{ ...clicks.clicks[0], language: 'fr' }] });
  assert.deepEqual(new am.SearchRanker({ depth: 5 }).fit(index.save(), analysed).save(), ranker.save());
  assert.deepEqual(new am.SearchRanker({ depth: 5 }).fit(index.save(), analysedClicks).save(),
    new am.SearchRanker({ depth: 5 }).fit(index, clicks).save());
  const worker = new TrainingWorker({ entry: 'argmax/search-train' });
  try {
    const job = await worker.train({ model: 'SearchRanker', options: { depth: 5 }, args: [index.save(), analysed] });
    assert.deepEqual(job.bytes, ranker.save());
  } finally {
    worker.terminate();
  }
});

test('bad languages and identifiers: a clear error, and nothing changes', () => {
  const index = new am.SearchIndex({ fields: ['text'], language: 'auto' }).add({ id: 'a', text: 'x', language: 'en' });
  const english = new am.SearchIndex({ fields: ['text'] });
  const refused = [
    [() => index.add({ id: 'b', text: 'Der Hund' }), /document 'b' has no language, and the index \(language 'auto'\) has no identifier/],
    [() => index.add({ id: 'b', text: 'x', language: 7 }), /document 'b' has language 7, not a language code/],
    [() => index.add({ id: 'b', text: 'x', language: 'French' }), /document 'b': language 'French' is not an ISO 639 code/],
    [() => index.search('x', { language: 'FR' }), /the query's language 'FR' is not an ISO 639 code/],
    [() => { index.identifier = {}; }, /identifier must be a language identifier/],
    [() => english.add({ id: 'b', text: 'x', language: 'fr' }), /document 'b': language 'fr' is for an index of language 'auto'/],
    [() => english.search('x', { language: 'fr' }), /the query's language 'fr' is for an index of language 'auto'/],
    [() => new am.SearchIndex({ fields: ['text'], identifier }), /an identifier is for an index of language 'auto'/],
    [() => index.documentLanguage('nope'), /no document with id 'nope'/],
  ];
  for (const [call, message] of refused) assert.throws(call, message);
  assert.equal(index.size, 1);
  assert.equal(english.size, 0);
  // Lone surrogates are separators, to the identifier as to the index.
  const odd = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add({ id: 's', text: 'Les enfants\ud800mangeaient du pain.' });
  assert.equal(odd.documentLanguage('s'), 'fr');
  assert.deepEqual(ids(odd.search('manger\udc00')), ['s']);
  // A field named language is a field, not the document's language.
  const fielded = new am.SearchIndex({ fields: ['text', 'language'], language: 'auto', identifier });
  fielded.add({ id: 'f', text: 'Les enfants mangeaient du pain.', language: 'xx' });
  assert.equal(fielded.documentLanguage('f'), 'fr');
});

test('argmax index --set language=auto identifies each document, argmax search each query, unless a line gives its "language"', () => {
  const dir = tempDir('search-languages');
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const argmax = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const file = (name, rows) => { const path = join(dir, name); writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n'); return path; };
  const docs = file('docs.jsonl', DOCS.map((d) => (d.id === 'de-winter' ? { ...d, language: 'nl' } : d)));
  const queries = file('queries.jsonl', [...QUERIES.map((q, i) => ({ id: `q${i}`, text: q.query })), { id: 'given', text: 'running', language: 'fr' }]);
  const built = argmax('index', '--docs', docs, '--out', join(dir, 'index.bin'), '--set', 'language=auto');
  assert.equal(built.status, 0, built.stderr);
  assert.match(built.stderr, /indexed 6 documents \(fields text\)/);  // "language" is no field
  const run = argmax('search', '--index', join(dir, 'index.bin'), '--queries', queries, '--k', '1');
  assert.equal(run.status, 0, run.stderr);
  const first = Object.fromEntries(run.stdout.trim().split('\n').map((line) => line.split(' ')).map(([q, , id]) => [q, id]));
  assert.deepEqual(first, { q0: 'en-park', q1: 'fr-bread', q2: 'de-houses' });  // 'running' read as French matches nothing
  const index = am.load(readFileSync(join(dir, 'index.bin')));
  assert.equal(index.documentLanguage('de-winter'), 'nl');
  assert.equal(index.documentLanguage('fr-museum'), 'fr');
  // argmax train search identifies the training queries too: English is the main language of this collection,
  // and the French query read as English would not find its judged document (manger/mangeaient)
  const more = file('more.jsonl', [...DOCS, { id: 'en-more', text: 'The weather was cold and wet all week.' },
    { id: 'fr-dinner', text: 'Ce soir nous allons dîner chez nos voisins.' }]);
  assert.equal(argmax('index', '--docs', more, '--out', join(dir, 'more.bin'), '--set', 'language=auto').status, 0);
  writeFileSync(join(dir, 'qrels.txt'), 'q1 0 fr-bread 2\n');
  const trained = argmax('train', 'search', '--index', join(dir, 'more.bin'), '--queries', queries, '--qrels', join(dir, 'qrels.txt'),
    '--model', join(dir, 'ranker.bin'), '--set', 'depth=5');
  assert.equal(trained.status, 0, trained.stderr);
});

test('language auto leaves the wasm heap where it was', () => {
  const cycle = () => {
    const index = new am.SearchIndex({ fields: ['text'], language: 'auto', identifier }).add(DOCS);
    index.search(QUERIES[0].query);
    assert.throws(() => index.add({ id: 'x', text: 'x', language: 'X' }));
    am.load(index.save()).dispose();
    index.dispose();
  };
  cycle();
  const before = am.memoryUsage();
  for (let i = 0; i < 20; ++i) cycle();
  assert.equal(am.memoryUsage().heapInUse, before.heapInUse);
});
