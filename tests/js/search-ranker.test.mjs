// SearchRanker through the JS API: learned from judgments and from clicks on a collection whose first stage
// prefers keyword-stuffed documents while the judgments prefer popular ones (a numeric field BM25 does not read);
// saved and loaded; trained from the index's bytes as a worker does; the click helpers; refused input; searching
// with a trained ranker in argmax/search, which does not train.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/search-train.js';
import { init as initSearch } from '../../bindings/js/search.js';
import { TrainingWorker } from '../../bindings/js/parallel/worker.js';

const am = await init();
const WORDS = ['wing', 'flow', 'shock', 'heat', 'plate', 'drag'];

// Per word w: p<w><r> mention w once and are popular (grade 2); s<w><r> have w in the title and five times in
// the body, popularity 0 (BM25 puts them first).
function collection(api = am) {
  const index = new api.SearchIndex({ fields: ['title', 'body'], numericFields: ['popularity'], scorer: 'bm25' });
  const judgments = [];
  for (const w of WORDS) {
    const grades = {};
    for (let r = 0; r < 2; ++r) {
      index.add({ id: `p${w}${r}`, title: `study ${r}`, body: `a report on the ${w} with other words about tests`, popularity: 1 + r });
      grades[`p${w}${r}`] = 2;
    }
    for (let r = 0; r < 3; ++r) index.add({ id: `s${w}${r}`, title: `${w} notes ${r}`, body: `${w} `.repeat(5 + r), popularity: 0 });
    judgments.push({ query: w, grades });
  }
  return { index, judgments };
}
const popularFirst = (hits) => hits.slice(0, 2).every((h) => h.id.startsWith('p'));

test('learned from judgments, the ranker puts what the first stage misses on top; it saves and loads', () => {
  const { index, judgments } = collection();
  assert.ok(WORDS.every((w) => index.search(w).slice(0, 3).every((h) => h.id.startsWith('s'))), 'the first stage prefers the stuffed documents');
  const ranker = new am.SearchRanker({ seed: 2 }).fit(index, judgments);
  for (const w of WORDS) assert.ok(popularFirst(ranker.search(index, w)), w);
  assert.deepEqual(ranker.featureNames, index.featureNames);
  assert.equal(ranker.options.depth, 100);
  assert.equal(ranker.options.measure, 'ndcg');
  assert.equal(ranker.propensity, null);
  const again = am.load(ranker.save());
  assert.ok(again instanceof am.SearchRanker);
  for (const w of WORDS) assert.deepEqual(again.search(index, w, { k: 4 }), ranker.search(index, w, { k: 4 }));
  assert.deepEqual(ranker.search(index, '   '), []);
  // A phrase that no document holds: re-ranked as its words (and said), or nothing with phrases 'required'.
  const relaxed = ranker.search(index, '"wing report"', { k: 5 });
  assert.deepEqual([...relaxed], ranker.search(index, 'wing report', { k: 5 }));
  assert.equal(relaxed.phrasesAsTerms, true);
  assert.deepEqual(ranker.search(index, '"wing report"', { phrases: 'required' }), []);
  assert.equal(ranker.search(index, '"report on the wing"').phrasesAsTerms, undefined);
  assert.throws(() => ranker.search(index, 'wing', { phrases: 'any' }), /option 'phrases' must be one of fallback, required/);
  for (const m of [ranker, again, index]) m.dispose();
});

test('learned from simulated clicks with propensities by EM, from the index\'s bytes as a worker trains', () => {
  const { index } = collection();
  const lists = WORDS.map((w) => {
    const shown = index.search(w).map((h) => h.id);
    return { query: w, shown, grades: shown.map((id) => (id.startsWith('p') ? 2 : 0)) };
  });
  const clicks = am.clicks.simulate(lists, { sessions: 300, shuffled: 0.2, seed: 4 });
  assert.equal(clicks.length, WORDS.length * 300);
  assert.ok(clicks.every((c) => c.shown.length === 5 && c.clicked.every((id) => c.shown.includes(id))));
  const ranker = new am.SearchRanker({ seed: 2 }).fit(index.save(), { clicks });
  assert.equal(ranker.propensity.length, 5);
  assert.equal(ranker.propensity[0], 1);
  assert.ok(Math.abs(ranker.propensity[4] - 0.2) < 0.07, `rank 5: ${ranker.propensity[4]} (simulated 1/5)`);
  for (const w of WORDS) assert.ok(popularFirst(ranker.search(index, w)), w);
  const naive = new am.SearchRanker({ clicks: 'naive' }).fit(index, { clicks });
  assert.equal(naive.propensity, null);
  const given = new am.SearchRanker().fit(index, { clicks, propensity: [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5] });
  assert.deepEqual(Array.from(given.propensity), [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5]);
  const bias = am.clicks.positionBias(clicks);
  assert.ok(bias.training.iterations >= 1 && Number.isFinite(bias.logLikelihood) && bias.training.converged);
  assert.equal(bias.training.warning, undefined);
  const capped = am.clicks.positionBias(clicks, { maxIter: 2 });
  assert.equal(capped.training.iterations, 2);
  assert.equal(capped.training.converged, false);
  assert.match(capped.training.warning, /^stopped at maxIter=2 with relative log-likelihood gain .*raise maxIter$/);
  assert.throws(() => am.clicks.positionBias(clicks, { maxIter: 0 }), /maxIter/);
  assert.throws(() => am.clicks.positionBias(clicks, { maxIterations: 9 }), /maxIterations/);
  assert.deepEqual(Array.from(bias.propensity), Array.from(ranker.propensity));
  for (const m of [ranker, naive, given, index]) m.dispose();
});

