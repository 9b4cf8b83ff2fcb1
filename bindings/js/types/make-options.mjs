// Writes the option types (types/options.d.ts), the option tables of docs/options.md and the `argmax train <task>
// --help` of every task in docs/cli.md from the core's option tables, the one place each option is declared.
// tests/js/schema.test.mjs fails when any has drifted from them.
//   node bindings/js/types/make-options.mjs          rewrites the three
import { readFileSync, writeFileSync } from 'node:fs';
import { init } from '../index.js';
import { tasks, trainHelp } from '../cli/tasks.js';
import { init as initSearch } from '../search.js';

// The search index's table comes from argmax/search, whose module alone has search.
const search = await initSearch();

const TYPES = new URL('./options.d.ts', import.meta.url);
const OPTIONS_DOC = new URL('../../../docs/options.md', import.meta.url), CLI_DOC = new URL('../../../docs/cli.md', import.meta.url);
const BEGIN = '<!-- option tables: made by bindings/js/types/make-options.mjs -->', END = '<!-- end of option tables -->';
const HELP_BEGIN = '<!-- train --help of every task: made by bindings/js/types/make-options.mjs -->', HELP_END = '<!-- end of train --help -->';

// Every model class with its tables: one per trainer (or per binary learner), or a single one. `optional`: the
// variant the key may leave out (its default; the first table's unless said).
export function modelTables(am) {
  const byTrainer = (Model, choices) => choices.map((t) => ({ variant: t, specs: Model.options(t) }));
  const grown = am.BinaryClassifier.learners().filter((l) => l !== 'linear' && l !== 'kernel');
  const trainersOf = (specs) => specs.find((s) => s.name === 'trainer').choices;
  return [
    { model: 'Multiclass', key: 'trainer', tables: byTrainer(am.Multiclass, trainersOf(am.Multiclass.options())) },
    { model: 'KernelMulticlass', note: "Multiclass with a `kernel` option", tables: [{ specs: am.Multiclass.kernelOptions() }] },
    { model: 'SequenceTagger', key: 'trainer', tables: byTrainer(am.SequenceTagger, trainersOf(am.SequenceTagger.options())) },
    { model: 'Ranker', tables: [{ specs: am.Ranker.options() }] },
    { model: 'Reduction', tables: [{ specs: am.Reduction.options() }] },
    { model: 'LinearBinaryLearner', key: 'trainer', note: "the binary learner 'linear' (the default `learner` of a Reduction, BinaryRelevance or BinaryClassifier)",
      tables: trainersOf(am.BinaryClassifier.options('linear')).map((t) => ({ variant: t, specs: am.BinaryClassifier.options('linear', t) })) },
    { model: 'BinaryLearner', key: 'learner', note: "the other binary learners", optional: null,
      tables: ['kernel', ...grown].map((l) => ({ variant: l, specs: am.BinaryClassifier.options(l) })) },
    { model: 'DecisionTree', tables: [{ specs: am.DecisionTree.options() }] },
    { model: 'AdaBoostMH', tables: [{ specs: am.AdaBoostMH.options() }] },
    { model: 'BinaryRelevance', tables: [{ specs: am.BinaryRelevance.options() }] },
    { model: 'SearchIndex', tables: [{ specs: search.SearchIndex.options() }] },
    { model: 'SearchRanker', note: "its own options, then a Ranker's", tables: [{ specs: search.SearchRanker.options() }] },
    { model: 'Search', note: 'the options of one search, SearchIndex#search and SearchRanker#search, besides k and language', tables: [{ specs: search.SearchIndex.searchOptions() }] },
  ];
}

const pascal = (name) => name.replace(/(^|[-@])(\w)/g, (_, __, c) => c.toUpperCase()).replace(/\W/g, '');
const range = (s) => (s.min === undefined ? '' : s.max >= 1e300 ? `${s.minOpen ? '>' : '≥'} ${s.min}` : `${s.minOpen ? '(' : '['}${s.min}, ${s.max}]`);
const tsType = (s) => ({ integer: 'number', number: 'number', boolean: 'boolean', integers: 'number[]', numbers: 'number[]', text: 'string' }[s.type]
  ?? s.choices.map((c) => `'${c}'`).join(' | '));

function field(s, key, variant, isDefault) {
  const doc = `  /** ${s.help.replace(/\*\//g, '* /')} (default ${s.default || 'none'}${range(s) ? `, ${range(s)}` : ''}) */`;
  if (s.name === key) return `${doc}\n  ${key}${isDefault ? '?' : ''}: '${variant}';`;
  return `${doc}\n  ${/^[A-Za-z_]\w*$/.test(s.name) ? s.name : `'${s.name}'`}?: ${tsType(s)};`;
}

