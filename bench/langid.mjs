// Language identification: the shipped identifier (am.pretrained.languageIdentifier()) beside franc, eld (its small
// database) and tinyld, on the same sentences: the held-out sentences of the UD treebanks it was made from (one in
// five by sentence id, bindings/js/pretrained/make-language-corpus.mjs), and the Parallel UD treebanks (PUD: 1,000
// sentences of news and Wikipedia in each language, a domain none of the models learned from).
//   node bench/langid.mjs [--treebanks DIR] [--model FILE] [--languages] [--confusions]
// DIR holds the treebank folders (default $ARGMAX_TREEBANKS or ../treebanks beside the repository); the bench
// skips when they are absent. --model scores a languages.bin other than the shipped one; --languages adds the
// accuracy of each language; --confusions adds, for PUD, each language's wrong answers of the identifier (among
// the library's languages) and of each library.
//
// Each library is scored on the languages it knows: a sentence counts for it when its language is one of the
// library's, and the identifier is scored on the same sentences, its answers read in the library's codes (eld and
// tinyld know one Norwegian, 'no': Bokmål and Nynorsk are both 'no' in their rows, for both sides). Kurdish and
// Serbian are left out of eld's rows: its Kurdish is Sorani in Arabic script and its Serbian Cyrillic, where UD's
// are Kurmanji and Serbian in Latin script. "argmax % among its languages" scores the identifier choosing, as the
// library does, among the languages both know only (identify's `among`): eld, knowing no Faroese, never has to
// tell Icelandic from Faroese, where the identifier's plain answers may be Faroese. Speed: ms a sentence over all
// the test sentences of its languages, each library run after one warm-up pass and the identifier right after it
// on the same sentences, one process; size: the gzip of the data each one loads.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { init } from '../bindings/js/index.js';
import { TREEBANKS } from '../bindings/js/pretrained/make-upos.mjs';
import { EXTRA_TRAINING, LANGUAGE_SOURCES, languageCorpus, pudCorpus } from '../bindings/js/pretrained/make-language-corpus.mjs';

const args = process.argv.slice(2);
let treebanks = TREEBANKS, modelFile, perLanguage = false, confusions = false;
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--treebanks') treebanks = args[++i];
  else if (args[i] === '--model') modelFile = args[++i];
  else if (args[i] === '--languages') perLanguage = true;
  else if (args[i] === '--confusions') confusions = true;
  else { console.error('usage: node bench/langid.mjs [--treebanks DIR] [--model FILE] [--languages] [--confusions]'); process.exit(2); }
}
const missing = [...Object.values(LANGUAGE_SOURCES).flatMap(([, ...s]) => s).map(([t]) => t),
  ...Object.values(EXTRA_TRAINING).flat().map(([treebank, path]) => join(treebank, path))].filter((t) => !existsSync(join(treebanks, t)));
if (missing.length) {
  console.log(`skipped: ${missing.length} treebank folders are not in ${treebanks} (${missing.slice(0, 3).join(', ')}, …)`);
  process.exit(0);
}

// The gzip size of a file, named by a module specifier and a path relative to the file it resolves to.
const gzipOf = (specifier, path = '') => gzipSync(readFileSync(new URL(path, import.meta.resolve(specifier)))).length;

// Our codes in franc's (ISO 639-3, the variety it has); a language absent here is not one of franc's.
const FRANC = {
  af: 'afr', am: 'amh', az: 'azj', be: 'bel', bn: 'ben', cs: 'ces', da: 'dan', de: 'deu', el: 'ell', en: 'eng',
  eo: 'epo', es: 'spa', fa: 'pes', fi: 'fin', fr: 'fra', gu: 'guj', he: 'heb', hr: 'hrv', hy: 'hye', id: 'ind',
  it: 'ita', ja: 'jpn', jv: 'jav', ka: 'kat', kk: 'kaz', ko: 'kor', ky: 'kir', lt: 'lit', lv: 'lvs', mk: 'mkd',
  ml: 'mal', mr: 'mar', nb: 'nob', nl: 'nld', nn: 'nno', pl: 'pol', ps: 'pbu', pt: 'por', ro: 'ron', ru: 'rus',
  sk: 'slk', sl: 'slv', sq: 'als', sr: 'srp', sv: 'swe', ta: 'tam', te: 'tel', th: 'tha', tl: 'tgl', tr: 'tur',
  tt: 'tat', ug: 'uig', uk: 'ukr', uz: 'uzn', vi: 'vie', wo: 'wol', yo: 'yor', zh: 'cmn',
};

async function libraries() {
  const { franc } = await import('franc');
  const { eld } = await import('eld/small');
  const tinyld = await import('tinyld');
  const eldLanguages = new Set(Object.values(eld.info().Languages));
  const tinyLanguages = new Set(tinyld.supportedLanguages.map((c) => tinyld.toISO2(c)));
  const oneNorwegian = (code) => (code === 'nb' || code === 'nn' ? 'no' : code);
  return [
    { name: 'franc 6.2', size: gzipOf('franc', 'data.js'), detect: (t) => franc(t), code: (c) => FRANC[c] },
    { name: 'eld 2.1 (small)', size: gzipOf('eld/small', '../ngrams/small.js'),
      detect: (t) => eld.detect(t).language,
      code: (c) => (c === 'ku' || c === 'sr' ? undefined : eldLanguages.has(oneNorwegian(c)) ? oneNorwegian(c) : undefined) },
    { name: 'tinyld 1.3', size: gzipOf('tinyld'),
      detect: (t) => tinyld.detect(t), code: (c) => (tinyLanguages.has(oneNorwegian(c)) ? oneNorwegian(c) : undefined) },
  ];
}

