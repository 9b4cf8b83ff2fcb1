// am.pretrained.upos('auto'): a tagger of raw text in any language that has a UPOS tagger at hand. Each paragraph
// goes to the tagger of its language, which the language identifier (api/language-identifier.js) picks among the
// languages whose taggers loaded: the English one shipped with the package, and each installed argmax-upos-<code>.
import { describe } from './inputs.js';

// The paragraphs of a text as [start, end) offsets: blank lines separate them, or, in a text without a blank
// line, line breaks (as the tokenizer reads a text). Paragraphs of only spaces are left out.
export function paragraphs(text) {
  const separator = /\r?\n[ \t]*\r?\n/.test(text) ? /(?:\r?\n[ \t]*){2,}/g : /\r?\n/g;
  const spans = [];
  let start = 0;
  const add = (end) => { if (/\S/.test(text.slice(start, end))) spans.push([start, end]); };
  for (const m of text.matchAll(separator)) {
    add(m.index);
    start = m.index + m[0].length;
  }
  add(text.length);
  return spans;
}

// The paragraphs of a text with the language the identifier finds in each, among the codes `among`:
// [{ start, end, language, probability }] (offsets in UTF-16 code units; 'und' for a paragraph without a letter).
export function identifyParagraphs(identifier, text, among) {
  return paragraphs(text).map(([start, end]) => ({ start, end, ...identifier.identify(text.slice(start, end), { among }) }));
}

// Each paragraph of `found` (identifyParagraphs) tagged by taggers[its language] (code → a tagger with its
// tokenizer; a paragraph without one is left out): sentences of { token, tag, start, end, language }, offsets
// indexing `text`. (The demo page loads its taggers itself and calls this as well.)
export function tagParagraphs(text, found, taggers) {
  return found.flatMap(({ start, end, language }) => {
    const tagger = taggers[language];
    if (!tagger) return [];
    const sentences = tagger.tagText(text.slice(start, end));
    const shifted = new Set();
    for (const words of sentences) {
      for (const w of words) {
        w.start += start; w.end += start; w.language = language;
        if (w.multiword && !shifted.has(w.multiword)) { shifted.add(w.multiword); w.multiword.start += start; w.multiword.end += start; }
      }
    }
    return sentences;
  });
}

class AutoTagger {
  #identifier;
  #taggers;

  // identifier: a LanguageIdentifier; taggers: code → the tagger of that language (with its tokenizer);
  // unavailable: code → why its tagger did not load.
  constructor(identifier, taggers, unavailable) {
    this.#identifier = identifier;
    this.#taggers = taggers;
    this.unavailable = Object.freeze(unavailable);
  }

  // The languages it tags, each with its own tagger.
  get languages() { return Object.keys(this.#taggers); }

  // The paragraphs of a text with the language each is tagged in: [{ start, end, language, probability }]
  // (offsets in UTF-16 code units). A paragraph without a letter is 'und' and is not tagged.
  paragraphs(text) {
    if (typeof text !== 'string') throw new TypeError(`text must be a string, not ${describe(text)}`);
    return identifyParagraphs(this.#identifier, text, this.languages);
  }

  // Raw text → sentences of { token, tag, start, end, language }, as a tagger's tagText gives them, each
  // paragraph tagged by the tagger of its language; offsets index `text`.
  tagText(text) {
    return tagParagraphs(text, this.paragraphs(text), this.#taggers);
  }

  dispose() {
    this.#identifier.dispose();
    for (const tagger of Object.values(this.#taggers)) tagger.dispose();
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
}

// The identifier and the taggers of every language of am.pretrained.languages that it knows and whose tagger loads.
export async function autoUpos(api) {
  if (typeof api.pretrained.languageIdentifier !== 'function') {
    throw new Error("am.pretrained.upos('auto') needs the language identifier, which this entry point lacks: import 'argmax'");
  }
  const identifier = await api.pretrained.languageIdentifier();
  const taggers = {}, unavailable = {};
  for (const code of Object.keys(api.pretrained.languages).filter((c) => identifier.languages.includes(c))) {
    try {
      taggers[code] = await api.pretrained.upos(code);
    } catch (e) {
      unavailable[code] = e.message;
    }
  }
  if (!Object.keys(taggers).length) {
    identifier.dispose();
    throw new Error(`am.pretrained.upos('auto'): no tagger could be loaded (${Object.entries(unavailable).map(([c, m]) => `${c}: ${m}`).join('; ')})`);
  }
  return new AutoTagger(identifier, taggers, unavailable);
}
