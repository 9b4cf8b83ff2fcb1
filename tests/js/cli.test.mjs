import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp-dirs.mjs';

const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const dir = tempDir('cli');
const argmax = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const lastJson = (out) => JSON.parse(out.trim().split('\n').at(-1));

// Three well-separated classes in LIBSVM format, labels 1..3.
const lines = [];
for (let i = 0; i < 60; ++i) {
  const c = i % 3, a = [-2, 0, 2][c] + ((i * 7) % 10) / 20, b = [0, 2, 0][c] + ((i * 3) % 10) / 20;
  lines.push(`${c + 1} 1:${a} 2:${b}`);
}
const train = join(dir, 'train.svm');
writeFileSync(train, lines.join('\n') + '\n');
const model = join(dir, 'model.bin');

test('train, predict and eval a multiclass model', () => {
  for (const algo of ['dcd', 'pegasos', 'sgd', 'perceptron']) {
    const seed = algo === 'dcd' ? [] : ['--set', 'seed=2'];
    const t = argmax('train', 'multiclass', '--train', train, '--model', model, '--set', `trainer=${algo}`, '--set', 'bias=1', ...seed, '--train-accuracy', '--json');
    assert.equal(t.status, 0, t.stderr);
    const summary = lastJson(t.stdout);
    assert.equal(summary.task, 'multiclass');
    assert.deepEqual([summary.method, summary.trainer, summary.algo], ['linear', algo, undefined]);
    assert.equal(summary.n, 60);
    assert.ok(summary.seconds >= 0);
    assert.equal(summary.accuracy, 1, algo);
    assert.equal(summary.macro_f1, 1, algo);

    const e = argmax('eval', '--model', model, '--data', train, '--json');
    assert.equal(e.status, 0, e.stderr);
    const r = lastJson(e.stdout);
    assert.deepEqual([r.task, r.n, r.accuracy], ['multiclass', 60, 1]);
  }
  const out = join(dir, 'pred.txt');
  const p = argmax('predict', '--model', model, '--data', train, '--out', out);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(readFileSync(out, 'utf8').trim().split('\n'), lines.map((l) => l.split(' ')[0]));
});

test('train evaluates only what is asked: --valid, --train-accuracy, else the last pass of the solver', () => {
  const run = (...args) => argmax('train', 'multiclass', '--train', train, '--model', model, '--set', 'trainer=perceptron', '--set', 'bias=1', ...args);
  const quiet = lastJson(run('--json').stdout);  // no progress callback with --json: nothing measured
  assert.deepEqual([quiet.accuracy, quiet.evaluated_on, quiet.last_pass_training_error], [undefined, undefined, undefined]);
  assert.deepEqual([lastJson(run('--train-accuracy', '--json').stdout).evaluated_on, lastJson(run('--valid', train, '--json').stdout).evaluated_on], ['train', 'valid']);
  // without --json the epochs are logged, and the last one's training error is printed: the perceptron errs on
  // its first pass over these separable rows and stops after a pass without a mistake
  const logged = run();
  assert.equal(logged.status, 0, logged.stderr);
  assert.match(logged.stderr, /^epoch 1 .*training error 0\.0[1-9]/);
  assert.match(logged.stderr.trim().split('\n').at(-1), /training error 0\.0000$/);
  assert.match(logged.stdout, /^last_pass_training_error 0$/m);
  assert.doesNotMatch(logged.stdout, /accuracy/);
  const both = run('--valid', train, '--train-accuracy');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /give either --valid FILE or --train-accuracy/);
  const tokenizer = argmax('train', 'tokenizer', '--train', train, '--model', model, '--train-accuracy');
  assert.match(tokenizer.stderr, /unknown flag '--train-accuracy'/);
});

test('--help on every command', () => {
  for (const args of [['--help'], ['train', 'multiclass', '--help'], ['predict', '--help'], ['eval', '--help']]) {
    const r = argmax(...args);
    assert.equal(r.status, 0, args.join(' '));
    assert.match(r.stdout, /argmax/);
  }
  assert.match(argmax('train', 'multiclass', '--help').stdout, /C=number/);
});

test('unknown flags, tasks, methods, trainers and options are errors', () => {
  const cases = [
    [['train', 'multiclass', '--train', train, '--model', model, '--bogus', '1'], /unknown flag '--bogus'/],
    [['train', 'poetry', '--train', train, '--model', model], /unknown task 'poetry'/],
    [['train', 'multiclass', '--train', train, '--model', model, '--algo', 'sgd'], /--algo was replaced in 0\.2\.0: --set trainer=NAME/],
    [['train', 'multiclass', '--train', train, '--model', model, '--method', 'svm'], /unknown method 'svm' for multiclass/],
    [['train', 'multiclass', '--train', train, '--model', model, '--set', 'trainer=svm'], /unknown trainer 'svm'/],
    [['train', 'multiclass', '--train', train, '--model', model, '--set', 'max_iter=5'], /option 'max_iter' was renamed in 0\.2\.0: use 'maxIter'/],
    [['train', 'sequence', '--train', train, '--model', model, '--method', 'crf'], /unknown flag '--method'/],
    [['train', 'multiclass', '--train', train, '--model', model, '--set', 'lambda=1'], /unknown option 'lambda'/],
    [['train', 'multiclass', '--train', train, '--model', model, '--set', 'C=x'], /must be a number/],
    [['train', 'multiclass', '--train', train], /missing --model/],
    [['frobnicate'], /unknown command/],
  ];
  for (const [args, message] of cases) {
    const r = argmax(...args);
    assert.notEqual(r.status, 0, args.join(' '));
    assert.match(r.stderr, message);
  }
});

