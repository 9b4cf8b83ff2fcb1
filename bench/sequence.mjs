// Sequence tagging benchmark in WebAssembly (Node): UD English EWT UPOS and the OCR letters (small and
// large protocols), per trainer: accuracy, training seconds, decoding tokens/s from raw input (feature
// extraction and the JS ↔ wasm crossing included; steady state, best of 3) and the wasm memory size (it only
// grows, so it is the peak of the process so far: run one trainer per process for a clean figure).
//   node bench/sequence.mjs [--data DIR] [--task ewt|ocr-large|ocr-small|all] [--trainers t[:loss],…] [key=value …]
// --trainers lists the runs, each a trainer with its loss after a colon, as build/native/bench_sequence takes them;
// the default perceptron,sgd:hinge,sgd:slack,lbfgs:log,lbfgs:softmax-margin (0.1's perceptron, ssvm, ssvm-slack,
// crf and softmax-margin). A run without a loss takes the trainer's default loss.
// Data from ../shared/data by default (relative to the repository root); missing data sets are skipped.
// EWT with the default features uses the English word lexicon shipped with the package, as
// `argmax train sequence` does (lexicon=none|FILE changes that); CRFsuite's feature set never does.
// Global features: global='has before' (and candidates=N); on OCR, globalWords=train gives the `lexicon`
// template the words spelled by the training sequences.
import { readFileSync, existsSync } from 'node:fs';
import { init } from '../bindings/js/index.js';

const args = process.argv.slice(2);
let data = '../shared/data', task = 'all', algos = ['perceptron', 'sgd:hinge', 'sgd:slack', 'lbfgs:log', 'lbfgs:softmax-margin'];
const extra = {};
for (let i = 0; i < args.length; ++i) {
  const a = args[i];
  if (a === '--data') data = args[++i];
  else if (a === '--task') task = args[++i];
  else if (a === '--trainers') algos = args[++i].split(',');
  else if (a === '--algos') {
    console.error('--algos was renamed in 0.2.0: use --trainers trainer[:loss],… (ssvm = sgd:hinge, ssvm-slack = sgd:slack, crf = lbfgs:log, softmax-margin = lbfgs:softmax-margin)');
    process.exit(2);
  }
  else if (a.includes('=')) extra[a.slice(0, a.indexOf('='))] = a.slice(a.indexOf('=') + 1);
  else { console.error('usage: node bench/sequence.mjs [--data DIR] [--task ewt|ocr-large|ocr-small|all] [--trainers t[:loss],…] [key=value …]'); process.exit(2); }
}

const am = await init();
const M = am.module;
const wasmMB = () => M.HEAP8.buffer.byteLength / 2 ** 20;

// 'trainer[:loss]' → { trainer, loss? }
const runOptions = (run) => { const [trainer, loss] = run.split(':'); return loss ? { trainer, loss } : { trainer }; };

function typed(options, trainer) {
  const schema = am.SequenceTagger.options(trainer), out = {};
  for (const [k, v] of Object.entries(options)) {
    const spec = schema.find((s) => s.name === k);
    out[k] = !spec || spec.type === 'choice' ? v : spec.type === 'boolean' ? v === 'true' : Number(v);
  }
  return out;
}

function row(name, algo, r, trainS, tokensPerS, epochs) {
  console.log(`| ${name.padEnd(9)} | ${algo.padEnd(23)} | ${(100 * r.tokenAccuracy).toFixed(2)}% | ${(100 * r.sequenceAccuracy).toFixed(2)}% | ${trainS.toFixed(1)} | ${epochs} | ${Math.round(tokensPerS)} | ${wasmMB().toFixed(0)} |`);
}

function run(name, Tagger, train, test, algo, options, note = '') {
  let epochs = 0;
  const tagger = new Tagger({ ...typed(options, runOptions(algo).trainer), ...runOptions(algo) });
  let t0 = performance.now();
  tagger.fit(train.x, train.tags, { onProgress: (p) => { epochs = p.epoch; } });
  const trainS = (performance.now() - t0) / 1000;
  // Decoding speed in steady state: one warm-up pass (the engine compiles wasm in tiers), then the
  // best of three passes over the test set.
  tagger.tag(test.x);
  let predicted, decodeS = Infinity;
  for (let rep = 0; rep < 3; ++rep) {
    t0 = performance.now();
    predicted = tagger.tag(test.x);
    decodeS = Math.min(decodeS, (performance.now() - t0) / 1000);
  }
  const r = am.metrics.sequences(test.tags, predicted);
  const global = options.global ? ` +global ${options.global}${options.candidates ? ` (${options.candidates})` : ''}` : '';
  row(name, algo + note + global, r, trainS, r.tokens / decodeS, epochs);
  tagger.dispose();
}

console.log('| task | trainer:loss | token acc | seq acc | train s | epochs | decode tok/s | wasm MB |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
if (task === 'all' || task === 'ewt') {
  const dir = `${data}/ud-english-ewt`;
  if (!existsSync(`${dir}/en_ewt-ud-train.conllu`)) console.log(`| ewt | (skipped: ${dir} not found) |`);
  else {
    const read = (f) => { const d = am.io.readConllu(readFileSync(`${dir}/${f}`, 'utf8')); return { x: d.sentences, tags: d.tags }; };
    const { eval: split = 'test', lexicon = 'english', ...options } = extra;  // eval=dev tunes on the development set
    const train = read('en_ewt-ud-train.conllu'), test = read(`en_ewt-ud-${split}.conllu`);
    const words = lexicon === 'none' ? '' : lexicon === 'english' ? await am.lexicons.english() : readFileSync(lexicon, 'utf8');
    // Without feature settings: the default features, plus CRFsuite's feature set for the perceptron (the
    // issue's reference point) and for the CRFs (L-BFGS over the default features needs ~0.9 GB).
    const chosen = options.features !== undefined || options.templates !== undefined;
    for (const algo of algos) {
      const likelihood = algo.startsWith('lbfgs') || /:(log|softmax-margin)$/.test(algo);
      if (!chosen && likelihood) run(`ewt-${split}`, am.SequenceTagger, train, test, algo, { ...options, features: 'crfsuite' }, ' crfsuite');
      else if ((options.features ?? 'pos') !== 'pos') run(`ewt-${split}`, am.SequenceTagger, train, test, algo, options);
      else run(`ewt-${split}`, am.SequenceTagger, train, test, algo, { ...options, lexicon: words }, lexicon === 'english' ? '' : ` lexicon=${lexicon}`);
      if (!chosen && algo === 'perceptron') run(`ewt-${split}`, am.SequenceTagger, train, test, algo, { ...options, features: 'crfsuite' }, ' crfsuite');
    }
  }
}
for (const protocol of ['large', 'small']) {
  if (task !== 'all' && task !== `ocr-${protocol}`) continue;
  const base = `${data}/ocr-letters/ocr-${protocol}`;
  if (!existsSync(`${base}-train.svmhmm`)) { console.log(`| ocr-${protocol} | (skipped: ${base}-*.svmhmm not found) |`); continue; }
  const read = (f) => { const d = am.io.readSvmhmm(readFileSync(f, 'utf8')); return { x: d, tags: d.tags }; };
  const train = read(`${base}-train.svmhmm`), test = read(`${base}-test.svmhmm`);
  const { features, templates, eval: _split, ...options } = extra;  // token feature settings do not apply
  if (options.globalWords === 'train') options.globalWords = train.tags.map((t) => t.join(''));
  for (const algo of algos) run(`ocr-${protocol}`, am.DenseSequenceTagger, train, test, algo, options);
}
