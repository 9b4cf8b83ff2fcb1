// The search index through the JS API and the CLI: documents in and out, search with phrases, features as a
// Ranker's matrix, save and load, the option table, bad input (each a clear error that changes nothing), and
// no heap left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/search.js';
import { init as initFull, initSearch } from '../../bindings/js/index.js';
import { init as initRanking } from '../../bindings/js/ranking.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

const DOCS = [
  { id: 'wing', title: 'Flow of air over a wing', body: 'The boundary layer of the wing thickens downstream.', year: 1960 },
  { id: 'jet', title: 'Jet noise', body: 'Noise of a supersonic jet and the flow around it.', year: 1971 },
  { id: 'heat', title: 'Heat transfer', body: 'Heat transfer in a laminar boundary layer.', year: 1965 },
];
const make = (options = {}) => new am.SearchIndex({ fields: ['title', 'body'], numericFields: ['year'], ...options }).add(DOCS);

test('search ranks by BM25F, phrases must match unless none does, ties keep document order', () => {
  const index = make();
  assert.equal(index.size, 3);
  assert.deepEqual(index.search('laminar boundary layer').map((h) => h.id), ['heat', 'wing']);
  const tied = index.search('boundary layer');  // the same words in bodies of the same length: a tie
  assert.deepEqual(tied.map((h) => h.id), ['wing', 'heat']);
  assert.equal(tied[0].score, tied[1].score);
  assert.deepEqual(index.search('"flow of air"').map((h) => h.id), ['wing']);
  assert.deepEqual(index.search('"air flow"', { phrases: 'required' }), []);
  assert.deepEqual(index.search('flow', { k: 1 }).map((h) => h.id), ['wing']);
  assert.deepEqual(index.search('   '), []);
  assert.deepEqual(index.search('the of and'), []);  // stop words only
  const same = new am.SearchIndex({ fields: ['t'] }).add([{ id: 'x', t: 'pump valve' }, { id: 'y', t: 'rotor' }, { id: 'z', t: 'pump valve' }]);
  const hits = same.search('pump');
  assert.deepEqual(hits.map((h) => h.id), ['x', 'z']);
  assert.equal(hits[0].score, hits[1].score);
});

test('a quoted phrase found nowhere: the query is answered with its words as plain terms, and says so; phrases required keeps it strict', () => {
  const index = make();
  const plain = index.search('air flow layer');
  assert.deepEqual(plain.map((h) => h.id).sort(), ['heat', 'jet', 'wing']);
  assert.equal(plain.phrasesAsTerms, undefined);
  // No document has "air flow" ("flow of air" has a word between): the same results and scores as the words alone.
  const relaxed = index.search('"air flow" layer');
  assert.deepEqual([...relaxed], [...plain]);
  assert.equal(relaxed.phrasesAsTerms, true);
  assert.deepEqual(index.search('"air flow" layer', { phrases: 'required' }), []);
  // A phrase found: only the documents that hold it, as before, in either mode.
  for (const phrases of ['fallback', 'required']) {
    const found = index.search('"boundary layer" heat', { phrases });
    assert.deepEqual(found.map((h) => h.id), ['heat', 'wing']);
    assert.equal(found.phrasesAsTerms, undefined);
  }
  // Two phrases, one found and one not: no document holds both, so both are read as plain terms.
  const mixed = index.search('"boundary layer" "air flow"');
  assert.deepEqual([...mixed], [...index.search('boundary layer air flow')]);
  assert.equal(mixed.phrasesAsTerms, true);
  assert.equal(index.search('"no such words"').length, 0);  // nothing to fall back to: an empty answer
  assert.deepEqual(index.search('"air flow"', { k: 0 }), []);
  assert.deepEqual(am.SearchIndex.searchOptions().map((s) => [s.name, s.default, s.choices]), [['phrases', 'fallback', ['fallback', 'required']]]);
  for (const [options, message] of [
    [{ phrases: 'strict' }, /option 'phrases' must be one of fallback, required; got "strict"/],
    [{ phrases: true }, /option 'phrases' must be one of fallback, required; got true/],
    [{ phrase: 'required' }, /unknown option 'phrase' for a search \(besides k and language\) \(known: phrases\)/],
    [{ k: 2, phrases: null }, /option 'phrases' must be one of/],
  ]) assert.throws(() => index.search('"air flow"', options), message);
  assert.deepEqual(index.search('"air flow"').map((h) => h.id), ['wing', 'jet'], 'the index keeps working');
  index.dispose();
});

