// Types for bindings/js/api/sequence.js (installed on the object `init()` returns).
import type { FitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream } from '../index.js';
import type { SequenceTaggerTableOptions } from './options.js';
import type { AutoUposTagger } from './language-identifier.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A tagger's options with one trainer (types/options.d.ts), the text ones in the richer forms the API takes too. */
export type SequenceOptions = DistributiveOmit<SequenceTaggerTableOptions, 'features' | 'templates' | 'global' | 'globalWords'> & {
  /** Token features: 'pos' (default), 'crfsuite', or a template list such as 'lower[0] suffix3[0] lower[-1]|lower[0]'. */
  features?: 'pos' | 'crfsuite' | string;
  /** A template list (same as a non-preset `features`). */
  templates?: string;
  /**
   * A word lexicon: the text of 'word<TAB>classes[<TAB>classes]' lines (e.g. `await am.lexicons.english()`).
   * The model keeps it; templates read it as lex[i] and lex2[i], and the 'pos' preset adds those.
   */
  lexicon?: string;
  /**
   * Global features of the whole labelling, e.g. 'has before': has (label L occurs), count (how often),
   * before (an A occurs before a B), lexicon (the labels, concatenated, spell a word of `globalWords`).
   * Trained with the chain by the perceptron, or by sgd or pegasos on the hinge loss; tagging reranks the chain's
   * `candidates` best labellings. Marginals, n-best lists and probabilities stay those of the chain alone.
   */
  global?: string;
  /** The word list the `lexicon` global template reads: whitespace-separated words, or an array. */
  globalWords?: string | string[];
};

export interface SequenceFitOptions extends FitOptions {
  /**
   * true: continue from the current model; a tagger (e.g. one from `load`): start from that model.
   * Its labels, features and weights are kept; new labels and features are added.
   */
  warmStart?: boolean | Tagger<any, any>;
  /**
   * Training tags that are all the same give a tagger that always predicts that tag; fit() throws unless this
   * is true (default false).
   */
  allowSingleClass?: boolean;
}

export interface ParallelFitOptions extends SequenceFitOptions {
  /**
   * Train on this many threads (1 to 8). The online trainers (perceptron, sgd, pegasos; not with l1) train by
   * iterative parameter mixing (McDonald, Hall & Mann 2010): each worker (its own wasm instance) runs one epoch
   * on its shard of the data, then the weights are mixed by shard size; the same seed and count give the same
   * model everywhere, and 1 gives the serial model. Trainer 'lbfgs' (CRF, softmax-margin) trains by exact
   * parallel gradients: each worker computes the gradient of its part of the sequences and all sum them exactly,
   * so the model is the same bytes for any count (within rounding of the serial fit's, which sums in another
   * order). 'auto': the cores (at most 8) for online trainers on 50,000 sequences or more and for lbfgs on 2,000
   * or more, else this thread. onProgress hears once per round or iteration.
   */
  workers: number | 'auto';
  /** aborting it cancels training (the promise rejects with an AbortError) */
  signal?: AbortSignal;
}

export interface TagOptions {
  /** Obey BIO/BIOES rules derived from the label names (no O → I-X, no I-X at the start). */
  bio?: boolean;
  /** Per sequence (or, for a single sequence, per position): a tag to force, or null. */
  forced?: (string | null)[] | (string | null)[][];
}

export interface Marginals { labels: string[]; probabilities: number[][]; logZ: number }

/**
 * Emission scores of one sequence: e_t(y) = ⟨w, φ(x, t, y)⟩ at `data[t * cols + y]`, one row per position,
 * one column per label (column j is `labels[j]`, the tagger's label order).
 */
export interface Emissions { labels: string[]; data: Float32Array; rows: number; cols: number }

