// Types of the shipped language identifier (api/language-identifier.js) and of am.pretrained.upos('auto')
// (api/auto-upos.js).
import type { ModelFile, TaggedWord } from './sequence.js';

/** A language and how probable it is: an ISO 639-1 code where the language has one, else ISO 639-3; 'und' for a text without a letter. */
export interface LanguageGuess { language: string; probability: number }

/**
 * The language identifier shipped with argmax (am.pretrained.languageIdentifier()): a text classifier over
 * character n-grams, learned from Universal Dependencies treebanks of 74 languages (pretrained/NOTICE-languages).
 * A text that is not a string, or has a lone surrogate, is an Error; a text without a letter is 'und' with
 * probability 1. A text with capitalised words after its first (names, often of another language) is read also
 * without them, and the two readings' probabilities mixed.
 */
export declare class LanguageIdentifier {
  /** The codes it answers, besides 'und'. */
  readonly languages: readonly string[];
  /** The most probable language; `among`: only these codes (each must be one of `languages`). */
  identify(text: string, options?: { among?: readonly string[] }): LanguageGuess;
  /** The k most probable languages (default 3), most probable first. */
  top(text: string, k?: number): LanguageGuess[];
  /** identify() of many texts, in one call. */
  identifyAll(texts: readonly string[]): LanguageGuess[];
  dispose(): void;
}

/** A word of am.pretrained.upos('auto'): tagged by the tagger of its paragraph's language. */
export interface AutoTaggedWord extends TaggedWord { language: string }

/** am.pretrained.upos('auto'): each paragraph of a text tagged by the UPOS tagger of its language. */
export interface AutoUposTagger {
  /** The languages it has a tagger for: 'en' and each installed argmax-upos-<code> the identifier knows. */
  readonly languages: string[];
  /** The languages whose tagger did not load, with the reason (a package not installed). */
  readonly unavailable: Readonly<Record<string, string>>;
  /** The paragraphs (blank lines separate them, else line breaks) with their language among `languages`; UTF-16 offsets. */
  paragraphs(text: string): Array<{ start: number; end: number } & LanguageGuess>;
  /** Raw text → sentences of words, as SequenceTagger.tagText gives them, each with its paragraph's language. */
  tagText(text: string): AutoTaggedWord[][];
  dispose(): void;
}

export interface LanguageIdentifierApi {
  LanguageIdentifier: typeof LanguageIdentifier;
  pretrained: {
    /** The shipped identifier, or another one given as `model` (its bytes or its URL). Each call loads a new one. */
    languageIdentifier(options?: { model?: ModelFile }): Promise<LanguageIdentifier>;
  };
}
