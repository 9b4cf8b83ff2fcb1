// Writes src/text/unicode_tables.cpp from the Unicode Character Database (Debian's unicode-data package,
// /usr/share/unicode): the word classes of every code point and the folding of each one that folds.
// The generated file is committed, so a build needs neither this script nor the package.
//
//   node src/text/make-unicode-tables.mjs [/usr/share/unicode]
//
// Word classes (General_Category, Scripts.txt): letter (L*), digit (N*), mark (M*), ideograph (Script Han or
// Hiragana: each one is a word of its own, as in UAX #29 word boundaries), and everything else a separator.
// Folding of one code point, applied until nothing changes: full case folding (CaseFolding.txt, status C and F),
// canonical decomposition and the compatibility decompositions that only change a letter's form (<compat>,
// <wide>, <narrow>, <font>), and dropping the combining diacritical marks that decompositions leave (the
// blocks U+0300–036F, 1AB0–1AFF, 1DC0–1DFF, 20D0–20FF, FE20–FE2F). Marks of other blocks (the vowel signs of
// Indic scripts, for one) are parts of their words and stay.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ucd = process.argv[2] ?? '/usr/share/unicode';
const out = fileURLToPath(new URL('./unicode_tables.cpp', import.meta.url));
const read = (name) => readFileSync(`${ucd}/${name}`, 'utf8').split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);

const LAST = 0x10ffff;
const category = new Array(LAST + 1).fill('Cn');
const decomposition = new Map();  // code point -> code points
const FORM_TAGS = new Set(['<compat>', '<wide>', '<narrow>', '<font>']);
let rangeStart = null;
for (const line of read('UnicodeData.txt')) {
  const f = line.split(';');
  const cp = parseInt(f[0], 16);
  if (f[1].endsWith(', First>')) { rangeStart = cp; continue; }
  if (f[1].endsWith(', Last>')) { for (let c = rangeStart; c <= cp; ++c) category[c] = f[2]; continue; }
  category[cp] = f[2];
  if (!f[5]) continue;
  const parts = f[5].split(' ');
  if (parts[0].startsWith('<')) {
    if (!FORM_TAGS.has(parts[0])) continue;
    parts.shift();
  }
  decomposition.set(cp, parts.map((h) => parseInt(h, 16)));
}

const caseFold = new Map();
for (const line of read('CaseFolding.txt')) {
  const [code, status, mapping] = line.split(';').map((s) => s.trim());
  if (status === 'C' || status === 'F') caseFold.set(parseInt(code, 16), mapping.split(' ').map((h) => parseInt(h, 16)));
}

const ideographic = new Set();
for (const line of read('Scripts.txt')) {
  const [range, script] = line.split(';').map((s) => s.trim());
  if (script !== 'Han' && script !== 'Hiragana') continue;
  const [a, b = a] = range.split('..').map((h) => parseInt(h, 16));
  for (let c = a; c <= b; ++c) ideographic.add(c);
}

const DIACRITIC_BLOCKS = [[0x300, 0x36f], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x20d0, 0x20ff], [0xfe20, 0xfe2f]];
const isDiacritic = (c) => DIACRITIC_BLOCKS.some(([a, b]) => c >= a && c <= b);

// The classes, in the order of WordClass in unicode.hpp.
const CLASS = { separator: 0, letter: 1, digit: 2, mark: 3, ideograph: 4 };
function wordClass(c) {
  const g = category[c];
  if (ideographic.has(c) && g[0] === 'L') return CLASS.ideograph;
  if (g[0] === 'L') return CLASS.letter;
  if (g[0] === 'N') return CLASS.digit;
  if (g[0] === 'M') return CLASS.mark;
  return CLASS.separator;
}

function foldOnce(cps) {
  const folded = [];
  for (const c of cps) {
    if (isDiacritic(c)) continue;
    folded.push(...(caseFold.get(c) ?? decomposition.get(c) ?? [c]));
  }
  return folded;
}
function fold(c) {
  let cps = [c];
  for (;;) {
    const next = foldOnce(cps);
    if (next.length === cps.length && next.every((x, i) => x === cps[i])) return cps;
    cps = next;
  }
}

// Class ranges: the first code point of each run of one class.
const rangeStarts = [], rangeClasses = [];
for (let c = 0; c <= LAST; ++c) {
  const k = wordClass(c);
  if (!rangeClasses.length || rangeClasses[rangeClasses.length - 1] !== k) { rangeStarts.push(c); rangeClasses.push(k); }
}

// A mapping of the code points of words (letters, digits, marks, ideographs) that change: [code point,
// offset, length] each, into one buffer of their images in UTF-8.
function mapping(image) {
  const entries = [];
  const bytes = [];
  for (let c = 0x80; c <= LAST; ++c) {
    if (wordClass(c) === CLASS.separator) continue;
    const f = image(c);
    if (f.length === 1 && f[0] === c) continue;
    const text = Buffer.from(String.fromCodePoint(...f), 'utf8');
    entries.push([c, bytes.length, text.length]);
    bytes.push(...text);
  }
  if (bytes.length >= 1 << 16) throw new Error('a mapping\'s text does not fit 16-bit offsets');
  return { entries, bytes };
}
const folds = mapping(fold);
const lowers = mapping((c) => caseFold.get(c) ?? [c]);

const hex = (n) => `0x${n.toString(16).toUpperCase()}`;
const wrap = (items, per) => {
  const lines = [];
  for (let i = 0; i < items.length; i += per) lines.push(`    ${items.slice(i, i + per).join(', ')},`);
  return lines.join('\n');
};
// A mapping as C++ arrays: the code points ascending, and where each one's image starts in <name>_text (one
// more entry: the text's length), so image i is text[starts[i], starts[i + 1]).
const table = (name, what, { entries, bytes }) => `// ${entries.length} code points that ${what}.
const uint32_t ${name}_code_points[] = {
${wrap(entries.map(([c]) => hex(c)), 10)}
};
const uint16_t ${name}_starts[] = {
${wrap([...entries.map(([, o]) => o), bytes.length], 16)}
};
const size_t ${name}_count = ${entries.length};
const unsigned char ${name}_text[] = {
${wrap(bytes.map(hex), 16)}
};
`;
const version = readFileSync(`${ucd}/ReadMe.txt`, 'utf8').match(/Version (\d+\.\d+\.\d+)/)?.[1] ?? 'unknown';
writeFileSync(out, `// Generated by src/text/make-unicode-tables.mjs from the Unicode Character Database ${version}: do not edit.
#include "text/unicode_tables.hpp"

namespace argmax::unicode_tables {

// ${rangeStarts.length} runs of one word class: run i starts at class_starts[i] and has class_of_run[i].
const uint32_t class_starts[] = {
${wrap(rangeStarts.map(hex), 10)}
};
const uint8_t class_of_run[] = {
${wrap(rangeClasses, 30)}
};
const size_t class_runs = ${rangeStarts.length};

${table('fold', 'fold (case, decompositions, diacritics)', folds)}
${table('lower', 'change under case folding alone', lowers)}
}  // namespace argmax::unicode_tables
`);
console.log(`${out}: ${rangeStarts.length} class runs, ${folds.entries.length} folds, ${lowers.entries.length} case folds`);
