// The language packages' UPOS taggers (packages/argmax-upos-<lang>: tagger.bin with its tokenizer.bin, as shipped)
// on their treebank's test split, beside UDPipe 1's published figures for its UD 2.5 models (ufal/udpipe,
// doc/manual_model_ud-2.5.t2t). One row per language:
//   - raw text (the test split's `# text` as paragraphs, bench/ud-eval.mjs) tokenized, split and tagged, scored by
//     the CoNLL 2018 eval.py: Words F1, Sentences F1, UPOS F1;
//   - UPOS accuracy on the gold words;
//   - the models' size (gzip, tagger + tokenizer) and raw-text tagging speed in wasm (words/s and UTF-8 MB/s, best
//     of 5 runs over the test text), by the clock and by the process's CPU time (which the load of a shared
//     machine inflates far less), and beside it the native build's CPU time for the same clusters
//     (build/native/bench_tag_text, when built: `cmake --build build/native --target bench_tag_text`).
//   node bench/languages.mjs [--eval eval.py] [--treebanks DIR] [--split dev|test]
// eval.py: `git show 799292f:eval.py` in UniversalDependencies/tools, default $UD_EVAL. DIR holds the treebanks by
// their UD names (UD_Portuguese-Bosque, …); by default each package's make.mjs names its own (TREEBANK: in
// $ARGMAX_TREEBANKS or ../treebanks, or in the shared data, $ARGMAX_DATA or ../shared/data, beside the repository).
// A language whose treebank (or test split) is absent is skipped. --split dev scores the dev split instead (settings are chosen
// on it; UDPipe's figures are for test).
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir, loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';
import { tagText } from '../bindings/js/cli/tag.js';
import { clustersOf } from '../bindings/js/api/tokenizer.js';
import { splitFile, goldAccuracy } from '../bindings/js/pretrained/make-upos.mjs';
import { rawText, scorer } from './ud-eval.mjs';

// UDPipe 1, UD 2.5 models: words, sentences, UPOS (raw text), UPOS (gold tokenization).
const UDPIPE = {
  'UD_Portuguese-Bosque': [99.5, 87.8, 95.9, 96.4],
  'UD_French-Sequoia': [99.1, 87.5, 96.1, 97.1],
  'UD_Korean-GSD': [99.9, undefined, 93.6, undefined],
  'UD_Vietnamese-VTB': [85.4, undefined, 76.4, 87.6],
  'UD_Portuguese-GSD': [99.8, undefined, 97.0, undefined],
};

const args = process.argv.slice(2);
let evalPy = process.env.UD_EVAL, treebanks, split = 'test';
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--eval') evalPy = args[++i];
  else if (args[i] === '--treebanks') treebanks = args[++i];
  else if (args[i] === '--split' && ['dev', 'test'].includes(args[i + 1])) split = args[++i];
  else { console.error('usage: node bench/languages.mjs [--eval eval.py] [--treebanks DIR] [--split dev|test]'); process.exit(2); }
}
if (!evalPy || !existsSync(evalPy)) {
  console.error('no eval.py (--eval or UD_EVAL): nothing to score');
  process.exit(0);
}
const score = scorer(evalPy);
const am = await init();
const packages = new URL('../packages/', import.meta.url);

// The best of 5 runs of f: seconds by the clock and of the process's CPU time.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const best = (f) => {
  let t = Infinity, c = Infinity;
  for (let k = 0; k < 5; ++k) {
    const s = performance.now(), sc = cpu();
    f();
    t = Math.min(t, (performance.now() - s) / 1000), c = Math.min(c, cpu() - sc);
  }
  return { seconds: t, cpuSeconds: c };
};
// The native build's CPU seconds for tagging the text with the package's models (its clusters as JS cuts them),
// or null without build/native/bench_tag_text.
const nativeDriver = fileURLToPath(new URL('../build/native/bench_tag_text', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'argmax-languages-'));
function nativeSeconds(files, text) {
  if (!existsSync(nativeDriver)) return null;
  const c = clustersOf(text);
  writeFileSync(join(scratch, 'text'), c.normalized);
  writeFileSync(join(scratch, 'ends'), c.ends.join('\n'));
  const run = spawnSync(nativeDriver, [...files, join(scratch, 'text'), join(scratch, 'ends')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench_tag_text failed: ${run.stderr}`);
  return JSON.parse(run.stdout).cpuSeconds;
}
const udpipe = (figure) => (figure === undefined ? '' : ` (${figure})`);
const rows = [];
for (const name of readdirSync(packages).filter((d) => d.startsWith('argmax-upos-') && existsSync(new URL(`${d}/make.mjs`, packages))).sort()) {
  const lang = name.slice('argmax-upos-'.length);
  const { TREEBANK, TREEBANK_NAME } = await import(new URL(`${name}/make.mjs`, packages));
  const dir = treebanks ? join(treebanks, TREEBANK_NAME) : TREEBANK;
  const test = splitFile(dir, split);
  if (!test) { console.log(`${lang}: no ${split} split of ${TREEBANK_NAME} in ${dir}: skipped`); continue; }
  if (!['tagger.bin', 'tokenizer.bin'].every((f) => existsSync(new URL(`${name}/${f}`, packages)))) { console.log(`${lang}: no models yet (node packages/${name}/make.mjs): skipped`); continue; }
  const files = ['tagger.bin', 'tokenizer.bin'].map((f) => fileURLToPath(new URL(`${name}/${f}`, packages)));
  const bytes = files.map((f) => readFileSync(f));
  const tagger = am.load(bytes[0]);
  tagger.tokenizer = am.load(bytes[1]);
  const conllu = readFileSync(test, 'utf8').normalize('NFC');
  const text = rawText(am, conllu);
  const s = score(test, tagText(am, tagger, text, { format: 'conllu' }).join('\n') + '\n');
  const gold = 100 * goldAccuracy(am, tagger, conllu);
  const words = tagger.tagText(text).flat().length;
  const { seconds, cpuSeconds } = best(() => tagger.tagText(text));
  const native = nativeSeconds([files[1], files[0]], text);
  const mb = (s) => (Buffer.byteLength(text) / s / 1e6).toFixed(1);
  const [w, sent, upos, uposGold] = UDPIPE[TREEBANK_NAME] ?? [];
  const kb = bytes.reduce((sum, b) => sum + gzipSync(b).length, 0) / 1024;
  rows.push(`| ${lang} | ${TREEBANK_NAME.slice(3)} | ${s.Words.toFixed(2)}${udpipe(w)} | ${s.Sentences.toFixed(2)}${udpipe(sent)} | ` +
    `${s.UPOS.toFixed(2)}${udpipe(upos)} | ${gold.toFixed(2)}${udpipe(uposGold)} | ${kb.toFixed(0)} KB | ${(words / seconds / 1000).toFixed(0)}k (${mb(seconds)} MB/s) | ` +
    `${(words / cpuSeconds / 1000).toFixed(0)}k (${mb(cpuSeconds)} MB/s) | ${native === null ? '–' : `${mb(native)} MB/s`} |`);
  tagger.tokenizer.dispose();
  tagger.dispose();
}
console.log(`load average (1, 5, 15 minutes): ${loadavg().map((l) => l.toFixed(1)).join(', ')}`);
console.log('| language | treebank | Words F1 (UDPipe 1) | Sentences F1 (UDPipe 1) | UPOS F1, raw text (UDPipe 1) | UPOS, gold words (UDPipe 1) | tagger + tokenizer, gzip | words/s (text MB/s), wasm | the same by CPU time | native, by CPU time |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
