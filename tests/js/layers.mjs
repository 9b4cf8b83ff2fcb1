// The folders of src/ form layers; a folder includes only folders below it, so the tree reads bottom-up and
// no two folders include each other.
//
//   level 0  core/        views over caller memory, query sets, orders, Fenwick tree, options, errors, rng
//   level 1  io/          readers and model bytes                                  (includes core)
//            text/        analysis of text: Unicode words, folding, stop words, stemming (includes core)
//   level 2  learn/       trainers written once, L-BFGS, kernels, shared solvers (includes core, io)
//            metrics/     the measures Δ: cost matrices, pair counts, evaluation  (includes core, io)
//   level 3  binary/ multiclass/ reductions/ trees/ boosting/ sequence/ ranking/   (the task folders)
//   level 4  search/      the search task: its learned re-ranking is a ranking/ Ranker
//
// An `#include "folder/..."` line in src/<from>/ is allowed when folder is <from> itself or sits on a lower
// level. Folders on the same level do not include each other, except for the edges listed in SIDEWAYS, each
// with its reason (learn/ and metrics/ have none). A folder missing from LEVEL is an error, so a new folder
// gets its place here first.
//
// Run: node tests/js/layers.mjs  (prints each offending include and exits 1); tests/js/layers.test.mjs runs it
// in the JS suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LEVEL = {
  core: 0,
  io: 1, text: 1,
  learn: 2, metrics: 2,
  binary: 3, multiclass: 3, reductions: 3, trees: 3, boosting: 3, sequence: 3, ranking: 3,
  search: 4, textclass: 4,
};

// 'from -> to': { why, only? } — only, when given, lists the headers of `to` that `from` may include.
export const SIDEWAYS = {
  'binary -> trees': { why: 'the tree binary learner wraps the CART tree (binary/tree_binary.hpp)' },
  'boosting -> trees': { why: 'AdaBoost.MH boosts trees' },
  'multiclass -> binary': { why: "the kernel multiclass SVM's all-pairs decomposition trains binary kernel SVMs",
    only: ['binary/kernel_svm.hpp', 'binary/binary_model.hpp'] },
  'reductions -> binary': { why: 'the reductions train binary learners' },
  'reductions -> multiclass': { why: 'the learned-code reduction trains multiclass models on the code bits' },
  'text -> io': { why: 'the vectorizer checks UTF-8 and saves its state in model bytes', only: ['io/utf8.hpp', 'io/bytes.hpp'] },
};

const INCLUDE = /^\s*#\s*include\s*"(([^"/]+)\/[^"]*)"/;

// Offences in a list of { path: 'src/<folder>/...', text }: one string per include that runs against the layers.
export function offences(files) {
  const found = [];
  for (const { path, text } of files) {
    const from = path.split('/')[1];
    if (!(from in LEVEL)) {
      found.push(`${path}: folder src/${from}/ has no level in tests/js/layers.mjs`);
      continue;
    }
    text.split('\n').forEach((line, i) => {
      const m = INCLUDE.exec(line);
      if (!m) return;
      const [, header, to] = m;
      if (to === from) return;
      const where = `${path}:${i + 1}: #include "${header}"`;
      if (!(to in LEVEL)) return found.push(`${where}: folder ${to}/ has no level`);
      if (LEVEL[to] < LEVEL[from]) return;
      const edge = SIDEWAYS[`${from} -> ${to}`];
      if (LEVEL[to] === LEVEL[from] && edge && (!edge.only || edge.only.includes(header))) return;
      found.push(LEVEL[to] > LEVEL[from]
        ? `${where}: ${from}/ (level ${LEVEL[from]}) includes ${to}/ (level ${LEVEL[to]}), a higher layer`
        : `${where}: ${from}/ and ${to}/ share level ${LEVEL[from]} and ${edge ? `the edge allows only ${edge.only.join(', ')}` : `${from} -> ${to} is not in SIDEWAYS`}`);
    });
  }
  return found;
}

// The SIDEWAYS edges must not form a cycle (a cycle would let two folders include each other).
export function sidewaysCycle() {
  const next = {};
  for (const key of Object.keys(SIDEWAYS)) {
    const [a, b] = key.split(' -> ');
    (next[a] ??= []).push(b);
  }
  const state = {};
  const visit = (n, path) => {
    if (state[n] === 1) return [...path, n];
    if (state[n] === 2) return null;
    state[n] = 1;
    for (const m of next[n] ?? []) {
      const cycle = visit(m, [...path, n]);
      if (cycle) return cycle;
    }
    state[n] = 2;
    return null;
  };
  for (const n of Object.keys(next)) {
    const cycle = visit(n, []);
    if (cycle) return cycle;
  }
  return null;
}

export function sourceFiles(root) {
  const src = join(root, 'src');
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(hpp|cpp|h)$/.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort()
    .map((file) => ({ path: relative(root, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cycle = sidewaysCycle();
  const found = offences(sourceFiles(root));
  if (cycle) found.unshift(`SIDEWAYS edges form a cycle: ${cycle.join(' -> ')}`);
  for (const line of found) console.log(line);
  if (found.length) process.exit(1);
  console.log('layers: every include in src/ points to its own folder or a lower layer');
}
