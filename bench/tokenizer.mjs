// Raw text in, tags out, scored by the CoNLL 2018 UD evaluation script (UniversalDependencies/tools, eval.py):
// a treebank's test split as raw text (its `# text`, a paragraph at each `# newpar`, sentences within one joined
// by a space unless SpaceAfter=No says otherwise, paragraphs separated by blank lines), tokenized, split and
// tagged, against the gold file. Rows:
//   - per English treebank: the shipped tokenizer with the shipped UPOS tagger (am.pretrained.englishUpos()),
//     and the rule-based comparison (the regular expression am.io.tokenize was in 0.2, no sentence splitting: a
//     paragraph is a sentence) with the same tagger; plus the tagger's accuracy on gold tokens;
//   - per --language DIR: a tokenizer trained on DIR's train split (its dev split when train is absent), with
//     the shipped settings, on its test split.
// Then the costs: model sizes (gzip), tokenizing speed on the EWT test text and on 10 MB without a space.
//   node bench/tokenizer.mjs [--eval tools/eval.py] [--data DIR] [--treebank DIR]… [--language DIR]…
// eval.py: the CoNLL 2018 script, e.g. `git show 799292f:eval.py` in UniversalDependencies/tools (later versions
// import the udtools package); default $UD_EVAL. Missing treebanks and a missing eval.py skip their rows.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { init } from '../bindings/js/index.js';
import { tagText } from '../bindings/js/cli/tag.js';
import { TOKENIZER_SETTINGS } from '../bindings/js/pretrained/make-english-upos.mjs';
import { splitFile as split } from '../bindings/js/pretrained/make-upos.mjs';
import { rawText as paragraphsOf, scorer } from './ud-eval.mjs';

const args = process.argv.slice(2);
let evalPy = process.env.UD_EVAL, data = '../shared/data';
const treebanks = [], languages = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--eval') evalPy = args[++i];
  else if (args[i] === '--data') data = args[++i];
  else if (args[i] === '--treebank') treebanks.push(args[++i]);
  else if (args[i] === '--language') languages.push(args[++i]);
  else { console.error('usage: node bench/tokenizer.mjs [--eval eval.py] [--data DIR] [--treebank DIR]… [--language DIR]…'); process.exit(2); }
}
treebanks.unshift(join(data, 'ud-english-ewt'));

const am = await init();
const tagger = await am.pretrained.englishUpos();

