// TREC measures as trec_eval computes them, on queries worked by hand, and `argmax eval --qrels --run`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseQrels, parseRun, trecEvaluate, trecOrder, queryMeasures } from '../../bindings/js/cli/trec.js';
import { tempDir } from './temp-dirs.mjs';

const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-12, `${a} vs ${b}`);

// q1 judges d1 (3), d2 (1), d3 (0), d4 (2, never retrieved), d5 (−1); q3 judges one document, grade 0;
// the run also has q2, which has no judgments.
const QRELS = 'q1 0 d1 3\nq1 0 d2 1\nq1 0 d3 0\nq1 0 d4 2\nq1 0 d5 -1\n\nq3 0 x 0\n';
const RUN = [
  'q1 Q0 d3 1 5 t', 'q1 Q0 d1 2 4 t', 'q1 Q0 d2 3 4 t', 'q1 Q0 d9 4 1 t',
  'q2 Q0 d1 1 9 t', 'q3 Q0 x 1 2 t',
].join('\n');

test('tied scores go by docid, descending, and the rank column is ignored', () => {
  const run = parseRun(RUN);
  assert.deepEqual(trecOrder(run.get('q1')), ['d3', 'd2', 'd1', 'd9']);
  assert.deepEqual(trecOrder([{ docid: 'b', score: 1 }, { docid: 'a', score: 2 }, { docid: 'c', score: 1 }]), ['a', 'c', 'b']);
});

test('NDCG@10 with linear gain and the ideal from every judged document; MAP, P@10, recall@100 by hand', () => {
  const m = queryMeasures(['d3', 'd2', 'd1', 'd9'], parseQrels(QRELS).get('q1'));
  // DCG = 0/log2 2 + 1/log2 3 + 3/log2 4; ideal = 3/log2 2 + 2/log2 3 + 1/log2 4 (d4 counts though not retrieved)
  close(m['ndcg@10'], (1 / Math.log2(3) + 3 / 2) / (3 + 2 / Math.log2(3) + 1 / 2));
  close(m.map, (1 / 2 + 2 / 3) / 3);  // relevant d2 at rank 2, d1 at rank 3; three relevant judged
  close(m['p@10'], 2 / 10);
  close(m['recall@100'], 2 / 3);
});

test('cut-offs: only the first 10 count in NDCG and P, the first 100 in recall', () => {
  const judged = new Map([['r', 1], ['s', 1]]);
  const ranked = Array.from({ length: 120 }, (_, i) => `n${i}`);
  ranked[10] = 'r';  // rank 11
  ranked[100] = 's';  // rank 101
  const m = queryMeasures(ranked, judged);
  assert.equal(m['ndcg@10'], 0);
  assert.equal(m['p@10'], 0);
  close(m['recall@100'], 1 / 2);
  close(m.map, (1 / 11 + 2 / 101) / 2);
});

test('means over the run\'s judged queries; a query without relevant judgments scores 0', () => {
  const r = trecEvaluate(parseQrels(QRELS), parseRun(RUN));
  assert.equal(r.queries, 2);
  assert.deepEqual([...r.perQuery.keys()], ['q1', 'q3']);
  assert.deepEqual(r.perQuery.get('q3'), { 'ndcg@10': 0, map: 0, 'p@10': 0, 'recall@100': 0 });
  close(r.map, ((1 / 2 + 2 / 3) / 3) / 2);
});

test('bad TREC files are refused with the line', () => {
  assert.throws(() => parseQrels('q1 0 d1\n'), /qrels line 1: expected 4 columns, got 3/);
  assert.throws(() => parseQrels('q1 0 d1 1\nq1 0 d1 2\n'), /qrels line 2: query q1 judges document d1 twice/);
  assert.throws(() => parseQrels('q1 0 d1 high\n'), /grade 'high' is not a finite number/);
  assert.throws(() => parseRun('q Q0 d 1 NaN t\n'), /run line 1: score 'NaN'/);
  assert.throws(() => parseRun('q Q0 d 1 1 t\nq Q0 d 2 0 t\n'), /run line 2: query q lists document d twice/);
});

test('argmax eval --qrels --run prints the four measures', () => {
  const dir = tempDir('trec');
  const qrels = join(dir, 'qrels.txt'), run = join(dir, 'run.txt'), other = join(dir, 'other.txt');
  writeFileSync(qrels, QRELS);
  writeFileSync(run, RUN);
  writeFileSync(other, 'q9 Q0 d1 1 1 t\n');
  const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
  const argmax = (...args) => spawnSync(process.execPath, [cli, 'eval', ...args], { encoding: 'utf8' });
  const json = argmax('--qrels', qrels, '--run', run, '--json');
  assert.equal(json.status, 0, json.stderr);
  const summary = JSON.parse(json.stdout);
  assert.equal(summary.queries, 2);
  close(summary['p@10'], 0.1);
  const text = argmax('--qrels', qrels, '--run', run);
  assert.match(text.stdout, /^ndcg@10 +0\.\d{4}$/m);
  assert.match(text.stdout, /^recall@100 +0\.3333$/m);
  const none = argmax('--qrels', qrels, '--run', other);
  assert.equal(none.status, 1);
  assert.match(none.stderr, /no query of .*other\.txt has judgments/);
  assert.equal(argmax('--qrels', qrels).status, 2);
});