test('train multiclass --method tree (and ova over trees) takes categorical features as LIBSVM indices', () => {
  // Feature 2 is a category in {1, 2, 3} and the label is 2 exactly when it is 2; feature 1 is noise.
  // One threshold cannot isolate the middle category; one question x = 2 can.
  const rows = [];
  for (let i = 0; i < 60; ++i) rows.push(`${i % 3 === 1 ? 2 : 1} 1:${((i * 7) % 11) / 10} 2:${(i % 3) + 1}`);
  const data = join(dir, 'categories.svm');
  writeFileSync(data, rows.join('\n') + '\n');
  for (const algo of ['tree', 'ova']) {
    const learner = algo === 'ova' ? ['--set', 'learner=tree'] : [];
    const run = (...set) => argmax('train', 'multiclass', '--method', algo, ...learner, '--train', data, '--model', join(dir, 'cat.bin'),
      '--set', 'maxDepth=1', ...set.flatMap((s) => ['--set', s]), '--train-accuracy', '--json');
    for (const list of ['categorical=2', 'categorical=1,2']) {
      const ok = run(list);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(lastJson(ok.stdout).accuracy, 1, `${algo} ${list}`);
    }
    assert.ok(lastJson(run().stdout).accuracy < 1, algo);
    for (const [bad, message] of [['categorical=2,x', /'categorical' must be a comma-separated list of integers/],
      ['categorical=2,', /'categorical' must be a comma-separated list of integers/],
      ['categorical=0', /LIBSVM feature indices, which start at 1; got 0/],
      ['categorical=3', /feature 3 is not in the training data \(its largest feature index is 2\)/]]) {
      const r = run(bad);
      assert.notEqual(r.status, 0, `${algo} ${bad}`);
      assert.match(r.stderr, message, `${algo} ${bad}`);
    }
  }
  assert.match(argmax('train', 'multiclass', '--help').stdout, /categorical=1,4,7 .*LIBSVM feature indices \(from 1\)/);
});

test('a malformed data file or model is reported, not crashed on', () => {
  const bad = join(dir, 'bad.svm');
  writeFileSync(bad, '1 1:0.5\n2 1:0.1 1:0.3\n');
  const r = argmax('train', 'multiclass', '--train', bad, '--model', model);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /line 2/);
  const junk = join(dir, 'junk.bin');
  writeFileSync(junk, 'not a model at all, certainly not');
  const e = argmax('eval', '--model', junk, '--data', train);
  assert.equal(e.status, 1);
  assert.match(e.stderr, /not an argmax model/);
});

test('train sequence --threads N: one thread gives the serial model, two the same model every time', async () => {
  const { corpus } = await import('./parallel-cases.mjs');
  const { sentences, tags } = corpus(200, 3);
  const data = join(dir, 'tagged.txt');
  writeFileSync(data, sentences.map((s, i) => s.map((w, t) => `${w} ${tags[i][t]}\n`).join('')).join('\n'));
  const bytes = (...threads) => {
    const out = join(dir, `seq${threads.join('')}.bin`);
    const r = argmax('train', 'sequence', '--train', data, '--model', out, '--set', 'epochs=3', ...threads, '--train-accuracy', '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lastJson(r.stdout).token_accuracy > 0.95);
    return readFileSync(out);
  };
  assert.deepEqual(bytes('--threads', '1'), bytes());   // 200 sentences: auto trains on one thread
  assert.deepEqual(bytes('--threads', '2'), bytes('--threads', '2'));
  const bad = argmax('train', 'multilabel', '--train', train, '--model', model, '--threads', '2');
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /--threads .* is supported by: multiclass, sequence, ranking, tokenizer/);
  assert.match(argmax('train', 'sequence', '--train', data, '--model', model, '--threads', 'x').stderr, /--threads must be a number or auto/);
});

