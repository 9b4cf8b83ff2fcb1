// Writes english.tsv, the English word lexicon shipped with the package (see word_lexicon.hpp for
// the format), from the npm package wink-lexicon (a dev dependency):
//   column 1: the Penn Treebank tags of wink-lexicon's 13k common words (data partly from fnTBL),
//   column 2: the WordNet 3 parts of speech (noun, verb, adj, adv) of its 77k single words.
// Licences: NOTICE. Run: node bindings/js/lexicons/make-english.mjs
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const src = (name) => require(`wink-lexicon/src/${name}.js`);
const tags = src('lexicon'), words = src('wn-words'), wordSenses = src('wn-word-senses'), senses = src('wn-senses');

const columns = new Map();  // word → [Set of tags, Set of parts of speech]
const entry = (w) => columns.get(w) ?? columns.set(w, [new Set(), new Set()]).get(w);
for (const [w, t] of Object.entries(tags)) for (const tag of [].concat(t)) entry(w)[0].add(tag);
for (const [w, id] of Object.entries(words)) {
  if (w.includes('_')) continue;  // multiword expressions: tokens are single words
  for (const s of wordSenses[id]) entry(w)[1].add(senses[s].split('.')[0]);  // 'noun.person' → 'noun'
}
const lines = [...columns]
  .filter(([w]) => w && !/\s/.test(w))
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([w, [t, p]]) => `${w}\t${[...t].sort().join(' ')}\t${[...p].sort().join(' ')}`);
writeFileSync(new URL('./english.tsv', import.meta.url), lines.join('\n') + '\n');
console.log(`english.tsv: ${lines.length} words`);