test('add, update and remove leave the index the one built afresh (same bytes)', () => {
  const index = make();
  index.update({ ...DOCS[0], body: 'A new body about jets.' });
  assert.equal(index.remove('jet'), true);
  assert.equal(index.remove('jet'), false);
  assert.equal(index.has('jet'), false);
  const fresh = new am.SearchIndex({ fields: ['title', 'body'], numericFields: ['year'] })
    .add([DOCS[2], { ...DOCS[0], body: 'A new body about jets.' }]);
  assert.deepEqual(index.save(), fresh.save());
  assert.deepEqual(index.search('jets'), fresh.search('jets'));
});

test('features: named columns, one row per id, that a Ranker fits', () => {
  const index = make();
  const f = index.features('boundary layer "laminar boundary"', ['wing', 'heat', 'jet']);
  assert.deepEqual(f.names, index.featureNames);
  assert.equal(f.rows.rows, 3);
  assert.equal(f.rows.cols, f.names.length);
  assert.ok(f.rows.data instanceof Float32Array && f.rows.data.length === 3 * f.names.length);
  const at = (row, name) => f.rows.data[row * f.rows.cols + f.names.indexOf(name)];
  assert.equal(at(1, 'phrases'), 1);  // heat: "laminar boundary layer"
  assert.equal(at(0, 'phrases'), 0);
  assert.equal(at(2, 'matchedFraction'), 0);  // jet has none of the terms
  assert.equal(at(0, 'year'), 1960);
  assert.equal(at(1, 'body.matched'), 3);
  // Every feature of the table is a column (per field, then the document's), then the numeric fields.
  const table = am.SearchIndex.features;
  assert.deepEqual(f.names, [
    ...['title', 'body'].flatMap((field) => table.filter((t) => t.perField).map((t) => `${field}.${t.name}`)),
    ...table.filter((t) => !t.perField).map((t) => t.name), 'year']);
  for (const t of table) assert.ok(t.formula && t.help, t.name);
  const full = initRanking().then((r) => new r.Ranker({ seed: 1 }).fit([{ features: f.rows, relevance: [1, 2, 0] }]));
  return full.then((ranker) => assert.equal(ranker.rank(f.rows).length, 3));
});

test("docs/search.md's feature table is the core's", () => {
  const doc = readFileSync(new URL('../../docs/search.md', import.meta.url), 'utf8');
  const cell = (text) => text.replaceAll('|', '\\|');
  const rows = am.SearchIndex.features.map((f) => `| \`${f.name}\` | ${f.perField ? 'field' : 'document'} | ${cell(f.formula)} | ${cell(f.help)} |`);
  const start = doc.indexOf('| feature | per | formula | what |\n|---|---|---|---|\n');
  assert.ok(start >= 0, 'docs/search.md has the feature table');
  const table = doc.slice(start).split('\n').slice(2).filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('|')));
  assert.deepEqual(table, rows);
});

test('an index saves to bytes and loads back through am.load; corrupt bytes are refused', () => {
  const index = make({ k1: 0.9, b: 0.4, weights: [2, 1], language: 'english' });
  const again = am.load(index.save());
  assert.ok(again instanceof am.SearchIndex);
  assert.deepEqual(again.fields, ['title', 'body']);
  assert.deepEqual(again.numericFields, ['year']);
  assert.deepEqual(again.options.weights, [2, 1]);
  assert.equal(again.options.k1, 0.9);
  assert.deepEqual(again.search('boundary'), index.search('boundary'));
  assert.equal(am.modelKind(index.save()), 'search-index');
  const bytes = index.save();
  bytes[bytes.length >> 1] ^= 0xff;
  assert.throws(() => am.load(bytes), /checksum|corrupt/);
  again.add({ id: 'more', title: 'Boundary', body: '', year: 2000 });
  assert.equal(again.size, 4);
});

