// Parameter mixing benchmark: the EWT default tagger, OCR large, multiclass sgd on letter and the ndcg ranker by
// sgd on LETOR MQ2008 fold 1 with 1 and 2 workers, in Node (worker_threads) or, with --browser, in headless
// Chromium (Web Workers; the serial fit on the page's own thread): seconds, speed-up over the serial fit on this
// thread, test accuracy (per token for the taggers; NDCG@10, common convention, for the ranker); and the cost
// model behind a projection to more cores: T(n) = A + B/n + epochs·(E/n + O·n/2), with A + B/n the time before
// the first epoch (A: starting the workers, reading the whole training set for labels and lexicons, admitting
// the feature keys; B: featurising, which each worker does for its shard only), fitted to the 1- and 2-worker
// runs, E one epoch (from the 1-worker runs) and O the per-round overhead measured at n = 2 (passing the changed
// weights and mixing them, taken as linear in n; load imbalance included). On a shared machine the runs are
// interleaved and repeated (--reps, default 3) and the fastest of each kind is kept. The tasks and the timing
// are in bench/parallel-tasks.mjs, which runs the same in both places; this file reads the data and starts them.
// --first N trains on the first N training sequences (rows for letter) only (to find where 2 workers break even);
// --repeat N trains letter on its training rows (mq2008 on its training queries) N times over (a larger set of the
// same shape).
//   node bench/parallel.mjs [--browser] [--data DIR] [--task ewt|ocr-large|letter|mq2008|all] [--workers 1,2]
//                           [--reps 3] [--first N] [--repeat N] [key=value …]
import { readFileSync, existsSync } from 'node:fs';
import { init } from '../bindings/js/index.js';
import { runTasks, taskFiles, tasksOf } from './parallel-tasks.mjs';

const usage = 'usage: node bench/parallel.mjs [--browser] [--data DIR] [--task ewt|ocr-large|letter|mq2008|all] [--workers 1,2] [--reps 3] [--first N] [--repeat N] [key=value …]';
const args = process.argv.slice(2);
let data = '../shared/data', browser = false;
const settings = { task: 'all', counts: [1, 2], reps: 3, first: Infinity, repeat: 1, extra: {} };
for (let i = 0; i < args.length; ++i) {
  const a = args[i];
  if (a === '--browser') browser = true;
  else if (a === '--data') data = args[++i];
  else if (a === '--task') settings.task = args[++i];
  else if (a === '--workers') settings.counts = args[++i].split(',').map(Number);
  else if (a === '--reps') settings.reps = Number(args[++i]);
  else if (a === '--first') settings.first = Number(args[++i]);
  else if (a === '--repeat') settings.repeat = Number(args[++i]);
  else if (a.includes('=')) {
    const key = a.slice(0, a.indexOf('=')), value = a.slice(a.indexOf('=') + 1);
    settings.extra[key] = Number.isNaN(Number(value)) ? value : Number(value);
  } else { console.error(usage); process.exit(2); }
}
if (settings.task !== 'all' && !taskFiles[settings.task]) { console.error(usage); process.exit(2); }

// The texts of the data files the chosen tasks read (those present).
const texts = {};
for (const file of tasksOf(settings.task).flatMap((t) => taskFiles[t]))
  if (existsSync(`${data}/${file}`)) texts[file] = readFileSync(`${data}/${file}`, 'utf8');

if (!browser) await runTasks(await init(), texts, settings);
else {
  const { launch, missing, openDemo, runInPage } = await import('../tests/e2e/browser.mjs');
  const why = missing();
  if (why) {
    console.log(`skipped in Chromium: ${why}`);
    process.exit(0);
  }
  const b = await launch();
  try {
    b.page.on('console', (m) => { if (m.type() === 'log') console.log(m.text()); });
    await openDemo(b);
    await runInPage(b.page, readFileSync(new URL('./parallel-tasks.mjs', import.meta.url), 'utf8'), 'runTasks', texts, settings);
    for (const problem of b.problems) console.error(problem);
  } finally {
    await b.close();
  }
}