// The 0.2 rule-based tokenizer, the comparison row.
const RULES = /\p{L}+(?=n't\b)|n't\b|['’](?:s|re|ve|ll|d|m)\b|\p{N}+(?:[.,:]\p{N}+)*|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|\S/giu;

const rawText = (conllu) => paragraphsOf(am, conllu);
const score = evalPy && scorer(evalPy);

// Sentences of am.Tokenizer tokens (no tags) as CoNLL-U for eval.py: a multiword token's range line, then its words.
function plainConllu(sentences) {
  return sentences.map((s) => {
    const lines = [];
    let n = 0;
    for (const t of s) {
      const words = t.words ?? [t];
      if (t.words) lines.push(`${n + 1}-${n + words.length}\t${t.text}\t_\t_\t_\t_\t_\t_\t_\t_`);
      for (const w of words) ++n, lines.push(`${n}\t${w.text}\t_\t_\t_\t_\t${n > 1 ? '1\tdep' : '0\troot'}\t_\t_`);
    }
    return lines.join('\n') + '\n\n';
  }).join('');
}
function taggedConllu(sentences, tags) {
  return sentences.map((s, i) => s.map((t, j) => `${j + 1}\t${t}\t_\t${tags[i][j]}\t_\t_\t${j ? '1\tdep' : '0\troot'}\t_\t_`).join('\n') + '\n\n').join('');
}

const rows = [];
const row = (what, s, note = '') => rows.push(`| ${what} | ${s.Tokens.toFixed(2)} | ${s.Sentences.toFixed(2)} | ${s.Words.toFixed(2)} | ${s.UPOS === undefined ? '–' : s.UPOS.toFixed(2)} | ${note} |`);
if (!evalPy || !existsSync(evalPy)) console.log(`no eval.py (--eval or UD_EVAL): accuracy rows skipped`);
else {
  for (const dir of treebanks) {
    const test = split(dir, 'test');
    if (!test) { console.log(`no test split in ${dir}: skipped`); continue; }
    const conllu = readFileSync(test, 'utf8').normalize('NFC');
    const text = rawText(conllu);
    const name = test.split('/').pop().replace('-ud-test.conllu', '');
    const gold = am.io.readConllu(conllu);
    const accuracy = am.metrics.sequences(gold.tags, tagger.tag(gold.sentences)).tokenAccuracy;
    row(`${name}: learned tokenizer + UPOS tagger`, score(test, tagText(am, tagger, text, { format: 'conllu' }).join('\n') + '\n'),
      `gold-token UPOS accuracy ${(100 * accuracy).toFixed(2)}`);
    const paragraphs = text.split('\n\n').map((p) => p.match(RULES) ?? []).filter((p) => p.length);
    row(`${name}: rule-based regex tokenizer + UPOS tagger`, score(test, taggedConllu(paragraphs, tagger.tag(paragraphs))), 'no sentence splitter');
  }
  for (const dir of languages) {
    const train = split(dir, 'train') ?? split(dir, 'dev'), test = split(dir, 'test');
    if (!train || !test) { console.log(`no train (or dev) and test splits in ${dir}: skipped`); continue; }
    const started = performance.now();
    const tokenizer = new am.Tokenizer(TOKENIZER_SETTINGS).fit(readFileSync(train));
    const seconds = (performance.now() - started) / 1000;
    const text = rawText(readFileSync(test, 'utf8').normalize('NFC'));
    const sentences = tokenizer.tokenize(text);
    const name = test.split('/').pop().replace('-ud-test.conllu', '');
    row(`${name}: learned tokenizer (trained on its ${train.endsWith('-train.conllu') ? 'train' : 'dev'} split in ${seconds.toFixed(0)} s)`,
      { ...score(test, plainConllu(sentences)), UPOS: undefined },  // untagged: eval.py's UPOS would read 0
      `${gzipSync(tokenizer.save()).length >> 10} KB gzip, ${tokenizer.skipped} of ${tokenizer.paragraphs + tokenizer.skipped} paragraphs skipped`);
    tokenizer.dispose();
  }
  console.log('| text → tokens → tags | Tokens F1 | Sentences F1 | Words F1 | UPOS F1 | |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

// Costs.
const tokenizer = tagger.tokenizer;
const kb = (bytes) => `${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip (${(bytes.length / 1024).toFixed(0)} KB)`;
console.log(`\ntokenizer model ${kb(tokenizer.save())}; tagger + tokenizer ${(gzipSync(tagger.save()).length / 1024 + gzipSync(tokenizer.save()).length / 1024).toFixed(0)} KB gzip`);
// Best of 10 calls: the first ones run before V8 has optimised the module's hot functions.
const best = (f) => {
  let t = Infinity;
  for (let k = 0; k < 10; ++k) { const s = performance.now(); f(); t = Math.min(t, performance.now() - s); }
  return t / 1000;
};
const ewtTest = split(treebanks[0], 'test');
const sample = ewtTest ? rawText(readFileSync(ewtTest, 'utf8').normalize('NFC')) : 'The dog barked. It was 5 p.m. in the U.S.A.\n\n'.repeat(3000);
const mb = Buffer.byteLength(sample) / 1e6;
console.log(`tokenize ${ewtTest ? 'the EWT test text' : 'English text'} (${mb.toFixed(2)} MB): ${(mb / best(() => tokenizer.tokenize(sample))).toFixed(2)} MB/s`);
for (const size of [1, 2, 4]) {
  const text = 'a'.repeat(size * 1e6);
  const s = performance.now();
  const n = tokenizer.tokenize(text).flat().length;
  console.log(`${size} MB without a space: ${((performance.now() - s) / 1000).toFixed(2)} s (${n} tokens)`);
}
const s10 = performance.now();
tokenizer.tokenize('x'.repeat(10e6));
console.log(`10 MB without a space: ${((performance.now() - s10) / 1000).toFixed(2)} s`);
