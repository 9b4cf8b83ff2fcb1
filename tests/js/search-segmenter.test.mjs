// A search index over a script written without spaces between words (Thai): the core reads a Thai run as one
// word, so without a segmenter a word inside a run is not found; with the Thai package's learned tokenizer as
// the index's segmenter (argmax/tagger's module beside argmax/search-train's, which trains the re-ranker too),
// documents and queries are read as words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { init } from '../../bindings/js/search-train.js';
import { init as initTagger } from '../../bindings/js/tagger.js';

const am = await init();
const tagger = await initTagger();
const thai = tagger.load(readFileSync(new URL('../../packages/argmax-upos-th/tokenizer.bin', import.meta.url)));

// Each run of Thai letters is one sentence without spaces; the words a reader sees are in the comments.
const DOCS = [
  { id: 'book', text: 'เด็กอ่านหนังสือ' },                  // เด็ก อ่าน หนังสือ: a child reads a book
  { id: 'rice', text: 'ฉันชอบกินข้าวผัดกับไข่ดาว' },          // ฉัน ชอบ กิน ข้าว ผัด กับ ไข่ ดาว: I like fried rice with a fried egg
  { id: 'people', text: 'ประเทศไทยมีประชากรประมาณ 70 ล้านคน' },  // ประเทศ ไทย มี ประชากร ประมาณ 70 ล้าน คน
  { id: 'mixed', text: 'Bangkok: เด็กกินข้าว' },             // a Latin word, then เด็ก กิน ข้าว: a child eats rice
];
const ids = (hits) => hits.map((h) => h.id);

test('without a segmenter a Thai run is one word: a word inside it is not found', () => {
  const index = new am.SearchIndex({ fields: ['text'] }).add(DOCS);
  assert.deepEqual(index.search('หนังสือ'), []);
  assert.deepEqual(ids(index.search('เด็กอ่านหนังสือ')), ['book']);  // only the whole run
  index.dispose();
});

test("with the Thai tokenizer as segmenter, a query word is found inside a run", () => {
  const index = new am.SearchIndex({ fields: ['text'], segmenter: thai }).add(DOCS);
  assert.equal(index.segmenter, thai);
  assert.deepEqual(ids(index.search('หนังสือ')), ['book']);
  assert.deepEqual(ids(index.search('ข้าว')).sort(), ['mixed', 'rice']);
  assert.deepEqual(ids(index.search('ประชากร')), ['people']);
  assert.deepEqual(ids(index.search('bangkok')), ['mixed']);  // text of other scripts is read as before
  // A query that is itself a run is segmented too, and a quoted run is a phrase of its words.
  const both = ids(index.search('เด็กกิน'));  // เด็ก กิน: the mixed document has both, book and rice one each
  assert.deepEqual([both[0], both.slice(1).sort()], ['mixed', ['book', 'rice']]);
  assert.deepEqual(ids(index.search('"เด็กกิน"')), ['mixed']);
  assert.deepEqual(ids(index.search('"กินเด็ก"', { phrases: 'required' })), []);
  assert.equal(index.search('"กินเด็ก"').phrasesAsTerms, true);  // found nowhere: its words as plain terms
  // The features read the words too: the book holds one of the two query words, the rice sentence none.
  const f = index.features('หนังสือแมว', ['book', 'rice']);
  const matched = f.names.indexOf('text.matched');
  assert.deepEqual([f.rows.data[matched], f.rows.data[f.rows.cols + matched]], [1, 0]);
  index.dispose();
});

