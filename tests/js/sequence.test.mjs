import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();

// A toy language whose tags follow from the words (and, for "can", from the neighbours).
function corpus(m, seed = 1) {
  let s = seed;
  const rand = (n) => Math.floor(((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * n);
  const pick = (xs) => xs[rand(xs.length)];
  const sentences = [], tags = [];
  for (let i = 0; i < m; ++i) {
    const w = [], t = [];
    const put = (word, tag) => { w.push(word); t.push(tag); };
    put(pick(['the', 'a', 'this']), 'DET');
    if (rand(2)) put(pick(['red', 'big', 'old']), 'ADJ');
    put(pick(['dog', 'cat', 'can', 'idea']), 'NOUN');
    if (rand(2)) { put('can', 'AUX'); put(pick(['run', 'sleep', 'can']), 'VERB'); } else put(pick(['runs', 'sleeps']), 'VERB');
    sentences.push(w); tags.push(t);
  }
  return { sentences, tags };
}

const train = corpus(150), heldOut = corpus(40, 7);

test('every trainer learns the toy language', () => {
  for (const options of [
    { trainer: 'perceptron', epochs: 10 },
    { trainer: 'pegasos', loss: 'hinge', lambda: 0.001, epochs: 10 },
    { trainer: 'pegasos', loss: 'slack', lambda: 0.001, epochs: 10 },
    { trainer: 'lbfgs', loss: 'log', c2: 0.01 },
    { trainer: 'lbfgs', loss: 'softmax-margin', c2: 0.01 },
  ]) {
    const tagger = new am.SequenceTagger(options);
    tagger.fit(train.sentences, train.tags);
    assert.equal(tagger.trainer, options.trainer);
    const r = am.metrics.sequences(heldOut.tags, tagger.tag(heldOut.sentences));
    assert.ok(r.tokenAccuracy > 0.97, `${JSON.stringify(options)}: ${r.tokenAccuracy}`);
    tagger.dispose();
  }
});

test('tag takes one sentence or many; labels come back as strings', () => {
  const tagger = new am.SequenceTagger({ epochs: 5 }).fit(train.sentences, train.tags);
  assert.deepEqual(tagger.tag(['the', 'dog', 'can', 'run']), ['DET', 'NOUN', 'AUX', 'VERB']);
  assert.deepEqual(tagger.tag([['a', 'cat'], []]), [['DET', 'NOUN'], []]);
  assert.deepEqual([...tagger.labels].sort(), ['ADJ', 'AUX', 'DET', 'NOUN', 'VERB']);
});

test('marginals sum to one, n-best is ordered and starts with the Viterbi path', () => {
  const tagger = new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log' }).fit(train.sentences, train.tags);
  const sentence = ['the', 'can', 'can', 'run'];
  const m = tagger.marginals(sentence);
  assert.equal(m.probabilities.length, 4);
  for (const row of m.probabilities) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-5);
  const best = tagger.nbest(sentence, 4);
  assert.equal(best.length, 4);
  assert.deepEqual(best[0].tags, tagger.tag(sentence));
  for (let i = 1; i < best.length; ++i) assert.ok(best[i].score <= best[i - 1].score);
  assert.equal(new Set(best.map((b) => b.tags.join())).size, 4);
  // log p of the best path agrees with its n-best probability.
  assert.ok(Math.abs(Math.exp(tagger.logProbability(sentence, best[0].tags)) - best[0].probability) < 1e-4);
});

test('constrained decoding: forced tags and BIO rules', () => {
  const sentences = [['John', 'Smith', 'lives', 'in', 'Paris'], ['Mary', 'went', 'to', 'New', 'York']];
  const tags = [['B-PER', 'I-PER', 'O', 'O', 'B-LOC'], ['B-PER', 'O', 'O', 'B-LOC', 'I-LOC']];
  const tagger = new am.SequenceTagger({ epochs: 10 }).fit(sentences, tags);
  const forced = tagger.tag(['John', 'Smith', 'lives'], { forced: [null, 'I-LOC', null] });
  assert.equal(forced[1], 'I-LOC');
  const bio = tagger.tag(['John', 'Smith', 'lives'], { forced: [null, 'I-LOC', null], bio: true });
  assert.equal(bio[1], 'I-LOC');
  assert.equal(bio[0], 'B-LOC');  // I-LOC may only follow B-LOC or I-LOC
  assert.throws(() => tagger.tag(['x'], { forced: ['NOPE'] }), /unknown tag 'NOPE'/);
  assert.throws(() => tagger.tag(['x'], { forced: ['I-PER'], bio: true }), /constraints/);
});

test('save and load give identical tags; warm start adds labels', () => {
  const tagger = new am.SequenceTagger({ features: 'crfsuite', epochs: 5 }).fit(train.sentences, train.tags);
  const bytes = tagger.save();
  assert.equal(am.modelKind(bytes), 'sequence');
  const again = am.load(bytes);
  assert.ok(again instanceof am.SequenceTagger);
  assert.deepEqual(again.tag(heldOut.sentences), tagger.tag(heldOut.sentences));
  assert.equal(again.options.features, 'crfsuite');
  again.fit([['oh', 'the', 'dog']], [['INTJ', 'DET', 'NOUN']], { warmStart: true });
  assert.ok(again.labels.includes('INTJ') && again.labels.includes('AUX'));
  const corrupt = bytes.slice();
  corrupt[corrupt.length >> 1] ^= 1;
  assert.throws(() => am.load(corrupt), /checksum|corrupt|truncated/);
});

test('custom templates, progress and cancellation', () => {
  const seen = [];
  const tagger = new am.SequenceTagger({ templates: 'lower[0] suffix2[0] lower[-1]|lower[0]', epochs: 20 });
  tagger.fit(train.sentences, train.tags, { onProgress: (p) => { if (!p.final) seen.push(p.epoch); return p.epoch < 3; } });
  assert.deepEqual(seen, [1, 2, 3]);
  assert.match(tagger.templates, /suffix2\[0\]/);
  assert.ok(am.features.pos().includes('suffix3[0]'));
  assert.throws(() => tagger.fit(train.sentences, train.tags, { onProgress: () => { throw new Error('stop here'); } }), /stop here/);
});

test('options and inputs are validated with clear errors', () => {
  assert.throws(() => new am.SequenceTagger({ trainer: 'hmm' }), /unknown trainer 'hmm'/);
  assert.throws(() => new am.SequenceTagger({ algo: 'crf' }), /renamed in 0\.2\.0: use 'trainer'/);
  assert.throws(() => new am.SequenceTagger({ trainer: 'perceptron', C: 1 }), /unknown option 'C'/);
  assert.throws(() => new am.SequenceTagger({ epochs: 0 }), /epochs/);
  assert.throws(() => new am.SequenceTagger({ nope: 1 }), /unknown option 'nope'/);
  assert.throws(() => new am.SequenceTagger({ features: 'lower[0] wrd[1]' }).fit(train.sentences, train.tags), /unknown attribute 'wrd'/);
  const tagger = new am.SequenceTagger();
  assert.throws(() => tagger.fit([['a', 'b']], [['X']]), /2 tokens but 1 tags/);
  assert.throws(() => tagger.fit([['a', 3]], [['X', 'Y']]), /sentences\[0\]\[1\] is 3, not a token \(a string\)/);
  assert.throws(() => tagger.tag(['a']), /not trained/);
});

test('dense sequences: OCR-like numeric features per position', () => {
  // Letter "a" = [1, 0, noise], "b" = [0, 1, noise]; words alternate a/b mostly.
  let s = 3;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const X = [], y = [];
  for (let i = 0; i < 80; ++i) {
    const n = 2 + Math.floor(rand() * 4), seq = [], tags = [];
    for (let t = 0; t < n; ++t) {
      const b = rand() < 0.5;
      seq.push([b ? 0 : 1, b ? 1 : 0, rand()]);
      tags.push(b ? 'b' : 'a');
    }
    X.push(seq); y.push(tags);
  }
  const tagger = new am.DenseSequenceTagger({ epochs: 5 }).fit(X, y);
  assert.equal(tagger.columns, 3);
  assert.deepEqual(tagger.tag(X), y);
  assert.deepEqual(tagger.tag([[1, 0, 0.5], [0, 1, 0.5]]), ['a', 'b']);
  const flat = { data: Float32Array.from(X[0].flat()), rows: X[0].length, cols: 3 };
  assert.deepEqual(tagger.tag(flat), y[0]);
  const again = am.load(tagger.save());
  assert.ok(again instanceof am.DenseSequenceTagger);
  assert.deepEqual(again.tag(X), y);
  assert.throws(() => tagger.tag([[1, 0], [0, 1]]), /^Error: sequence has 2 columns; the model was trained on 3$/);
});

test('DenseSequenceTagger on random features tags rings a linear chain cannot; the map is rebuilt on load', () => {
  // Positions are 2-D points tagged by their ring (radius 0, 1 or 2, each 0.3 thick).
  const rings = (count, seed) => {
    let s = seed;
    const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    const X = [], y = [];
    for (let i = 0; i < count; ++i) {
      const n = 2 + Math.floor(rand() * 4), seq = [], tags = [];
      for (let t = 0; t < n; ++t) {
        const ring = Math.floor(rand() * 3), r = ring + 0.3 * rand(), a = 2 * Math.PI * rand();
        seq.push([r * Math.cos(a), r * Math.sin(a)]);
        tags.push('abc'[ring]);
      }
      X.push(seq); y.push(tags);
    }
    return { X, y };
  };
  const train = rings(150, 5), test_ = rings(100, 6);
  const accuracy = (tagger) => {
    const tags = tagger.tag(test_.X).flat(), gold = test_.y.flat();
    return tags.filter((t, i) => t === gold[i]).length / gold.length;
  };
  const tagger = new am.DenseSequenceTagger({ epochs: 10, rff: 300, gamma: 1 }).fit(train.X, train.y);
  const linear = new am.DenseSequenceTagger({ epochs: 10 }).fit(train.X, train.y);
  assert.ok(accuracy(tagger) > 0.9, `rff: ${accuracy(tagger)}`);
  assert.ok(accuracy(linear) < 0.8, `linear: ${accuracy(linear)}`);
  assert.equal(tagger.columns, 2);
  assert.equal(tagger.options.rff, 300);
  assert.equal(linear.options.rff, undefined);  // recorded only with a map
  const again = am.load(tagger.save());
  assert.deepEqual(again.tag(test_.X), tagger.tag(test_.X));
  assert.deepEqual(again.marginals(test_.X[0]), tagger.marginals(test_.X[0]));
  assert.equal(again.options.gamma, 1);
  assert.throws(() => new am.DenseSequenceTagger({ rff: 10, gamma: -1 }), /'gamma' must be ≥ 0/);
  assert.throws(() => new am.DenseSequenceTagger({ rff: -1 }), /'rff' must be/);
  assert.throws(() => new am.SequenceTagger({ rff: 10, features: 'crfsuite' }).fit([['a', 'b']], [['X', 'Y']]), /a token tagger has none/);
  assert.deepEqual(tagger.tag([[0, 0]]), ['a']);  // the module keeps working
});

test('readers and metrics', () => {
  const conllu = '# sent_id = 1\n1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_\n2-3\tcan\'t\t_\t_\t_\t_\t_\t_\t_\t_\n2\tca\tcan\tAUX\tMD\t_\t0\troot\t_\t_\n3\tn\'t\tnot\tPART\tRB\t_\t2\tadvmod\t_\t_\n\n';
  const u = am.io.readConllu(conllu);
  assert.deepEqual(u.sentences, [['I', 'ca', "n't"]]);
  assert.deepEqual(u.tags, [['PRON', 'AUX', 'PART']]);
  assert.deepEqual(am.io.readConllu(conllu, { column: 'xpos' }).tags, [['PRP', 'MD', 'RB']]);
  assert.throws(() => am.io.readConllu('1\tI\n'), /line 1/);
  const c = am.io.readColumns('EU B-ORG\nrejects O\n\nPeter B-PER\n');
  assert.deepEqual(c.tags, [['B-ORG', 'O'], ['B-PER']]);
  const h = am.io.readSvmhmm('a qid:1 1:1 3:0.5\nb qid:1 2:1\nc qid:2 1:1\n');
  assert.deepEqual(Array.from(h.starts), [0, 2, 3]);
  assert.deepEqual(h.tags, [['a', 'b'], ['c']]);
  assert.equal(h.cols, 3);
  assert.throws(() => am.io.readSvmhmm('a 1:1\n'), /line 1/);
  const r = am.metrics.sequences([['B-PER', 'I-PER', 'O']], [['B-PER', 'O', 'O']], { chunks: true });
  assert.ok(Math.abs(r.tokenAccuracy - 2 / 3) < 1e-12);
  assert.equal(r.sequenceAccuracy, 0);
  assert.equal(r.chunks.correct, 0);
  assert.equal(r.chunks.gold, 1);
  assert.deepEqual(r.tags, ['B-PER', 'I-PER', 'O']);
});

test('CLI: train, eval and warm-start a tagger from a column file', async () => {
  const { spawnSync } = await import('node:child_process');
  const { writeFileSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const cli = new URL('../../bindings/js/cli/main.js', import.meta.url).pathname;
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const dir = tempDir('seq-cli');
  const columns = (c) => c.sentences.map((s, i) => s.map((w, t) => `${w} ${c.tags[i][t]}`).join('\n')).join('\n\n') + '\n';
  const trainFile = join(dir, 'train.txt'), testFile = join(dir, 'test.txt'), more = join(dir, 'more.txt');
  writeFileSync(trainFile, columns(train));
  writeFileSync(testFile, columns(heldOut));
  writeFileSync(more, 'oh INTJ\nthe DET\ndog NOUN\n\nwow INTJ\n');
  const first = join(dir, 'first.model'), second = join(dir, 'second.model');

  let r = run('train', 'sequence', '--train', trainFile, '--model', first, '--json');
  assert.equal(r.status, 0, r.stderr);
  r = run('eval', '--model', first, '--data', testFile, '--json');
  assert.equal(r.status, 0, r.stderr);
  assert.ok(JSON.parse(r.stdout.trim().split('\n').at(-1)).token_accuracy > 0.9);

  r = run('train', 'sequence', '--init', first, '--train', more, '--model', second, '--set', 'epochs=5', '--json');
  assert.equal(r.status, 0, r.stderr);
  const warm = am.load(readFileSync(second));
  assert.ok(warm.labels.includes('INTJ') && warm.labels.includes('AUX'), warm.labels.join(' '));
  assert.equal(warm.options.epochs, 5);
  assert.equal(warm.tag(['wow']).at(0), 'INTJ');
  // The old knowledge is kept: the toy language is still tagged well.
  const predicted = warm.tag(heldOut.sentences).flat(), gold = heldOut.tags.flat();
  assert.ok(predicted.filter((t, i) => t === gold[i]).length > 0.8 * gold.length);

  const svm = join(dir, 'x.svm'), multiclass = join(dir, 'mc.model');
  writeFileSync(svm, '1 1:1\n2 1:-1\n');
  assert.equal(run('train', 'multiclass', '--train', svm, '--model', multiclass).status, 0);
  r = run('train', 'sequence', '--init', multiclass, '--train', more, '--model', second);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /holds a linear-multiclass model, not a sequence model/);
  r = run('train', 'multiclass', '--init', multiclass, '--train', svm, '--model', second);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--init \(warm start\) is supported by: sequence/);
  assert.throws(() => new am.SequenceTagger().fit(train.sentences, train.tags, { warmStart: 'yes' }), /warmStart must be/);
});

