// The kernel SVM against LIBSVM itself (Debian's libsvm-tools; skipped when svm-train is not installed): on a
// small three-class set, each one-vs-one machine's decision values equal those of svm-train's model, read from
// its file (support vectors, their coefficients and ρ), and the kernel Multiclass predicts as svm-predict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const hasLibsvm = ['svm-train', 'svm-predict'].every((p) => spawnSync('sh', ['-c', `command -v ${p}`]).status === 0);

// Three overlapping classes in 3 columns, named names[0], names[1], names[2] and first seen in that order (LIBSVM
// orders its machines by the labels' first appearance; the Reduction by value).
function overlapping(m, seed, names = [0, 1, 2]) {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const X = [], y = [];
  for (let i = 0; i < m; ++i) {
    const c = i % 3;
    X.push([c + 2 * rand(), (c === 1) + 2 * rand(), 2 * rand() - 1]);
    y.push(names[c]);
  }
  return { X, y };
}
const libsvmText = ({ X, y }) => X.map((r, i) => `${y[i]} ${r.map((v, j) => `${j + 1}:${v}`).join(' ')}`).join('\n') + '\n';

// svm-train's RBF C-SVC on train (at eps 1e-6): the text of its model file, and svm-predict's labels for test.
function libsvm(train, test, { gamma, C }) {
  const dir = tempDir('kernel-libsvm');
  const files = { train: join(dir, 'train'), test: join(dir, 'test'), model: join(dir, 'model'), out: join(dir, 'out') };
  writeFileSync(files.train, libsvmText(train));
  writeFileSync(files.test, libsvmText(test));
  const trained = spawnSync('svm-train', ['-q', '-c', String(C), '-g', String(gamma), '-e', '1e-6', files.train, files.model]);
  assert.equal(trained.status, 0, String(trained.stderr));
  const predicted = spawnSync('svm-predict', [files.test, files.model, files.out]);
  assert.equal(predicted.status, 0, String(predicted.stderr));
  return { modelText: readFileSync(files.model, 'utf8'), predicted: readFileSync(files.out, 'utf8').trim().split('\n').map(Number) };
}

// f_ab(x) = Σ_{s of class a} c_s^(b−1) K(s, x) + Σ_{s of class b} c_s^(a) K(s, x) − ρ_ab, machines (a, b) in order.
function decisionValues(modelText, x, gamma) {
  const lines = modelText.split('\n');
  const field = (name) => lines.find((l) => l.startsWith(`${name} `)).split(' ').slice(1).map(Number);
  const rho = field('rho'), counts = field('nr_sv'), k = field('nr_class')[0];
  const svs = lines.slice(lines.indexOf('SV') + 1).filter(Boolean).map((l) => {
    const parts = l.trim().split(' ');
    const v = [0, 0, 0];
    for (const p of parts.slice(k - 1)) { const [j, value] = p.split(':'); v[Number(j) - 1] = Number(value); }
    return { coef: parts.slice(0, k - 1).map(Number), v };
  });
  const classOf = counts.flatMap((n, c) => Array(n).fill(c));
  const K = svs.map(({ v }) => Math.exp(-gamma * v.reduce((sum, value, j) => sum + (value - x[j]) ** 2, 0)));
  const out = [];
  for (let a = 0, p = 0; a < k; ++a)
    for (let b = a + 1; b < k; ++b, ++p) {
      let f = -rho[p];
      svs.forEach(({ coef }, s) => {
        if (classOf[s] === a) f += coef[b - 1] * K[s];
        else if (classOf[s] === b) f += coef[a] * K[s];
      });
      out.push(f);
    }
  return out;
}

test('one-vs-one kernel SVMs: the decision values of svm-train\'s model; the kernel Multiclass predicts as svm-predict',
  { skip: !hasLibsvm && 'svm-train is not installed (Debian: libsvm-tools)' }, async () => {
    const am = await init();
    const train = overlapping(240, 1), test = overlapping(150, 2);
    const gamma = 0.5, C = 2;
    const { modelText, predicted: theirs } = libsvm(train, test, { gamma, C });

    const ours = new am.Reduction({ reduction: 'allpairs', learner: 'kernel', scale: 'none',
      learnerOptions: { kernel: 'rbf', gamma, C, eps: 1e-6 } }).fit(train.X, train.y);
    const f = ours.confidences(test.X);
    let largest = 0;
    test.X.forEach((x, i) => decisionValues(modelText, x, gamma).forEach((g, p) => {
      largest = Math.max(largest, Math.abs(g));
      assert.ok(Math.abs(f[3 * i + p] - g) < 1e-3, `row ${i}, machine ${p}: ${f[3 * i + p]} vs LIBSVM's ${g}`);
    }));
    assert.ok(largest > 0.5);  // the values compared are not all near 0
    ours.dispose();

    const model = new am.Multiclass({ kernel: 'rbf', gamma, C, eps: 1e-6, scale: 'none' }).fit(train.X, train.y);
    assert.deepEqual(Array.from(model.predict(test.X)), theirs);
    model.dispose();
  });

test('the kernel Multiclass breaks ties of votes as svm-predict, its labels ascending, when classes come unsorted',
  { skip: !hasLibsvm && 'svm-train is not installed (Debian: libsvm-tools)' }, async () => {
    const am = await init();
    const names = [7, 2, 5];  // first seen 7, 2, 5
    const train = overlapping(240, 3, names), test = overlapping(600, 4, names);
    const gamma = 2, C = 1;
    const model = new am.Multiclass({ kernel: 'rbf', gamma, C, eps: 1e-6, scale: 'none' }).fit(train.X, train.y);
    assert.deepEqual(Array.from(model.labels), [2, 5, 7]);
    const votes = model.scores(test.X);
    const ties = test.X.filter((_, i) => votes[3 * i] === 1 && votes[3 * i + 1] === 1 && votes[3 * i + 2] === 1).length;
    assert.ok(ties > 0, 'the test rows include ties of votes');
    const ours = Array.from(model.predict(test.X));
    assert.deepEqual(ours, libsvm(train, test, { gamma, C }).predicted);
    const again = am.load(model.save());
    assert.deepEqual(Array.from(again.predict(test.X)), ours);
    model.dispose(), again.dispose();
  });