// ms a sentence of detect over the texts, after one warm-up pass; and the answers.
function timed(detect, texts) {
  for (const t of texts) detect(t);
  const start = performance.now();
  const answers = texts.map(detect);
  return { answers, ms: (performance.now() - start) / texts.length };
}

const am = await init();
const identifier = await am.pretrained.languageIdentifier(modelFile ? { model: readFileSync(modelFile) } : undefined);
const ourSize = gzipSync(modelFile ? readFileSync(modelFile) : readFileSync(new URL('../bindings/js/pretrained/languages.bin', import.meta.url))).length;
const ourDetect = (t) => identifier.identify(t).language;

const { test } = languageCorpus(treebanks);
const pud = pudCorpus(treebanks);
const sets = [['UD held out', test], ['PUD', pud]];
const ours = new Map(sets.map(([name, s]) => [name, timed(ourDetect, s.map((x) => x.text))]));

const pct = (a, n) => (n ? ((100 * a) / n).toFixed(2) : '–');
const rows = [];
const wrongOnPud = {};  // library → language → [the identifier's wrong answers, the library's] ({ code: count })
const byLanguage = {};  // language → { library: [right, n] }
const tally = (lib, language, right) => {
  const cell = ((byLanguage[language] ??= {})[lib] ??= [0, 0]);
  cell[0] += right; cell[1] += 1;
};
test.forEach((s, i) => tally('argmax', s.language, ours.get('UD held out').answers[i] === s.language));

for (const lib of await libraries()) {
  for (const [setName, sentences] of sets) {
    const mine = ours.get(setName).answers;
    const kept = sentences.map((s, i) => ({ ...s, i })).filter((s) => lib.code(s.language) !== undefined);
    const { answers, ms } = timed(lib.detect, kept.map((s) => s.text));
    const oursMs = timed(ourDetect, kept.map((s) => s.text)).ms;  // the same sentences, right after
    // The identifier choosing, like the library, among the languages both know only (identify's `among`).
    const among = identifier.languages.filter((l) => lib.code(l) !== undefined);
    let right = 0, oursRight = 0, oursAmongRight = 0;
    // (the wrong answers are kept for --confusions, on PUD only)
    const wrong = confusions && setName === 'PUD' ? (wrongOnPud[lib.name] = {}) : null;
    const count = (language, side, answer) => {
      if (!wrong) return;
      const cell = ((wrong[language] ??= [{}, {}])[side]);
      cell[answer || 'none'] = (cell[answer || 'none'] ?? 0) + 1;
    };
    kept.forEach((s, j) => {
      const truth = lib.code(s.language);
      const oursAmong = lib.code(identifier.identify(s.text, { among }).language);
      right += answers[j] === truth;
      oursRight += lib.code(mine[s.i]) === truth;
      oursAmongRight += oursAmong === truth;
      if (oursAmong !== truth) count(s.language, 0, oursAmong);
      if (answers[j] !== truth) count(s.language, 1, answers[j]);
      if (setName === 'UD held out') tally(lib.name, s.language, answers[j] === truth);
    });
    const languages = new Set(kept.map((s) => s.language)).size;
    rows.push([lib.name, setName, languages, kept.length, pct(right, kept.length), pct(oursRight, kept.length),
      pct(oursAmongRight, kept.length),
      ms.toFixed(4), oursMs.toFixed(4), (ms / oursMs).toFixed(2), (lib.size / 1024).toFixed(0), (ourSize / 1024).toFixed(0)]);
  }
}

const print = (header, body) => {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => String(r[c]).length)));
  const line = (r) => `| ${r.map((v, c) => String(v).padEnd(widths[c])).join(' | ')} |`;
  console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n'));
};
const all = sets.map(([name, s]) => {
  const answers = ours.get(name).answers;
  return `${name}: ${pct(s.filter((x, i) => answers[i] === x.language).length, s.length)}% of ${s.length} sentences`;
});
console.log(`argmax on all its ${Object.keys(LANGUAGE_SOURCES).length} languages: ${all.join('; ')}\n`);
print(['library', 'test set', 'languages', 'sentences', 'its accuracy %', 'argmax %', 'argmax % among its languages',
  'its ms/sentence', 'argmax ms/sentence', 'its time / argmax', 'its KB gzip', 'argmax KB gzip'], rows);

if (perLanguage) {
  const names = ['argmax', 'franc 6.2', 'eld 2.1 (small)', 'tinyld 1.3'];
  console.log('\nUD held out, accuracy % by language (– : a language the library does not know)');
  print(['language', 'sentences', ...names], Object.keys(LANGUAGE_SOURCES).filter((l) => byLanguage[l]).map((l) =>
    [l, byLanguage[l].argmax[1], ...names.map((n) => (byLanguage[l][n] ? pct(...byLanguage[l][n]) : '–'))]));
}

if (confusions) {
  const total = (answers) => Object.values(answers).reduce((a, b) => a + b, 0);
  // the six most frequent wrong answers, and how many others
  const listed = (answers) => {
    const sorted = Object.entries(answers).sort((a, b) => b[1] - a[1]);
    const rest = sorted.length > 6 ? `, ${sorted.length - 6} others` : '';
    return sorted.slice(0, 6).map(([c, n]) => `${c} ${n}`).join(', ') + rest || '–';
  };
  for (const [name, wrong] of Object.entries(wrongOnPud)) {
    console.log(`\nPUD, the wrong answers of argmax (among ${name}'s languages) and of ${name}, by language`);
    print(['language', 'argmax errors', 'argmax answered', 'its errors', 'it answered'], Object.entries(wrong).map(([l, [ours, its]]) =>
      [l, total(ours), listed(ours), total(its), listed(its)]));
  }
}
