// The option tables the core declares are the one source of the option types, the tables of docs/options.md, the
// CLI's --help (and its copy in docs/cli.md) and the JS lists of online trainers: this walks every table and fails
// when any of them has drifted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { init } from '../../bindings/js/index.js';
import { modelTables, optionTypes, optionTables, trainHelps, withSection } from '../../bindings/js/types/make-options.mjs';

const am = await init();
const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const cli = (...args) => execFileSync(process.execPath, [new URL('bindings/js/cli/main.js', root).pathname, ...args], { encoding: 'utf8' });

test('types/options.d.ts is what the tables make (node bindings/js/types/make-options.mjs rewrites it)', () => {
  assert.equal(read('bindings/js/types/options.d.ts'), optionTypes(am));
});

test("docs/options.md's tables and docs/cli.md's --help are what the tables make", () => {
  for (const [page, made] of [['docs/options.md', optionTables(am)], ['docs/cli.md', trainHelps(am)]]) {
    const doc = read(page);
    assert.equal(withSection(doc, made), doc, `${page} (node bindings/js/types/make-options.mjs rewrites it)`);
  }
});

test('every table: camelCase names, trainers and losses from the catalogues, defaults within bounds', () => {
  const trainers = new Set(am.trainers.map((t) => t.name));
  for (const { model, tables } of modelTables(am)) {
    for (const { variant, specs } of tables) {
      const where = `${model}${variant ? ` (${variant})` : ''}`;
      for (const s of specs) {
        assert.match(s.name, /^[A-Za-z][A-Za-z0-9]*$/, `${where}: option '${s.name}' is not camelCase`);
        if (s.type === 'choice') assert.ok(s.choices.includes(s.default), `${where}: ${s.name}'s default ${s.default} is not a choice`);
        if (s.min !== undefined && s.type !== 'integers' && s.type !== 'numbers') {
          const x = Number(s.default);
          assert.ok(x <= s.max && (s.minOpen ? x > s.min : x >= s.min), `${where}: ${s.name}'s default ${x} is out of its range`);
        }
      }
      const trainer = specs.find((s) => s.name === 'trainer');
      if (trainer) for (const t of trainer.choices) assert.ok(t === 'auto' || trainers.has(t), `${where}: trainer ${t} is not in am.trainers`);
    }
  }
});

test('a default that differs between the tables of one option says why', () => {
  // One declaration (its help up to the reason a table gives for another default) and the tables that use it.
  const declared = new Map();
  for (const { model, tables } of modelTables(am)) {
    for (const { variant, specs } of tables) {
      for (const s of specs) {
        const key = `${s.name}: ${s.help.split('; default ')[0]}`;
        (declared.get(key) ?? declared.set(key, []).get(key)).push({ where: `${model} ${variant ?? ''}`, spec: s });
      }
    }
  }
  // The most common default is the declaration's own; every other default carries its reason.
  for (const [key, uses] of declared) {
    const name = key.split(':')[0];
    const counts = new Map();
    for (const { spec } of uses) counts.set(spec.default, (counts.get(spec.default) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    for (const { where, spec } of uses) {
      if (spec.default === common || ['trainer', 'loss', 'learner'].includes(name)) continue;
      assert.match(spec.help, /default .* here: /, `${where}: ${name} defaults to ${spec.default} (elsewhere ${common}) without saying why`);
    }
  }
});

test('--help of the CLI lists each option once: what every trainer shares, then what each adds', () => {
  for (const task of ['multiclass', 'sequence']) {
    const help = cli('train', task, '--help');
    // the trainers' blocks (multiclass: the linear model's, before the kernel SVM's and the reductions')
    const lines = help.slice(0, task === 'multiclass' ? help.indexOf('--set kernel=') : undefined).split('\n').filter((l) => /^  \w+=/.test(l));
    assert.equal(lines.filter((line) => line.startsWith('  trainer=')).length, 1, `${task}: the trainer option once`);
    const counts = new Map();
    for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
    assert.deepEqual([...counts].filter(([, n]) => n > 1), [], `${task}: an option line repeated`);
  }
});

test('--help of the CLI lists every option of every table', () => {
  const help = { multiclass: cli('train', 'multiclass', '--help'), sequence: cli('train', 'sequence', '--help'),
    ranking: cli('train', 'ranking', '--help'), multilabel: cli('train', 'multilabel', '--help'), search: cli('index', '--help'), searchRanker: cli('train', 'search', '--help'),
    searchQuery: cli('search', '--help') };
  const taskOf = { Multiclass: 'multiclass', KernelMulticlass: 'multiclass', SequenceTagger: 'sequence', Ranker: 'ranking',
    Reduction: 'multiclass', LinearBinaryLearner: 'multiclass', BinaryLearner: 'multiclass', DecisionTree: 'multiclass', AdaBoostMH: 'multilabel', BinaryRelevance: 'multilabel', SearchIndex: 'search', SearchRanker: 'searchRanker', Search: 'searchQuery' };
  for (const { model, tables } of modelTables(am)) {
    for (const { specs } of tables) {
      for (const s of specs) {
        if (model === 'Reduction' && s.name === 'reduction') continue;  // --method chooses it
        assert.ok(help[taskOf[model]].includes(`${s.name}=`), `argmax train ${taskOf[model]} --help lacks ${model}'s '${s.name}'`);
      }
    }
  }
});

test('the JS keeps no list of its own of trainers, algorithms or option names', () => {
  const dir = new URL('bindings/js/', root);
  const sources = readdirSync(dir, { recursive: true }).filter((f) => /\.(js|mjs|ts|cts)$/.test(f) && !f.startsWith('types/'));
  for (const f of sources) {
    const text = readFileSync(new URL(f, dir), 'utf8');
    assert.doesNotMatch(text, /\[\s*'sgd',\s*'pegasos'/, `${f} lists trainers by hand (use isOnline / the schema)`);
    assert.doesNotMatch(text, /\b(max_iter|rff_seed|hash_bits|min_count|weight_bits|max_depth|min_leaf|cv_folds|code_size|global_words)\b/, `${f} names a 0.1 option`);
  }
});