test('a function segmenter; a loaded index is given its segmenter again; bad segmenters are refused', () => {
  // Splits each run at the words of a small dictionary, longest first (a stand-in for a learned tokenizer).
  const dictionary = ['หนังสือ', 'อ่าน', 'เด็ก', 'กิน', 'ข้าว'];
  const split = (run) => {
    const words = [];
    for (let i = 0; i < run.length;) {
      const word = dictionary.find((w) => run.startsWith(w, i)) ?? run[i];
      words.push(word);
      i += word.length;
    }
    return words;
  };
  const index = new am.SearchIndex({ fields: ['text'], segmenter: split }).add(DOCS.slice(0, 2));
  assert.deepEqual(ids(index.search('อ่าน')), ['book']);
  const loaded = am.load(index.save());
  assert.equal(loaded.segmenter, null);
  assert.deepEqual(ids(loaded.search('อ่านหนังสือ')), []);  // the query stays one run, unlike the indexed words
  loaded.segmenter = split;
  assert.deepEqual(ids(loaded.search('อ่านหนังสือ')), ['book']);
  assert.throws(() => new am.SearchIndex({ fields: ['text'], segmenter: 'th' }), /segmenter must be an am\.Tokenizer .* not/);
  const broken = new am.SearchIndex({ fields: ['text'], segmenter: (run) => (run.startsWith('ประ') ? 'no array' : [run]) });
  assert.throws(() => broken.add(DOCS), /segmenter must return an array of strings, got .* for 'ประเทศไทยมีประชากรประมาณ'/);
  assert.equal(broken.size, 0);  // the documents before the one it failed on are not in either
  assert.deepEqual(ids(broken.search('bangkok')), []);  // no unspaced run: the segmenter is not asked
  for (const x of [index, loaded, broken]) x.dispose();
});

test('a SearchRanker trains and searches through its index\'s segmenter', () => {
  const index = new am.SearchIndex({ fields: ['text'], segmenter: thai }).add(DOCS);
  const ranker = new am.SearchRanker({ loss: 'squared' });
  ranker.fit(index, [{ query: 'เด็กกินข้าว', grades: { book: 1, mixed: 2 } }, { query: 'ข้าว', grades: { rice: 2 } }]);
  assert.deepEqual(ids(ranker.search(index, 'ข้าว')).sort(), ['mixed', 'rice']);
  ranker.dispose();
  index.dispose();
});

test("trained from the index's bytes (as in a worker), a ranker takes its queries segmented by SearchRanker.analyse", () => {
  const index = new am.SearchIndex({ fields: ['text'], segmenter: thai }).add(DOCS);
  const judgments = [{ query: 'เด็กกินข้าว', grades: { book: 1, mixed: 2 } }, { query: 'ข้าว', grades: { rice: 2 } }];
  assert.throws(() => new am.SearchRanker({ loss: 'squared' }).fit(index.save(), judgments),
    /judgments\[0\]\.query "เด็กกินข้าว" gives no language, and an index given as bytes has no segmenter for its Thai, Lao, Khmer or Myanmar text/);
  const analysed = am.SearchRanker.analyse(index, judgments);
  assert.deepEqual(analysed.map((j) => [j.query.trim().split(/ +/), j.language]), [[['เด็ก', 'กิน', 'ข้าว'], ''], [['ข้าว'], '']]);
  const here = new am.SearchRanker({ loss: 'squared' }).fit(index, judgments);
  const there = new am.SearchRanker({ loss: 'squared' }).fit(index.save(), analysed);
  assert.deepEqual(there.save(), here.save());
  for (const x of [here, there, index]) x.dispose();
});

test('segmenting, searching and errors leave both modules\' wasm heaps where they were', () => {
  const cycle = () => {
    const index = new am.SearchIndex({ fields: ['text'], segmenter: thai }).add(DOCS);
    index.search('"เด็กกิน" ข้าว');
    index.features('หนังสือ', ['book']);
    assert.throws(() => index.add(DOCS[0]));
    index.dispose();
  };
  cycle();
  const before = [am.memoryUsage(), tagger.memoryUsage()];
  for (let i = 0; i < 20; ++i) cycle();
  const after = [am.memoryUsage(), tagger.memoryUsage()];
  for (let m = 0; m < 2; ++m) {
    assert.equal(after[m].heapInUse, before[m].heapInUse);
    assert.equal(after[m].stackInUse, before[m].stackInUse);
  }
});
