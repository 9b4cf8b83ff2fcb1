// The language identifier shipped with the package: a TextClassifier (api/text.js) over character n-grams,
// trained on the sentences of Universal Dependencies treebanks in 74 languages (pretrained/languages.bin, made by
// pretrained/make-languages.mjs; sources and licences in pretrained/NOTICE). Its answers are ISO 639-1 codes
// where a language has one, else ISO 639-3, and 'und' (undetermined) for a text without a letter.
// am.pretrained.upos('auto') uses it to tag each paragraph with the tagger of its language.
import { modelFile } from './pretrained.js';
import { autoUpos } from './auto-upos.js';
import { describe, integerArg, optionsObject, stringArg, texts as textsArg } from './inputs.js';

const SHIPPED = new URL('../pretrained/languages.bin', import.meta.url);
export const UNDETERMINED = 'und';
// A text says nothing of its language without a letter (digits, punctuation, symbols and spaces are shared).
const hasLetter = (text) => /\p{L}/u.test(text);

// A text the classifier will not see (it has no letter) still passes the one check of texts (no lone surrogate).
const checkUnseen = (text, name) => textsArg([text], name, { single: true });

// Names are often of another language ("Durán acts as spokesman"): a text's probabilities are those of the whole
// text and of the text without its capitalised words after the first, mixed geometrically at this share of the
// latter (chosen on the held-out UD sentences, docs/langid.md: 645 errors against 660, PUD 114 against 126).
const NAMES_LEFT_OUT_SHARE = 0.3;
// A text whose most probable language is at least this probable is not read again: chosen on the held-out UD
// sentences (the same errors as reading every text again), it spares 88% of them, and 86% of PUD's, a second call.
const SURE = 0.99;
// The text without its capitalised words after the first, or null when that leaves it no letter or nothing out.
function withoutNames(text) {
  let first = true;
  const rest = text.replace(/[\p{L}\p{M}\p{N}'’-]+/gu, (word) => {
    if (first) return (first = false), word;
    return /^\p{Lu}/u.test(word) ? ' ' : word;
  });
  return rest !== text && hasLetter(rest) ? rest : null;
}

export function install(M, api) {
  class LanguageIdentifier {
    #classifier;
    #languages;

    constructor(classifier) {
      this.#classifier = classifier;
      this.#languages = Object.freeze([...classifier.classes]);
    }

    // The codes it can answer, besides 'und'.
    get languages() { return this.#languages; }

    // The most probable language of a text: { language, probability }; { language: 'und', probability: 1 } for
    // a text without a letter. among: answer only one of these codes (the most probable of them, with its own
    // probability), e.g. the languages a page has taggers for.
    identify(text, options) {
      const { among } = optionsObject(options, 'identify options', 'among');
      const allowed = among === undefined ? null : this.#codes(among);
      if (!hasLetter(stringArg(text, 'text'))) return checkUnseen(text, 'text'), { language: UNDETERMINED, probability: 1 };
      const p = this.#probabilities([text]);
      let best = -1;
      for (let c = 0; c < p.length; ++c) {
        if ((allowed === null || allowed.has(this.#languages[c])) && (best < 0 || p[c] > p[best])) best = c;
      }
      return { language: this.#languages[best], probability: p[best] };
    }

    // The k most probable languages of a text, most probable first: [{ language, probability }].
    top(text, k = 3) {
      integerArg(k, 'k', { min: 1 });
      return this.#ranked(stringArg(text, 'text')).slice(0, k);
    }

    // identify() of many texts in one call: [{ language, probability }], one per text.
    identifyAll(texts) {
      if (!Array.isArray(texts)) throw new TypeError(`texts must be an array of strings, not ${describe(texts)}`);
      texts.forEach((t, i) => stringArg(t, `texts[${i}]`));
      const withLetters = texts.filter(hasLetter);
      const p = this.#probabilities(withLetters), k = this.#languages.length;
      let row = 0;
      return texts.map((t, i) => {
        if (!hasLetter(t)) return checkUnseen(t, `texts[${i}]`), { language: UNDETERMINED, probability: 1 };
        let best = 0;
        for (let c = 1; c < k; ++c) if (p[row * k + c] > p[row * k + best]) best = c;
        return { language: this.#languages[best], probability: p[row++ * k + best] };
      });
    }

    dispose() { this.#classifier.dispose(); }
    [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }

    // Every language with its probability, most probable first (ties: in the model's order).
    #ranked(text) {
      if (!hasLetter(text)) return checkUnseen(text, 'text'), [{ language: UNDETERMINED, probability: 1 }];
      const p = this.#probabilities([text]);
      return Array.from(p, (probability, c) => ({ language: this.#languages[c], probability }))
        .sort((a, b) => b.probability - a.probability);
    }

    // The probabilities of each text's languages, one row a text: the whole text's, mixed with those of the text
    // without its names (withoutNames) where it has any and its most probable language is below SURE.
    #probabilities(texts) {
      const p = this.#classifier.probabilities(texts), k = this.#languages.length, unsure = [], rests = [];
      texts.forEach((text, i) => {
        const rest = Math.max(...p.subarray(i * k, i * k + k)) < SURE ? withoutNames(text) : null;
        if (rest !== null) unsure.push(i), rests.push(rest);
      });
      if (!rests.length) return p;
      const q = this.#classifier.probabilities(rests);
      unsure.forEach((i, j) => {
        const row = p.subarray(i * k, i * k + k), mixed = new Float64Array(k);
        let sum = 0;
        for (let c = 0; c < k; ++c) sum += mixed[c] = row[c] ** (1 - NAMES_LEFT_OUT_SHARE) * q[j * k + c] ** NAMES_LEFT_OUT_SHARE;
        if (sum > 0) for (let c = 0; c < k; ++c) row[c] = mixed[c] / sum;
      });
      return p;
    }

    #codes(among) {
      if (!Array.isArray(among) || among.length === 0) throw new TypeError(`among must be a non-empty array of language codes, not ${describe(among)}`);
      for (const code of among) {
        if (!this.#languages.includes(code)) {
          throw new RangeError(`among: ${describe(code)} is not a language of the identifier (its languages: ${this.#languages.join(', ')})`);
        }
      }
      return new Set(among);
    }
  }

  api.LanguageIdentifier = LanguageIdentifier;
  // upos('auto') where the entry has the taggers too ('argmax'): each paragraph tagged by the tagger of its
  // language (auto-upos.js); the tagger entries, without the identifier, leave this out.
  const upos = api.pretrained?.upos;
  if (upos) api.pretrained.upos = (source) => (source === 'auto' ? autoUpos(api) : upos(source));
  api.pretrained = Object.assign(api.pretrained ?? {}, {
    // The shipped identifier, or another languages.bin given as { model }: its bytes or its URL.
    async languageIdentifier(options) {
      const { model = SHIPPED } = optionsObject(options, 'languageIdentifier options', 'model');
      const { bytes, where } = await modelFile(model, 'the language identifier');
      let classifier;
      try {
        classifier = api.load(bytes);
      } catch (e) {
        throw new Error(`the language identifier${where} could not be loaded: ${e.message}`);
      }
      if (!(classifier instanceof api.TextClassifier) || classifier.multilabel) {
        classifier.dispose?.();
        throw new Error(`the language identifier${where} is not a text classifier of one label per text`);
      }
      return new LanguageIdentifier(classifier);
    },
  });
}
