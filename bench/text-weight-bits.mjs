// What storing a label-set text classifier's binary models in fewer bits costs (TextClassifier with label sets,
// option weightBits 32, 16 or 8, everything else at its default): micro- and macro-F1 and the model's bytes, on
// Reuters-21578 ModApte (90 categories) and on TREC's questions as label sets {coarse, fine}, each on a held-out
// fifth of the training texts (trained on the other four fifths) and on the test set (trained on all of them).
// Natively (build/native/bench_text --sets, as docs/text.md's other tuning tables); bench/text.mjs measures the
// defaults in wasm.
//   node bench/text-weight-bits.mjs [reuters] [trec] [--bits 32,16,8]     (both sets by default)
// Reads ../shared/data/text-reuters21578 and ../shared/data/text-trec-qc (or $ARGMAX_DATA/…) and skips what is absent.
import { existsSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { data, readTrec, readReuters } from './text-data.mjs';

const args = process.argv.slice(2);
const bitsAt = args.indexOf('--bits');
const widths = bitsAt >= 0 ? args[bitsAt + 1].split(',').map(Number) : [32, 16, 8];
const sets = args.filter((a, i) => !a.startsWith('--') && (bitsAt < 0 || i !== bitsAt + 1));
const want = (name) => sets.length === 0 || sets.includes(name);
const native = fileURLToPath(new URL('../build/native/bench_text', import.meta.url));
if (!existsSync(native)) {
  console.log('skipped: build/native/bench_text is not built (node .ci/build.mjs --native)');
  process.exit(0);
}

const available = [];  // [name, { train, test }] of { text, labels }
if (want('reuters')) {
  if (!existsSync(join(data, 'text-reuters21578'))) console.log('Reuters: skipped (text-reuters21578 not found)');
  else available.push(['Reuters ModApte', readReuters()]);
}
if (want('trec')) {
  if (!existsSync(join(data, 'text-trec-qc'))) console.log('TREC: skipped (text-trec-qc not found)');
  else {
    const asSets = (file) => readTrec(file).map((q) => ({ text: q.text, labels: [q.coarse, q.fine] }));
    available.push(['TREC as label sets {coarse, fine}', { train: asSets('train_5500.label'), test: asSets('TREC_10.label') }]);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'argmax-weight-bits-'));
try {
  // one line per text: the labels, comma-separated, a tab, the text on one line
  const tsv = (file, stories) => {
    writeFileSync(join(dir, file), stories.map((s) => `${s.labels.join(',')}\t${s.text.replace(/\s+/g, ' ')}`).join('\n'));
    return join(dir, file);
  };
  console.log('| data | split | weightBits | micro-F1 | macro-F1 | model bytes |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const [name, { train, test }] of available) {
    const splits = [
      ['held-out fifth of train', train.filter((_, i) => i % 5 !== 4), train.filter((_, i) => i % 5 === 4)],
      ['test', train, test],
    ];
    for (const [split, fit, score] of splits) {
      const [fitFile, scoreFile] = [tsv('fit.tsv', fit), tsv('score.tsv', score)];
      for (const bits of widths) {
        const r = JSON.parse(execFileSync(native, ['--sets', fitFile, scoreFile, `weightBits=${bits}`]).toString());
        console.log(`| ${name} | ${split} | ${bits} | ${(100 * r.micro_f1).toFixed(2)} | ${(100 * r.macro_f1).toFixed(2)} | ${r.bytes.toLocaleString('en')} |`);
      }
    }
  }
} finally { rmSync(dir, { recursive: true, force: true }); }