test('train multiclass --threads N: one thread gives the serial model, two the same model every time', () => {
  const bytes = (...args) => {
    const out = join(dir, `mc${args.join('')}.bin`);
    const r = argmax('train', 'multiclass', '--train', train, '--model', out, '--set', 'trainer=perceptron', '--set', 'bias=1', ...args, '--train-accuracy', '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(lastJson(r.stdout).accuracy, 1);
    return readFileSync(out);
  };
  assert.deepEqual(bytes('--threads', '1'), bytes());   // 60 rows: auto trains on one thread
  assert.deepEqual(bytes('--threads', '2'), bytes('--threads', '2'));
  const cs = argmax('train', 'multiclass', '--train', train, '--model', model, '--threads', '2');
  assert.equal(cs.status, 1);
  assert.match(cs.stderr, /needs an online trainer \(sgd, pegasos or perceptron\), not 'dcd'/);
  const tree = argmax('train', 'multiclass', '--train', train, '--model', model, '--method', 'tree', '--threads', '2');
  assert.match(tree.stderr, /--threads trains sgd, pegasos and perceptron on several threads, not tree/);
});

test('train ranking --threads N: one thread gives the serial model, two the same model every time', async () => {
  const { queries } = await import('./parallel-cases.mjs');
  const data = join(dir, 'queries.txt');
  writeFileSync(data, queries(80, 9).flatMap((q, i) => q.features.map((x, d) =>
    `${q.relevance[d]} qid:${i + 1} ${x.map((v, j) => `${j + 1}:${v}`).join(' ')}`)).join('\n') + '\n');
  const bytes = (...args) => {
    const out = join(dir, `rank${args.join('')}.bin`);
    const r = argmax('train', 'ranking', '--train', data, '--model', out, '--set', 'epochs=3', ...args, '--train-accuracy', '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lastJson(r.stdout)['ndcg@10'] > 0.8);
    return readFileSync(out);
  };
  assert.deepEqual(bytes('--threads', '1'), bytes());   // 80 queries: auto trains on one thread
  assert.deepEqual(bytes('--threads', '2'), bytes('--threads', '2'));
  const kendall = argmax('train', 'ranking', '--train', data, '--model', model, '--set', 'measure=kendall', '--threads', '2');
  assert.equal(kendall.status, 1);
  assert.match(kendall.stderr, /needs an online trainer \(trainer sgd, pegasos or perceptron\), not trainer auto/);
  const valid = argmax('train', 'ranking', '--train', data, '--valid', data, '--model', model, '--threads', '2');
  assert.match(valid.stderr, /validation \(Ranker fit with valid\) trains on one thread/);
});

test('a data file larger than one read (8 MB) is read in chunks as when whole', () => {
  // A comment line of 8 MB − 3 bytes, so that the first example is cut by the end of the first read.
  const head = '#' + 'x'.repeat((8 << 20) - 5) + '\n';
  const big = join(dir, 'big.svm');
  writeFileSync(big, head + lines.join('\n') + '\n');
  const t = argmax('train', 'multiclass', '--train', big, '--model', model, '--set', 'trainer=perceptron', '--train-accuracy', '--json');
  assert.equal(t.status, 0, t.stderr);
  assert.deepEqual([lastJson(t.stdout).n, lastJson(t.stdout).accuracy], [60, 1]);
  writeFileSync(big, head + '1 2:1 1:1\n');
  const bad = argmax('train', 'multiclass', '--train', big, '--model', model);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /line 2: feature index 1 after 2 \(indices must increase\) \(the line starts at byte offset 8388605\)/);
});

test('CLI: a file of one class is refused unless --allow-single-class is given', () => {
  const one = join(dir, 'one.svm');
  writeFileSync(one, '7 1:0.5 2:1\n7 1:-1 2:0.25\n7 2:3\n');
  const refused = argmax('train', 'multiclass', '--train', one, '--model', join(dir, 'one.bin'));
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /every training label is 7.*--allow-single-class/);
  for (const method of ['linear', 'tree', 'adaboost-mh']) {
    const t = argmax('train', 'multiclass', '--train', one, '--model', join(dir, 'one.bin'), '--method', method, '--allow-single-class', '--json');
    assert.equal(t.status, 0, t.stderr);
    const p = argmax('predict', '--model', join(dir, 'one.bin'), '--data', one);
    assert.deepEqual(p.stdout.trim().split('\n'), ['7', '7', '7'], method);
  }
  // a reduction needs two labels whatever the flag says
  const flagged = argmax('train', 'multiclass', '--train', one, '--model', join(dir, 'one.bin'), '--method', 'ecoc', '--allow-single-class');
  assert.match(flagged.stderr, /--allow-single-class trains a linear or kernel Multiclass, a tree or adaboost-mh, not ecoc/);
  const plain = argmax('train', 'multiclass', '--train', one, '--model', join(dir, 'one.bin'), '--method', 'allpairs');
  assert.match(plain.stderr, /y: every training label is 7; a reduction needs two classes or more/);
  const ranking = argmax('train', 'ranking', '--train', one, '--model', join(dir, 'r.bin'), '--allow-single-class');
  assert.match(ranking.stderr, /unknown flag '--allow-single-class'/);
});
