// L-BFGS fits with exact parallel gradients (bindings/js/parallel/gradients.js) on 1, 2, 4 and 8 workers against the
// fit on this thread: the CRF on UD English EWT (trainer lbfgs, loss log, the tagger's default features) and the
// tokenizer's training on the same treebank (a CRF by OWL-QN over its characters). Every run of one task gives the
// same model bytes, whatever the number of workers (checked here too). Times are whole fits (the workers' start and
// preparation included), from one run on this machine: run it on an idle one, as a speed-up on n workers needs
// n free cores.
//   node bench/parallel-gradients.mjs [--data ../shared/data] [--sentences N] [--max-iter N] [--workers 1,2,4,8]
//                                     [--tasks crf,tokenizer]
// --sentences takes the first N training sentences and --max-iter caps L-BFGS's iterations (every run then takes
// the same number; default: each task's maxIter). Short mode, about two minutes on 2 free cores:
//   node bench/parallel-gradients.mjs --sentences 3000 --max-iter 30
// Without them, the whole treebank (EWT: 12,543 sentences) to convergence.
import { readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { init } from '../bindings/js/index.js';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const data = flag('data', '../shared/data');   // relative to the repository root, as the other benches
const sentences = flag('sentences') === undefined ? Infinity : Number(flag('sentences'));
const counts = flag('workers', '1,2,4,8').split(',').map(Number);
const tasks = flag('tasks', 'crf,tokenizer').split(',');
const cap = flag('max-iter') === undefined ? {} : { maxIter: Number(flag('max-iter')) };
const file = `${data}/ud-english-ewt/en_ewt-ud-train.conllu`;
if (!existsSync(file)) {
  console.log(`skipped: ${file} is missing`);
  process.exit(0);
}

const am = await init();
const conllu = readFileSync(file, 'utf8').split(/\n\n+/).filter((s) => s.trim()).slice(0, sentences).join('\n\n') + '\n\n';
const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

// Each task: a serial fit and a fit on n workers, each → { bytes, iterations }.
const treebank = am.io.readConllu(conllu);
const crf = { trainer: 'lbfgs', loss: 'log', ...cap };
const runs = {
  crf: {
    what: `CRF (lbfgs, log), ${treebank.sentences.length} sentences`,
    serial: () => new am.SequenceTagger(crf).fit(treebank.sentences, treebank.tags),
    parallel: (workers) => new am.SequenceTagger(crf).fit(treebank.sentences, treebank.tags, { workers }),
  },
  tokenizer: {
    what: `tokenizer (lbfgs, c1 0.3), ${treebank.sentences.length} sentences`,
    serial: () => new am.Tokenizer(cap).fit(conllu),
    parallel: (workers) => new am.Tokenizer(cap).fit(conllu, { workers }),
  },
};

console.log('| task | workers | seconds | speed-up | iterations | model |');
console.log('|---|---|---|---|---|---|');
for (const task of tasks) {
  const run = runs[task];
  if (!run) throw new Error(`unknown task ${task} (crf, tokenizer)`);
  const time = async (fit) => {
    const started = performance.now();
    const model = await fit();
    const seconds = (performance.now() - started) / 1000;
    const result = { seconds, iterations: model.training.iterations, converged: model.training.converged, digest: digest(model.save()) };
    model.dispose();
    return result;
  };
  const serial = await time(run.serial);
  const row = (workers, r) => console.log(`| ${run.what} | ${workers} | ${r.seconds.toFixed(1)} | ${(serial.seconds / r.seconds).toFixed(2)}× | ${r.iterations}${r.converged ? '' : ' (not converged)'} | ${r.digest} |`);
  row('this thread', serial);
  const digests = new Set();
  for (const workers of counts) {
    const r = await time(() => run.parallel(workers));
    digests.add(r.digest);
    row(workers, r);
  }
  if (digests.size > 1) console.log(`WARNING: ${task}: the models differ between worker counts (${[...digests].join(', ')})`);
}
