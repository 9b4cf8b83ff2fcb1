// The search commands end to end: index → train search (qrels, then clicks) → search --model → eval, on a
// collection where the first stage prefers keyword-stuffed documents and the judgments prefer popular ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp-dirs.mjs';
import { runLines } from '../../bindings/js/cli/search.js';

const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const argmax = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const dir = tempDir('search-cli');
const file = (name, lines) => { const path = join(dir, name); writeFileSync(path, lines.join('\n') + '\n'); return path; };

const WORDS = ['wing', 'flow', 'shock', 'heat', 'plate', 'drag'];
const docs = [], queries = [], qrels = [], clicks = [];
WORDS.forEach((w, q) => {
  queries.push(JSON.stringify({ id: `q${q}`, text: w }));
  for (let r = 0; r < 2; ++r) {
    docs.push(JSON.stringify({ id: `p${w}${r}`, title: `study ${r}`, body: `a report on the ${w} and other words`, popularity: 1 + r }));
    qrels.push(`q${q} 0 p${w}${r} 2`);
  }
  for (let r = 0; r < 3; ++r) docs.push(JSON.stringify({ id: `s${w}${r}`, title: `${w} notes`, body: `${w} `.repeat(5 + r), popularity: 0 }));
  // users who always find the popular documents, whichever rank they are shown at
  const shown = [`s${w}0`, `s${w}1`, `s${w}2`, `p${w}0`, `p${w}1`];
  for (let s = 0; s < 3; ++s) clicks.push(JSON.stringify({ query: `q${q}`, shown: s ? shown : [...shown].reverse(), clicked: [`p${w}0`, `p${w}1`] }));
});
const paths = {
  docs: file('docs.jsonl', docs), queries: file('queries.jsonl', queries), qrels: file('qrels.txt', qrels), clicks: file('clicks.jsonl', clicks),
  index: join(dir, 'index.bin'), model: join(dir, 'model.bin'),
};
const ndcgOf = (run) => {
  writeFileSync(join(dir, 'run.txt'), run);
  const e = argmax('eval', '--qrels', paths.qrels, '--run', join(dir, 'run.txt'), '--json');
  assert.equal(e.status, 0, e.stderr);
  return JSON.parse(e.stdout)['ndcg@10'];
};

test('argmax train search from qrels and from clicks; argmax search --model writes the re-ranked run', () => {
  let r = argmax('index', '--docs', paths.docs, '--out', paths.index, '--set', 'scorer=bm25');
  assert.equal(r.status, 0, r.stderr);
  const first = argmax('search', '--index', paths.index, '--queries', paths.queries, '--k', '5');
  assert.equal(first.status, 0, first.stderr);
  assert.ok(ndcgOf(first.stdout) < 0.6);
  for (const from of [['--qrels', paths.qrels], ['--clicks', paths.clicks]]) {
    r = argmax('train', 'search', '--index', paths.index, '--queries', paths.queries, ...from, '--model', paths.model, '--set', 'seed=2', '--json');
    assert.equal(r.status, 0, r.stderr);
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1));
    assert.equal(summary.from, from[0].slice(2));
    if (from[0] === '--clicks') assert.equal(summary.propensity.length, 5);
    const learned = argmax('search', '--index', paths.index, '--model', paths.model, '--queries', paths.queries, '--k', '5');
    assert.equal(learned.status, 0, learned.stderr);
    assert.equal(learned.stdout.trim().split('\n').length, WORDS.length * 5);
    assert.equal(ndcgOf(learned.stdout), 1, from[0]);
  }
});

test('argmax train search refuses what it cannot use, saying why', () => {
  const bad = (args, pattern, status = 1) => {
    const r = argmax('train', 'search', ...args);
    assert.equal(r.status, status, r.stderr);
    assert.match(r.stderr, pattern);
  };
  const base = ['--index', paths.index, '--queries', paths.queries, '--model', paths.model];
  bad(base, /give either --qrels FILE or --clicks FILE/, 2);
  bad([...base, '--qrels', paths.qrels, '--clicks', paths.clicks], /give either --qrels FILE or --clicks FILE/, 2);
  bad([...base, '--qrels', file('other.txt', ['zz 0 x 1'])], /no query of .* has judgments/);
  bad([...base, '--clicks', file('bad.jsonl', ['{"query": "q9", "shown": ["a"], "clicked": []}'])], /names query 'q9'/);
  bad([...base, '--clicks', file('junk.jsonl', ['{not json'])], /junk\.jsonl:1/);
  bad(['--index', paths.qrels, '--queries', paths.queries, '--model', paths.model, '--qrels', paths.qrels], /argmax:/);
  const r = argmax('search', '--index', paths.index, '--model', paths.index, '--queries', paths.queries);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /holds a search-index model, not a search ranker/);
});

test('with a re-ranker, a query runs the first stage once: through the re-ranker, not before it', () => {
  let firstStages = 0;
  const index = { search: () => { ++firstStages; return [{ id: 'd1', score: 1 }, { id: 'd2', score: 0.5 }]; } };
  const rerank = (q) => index.search(q.text).reverse().map((h, i) => ({ id: h.id, score: 2 - i }));
  const lines = runLines(index, [{ id: 'q1', text: 'wing' }], { k: 2, tag: 't', rerank });
  assert.deepEqual(lines, ['q1 Q0 d2 1 2 t', 'q1 Q0 d1 2 1 t']);
  assert.equal(firstStages, 1);
  assert.deepEqual(runLines(index, [{ id: 'q1', text: 'wing' }], { k: 2, tag: 't' }), ['q1 Q0 d1 1 1 t', 'q1 Q0 d2 2 0.5 t']);
  assert.equal(firstStages, 2);
});