export interface DecodeOptions {
  /**
   * The true tags (for one sequence string[], for many string[][]): the result then carries the Hamming
   * loss of its path against them. A tag the model does not know differs from every label.
   */
  reference?: string[] | string[][];
  /**
   * Decode argmax_y' Δ(y', reference) + s(x, y') instead of argmax_y' s(x, y'): the loss-augmented Viterbi
   * path, the structured SVM's most violated labelling (margin rescaling). Needs a reference.
   */
  lossAugmented?: boolean;
  /** Δ = the Hamming loss divided by the sequence's length, as the ssvm trainers count it (default false: the number of mismatched positions). */
  normalizeLoss?: boolean;
}

export interface DecodedPath {
  tags: string[];
  /** the same labelling as indices into `labels` (rows of the emissions' columns) */
  path: Int32Array;
  /** s(x, path) = Σ emissions + Σ transitions (start and end included); never includes the loss */
  score: number;
  /** Δ(path, reference), the Hamming loss; present when a reference was given */
  loss?: number;
}
export interface Labelling { tags: string[]; score: number; probability: number }

declare abstract class Tagger<Sequence, Many> implements Disposable {
  constructor(options?: SequenceOptions);
  /** the options with this trainer (default perceptron) */
  static options(trainer?: string): OptionSpec[];
  /** With workers: trains on several threads and resolves to this tagger. */
  fit(x: Many, tags: string[][], options: ParallelFitOptions): Promise<this>;
  fit(x: Many, tags: string[][], options?: SequenceFitOptions): this;
  /** No sequences (or sequences of no positions) give an empty answer. Numeric positions must be finite numbers;
   *  a corpus's `starts` are integers from 0 to its rows, never decreasing (an Error naming the position otherwise). */
  tag(x: Sequence, options?: TagOptions): string[];
  tag(x: Many, options?: TagOptions): string[][];
  /**
   * Emission scores ⟨w, φ(x, t, y)⟩ per position and label. With `transitions` (T, k labels), a labelling's
   * score is s(x, y) = T[k][y_1] + Σ_t e_t(y_t) + Σ_{t≥2} T[y_{t−1}][y_t] + T[k+1][y_n].
   */
  emissions(x: Sequence): Emissions;
  emissions(x: Many): Emissions[];
  /**
   * The chain's best labelling by Viterbi, with its score; against a `reference`, with its Hamming loss too,
   * and with `lossAugmented`, the labelling that maximises loss + score. Global features (option `global`)
   * play no part: `tag()` reranks with them, so the two can differ for such a model.
   */
  decode(x: Sequence, options?: DecodeOptions): DecodedPath;
  decode(x: Many, options?: DecodeOptions): DecodedPath[];
  marginals(x: Sequence): Marginals;
  marginals(x: Many): Marginals[];
  /** the `count` (default 5) best labellings, sorted by score, best first. count is an integer in [1, 2^31 − 1]
   *  (an Error otherwise); an Error when positions × labels × count table entries would pass the 1 GiB buffer limit. */
  nbest(x: Sequence, count?: number): Labelling[];
  /** log p(tags | x); a tag the model does not know is an Error naming it (`tags[1] is the tag "Q", which the
   *  model does not know (known: …)`). */
  logProbability(x: Sequence, tags: string[]): number;
  logProbability(x: Many, tags: string[][]): number[];
  readonly labels: string[];
  readonly options: Record<string, string | number | boolean>;
  readonly templates: string;
  /** Words in the model's word lexicon (0 without one). */
  readonly lexiconWords: number;
  /**
   * Transition scores, (k + 2) × k: T[prev][cur] for the k labels, then a start row T[k] and an end row
   * T[k + 1]; columns: label, in the order of `labels`. Scores a labelling together with `emissions`.
   */
  readonly transitions: number[][];
  /** how the last fit ended (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  readonly ready: boolean;
  save(): Uint8Array;
  dispose(): void;
}

/** Token sequences: string[] is one sentence, string[][] many. */
export declare class SequenceTagger extends Tagger<string[], string[][]> {
  /** The tokenizer tagText uses when none is given (am.pretrained sets its own, which the tagger's dispose() frees); null: the shipped English one, once `await am.pretrained.englishTokenizer()` has loaded it. */
  tokenizer: Tokenizer | null;
  /**
   * Raw text → sentences of words with their tags and UTF-16 offsets into `text`. The words of a multiword
   * token ("can’t" → "ca", "n’t") have their own offsets where they are pieces of the text, else the token's,
   * and carry the token as `multiword`. The tagger reads each word NFC-normalised, curly quotes as straight ones.
   */
  tagText(text: string, options?: { tokenizer?: Tokenizer }): TaggedWord[][];
}

/** A token of raw text: text.slice(start, end) === token.text (offsets in UTF-16 code units). */
export interface Token {
  text: string; start: number; end: number;
  /** A multiword token's words (a dictionary word, such as French "du" → "de", "le", has the token's offsets). */
  words?: { text: string; start: number; end: number }[];
}
export interface TaggedWord { token: string; tag: string; start: number; end: number; multiword?: Token }

/**
 * A tokenizer's options: a SequenceTagger's (trainer, loss, c1, hashBits, weightBits …) without the lexicons, with a
 * tokenizer's defaults: a CRF by OWL-QN (trainer 'lbfgs', c1 0.3), hashBits 17, weightBits 8.
 */
export type TokenizerOptions = Omit<SequenceOptions, 'lexicon' | 'global' | 'globalWords'>;

/**
 * A tokenizer and sentence splitter learned from a UD treebank: each grapheme cluster (UAX #29, NFC) is labelled
 * by a linear chain over cluster n-grams and their shapes. Paragraphs end at blank lines (or, in a text without
 * any, at line breaks); sentences never cross them. Zero-width and control characters are never tokens; a NUL
 * is a RangeError; a lone surrogate reads as U+FFFD and keeps its offset.
 */
export declare class Tokenizer implements Disposable {
  constructor(options?: TokenizerOptions);
  /** the options with this trainer (default lbfgs): a SequenceTagger's, with a tokenizer's defaults */
  static options(trainer?: string): OptionSpec[];
  /** The default feature templates (over cluster symbols). */
  static readonly templates: string;
  /** Learns from CoNLL-U text: its `# text` lines, tokens, multiword tokens and `# newpar` marks. */
  fit(treebank: string | Uint8Array, options?: FitOptions): this;
  /**
   * With workers (1 to 8, or 'auto': the cores for 2,000 sentences or more): trainer lbfgs trains on that many
   * threads by exact parallel gradients, the same model for any count; resolves to this tokenizer.
   */
  fit(treebank: string | Uint8Array, options: FitOptions & { workers: number | 'auto'; signal?: AbortSignal }): Promise<this>;
  /** Raw text → sentences of tokens. */
  tokenize(text: string): Token[][];
  readonly training: TrainingReport | undefined;
  /** Treebank paragraphs the last fit learned from, and those it skipped because their tokens do not spell their text. */
  readonly paragraphs: number;
  readonly skipped: number;
  /** Multiword tokens whose words do not spell them, kept as a dictionary (surface → words). */
  readonly multiwordEntries: number;
  save(): Uint8Array;
  dispose(): void;
}

export interface DenseSequence { data: Float32Array | number[]; rows: number; cols: number }
export interface NumericCorpus {
  offsets: Int32Array; indices: Int32Array; values: Float32Array; cols: number; starts: Int32Array | number[];
}

/** Numeric positions: one sequence is number[][] (positions × features) or DenseSequence; many are an array of those or a NumericCorpus. */
export declare class DenseSequenceTagger extends Tagger<number[][] | DenseSequence, (number[][] | DenseSequence)[] | NumericCorpus> {
  readonly columns: number;
}

export interface TaggedText { sentences: string[][]; tags: string[][] }
export interface SvmhmmData extends NumericCorpus { starts: Int32Array; tags: string[][]; /** positions of all sequences */ rows: number; lengths: Int32Array }

export interface TagScores { name: string; precision: number; recall: number; f1: number; support: number; predicted: number; correct: number }
export interface SequenceReport {
  tokenAccuracy: number; sequenceAccuracy: number; tokens: number; sequences: number;
  tags: string[]; perTag: TagScores[]; confusion: Float64Array;
  chunks?: { precision: number; recall: number; f1: number; gold: number; predicted: number; correct: number; perType: TagScores[] };
}

/** The languages with a UPOS tagger: 'en' ships with argmax, each other one is the package argmax-upos-<code>. */
export type UposLanguage = 'en' | 'fr' | 'pt' | 'cy' | 'it' | 'ko' | 'ru' | 'th' | 'vi';
/** A model file: its bytes, or its URL (a string is read against the page's address). */
export type ModelFile = Uint8Array | ArrayBuffer | URL | string;
/** A UPOS tagger's two files, as a language package's default export names them. */
export interface UposFiles { readonly language?: string; readonly tagger: ModelFile; readonly tokenizer: ModelFile }

export interface SequenceApi {
  SequenceTagger: typeof SequenceTagger;
  DenseSequenceTagger: typeof DenseSequenceTagger;
  Tokenizer: typeof Tokenizer;
  features: { pos(options?: { lexicon?: boolean }): string; crfsuite(): string };
  /** Word lexicons shipped with the package, as text for the `lexicon` option. */
  lexicons: { english(): Promise<string> };
  /**
   * Pretrained taggers. englishUpos(): Universal POS tags, trained on UD English EWT (CC BY-SA 4.0, see
   * pretrained/NOTICE), shipped with the package; `url` loads the same file from elsewhere (e.g. a CDN).
   * upos(): the UPOS tagger of a language. Each call loads a new tagger carrying its own tokenizer as
   * `tokenizer` (so `tagger.tagText(text)` tags raw text); `tagger.dispose()` frees both.
   */
  pretrained: {
    /** The tagger, carrying its tokenizer as `tokenizer` (from `tokenizerUrl`, default beside the tagger). */
    englishUpos(options?: { url?: string | URL; tokenizerUrl?: string | URL }): Promise<SequenceTagger>;
    /**
     * The UPOS tagger of a language: 'en' is englishUpos(); another code imports its installed package
     * argmax-upos-<code> (in Node; a bundled page passes the package instead: `import pt from 'argmax-upos-pt';
     * am.pretrained.upos(pt)`); or `{ tagger, tokenizer }` given as bytes or URLs. A package that is not
     * installed is an Error naming it.
     */
    upos(source: UposLanguage | UposFiles): Promise<SequenceTagger>;
    /** 'auto': each paragraph tagged by the tagger of its language, which the language identifier picks (the entry 'argmax' only: the others lack the identifier or the taggers). */
    upos(source: 'auto'): Promise<AutoUposTagger>;
    /** The languages upos() knows, code → English name ('en' ships with argmax, the others are packages). */
    readonly languages: Readonly<Record<UposLanguage, string>>;
    /** The tokenizer learned from UD English EWT train (the one am.io.tokenize uses), loaded once, on first use. */
    englishTokenizer(options?: { url?: string | URL }): Promise<Tokenizer>;
  };
  io: {
    /** Raw text → sentences of tokens with UTF-16 offsets, by `tokenizer` or the shipped English tokenizer (the first call loads it). */
    tokenize(text: string, options?: { tokenizer?: Tokenizer }): Promise<Token[][]>;
    readConllu(text: TextSource, options?: { column?: 'upos' | 'xpos' }): TaggedText;
    readConllu(text: TextStream, options?: { column?: 'upos' | 'xpos' }): Promise<TaggedText>;
    readColumns(text: TextSource): TaggedText;
    readColumns(text: TextStream): Promise<TaggedText>;
    readSvmhmm(text: TextSource): SvmhmmData;
    readSvmhmm(text: TextStream): Promise<SvmhmmData>;
  };
  metrics: { sequences(gold: string[][], predicted: string[][], options?: { chunks?: boolean }): SequenceReport };
}