export function optionTypes(am) {
  const out = ['// The options of every model as its table declares them, one interface per trainer: made by bindings/js/types/make-options.mjs from the',
    "// core's option tables (tests/js/schema.test.mjs holds them to it). Do not edit by hand.", ''];
  for (const { model, key, note, tables, optional = tables[0].variant } of modelTables(am)) {
    const names = [];
    tables.forEach(({ variant, specs }) => {
      const name = `${model}${variant ? pascal(variant) : ''}TableOptions`;
      names.push(name);
      out.push(`/** ${note ?? model}${variant ? `, ${key} '${variant}'` : ''} */`, `export interface ${name} {`);
      const fields = specs.map((s) => field(s, key, variant, variant === optional));
      if (key && !specs.some((s) => s.name === key)) fields.unshift(field({ name: key, help: `${key} '${variant}'`, default: variant }, key, variant, variant === optional));
      out.push(...fields, '}', '');
    });
    if (names.length > 1) out.push(`export type ${model}TableOptions =\n  | ${names.join('\n  | ')};`, '');
  }
  return out.join('\n');
}

// One Markdown table per model: each option once, with the tables (trainers, learners) that read it and any
// default that differs between them.
export function optionTables(am) {
  const out = [BEGIN, ''];
  for (const { model, key, note, tables } of modelTables(am)) {
    out.push(`#### ${model}${note ? ` (${note})` : ''}`, '', `| option | values | default | ${key ? `${key}s` : ''} | what |`.replace('|  |', '| |'),
      '|---|---|---|---|---|');
    const seen = new Map();
    for (const { variant, specs } of tables) {
      for (const s of specs) {
        if (!seen.has(s.name)) seen.set(s.name, { spec: s, variants: [], defaults: new Map(), helps: new Map(), choices: new Set() });
        const e = seen.get(s.name);
        e.variants.push(variant);
        e.defaults.set(variant, s.default);
        e.helps.set(variant, s.help.split('; default ')[0]);
        for (const c of s.choices ?? []) e.choices.add(c);
      }
    }
    for (const [name, { spec, variants, defaults, helps, choices }] of seen) {
      const values = spec.type === 'choice' ? [...choices].join(', ') : `${spec.type}${range(spec) ? ` ${range(spec)}` : ''}`;
      const common = spec.default;
      const others = [...defaults].filter(([, d]) => d !== common).map(([v, d]) => `${v}: ${d}`);
      const defaultText = `${common === '' ? 'none' : common}${others.length ? ` (${others.join('; ')})` : ''}`;
      const readers = !key || name === key ? '' : variants.length === tables.length ? 'all' : variants.join(', ');
      const first = spec.help.split('; default ')[0];
      // a choice's help lists the values each table offers; another number or flag may mean another thing
      const otherHelps = spec.type === 'choice' ? [] : [...helps].filter(([, h]) => h !== first).map(([v, h]) => `${v}: ${h}`);
      const help = [first, ...otherHelps].join('. ').replace(/\|/g, '\\|');
      out.push(`| \`${name}\` | ${values.replace(/\|/g, '\\|')} | ${defaultText.replace(/\|/g, '\\|')} | ${readers} | ${help} |`);
    }
    out.push('');
  }
  out.push(END);
  return out.join('\n');
}

// Every task's `argmax train <task> --help`, as the CLI prints it.
export function trainHelps(am) {
  const out = [HELP_BEGIN, ''];
  for (const name of Object.keys(tasks)) out.push(`### argmax train ${name}`, '', '```text', trainHelp(am, name), '```', '');
  out.push(HELP_END);
  return out.join('\n');
}

// doc with its made section (a string that starts and ends with that section's markers) replaced.
export function withSection(doc, section) {
  const [begin, end] = [section.slice(0, section.indexOf('\n')), section.slice(section.lastIndexOf('\n') + 1)];
  const from = doc.indexOf(begin), to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the page has no "${begin}" … "${end}" section`);
  return doc.slice(0, from) + section + doc.slice(to + end.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const am = await init();
  writeFileSync(TYPES, optionTypes(am));
  writeFileSync(OPTIONS_DOC, withSection(readFileSync(OPTIONS_DOC, 'utf8'), optionTables(am)));
  writeFileSync(CLI_DOC, withSection(readFileSync(CLI_DOC, 'utf8'), trainHelps(am)));
  console.log('wrote bindings/js/types/options.d.ts, the option tables of docs/options.md and the --help of docs/cli.md');
}
