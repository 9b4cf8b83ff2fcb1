// L-BFGS's stopping at the defaults: each CRF fit with the old rule (maxIter 100 and the gradient rule only,
// i.e. delta 0) and with the defaults (CRFsuite's delta rule over `period` iterations, maxIter a cap of 1000):
// iterations, training seconds, test accuracy and the warning, if any. Data from ../shared/data by default;
// a missing set is skipped.
//   - ocr-small, ocr-large: DenseSequenceTagger, token accuracy on the protocol's test file;
//   - ewt: SequenceTagger (UPOS, the English lexicon as the CLI uses it) on the first --sentences of EWT train,
//     token accuracy on EWT test;
//   - tokenizer: am.Tokenizer's defaults on the first --sentences of EWT train, token F1 (character offsets) on
//     the `# text` of EWT test's sentences.
//   node bench/stopping.mjs [--data DIR] [--sets ocr-small,ocr-large,ewt,tokenizer] [--sentences 1500]
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../bindings/js/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const data = arg('data', join(root, '../shared/data'));
const sets = arg('sets', 'ocr-small,ocr-large,ewt,tokenizer').split(',');
const sentences = Number(arg('sentences', '1500'));
const RULES = [['old: maxIter 100, gradient rule', { maxIter: 100, delta: 0 }], ['defaults: delta rule', {}]];
const am = await init();
const english = await am.lexicons.english();
const ewt = join(data, 'ud-english-ewt');
const blocks = (split) => readFileSync(join(ewt, `en_ewt-ud-${split}.conllu`), 'utf8').split(/\n\n+/).filter((b) => b.trim());

// Each test sentence's `# text` and its surface tokens as character spans (multiword tokens whole).
function goldSpans() {
  return blocks('test').map((b) => {
    const lines = b.split('\n'), text = lines.find((l) => l.startsWith('# text = '))?.slice(9);
    const spans = [];
    let last = 0, at = 0;
    for (const line of lines) {
      const [id, form] = line.split('\t');
      if (line.startsWith('#') || id.includes('.') || (!id.includes('-') && Number(id) <= last)) continue;
      if (id.includes('-')) last = Number(id.split('-')[1]);
      const i = text.indexOf(form, at);
      if (i < 0) return null;  // a form not spelled as in the text: the sentence is left out
      spans.push(`${i}:${i + form.length}`), at = i + form.length;
    }
    return { text, spans };
  }).filter(Boolean);
}

// name → { fit(options) → { model, seconds }, score(model) → %, label }
function task(name) {
  if (name.startsWith('ocr-')) {
    const base = join(data, 'ocr-letters', name);
    if (!existsSync(`${base}-train.svmhmm`)) return null;
    const read = (f) => { const d = am.io.readSvmhmm(readFileSync(`${base}-${f}.svmhmm`, 'utf8')); return { x: d, tags: d.tags }; };
    const train = read('train'), test = read('test');
    return { label: name, make: (o) => new am.DenseSequenceTagger({ trainer: 'lbfgs', loss: 'log', ...o }), train: [train.x, train.tags],
      score: (m) => am.metrics.sequences(test.tags, m.tag(test.x)).tokenAccuracy };
  }
  if (!existsSync(ewt)) return null;
  const first = blocks('train').slice(0, sentences).join('\n\n') + '\n\n';
  if (name === 'tokenizer') {
    const gold = goldSpans();
    return { label: `tokenizer, EWT (${sentences} sentences)`, make: (o) => new am.Tokenizer(o), train: [first],
      score: (m) => {
        let found = 0, golds = 0, got = 0;
        for (const g of gold) {
          const spans = m.tokenize(g.text).flat().map((t) => `${t.start}:${t.end}`), want = new Set(g.spans);
          found += spans.filter((s) => want.has(s)).length, golds += want.size, got += spans.length;
        }
        return 2 * found / (golds + got);
      } };
  }
  const train = am.io.readConllu(first), test = am.io.readConllu(blocks('test').join('\n\n') + '\n\n');
  return { label: `ewt (${sentences} sentences)`, train: [train.sentences, train.tags],
    make: (o) => new am.SequenceTagger({ trainer: 'lbfgs', loss: 'log', lexicon: english, ...o }),
    score: (m) => am.metrics.sequences(test.tags, m.tag(test.sentences)).tokenAccuracy };
}
console.log('| data | stopping | iterations | train s | accuracy (%; tokenizer: token F1) | warning |');
console.log('|---|---|---|---|---|---|');
for (const name of sets) {
  const t = task(name);
  if (!t) { console.log(`| ${name} | (skipped: its data is absent under ${data}) |`); continue; }
  for (const [rule, options] of RULES) {
    const t0 = performance.now();
    const model = t.make(options).fit(...t.train);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`| ${t.label} | ${rule} | ${model.training.iterations} | ${seconds.toFixed(1)} | ${(100 * t.score(model)).toFixed(2)} | ${model.training.warning ?? 'none'} |`);
    model.dispose();
  }
}