test('options come from the core\'s table and are checked before anything is built', () => {
  const names = am.SearchIndex.options().map((s) => s.name);
  for (const n of ['language', 'stem', 'stopWords', 'fold', 'scorer', 'k1', 'b', 'weights']) assert.ok(names.includes(n), n);
  assert.ok(am.SearchIndex.options().find((s) => s.name === 'language').choices.includes('portuguese'));
  assert.throws(() => make({ k1: -1 }), /option 'k1' must be/);
  assert.throws(() => make({ weights: [1] }), /1 weights for 2 text fields/);
  assert.throws(() => make({ weights: [1, NaN] }), /option 'weights' must hold finite numbers/);
  assert.throws(() => make({ language: 'klingon' }), /must be one of/);
  assert.throws(() => make({ nope: 1 }), /unknown option 'nope'/);
  assert.throws(() => new am.SearchIndex({}), /fields must be an array of field names/);
  assert.throws(() => new am.SearchIndex({ fields: [] }), /at least one text field/);
  assert.throws(() => new am.SearchIndex({ fields: ['t', 't'] }), /two fields give the feature name 't\./);
  const french = new am.SearchIndex({ fields: ['t'], language: 'french' }).add({ id: '1', t: 'Les élèves continuellement' });
  assert.deepEqual(french.search('eleve').map((h) => h.id), ['1']);
});

test('bad documents and queries: a clear error naming what is wrong, and nothing changes', () => {
  const index = make();
  const before = index.save();
  const refused = [
    [() => index.add({ id: 'wing', title: '', body: '', year: 1 }), /'wing' is already in the index/],
    [() => index.add([{ id: 'n1', title: '', body: '', year: 1 }, { id: 'n1', title: '', body: '', year: 1 }]), /the id 'n1' comes twice/],
    [() => index.add([{ id: 'ok', title: '', body: '', year: 1 }, { id: 'n2', title: 'x', year: 1 }]), /document 'n2': text field 'body' is missing/],
    [() => index.add({ id: 'n3', title: 5, body: '', year: 1 }), /document 'n3': text field 'title' is 5, not a string/],
    [() => index.add({ id: 'n4', title: '', body: '', year: NaN }), /document 'n4': numeric field 'year' is NaN/],
    [() => index.add({ id: 'n5', title: '', body: '' }), /numeric field 'year' is missing/],
    [() => index.add({ id: 7, title: '', body: '', year: 1 }), /id is 7, not a string/],
    [() => index.add({ id: '', title: '', body: '', year: 1 }), /id is empty/],
    [() => index.add({ id: '\ud800', title: '', body: '', year: 1 }), /lone surrogate/],
    [() => index.add(null), /is null/],
    [() => index.update({ id: 'nope', title: '', body: '', year: 1 }), /no document with id 'nope'/],
    [() => index.features('x', ['wing', 'nope']), /no document with id 'nope'/],
    [() => index.features('x', 'wing'), /ids must be an array/],
    [() => index.search(42), /query must be a string/],
    [() => index.search('x', { k: -1 }), /k must be an integer ≥ 0/],
  ];
  for (const [call, message] of refused) assert.throws(call, message);
  assert.deepEqual(index.save(), before);
  assert.equal(index.size, 3);
});

test('NUL, lone surrogates and a 10 MB document are text like any other; a 100,000-term query is bounded', () => {
  const index = new am.SearchIndex({ fields: ['t'] });
  index.add([{ id: 'nul', t: 'alpha\0beta' }, { id: 'sur', t: 'gamma\ud800delta' }]);
  assert.deepEqual(index.search('beta').map((h) => h.id), ['nul']);
  assert.deepEqual(index.search('delta').map((h) => h.id), ['sur']);
  assert.deepEqual(index.search('gamma\udc00').map((h) => h.id), ['sur']);
  assert.deepEqual(index.search('\udc00delta').map((h) => h.id), ['sur']);
  const big = 'omega word '.repeat(1_000_000);
  index.add({ id: 'big', t: big });
  assert.deepEqual(index.search('omega').map((h) => h.id), ['big']);
  const words = Array.from({ length: 100_000 }, (_, i) => `t${i}`).join(' ');
  const started = performance.now();
  assert.deepEqual(index.search(`${words} alpha`).map((h) => h.id), ['nul']);
  assert.equal(index.features(`${words} alpha`, ['nul']).rows.cols, index.featureNames.length);
  assert.ok(performance.now() - started < 20_000);
});

test('a batch crosses into wasm as one text, and each value keeps its own words: surrogate halves, astral letters and newlines at the edges', () => {
  const index = new am.SearchIndex({ fields: ['a', 'b'], stem: false, stopWords: false });
  // U+10000 (Linear B) is a letter: its two halves, split between two values, are two separators, not one letter.
  index.add([
    { id: 'x\u{10000}', a: 'one\ud800', b: '\udc00two' },
    { id: 'y', a: '\u{10000}three\n', b: '\nfour \u{10000}' },
    { id: 'z', a: '', b: 'five\ud800' },
    { id: 'w', a: '\udc00six', b: '' },
  ]);
  const lengths = (id) => {
    const { names, rows } = index.features('one', [id]);
    return ['a.length', 'b.length'].map((name) => rows.data[names.indexOf(name)]);
  };
  assert.deepEqual(['x\u{10000}', 'y', 'z', 'w'].map(lengths), [[1, 1], [1, 2], [0, 1], [1, 0]]);
  const ids = (query) => index.search(query).map((h) => h.id);
  assert.deepEqual([ids('one'), ids('two'), ids('\u{10000}three'), ids('four'), ids('five'), ids('six')],
    [['x\u{10000}'], ['x\u{10000}'], ['y'], ['y'], ['z'], ['w']]);
  assert.equal(index.has('x\u{10000}'), true);
  index.dispose();
});

test('indexing, searching, errors and dispose leave the wasm heap where it was', () => {
  const cycle = () => {
    const index = make();
    index.search('boundary layer "flow of air"', { k: 2 });
    index.search('"air flow" layer');
    assert.throws(() => index.search('x', { phrases: 'strict' }));
    index.features('wing', ['wing', 'jet']);
    const again = am.load(index.save());
    assert.throws(() => index.add(DOCS[0]));
    assert.throws(() => index.features('x', ['nope']));
    index.remove('jet');
    index.dispose();
    again.dispose();
  };
  cycle();
  const before = am.memoryUsage();
  for (let i = 0; i < 30; ++i) cycle();
  const after = am.memoryUsage();
  assert.equal(after.heapInUse, before.heapInUse);
  assert.equal(after.stackInUse, before.stackInUse);
});

test('the full module leaves search to its own module, which initSearch() loads', async () => {
  const full = await initFull();
  assert.equal(full.SearchIndex, undefined);
  assert.equal(full.module.SearchIndex, undefined, 'the full module binds no search code');
  assert.throws(() => full.load(make().save()), /model kind 'search-index' is not supported by this build/);
  const search = await initSearch();
  assert.equal(typeof search.module.trainSearchRanker, 'function', 'the search module that trains');
  const here = make(), index = search.load(here.save());
  assert.deepEqual(index.search('boundary layer', { k: 3 }), here.search('boundary layer', { k: 3 }));
  index.dispose();
  here.dispose();
});

test('argmax index and argmax search write a TREC run', () => {
  const dir = tempDir('search-cli');
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const docs = join(dir, 'docs.jsonl'), queries = join(dir, 'queries.jsonl'), out = join(dir, 'index.bin');
  writeFileSync(docs, DOCS.map((d) => JSON.stringify(d)).join('\n') + '\n');
  writeFileSync(queries, '{"id": "q1", "text": "boundary layer"}\n{"id": 2, "text": "jet noise"}\n{"id": "q3", "text": "\\"noise of air\\""}\n');
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const built = run('index', '--docs', docs, '--out', out, '--set', 'k1=1.5');
  assert.equal(built.status, 0, built.stderr);
  assert.match(built.stderr, /indexed 3 documents \(fields title, body; numeric year\)/);
  const searched = run('search', '--index', out, '--queries', queries, '--k', '2');
  assert.equal(searched.status, 0, searched.stderr);
  const lines = searched.stdout.trim().split('\n').map((l) => l.split(' '));
  // q3's phrase is in no document: its words answer it, a valid run, and stderr says so
  assert.deepEqual(lines.map((l) => [l[0], l[1], l[2], l[3], l[5]]),
    [['q1', 'Q0', 'wing', '1', 'argmax'], ['q1', 'Q0', 'heat', '2', 'argmax'], ['2', 'Q0', 'jet', '1', 'argmax'],
      ['q3', 'Q0', 'jet', '1', 'argmax'], ['q3', 'Q0', 'wing', '2', 'argmax']]);
  assert.ok(Number(lines[0][4]) >= Number(lines[1][4]));
  assert.equal(searched.stderr, 'argmax search: query q3: no document holds all its quoted phrases; answered with their words as plain terms\n');
  const strict = run('search', '--index', out, '--queries', queries, '--k', '2', '--set', 'phrases=required');
  assert.equal(strict.status, 0, strict.stderr);
  assert.deepEqual(strict.stdout.trim().split('\n').map((l) => l.split(' ')[0]), ['q1', 'q1', '2']);
  assert.equal(strict.stderr, '');
  const wrong = run('search', '--index', out, '--queries', queries, '--set', 'phrases=strict');
  assert.equal(wrong.status, 1);
  assert.match(wrong.stderr, /option 'phrases' must be one of fallback, required; got "strict"/);
  assert.match(run('search', '--help').stdout, /phrases=fallback\|required  \(default fallback\)/);
  writeFileSync(docs, '{"id": "a", "title": "x"}\n{"id": "b", "title": 3}\n');
  const bad = run('index', '--docs', docs, '--out', out);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /docs\.jsonl:2: field 'title' is numeric here and text before/);
  const unknown = run('index', '--docs', docs, '--out', out, '--set', 'k2=1');
  assert.match(unknown.stderr, /unknown option 'k2'/);
});