test('word lexicons: the shipped English one, user text, and clear errors', async () => {
  const english = await am.lexicons.english();
  const lines = english.trimEnd().split('\n');
  assert.ok(lines.length > 80000, `${lines.length} lines`);
  assert.ok(lines.includes('run\tNN VB VBD VBN VBP\tnoun verb'));
  const tagger = new am.SequenceTagger({ epochs: 3, lexicon: english }).fit(train.sentences, train.tags);
  // Words are known by 32-bit fingerprints: "researchable" shares one with "perfecting", listed first.
  assert.equal(tagger.lexiconWords, lines.length - 1);
  assert.equal(tagger.templates, am.features.pos({ lexicon: true }));
  assert.ok(am.features.pos({ lexicon: true }).startsWith(am.features.pos()));
  const again = am.load(tagger.save());
  assert.equal(again.lexiconWords, lines.length - 1);
  assert.deepEqual(again.tag(heldOut.sentences), tagger.tag(heldOut.sentences));
  assert.equal(new am.SequenceTagger({ epochs: 1 }).fit(train.sentences, train.tags).lexiconWords, 0);

  assert.throws(() => new am.SequenceTagger({ lexicon: 'dog\tNN\ndog\tVB\n' }).fit(train.sentences, train.tags),
    /lexicon line 2: 'dog' is listed twice/);
  assert.throws(() => new am.SequenceTagger({ lexicon: 42 }), /option 'lexicon' must be the lexicon's text/);
  assert.throws(() => new am.DenseSequenceTagger({ lexicon: 'a\tX\n' }).fit([[[1]]], [['A']]), /applies to token sequences/);
  // The module keeps working after the errors.
  assert.equal(tagger.tag(['the', 'dog']).length, 2);
});

// Sentences over {w, n}; the first w is V, every other token N: with node features of the current word only,
// no first-order chain fits both "n w" and "w n w" (tests/cpp/test_global_features.cpp says why).
function firstWIsVerb() {
  const sentences = [['n', 'w'], ['w', 'n', 'w']];
  let s = 3;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  while (sentences.length < 60) {
    const x = Array.from({ length: 2 + Math.floor(rand() * 5) }, () => (rand() < 0.4 ? 'w' : 'n'));
    if (x.includes('w')) sentences.push(x);
  }
  return { sentences, tags: sentences.map((x) => x.map((w, t) => (t === x.indexOf('w') ? 'V' : 'N'))) };
}

test('global features: trained with the chain, tag by reranking, saved with the model, set from the CLI', async () => {
  const data = firstWIsVerb();
  const base = { templates: 'word[0] bias', average: false, epochs: 50 };
  const accuracy = (tagger) => am.metrics.sequences(data.tags, tagger.tag(data.sentences)).tokenAccuracy;
  const chain = new am.SequenceTagger(base).fit(data.sentences, data.tags);
  const global = new am.SequenceTagger({ ...base, global: 'has  count', candidates: 64 }).fit(data.sentences, data.tags);
  assert.ok(accuracy(chain) < 1);
  assert.equal(accuracy(global), 1);
  assert.equal(global.options.global, 'has count');
  assert.equal(global.options.candidates, 64);
  const loaded = am.load(global.save());
  assert.deepEqual(loaded.tag(data.sentences), global.tag(data.sentences));
  assert.deepEqual(loaded.save(), global.save());

  const letters = new am.SequenceTagger({ templates: 'word[0]', global: 'lexicon', globalWords: ['ab', 'ba'] })
    .fit([['x', 'y'], ['y', 'x']], [['a', 'b'], ['b', 'a']]);
  assert.equal(letters.options.globalWords, 'ab ba');
  assert.throws(() => new am.SequenceTagger({ global: 'lexicon' }).fit(data.sentences, data.tags), /'lexicon' needs its word list/);
  assert.throws(() => new am.SequenceTagger({ global: 'has', trainer: 'lbfgs', loss: 'log' }).fit(data.sentences, data.tags), /global features are trained by the perceptron or by sgd or pegasos on the hinge loss, not lbfgs/);
  assert.throws(() => new am.SequenceTagger({ global: 'has', candidates: 0 }).fit(data.sentences, data.tags), /candidates/);
  assert.throws(() => new am.SequenceTagger({ global: 'verbs' }).fit(data.sentences, data.tags), /unknown global feature template 'verbs'/);
  assert.throws(() => new am.SequenceTagger({ global: 5 }), /option 'global' must be/);
  assert.throws(() => new am.SequenceTagger({ global: 'lexicon', globalWords: ['two words'] }), /option 'globalWords' must be/);
  for (const m of [chain, global, loaded, letters]) m.dispose();

  const { spawnSync } = await import('node:child_process');
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const cli = new URL('../../bindings/js/cli/main.js', import.meta.url).pathname;
  const dir = tempDir('global');
  const file = join(dir, 'train.txt'), model = join(dir, 'global.model');
  writeFileSync(file, data.sentences.map((s, i) => s.map((w, t) => `${w} ${data.tags[i][t]}`).join('\n')).join('\n\n') + '\n');
  const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  let r = run('train', 'sequence', '--train', file, '--model', model, '--set', 'templates=word[0] bias', '--set', 'global=has count',
    '--set', 'candidates=64', '--set', 'average=false', '--set', 'epochs=50', '--json');
  assert.equal(r.status, 0, r.stderr);
  r = run('eval', '--model', model, '--data', file, '--json');
  assert.equal(JSON.parse(r.stdout.trim().split('\n').at(-1)).token_accuracy, 1);
});
