#!/usr/bin/env node
// argmax command line: train, predict and evaluate models for every task, running the wasm build.
import { readFileSync, writeFileSync, openSync, readSync, closeSync } from 'node:fs';
import { init } from '../index.js';
import { tasks, taskForKind, trainHelp } from './tasks.js';
import { parseOptionStrings } from '../api/options.js';
import { init as initSearch } from '../search-train.js';
import { pretrainedNames, formats, taggerFor, tagText } from './tag.js';
import { buildIndex, readQueries, runLines } from './search.js';
import { optionLines } from './reductions.js';
import { parseQrels, parseRun, trecEvaluate } from './trec.js';
import { identifierNames, identifierFor, identifyLines } from './identify.js';
import { trainSearch, USAGE as TRAIN_SEARCH } from './search-training.js';

const USAGE = `usage:
  argmax train <task> --train FILE --model OUT [--method NAME] [--set key=value]... [--valid FILE | --train-accuracy] [--init MODEL] [--threads N|auto] [--allow-single-class] [--json]
  ${TRAIN_SEARCH}
  argmax predict --model M --data FILE [--out FILE]
  argmax eval --model M --data FILE [--json]
  argmax eval --qrels QRELS --run RUN [--json]   (TREC files: NDCG@10 as trec_eval's ndcg_cut, MAP, P@10, recall@100)
  argmax index --docs docs.jsonl --out INDEX [--set key=value]...
  argmax search --index INDEX [--model MODEL] --queries queries.jsonl [--k 1000] [--tag NAME] [--set phrases=required]   (writes a TREC run to stdout)
  argmax tag (--pretrained ${pretrainedNames.join('|')} | --model M) [--tokenizer T] [--input text|tokens] [--format ${formats.join('|')}] < text
  argmax identify (--pretrained ${identifierNames.join('|')} | --model M) [--top K] [--json] < text
  argmax <command> --help

tasks: ${Object.keys(tasks).join(', ')}
options (--set key=value) take the API's names: trainer, loss, C, maxIter, … (argmax train <task> --help lists them)
train prints the measures of --valid FILE, of the training file with --train-accuracy (one more pass over it),
  else the training error of the solver's last pass (without --json)`;

class UsageError extends Error {}

