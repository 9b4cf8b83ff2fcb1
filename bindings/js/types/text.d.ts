// Types of the text part of the argmax JS API (am.TextClassifier).
import type { FitOptions, ClassifierFitOptions, OptionSpec, Disposable, TrainingReport } from '../index.js';
import type { MulticlassTableOptions, BinaryRelevanceTableOptions, LinearBinaryLearnerTableOptions, BinaryLearnerTableOptions } from './options.js';

/** The text vectorizer's options (TextClassifier.options() lists them with their help). */
export interface TextVectorizerOptions {
  /** the sizes n of the word n-grams, ascending ([] = none; default [1, 2]) */
  wordNgrams?: number[];
  /** the sizes n of the character n-grams, ascending ([] = none; default [1, 2, 3, 4, 5], label sets [2, 3, 4, 5]) */
  charNgrams?: number[];
  /** character n-grams across the words joined by spaces (default), or within each word padded by spaces (label sets' default) */
  charSpan?: 'text' | 'word';
  /** with word n-grams, the first 1, 2, …, n words again, marked as the start: '^ what', '^ what is' (default 2, label sets 0) */
  startWords?: number;
  /** with word n-grams, the first word paired with each of the next n words: '^ what … city' (default 6, label sets 0) */
  startPairs?: number;
  /** 2^hashBits buckets of a signed hash of the n-grams (default 20); 0 = a vocabulary (label sets' default) */
  hashBits?: number;
  /** vocabulary: keep the n-grams of at least this many training texts (default 1) */
  minCount?: number;
  /** term frequency: count (raw, the default), 1 + ln count (log), or 1 (binary) */
  tf?: 'raw' | 'log' | 'binary';
  /** weigh each column by ln((1 + m) / (1 + df)) + 1 (default true) */
  idf?: boolean;
  /** scale the word and the character n-grams of a row each to unit L2 norm (default), the whole row, or none */
  normalize?: 'each' | 'whole' | 'none';
}

/** One label per text: the vectorizer's options and Multiclass's; label sets: binary relevance's and its learner's. */
export type TextClassifierOptions = TextVectorizerOptions & (MulticlassTableOptions
  | (BinaryRelevanceTableOptions & (LinearBinaryLearnerTableOptions | BinaryLearnerTableOptions)));

export interface Ngram {
  /** a word n-gram (words joined by one space) or a character n-gram (padded words carry their spaces) */
  kind: 'word' | 'chars';
  /** folded as the vectorizer read it */
  text: string;
}

export interface Contribution {
  /** the text's n-grams in this column (more than one only when hashed together) */
  ngrams: Ngram[];
  /** the feature's value x_j */
  value: number;
  /** its share of the class's score: the score of the feature alone minus that of no feature (x_j·w_j for a linear model) */
  weight: number;
}

export interface TextClassifier extends Disposable {
  /**
   * texts: strings (well formed: a lone surrogate is an error; NUL separates words like any non-letter).
   * labels: one non-empty string per text, or one array of them per text (label sets: a multi-label model;
   * a text may have an empty set, but not every text). `allowSingleClass` for labels only (label sets that all
   * hold one label train).
   */
  fit(texts: string[], labels: string[] | string[][], options?: FitOptions & ClassifierFitOptions): this;
  /** one label per text, or a label set per text (multi-label); a text without any training n-gram gets the prior */
  predict(texts: string[]): string[] | string[][];
  /** texts × classes, row-major, columns in `classes` order */
  scores(texts: string[]): Float32Array;
  /** texts × classes: a distribution per text (one label), or each label's probability (label sets) */
  probabilities(texts: string[]): Float32Array;
  /** the k (default 3) most probable classes of one text, most probable first */
  top(text: string, k?: number): { label: string; probability: number }[];
  /** the n-grams that pushed a class's score most (the predicted class by default), the largest |weight| first */
  explain(text: string, options?: { label?: string; k?: number }): { label: string; contributions: Contribution[] };
  /**
   * the model's own k (default 10) heaviest weights for the label, heaviest first; with hashing each has the
   * n-gram kept for it (heaviestNgrams per class, the most frequent in training), none past those
   */
  explain(options: { label: string; k?: number }): { label: string; contributions: Omit<Contribution, 'value'>[] };
  readonly classes: string[];
  readonly multilabel: boolean;
  /** the vectorizer's columns: the n-grams (or hash buckets) seen in training */
  readonly features: number;
  readonly options: Record<string, unknown>;
  readonly training: TrainingReport | undefined;
  save(): Uint8Array;
}

export interface TextClassifierConstructor {
  new (options?: TextClassifierOptions): TextClassifier;
  /** the option table for one label per text, or for label sets ({ multilabel: true, learner }) */
  options(choice?: { multilabel?: boolean; trainer?: string; learner?: string; loss?: string }): OptionSpec[];
}

/** CSR rows, one per text (a Matrix every model takes). */
export interface TextRows {
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  rows: number;
  cols: number;
}

export interface TextVectorizer extends Disposable {
  /** fits the document frequencies (and the vocabulary) on the texts */
  fit(texts: string[]): this;
  transform(texts: string[]): TextRows;
  /** the n-gram of each column (empty with hashing, where a column is a hash bucket) */
  readonly vocabulary: Ngram[];
  readonly features: number;
  readonly options: Record<string, unknown>;
  save(): Uint8Array;
}

export interface TextVectorizerConstructor {
  new (options?: TextVectorizerOptions): TextVectorizer;
  options(): OptionSpec[];
}

export interface TextApi {
  TextClassifier: TextClassifierConstructor;
  TextVectorizer: TextVectorizerConstructor;
}
