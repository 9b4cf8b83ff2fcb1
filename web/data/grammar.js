// A small probabilistic grammar of English that writes sentences together with their Universal POS tags.
// The lexicon is full of words that change tag with context ("can", "saw", "watch", "book", "fish", "that", "to",
// "her"), so a tagger must use transitions, not only the word. Generated here, with a seed: no external data.
import { seededRandom } from '../lib/draw.js';

// Words by tag. A word in several lists is ambiguous; the grammar decides its tag in each sentence.
const LEXICON = {
  DET: ['the', 'a', 'this', 'that', 'every', 'her', 'his', 'my', 'some'],
  NOUN: ['dog', 'cat', 'man', 'woman', 'child', 'teacher', 'river', 'book', 'watch', 'can', 'fish', 'duck', 'saw',
    'park', 'city', 'house', 'letter', 'bird', 'tree', 'car', 'garden', 'window', 'road', 'song', 'boat', 'train',
    'farmer', 'doctor', 'student', 'kitchen', 'light', 'water', 'plan', 'game', 'phone', 'table', 'door', 'story'],
  PROPN: ['Anna', 'Ben', 'Lisbon', 'Paris', 'Maria', 'Tom', 'London', 'Kim'],
  PRON: ['she', 'he', 'they', 'we', 'I', 'you', 'it', 'her', 'him', 'them', 'that'],
  VERB: ['saw', 'see', 'watch', 'book', 'fish', 'duck', 'like', 'want', 'find', 'read', 'open', 'play', 'walk',
    'love', 'paint', 'light', 'water', 'plan', 'train', 'visit', 'call', 'help', 'sang', 'found', 'opened', 'liked'],
  AUX: ['can', 'will', 'must', 'may', 'should', 'did', 'could'],
  COP: ['is', 'was'],
  ADJ: ['old', 'young', 'big', 'small', 'red', 'quiet', 'happy', 'new', 'long', 'light', 'green', 'cold', 'busy'],
  ADV: ['quickly', 'slowly', 'often', 'today', 'here', 'there', 'again', 'soon'],
  ADP: ['near', 'in', 'on', 'under', 'with', 'to', 'from', 'by', 'behind'],
  NUM: ['two', 'three', 'four', 'ten'],
  CCONJ: ['and', 'but'],
  SCONJ: ['that', 'because', 'if'],
  PART: ['to', 'not'],
};
// Plural nouns after numbers.
const plural = (w) => (w.endsWith('sh') || w.endsWith('ch') ? `${w}es` : w === 'fish' ? 'fish' : w === 'man' ? 'men' : w === 'woman' ? 'women' : w === 'child' ? 'children' : `${w}s`);

// Rare made-up words (about 1 content word in 16): usually with a suffix typical of their tag, sometimes bare,
// so that a tagger meets words it has never seen and must read suffixes and context.
const SYLLABLES = ['ka', 'lo', 'mi', 'tre', 'vo', 'su', 'ne', 'ra', 'pli', 'do', 'gru', 'fen', 'bas', 'quo'];
const SUFFIXES = { NOUN: ['tion', 'ness', 'ment', 'ist', 'ery'], VERB: ['ize', 'ate', 'ify'], ADJ: ['ous', 'ful', 'ive', 'ish'], ADV: ['ly'] };

// The grammar: each rule returns [word, tag] pairs.
function generator(rand) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const chance = (p) => rand() < p;
  const rare = (tag) => pick(SYLLABLES) + (chance(0.5) ? pick(SYLLABLES) : '') + (chance(0.75) ? pick(SUFFIXES[tag]) : '');
  const w = (tag, word) => {
    if (word === undefined) word = SUFFIXES[tag] && chance(1 / 16) ? rare(tag) : pick(LEXICON[tag]);
    return [[word, tag === 'COP' ? 'AUX' : tag]];
  };
  const verbs = LEXICON.VERB.filter((v) => !/ed$|^sang$|^found$|^saw$/.test(v));   // bare forms after AUX / to
  const past = ['saw', 'sang', 'found', 'opened', 'liked'];

  const np = (depth = 0, subject = true) => {
    const r = rand();
    if (r < 0.2) return w('PRON', pick(subject ? ['she', 'he', 'they', 'we', 'I', 'you', 'it'] : ['her', 'him', 'them', 'us', 'me', 'it']));
    if (r < 0.3) return w('PROPN');
    if (r < 0.38) return [...w('NUM'), [plural(pick(LEXICON.NOUN)), 'NOUN']];
    const out = [...w('DET')];
    if (chance(0.35)) out.push(...w('ADJ'));
    out.push(...w('NOUN'));
    if (depth < 2 && chance(0.2)) out.push(...pp(depth + 1));
    return out;
  };
  const object = () => (chance(0.1) ? w('PRON', 'that') : np(1, false));
  const pp = (depth = 0) => [...w('ADP', pick(LEXICON.ADP.filter((a) => a !== 'to' || chance(0.5)))), ...np(depth + 1, false)];
  const vp = () => {
    const r = rand();
    if (r < 0.25) return [...w('VERB', pick([...verbs, ...past])), ...object(), ...(chance(0.3) ? pp() : [])];
    if (r < 0.45) return [...w('AUX'), ...(chance(0.15) ? w('PART', 'not') : []), ...w('VERB', pick(verbs)), ...object()];
    if (r < 0.57) return [...w('COP'), ...(chance(0.2) ? w('PART', 'not') : []), ...w('ADJ')];
    if (r < 0.67) return [...w('VERB', pick(['want', 'like', 'love', 'plan'])), ['to', 'PART'], ...w('VERB', pick(verbs)), ...object()];
    if (r < 0.77) return [...w('VERB', pick([...verbs, ...past])), ...object(), ...w('ADV')];
    if (r < 0.87) return [...w('VERB', pick(['saw', 'found', 'liked', 'see', 'find'])), ...object(), ...pp()];
    return [...w('VERB', pick(['said', 'think', 'know'].map((v) => v))), ['that', 'SCONJ'], ...np(), ...w('VERB', pick(past)), ...object()];
  };
  return () => {
    const s = [...np(), ...vp()];
    if (chance(0.15)) s.push(...w('CCONJ'), ...np(), ...vp());
    s.push(['.', 'PUNCT']);
    return s;
  };
}

// count sentences, each { words, tags }, the same for the same seed.
export function generateCorpus(count = 1500, seed = 11) {
  const sentence = generator(seededRandom(seed));
  const out = [];
  for (let i = 0; i < count; ++i) {
    const s = sentence();
    out.push({ words: s.map((p) => p[0]), tags: s.map((p) => p[1]) });
  }
  return out;
}

// The tokeniser for what the user types: words and punctuation.
export const tokenize = (text) => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu) ?? [];