test('bad input is refused with what is wrong, and the module keeps working', () => {
  const { index, judgments } = collection();
  const ranker = new am.SearchRanker();
  assert.throws(() => ranker.search(index, 'wing'), /not trained/);
  assert.throws(() => new am.SearchRanker({ depth: 0 }), /depth/);
  assert.throws(() => new am.SearchRanker({ nope: 1 }), /nope/);
  assert.throws(() => ranker.fit({}, judgments), /index must be a SearchIndex/);
  assert.throws(() => ranker.fit(index, [{ query: 'wing', grades: { pwing0: -1 } }]), /grades\['pwing0'\] must be a finite number ≥ 0/);
  assert.throws(() => ranker.fit(index, [{ query: 7, grades: {} }]), /judgments\[0\]\.query must be a string/);
  assert.throws(() => ranker.fit(index, [{ query: 'zzz', grades: {} }]), /has a result in the index/);
  assert.throws(() => ranker.fit(index, { clicks: [{ query: 'wing', shown: ['a', 'a'], clicked: [] }] }), /shown lists 'a' twice/);
  assert.throws(() => ranker.fit(index, { clicks: [{ query: 'wing', shown: ['a'], clicked: ['b'] }] }), /clicked has 'b', which it did not show/);
  assert.throws(() => ranker.fit(index, { clicks: [{ query: 'wing', shown: ['a', 'b'], clicked: ['b'] }], propensity: [1] }),
    /propensities are given for 1 ranks/);
  assert.throws(() => ranker.fit(index, {}), /judgments \[\{ query, grades \}\] or \{ clicks/);
  assert.throws(() => ranker.fit(index, { nothing: [] }), /unknown option 'nothing' in data \(known: clicks, propensity\)/);
  assert.throws(() => ranker.fit(index, [{ query: 'wing', grades: {}, language: 7 }]), /judgments\[0\]\.language must be a string, not 7/);
  assert.throws(() => ranker.fit(index.save(), { clicks: [{ query: 'wing', shown: ['pwing0'], clicked: ['pwing0'], language: 'fr' }] }), /the query's language 'fr' is for an index of language 'auto'/);
  assert.throws(() => am.SearchRanker.analyse(index.save(), judgments), /index must be a SearchIndex/);
  assert.throws(() => am.SearchRanker.analyse(index, { clicks: [{ query: null }] }), /clicks\[0\]\.query must be a string/);
  assert.throws(() => am.load(new am.SearchRanker().fit(index, judgments).save().slice(0, 40)), /truncated|corrupt|checksum/);
  const other = new am.SearchIndex({ fields: ['title'] }).add({ id: 'x', title: 'wing' });
  const trained = new am.SearchRanker().fit(index, judgments);
  assert.throws(() => trained.search(other, 'wing'), /trained on feature/);
  assert.ok(popularFirst(trained.search(index, 'wing')), 'still works');
  // a lone surrogate is one unknown character, as in documents; NUL separates words
  assert.deepEqual(trained.search(index, '\ud800 wing'), trained.search(index, 'wing'));
  assert.deepEqual(trained.search(index, 'x\u0000wing'), trained.search(index, 'x wing'));
  for (const m of [ranker, trained, other, index]) m.dispose();
});

test('a TrainingWorker on argmax/search-train trains from the index\'s bytes; fit, save and load leave the heap as it was', async () => {
  const { index, judgments } = collection();
  const worker = new TrainingWorker({ entry: 'argmax/search-train' });
  try {
    const job = await worker.train({ model: 'SearchRanker', options: { seed: 2 }, args: [index.save(), judgments] });
    assert.equal(job.kind, 'search-ranker');
    const ranker = am.load(job.bytes), here = new am.SearchRanker({ seed: 2 }).fit(index, judgments);
    for (const w of WORDS) assert.deepEqual(ranker.search(index, w), here.search(index, w));
    ranker.dispose();
    here.dispose();
  } finally {
    worker.terminate();
  }
  assert.throws(() => new TrainingWorker({ entry: 'argmax/nothing' }), /entry must be 'argmax\/search-train'/);
  const cycle = () => {
    const model = new am.SearchRanker().fit(index, judgments), again = am.load(model.save());
    again.search(index, 'wing');
    model.dispose();
    again.dispose();
  };
  cycle();
  const before = am.memoryUsage();
  for (let i = 0; i < 20; ++i) cycle();
  assert.equal(am.memoryUsage().heapInUse, before.heapInUse, 'heap bytes in use');
  index.dispose();
});

test('argmax/search re-ranks with a ranker trained in argmax/search-train, and names that entry for training', async () => {
  const searchOnly = await initSearch();
  const { index, judgments } = collection();
  const trained = new am.SearchRanker({ seed: 2 }).fit(index, judgments);
  const there = collection(searchOnly).index, ranker = searchOnly.load(trained.save());
  for (const w of WORDS) assert.deepEqual(ranker.search(there, w), trained.search(index, w));
  const names = /is not in argmax\/search, which searches and re-ranks with a trained SearchRanker: import 'argmax\/search-train' to train/;
  assert.throws(() => new searchOnly.SearchRanker().fit(there, judgments), names);
  const clicks = [{ query: 'wing', shown: ['pwing0', 'swing0'], clicked: ['pwing0'] }];
  assert.throws(() => searchOnly.clicks.positionBias(clicks), names);
  assert.throws(() => searchOnly.clicks.simulate([{ query: 'wing', shown: ['pwing0'], grades: [1] }]), names);
  assert.equal(searchOnly.module.trainSearchRanker, undefined, 'argmax/search links no trainer');
  for (const m of [trained, ranker, index, there]) m.dispose();
});
