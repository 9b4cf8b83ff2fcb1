// Types of the search part of the argmax JS API (am.SearchIndex).
import type { OptionSpec, Disposable } from '../index.js';
import type { SearchIndexTableOptions, SearchTableOptions } from './options.js';

/** A document: its id, a string for each text field and a finite number for each numeric field; with
 * language 'auto', optionally its language (an ISO 639 code such as 'fr'; else the index's identifier finds it). */
export interface SearchDocument {
  id: string;
  language?: string;
  [field: string]: string | number | undefined;
}

/** What identifies a text's language: am.pretrained.languageIdentifier() (of 'argmax' or 'argmax/text'). */
export interface SearchLanguageIdentifier {
  identify(text: string, options?: { among?: string[] }): { language: string };
  readonly languages?: readonly string[];
  identifyAll?(texts: string[]): { language: string }[];
}

export interface SearchIndexOptions extends SearchIndexTableOptions {
  /** the text fields, in order (at least one) */
  fields: string[];
  /** the numeric fields (features of every document; default none) */
  numericFields?: string[];
  /** language 'auto': identifies each document (without a language of its own) and each query */
  identifier?: SearchLanguageIdentifier;
  /** splits runs of Thai, Lao, Khmer and Myanmar letters into words: a learned tokenizer (argmax/tagger's
   *  am.Tokenizer, e.g. argmax-upos-th's tokenizer.bin) or a function; not saved with the index */
  segmenter?: Segmenter | null;
}

/** An am.Tokenizer (its tokens' text are the words) or a function from a run of letters to its words. */
export type Segmenter = { tokenize(text: string): { text: string }[][] } | ((run: string) => string[]);

export interface SearchHit {
  id: string;
  score: number;
}

/** The options of one search: k, language and the table's (SearchIndex.searchOptions(): phrases). */
export interface SearchOptions extends SearchTableOptions {
  /** how many results (default 10) */
  k?: number;
  /** the query's language code, for language 'auto' (default: queryLanguage's answer) */
  language?: string;
}

/** Results, best first. phrasesAsTerms is true when no document held every "quoted phrase" and the query was
 *  answered with their words as plain terms (phrases 'fallback', the default); absent otherwise. */
export interface SearchHits extends Array<SearchHit> {
  phrasesAsTerms?: true;
}

/** A row of the feature table: per-field features are named `${field}.${name}`. */
export interface SearchFeatureSpec {
  name: string;
  perField: boolean;
  formula: string;
  help: string;
}

export interface SearchFeatures {
  /** the column names (SearchIndex.featureNames) */
  names: string[];
  ids: string[];
  /** one row per id: a dense matrix, as a Ranker's features */
  rows: { data: Float32Array; rows: number; cols: number };
}

export interface SearchIndex extends Disposable {
  readonly fields: string[];
  readonly numericFields: string[];
  readonly options: SearchIndexTableOptions;
  readonly size: number;
  readonly featureNames: string[];
  /** language 'auto': the identifier (set it again on a loaded index) */
  identifier: SearchLanguageIdentifier | undefined;
  /** the codes of the documents' languages (language 'auto'), in byte order */
  readonly languages: string[];
  /** the ISO 639 code a document was analysed in (language 'auto'), else undefined */
  documentLanguage(id: string): string | undefined;
  /** the code a query is analysed in: `language`, else the identifier's answer among the documents' languages; '' for the index's default */
  queryLanguage(query: string, language?: string): string;
  /** the segmenter (null for none; a loaded index has none until it is given one) */
  segmenter: Segmenter | null;
  /** the text as the index reads it: with a segmenter, each run of an unspaced script as its words */
  segment(text: string): string;
  /** adds documents; an id already there is an error (nothing is added) */
  add(docs: SearchDocument | SearchDocument[]): this;
  /** replaces documents (each moves to the end of document order); an unknown id is an error */
  update(docs: SearchDocument | SearchDocument[]): this;
  /** whether the id was there */
  remove(id: string): boolean;
  has(id: string): boolean;
  /** the k (default 10) best documents, best first, ties in document order; "quoted phrases" must match, unless
   *  no document holds them all and phrases is 'fallback' (the default): then their words are plain terms */
  search(query: string, options?: SearchOptions): SearchHits;
  features(query: string, ids: string[], options?: { language?: string }): SearchFeatures;
  save(): Uint8Array;
}

export interface SearchIndexConstructor {
  new (options: SearchIndexOptions): SearchIndex;
  options(): OptionSpec[];
  /** the options of one search (besides k and language): phrases */
  searchOptions(): OptionSpec[];
  readonly features: SearchFeatureSpec[];
}

export interface SearchApi {
  SearchIndex: SearchIndexConstructor;
}
