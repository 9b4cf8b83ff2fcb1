// The demo's "Train on UD English EWT" in headless Chromium (the page's training worker, the shipped tagger's
// settings) beside the same training in Node: seconds, EWT test token accuracy, and whether the browser's model
// has the same bytes as the shipped one. Skips when Chromium, dist/ or the treebank is absent.
//   node bench/demo-tagger.mjs
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch, missing, openDemo } from '../tests/e2e/browser.mjs';
import { init } from '../bindings/js/index.js';

const dir = process.env.ARGMAX_DATA ?? fileURLToPath(new URL('../../shared/data', import.meta.url));
const treebank = (split) => `${dir}/ud-english-ewt/en_ewt-ud-${split}.conllu`;
const why = missing() ?? (existsSync(treebank('train')) ? null : `no treebank at ${treebank('train')}`);
if (why) {
  console.log(`skipped: ${why}`);
  process.exit(0);
}

// Node: the API on the main thread, as make-english-upos.mjs trains the shipped tagger.
const am = await init();
const read = (split) => am.io.readConllu(readFileSync(treebank(split)));
const train = read('train'), test = read('test');
const shipped = await am.pretrained.englishUpos();
let started = performance.now();
const tagger = new am.SequenceTagger({ ...shipped.options, lexicon: await am.lexicons.english() }).fit(train.sentences, train.tags);
const nodeSeconds = (performance.now() - started) / 1000;
const nodeAccuracy = am.metrics.sequences(test.tags, tagger.tag(test.sentences)).tokenAccuracy;
const sameAsShipped = Buffer.compare(Buffer.from(tagger.save()), Buffer.from(shipped.save())) === 0;

// Chromium: the demo page's button (reads both files over HTTP, trains in the page's worker, tags test).
const b = await launch();
let browser;
try {
  await openDemo(b);
  started = performance.now();
  await b.page.click('#tagging button.ewt');
  await b.page.waitForFunction(() => /^trained:|could not/.test(document.querySelector('#tagging .training .status').textContent), null, { timeout: 600_000 });
  const wall = (performance.now() - started) / 1000;
  const result = await b.page.locator('#tagging .result').textContent();
  const m = result.match(/test accuracy ([\d.]+)% of tokens.*?, (\d+) ms/);
  if (!m) throw new Error(`the page says: ${result} / ${await b.page.locator('#tagging .training .status').textContent()}`);
  browser = { accuracy: Number(m[1]) / 100, seconds: Number(m[2]) / 1000, wall, same: /the same bytes as the shipped/.test(result) };
} finally {
  await b.close();
}

console.log('| where | training s | read + train + tag test, s | EWT test token accuracy | same bytes as the shipped tagger |');
console.log('|---|---:|---:|---:|---|');
console.log(`| Node (API, main thread) | ${nodeSeconds.toFixed(1)} | | ${(100 * nodeAccuracy).toFixed(2)}% | ${sameAsShipped ? 'yes' : 'no'} |`);
console.log(`| Chromium (demo page, worker) | ${browser.seconds.toFixed(1)} | ${browser.wall.toFixed(1)} | ${(100 * browser.accuracy).toFixed(2)}% | ${browser.same ? 'yes' : 'no'} |`);