// --flag value pairs; --set may repeat; --json, --help and the allowed switches take no value.
function parseFlags(args, allowed, switches = []) {
  const flags = { set: {} };
  for (let i = 0; i < args.length; ++i) {
    const a = args[i];
    if (a === '--json' || a === '--help' || a === '-h' || switches.includes(a.slice(2))) { flags[a === '-h' ? 'help' : a.slice(2)] = true; continue; }
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument '${a}'`);
    const name = a.slice(2);
    if (name === 'algo') throw new UsageError("--algo was replaced in 0.2.0: --set trainer=NAME chooses the optimiser and --set loss=NAME the objective (ranking: --set measure=NAME); multiclass and multilabel choose a reduction, a tree or boosting with --method");
    if (!allowed.includes(name)) throw new UsageError(`unknown flag '${a}' (allowed: ${[...allowed, ...switches].map((f) => '--' + f).join(', ')}, --json, --help)`);
    const value = args[++i];
    if (value === undefined) throw new UsageError(`flag '${a}' needs a value`);
    if (name === 'set') {
      const eq = value.indexOf('=');
      if (eq <= 0) throw new UsageError(`--set expects key=value, got '${value}'`);
      const key = value.slice(0, eq);
      if (key in flags.set) throw new UsageError(`option '${key}' set twice`);
      flags.set[key] = value.slice(eq + 1);
    } else {
      flags[name] = value;
    }
  }
  return flags;
}

function need(flags, ...names) {
  for (const n of names) if (flags[n] === undefined) throw new UsageError(`missing --${n}`);
}

// A data file as the chunks read from disk one after another (each time it is iterated): the readers parse
// each chunk as it comes, so neither the whole text nor a JS string of it is ever held.
const CHUNK_BYTES = 8 << 20;
function readDataFile(path) {
  closeSync(openSync(path, 'r'));  // a missing file is reported now, not when it is first read
  return {
    *[Symbol.iterator]() {
      const fd = openSync(path, 'r'), buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      try {
        for (let n; (n = readSync(fd, buffer, 0, CHUNK_BYTES, null)) > 0;) yield buffer.subarray(0, n);  // copied into wasm before the next read
      } finally { closeSync(fd); }
    },
  };
}

// A saved model to warm-start from; it must belong to the task being trained.
function loadModel(am, path, task) {
  const bytes = readFileSync(path);
  const kind = am.modelKind(bytes);
  if (!task.kinds.includes(kind)) throw new UsageError(`--init ${path} holds a ${kind} model, not a ${task.name} model`);
  return am.load(bytes);
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') { console.log(USAGE); return 0; }
  if (command === 'train') {
    const [taskName, ...args] = rest;
    if (!taskName || taskName.startsWith('--')) {
      if (taskName === '--help') { console.log(USAGE); return 0; }
      throw new UsageError('train needs a task');
    }
    if (taskName === 'search') {
      const flags = parseFlags(args, ['index', 'queries', 'qrels', 'clicks', 'model', 'set']);
      if (flags.help) { console.log(`${TRAIN_SEARCH}\n\nThe options (--set key=value):\n${(await initSearch()).module.searchRankerHelp()}`); return 0; }
      need(flags, 'index', 'queries', 'model');
      if ((flags.qrels === undefined) === (flags.clicks === undefined)) throw new UsageError('give either --qrels FILE or --clicks FILE');
      const started = performance.now();
      const summary = await trainSearch(await initSearch(), flags, flags.json ? null : (line) => console.error(line), languageIdentifier);
      const seconds = (performance.now() - started) / 1000;
      print({ task: 'search', ...summary, seconds: round(seconds) }, flags.json, `trained a search ranker from ${summary.from} in ${seconds.toFixed(2)} s → ${flags.model}`);
      return 0;
    }
    const task = tasks[taskName];
    if (!task) throw new UsageError(`unknown task '${taskName}' (known: ${Object.keys(tasks).join(', ')})`);
    const flags = parseFlags(args, ['train', 'model', ...(task.methods ? ['method'] : []), 'set', 'valid', 'init', 'threads'],
      [...(task.singleClass ? ['allow-single-class'] : []), ...(task.evaluates ? ['train-accuracy'] : [])]);
    const am = await init();
    if (flags.help) { console.log(trainHelp(am, taskName)); return 0; }
    need(flags, 'train', 'model');
    if (flags.valid !== undefined && flags['train-accuracy']) throw new UsageError('give either --valid FILE or --train-accuracy: the measures are printed for one data set');
    if (flags.init !== undefined && !task.warmStart) {
      throw new UsageError(`--init (warm start) is supported by: ${Object.keys(tasks).filter((t) => tasks[t].warmStart).join(', ')}`);
    }
    if (flags.threads !== undefined && !task.threads) {
      throw new UsageError(`--threads (training on several threads) is supported by: ${Object.keys(tasks).filter((t) => tasks[t].threads).join(', ')}`);
    }
    const threads = flags.threads === undefined || flags.threads === 'auto' ? 'auto' : Number(flags.threads);
    if (threads !== 'auto' && !Number.isInteger(threads)) throw new UsageError(`--threads must be a number or auto, got '${flags.threads}'`);
    const method = task.methods && (flags.method ?? task.methods[0]);
    if (task.methods && !task.methods.includes(method)) throw new UsageError(`unknown method '${method}' for ${taskName} (known: ${task.methods.join(', ')})`);
    const started = performance.now();
    const log = flags.json ? null : (line) => console.error(line);
    let lastPass = null;  // the solver's last report, whose training error is printed when nothing is evaluated
    const result = await task.train(am, {
      train: readDataFile(flags.train), valid: flags.valid && readDataFile(flags.valid), method, set: flags.set,
      init: flags.init && loadModel(am, flags.init, task), threads, allowSingleClass: Boolean(flags['allow-single-class']),
      trainAccuracy: Boolean(flags['train-accuracy']), log,
      // an onProgress that logs each epoch as `line` says, or null with --json: no callback, no per-epoch cost
      progress: (line) => log && ((p) => { lastPass = p; log(line(p)); }),
    });
    const seconds = (performance.now() - started) / 1000;
    if (!result.metrics && Number.isFinite(lastPass?.trainingError)) {
      result.metrics = { last_pass_training_error: lastPass.trainingError, evaluated_on: 'last pass' };
    }
    const warning = result.model.training?.warning;
    if (warning) console.error(`argmax: warning: ${warning}`);
    writeFileSync(flags.model, result.model.save());
    const summary = { task: taskName, ...(method ? { method } : {}), trainer: result.model.trainer, n: result.n, seconds: round(seconds), ...result.metrics };
    print(summary, flags.json, `trained ${taskName}${method ? `/${method}` : ''} on ${result.n} examples in ${seconds.toFixed(2)} s → ${flags.model}`);
    return 0;
  }
  if (command === 'eval' && rest.includes('--qrels')) {
    const flags = parseFlags(rest, ['qrels', 'run']);
    need(flags, 'qrels', 'run');
    const { perQuery, ...summary } = trecEvaluate(parseQrels(readFileSync(flags.qrels, 'utf8')), parseRun(readFileSync(flags.run, 'utf8')));
    if (summary.queries === 0) throw new Error(`no query of ${flags.run} has judgments in ${flags.qrels}`);
    print(summary, flags.json);
    return 0;
  }
  if (command === 'predict' || command === 'eval') {
    const flags = parseFlags(rest, command === 'predict' ? ['model', 'data', 'out'] : ['model', 'data']);
    if (flags.help) { console.log(USAGE); return 0; }
    need(flags, 'model', 'data');
    const am = await init();
    const model = am.load(readFileSync(flags.model));
    const task = taskForKind(am.modelKind(readFileSync(flags.model)));
    const text = readDataFile(flags.data);
    if (command === 'predict') {
      const lines = task.predict(am, model, text);
      const out = lines.length ? lines.join('\n') + '\n' : '';
      if (flags.out) writeFileSync(flags.out, out); else process.stdout.write(out);
      return 0;
    }
    const started = performance.now();
    const result = task.evaluate(am, model, text);
    const summary = { task: task.name, n: result.n, seconds: round((performance.now() - started) / 1000), ...result.metrics };
    print(summary, flags.json, result.table);
    return 0;
  }
  if (command === 'tag') {
    const flags = parseFlags(rest, ['pretrained', 'model', 'input', 'format', 'tokenizer']);
    if (flags.help) { console.log(USAGE); return 0; }
    const input = flags.input ?? 'text', format = flags.format ?? 'text';
    if (input !== 'text' && input !== 'tokens') throw new UsageError(`--input must be text or tokens, got '${input}'`);
    if (!formats.includes(format)) throw new UsageError(`--format must be ${formats.join(' or ')}, got '${format}'`);
    if (input === 'tokens' && (flags.format !== undefined || flags.tokenizer !== undefined)) throw new UsageError('--format and --tokenizer apply to --input text');
    if ((flags.pretrained === undefined) === (flags.model === undefined)) throw new UsageError('give either --pretrained NAME or --model FILE');
    const am = await init();
    const tagger = await taggerFor(am, flags, (path) => am.load(readFileSync(path)));
    // --tokenizer FILE, else the tagger's own, else (a tagger of --model) the shipped English one
    if (!tagger.tag && (input === 'tokens' || flags.tokenizer !== undefined)) throw new UsageError(`--pretrained ${flags.pretrained} tags raw text with the tokenizer of each language: it takes no --input tokens or --tokenizer`);
    const tokenizer = flags.tokenizer !== undefined ? am.load(readFileSync(flags.tokenizer))
      : input === 'text' && !tagger.tokenizer && tagger.tag ? await am.pretrained.englishTokenizer() : undefined;
    if (tokenizer && !(tokenizer instanceof am.Tokenizer)) throw new Error(`--tokenizer ${flags.tokenizer} is not a tokenizer`);
    const lines = tagText(am, tagger, readFileSync(0, 'utf8'), { input, format, tokenizer });
    process.stdout.write(lines.length ? lines.join('\n') + '\n' : '');
    return 0;
  }
  if (command === 'identify') {
    const flags = parseFlags(rest, ['pretrained', 'model', 'top']);
    if (flags.help) { console.log(USAGE); return 0; }
    if ((flags.pretrained === undefined) === (flags.model === undefined)) throw new UsageError('give either --pretrained NAME or --model FILE');
    const top = flags.top === undefined ? 1 : Number(flags.top);
    if (!Number.isInteger(top) || top < 1) throw new UsageError(`--top must be a whole number ≥ 1, got '${flags.top}'`);
    const am = await init();
    const identifier = await identifierFor(am, flags);
    const lines = identifyLines(identifier, readFileSync(0, 'utf8'), { top, json: flags.json });
    process.stdout.write(lines.length ? lines.join('\n') + '\n' : '');
    return 0;
  }
  if (command === 'index') {
    const flags = parseFlags(rest, ['docs', 'out', 'set']);
    const am = await initSearch();
    if (flags.help) { console.log(`argmax index --docs docs.jsonl --out INDEX [--set key=value]...\n\none JSON object a line: id, text fields (strings), numeric fields (numbers)\n\n${am.module.searchHelp()}`); return 0; }
    need(flags, 'docs', 'out');
    const started = performance.now();
    const options = parseOptionStrings(am.SearchIndex.options(), flags.set, 'a search index');
    if (options.language === 'auto') options.identifier = await languageIdentifier();
    const index = buildIndex(am, readFileSync(flags.docs, 'utf8'), flags.docs, options);
    writeFileSync(flags.out, index.save());
    console.error(`indexed ${index.size} documents (fields ${index.fields.join(', ')}${index.numericFields.length ? `; numeric ${index.numericFields.join(', ')}` : ''}) in ${((performance.now() - started) / 1000).toFixed(2)} s → ${flags.out}`);
    return 0;
  }
  if (command === 'search') {
    const flags = parseFlags(rest, ['index', 'queries', 'k', 'tag', 'model', 'set']);
    const am = await initSearch();
    if (flags.help) { console.log(`${USAGE}\n\nsearch options (--set key=value):\n${optionLines(am.SearchIndex.searchOptions())}`); return 0; }
    need(flags, 'index', 'queries');
    const k = flags.k === undefined ? 1000 : Number(flags.k);
    if (!Number.isInteger(k) || k < 1) throw new UsageError(`--k must be a positive integer, got '${flags.k}'`);
    const options = parseOptionStrings(am.SearchIndex.searchOptions(), flags.set, 'a search');
    const index = am.load(readFileSync(flags.index));
    if (!(index instanceof am.SearchIndex)) throw new UsageError(`--index ${flags.index} holds a ${am.modelKind(readFileSync(flags.index))} model, not a search index`);
    if (index.options.language === 'auto') index.identifier = await languageIdentifier();
    const ranker = flags.model === undefined ? null : am.load(readFileSync(flags.model));
    if (ranker && !(ranker instanceof am.SearchRanker)) throw new UsageError(`--model ${flags.model} holds a ${am.modelKind(readFileSync(flags.model))} model, not a search ranker (argmax train search makes one)`);
    // The ranker runs the first stage itself, to its depth (which may exceed k).
    const rerank = ranker && ((q) => ranker.search(index, q.text, { k, language: q.language, ...options }));
    const lines = runLines(index, readQueries(readFileSync(flags.queries, 'utf8'), flags.queries),
      { k, tag: flags.tag, rerank, options, note: (text) => console.error(`argmax search: ${text}`) });
    process.stdout.write(lines.length ? lines.join('\n') + '\n' : '');
    return 0;
  }
  throw new UsageError(`unknown command '${command}'`);
}

const round = (x) => Math.round(x * 1e4) / 1e4;
// The shipped language identifier (the full module has it), for a search index of language 'auto'.
const languageIdentifier = async () => (await init()).pretrained.languageIdentifier();

function print(summary, json, human) {
  if (json) { console.log(JSON.stringify(summary)); return; }
  if (human) console.log(human);
  for (const [k, v] of Object.entries(summary)) if (typeof v === 'number' && k !== 'seconds' && k !== 'n') console.log(`${k.padEnd(16)} ${Number.isInteger(v) ? v : v.toFixed(4)}`);
}

// `argmax predict … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); else throw e; });

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  if (e instanceof UsageError) console.error(`argmax: ${e.message}\n\n${USAGE}`);
  else console.error(`argmax: ${e.message}`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
});
