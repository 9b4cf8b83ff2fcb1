// Types for bindings/js/sequence.js (installed on the object `init()` returns).
import type { FitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream } from './index.js';

export type SequenceAlgorithm = 'perceptron' | 'ssvm' | 'ssvm-slack' | 'crf' | 'softmax-margin';

export interface SequenceOptions {
  /** Trainer (default 'perceptron', the averaged structured perceptron). */
  algo?: SequenceAlgorithm;
  /** Optimiser for 'crf' and 'softmax-margin' (default 'lbfgs'). */
  solver?: 'lbfgs' | 'sgd';
  /** ssvm, ssvm-slack: 'sgd' (default), or the exact solvers 'cutting-plane' (1-slack) and 'bcfw'. */
  trainer?: 'sgd' | 'cutting-plane' | 'bcfw';
  /** cutting-plane, bcfw: ½‖w‖² + C Σ_i loss_i (default 1). */
  C?: number;
  /** cutting-plane, bcfw: stop when the certified gap is ≤ eps·C·m (default 0.01). */
  eps?: number;
  /** cutting-plane: rounds; bcfw: passes (default 1000). */
  max_iter?: number;
  /** Passes over the data for the online trainers (default 10). */
  epochs?: number;
  /** Maximum L-BFGS iterations (default 100). */
  iterations?: number;
  /** ssvm: L2 weight λ for Pegasos; 0 (default) = SGD with the constant step `eta`, averaged. */
  lambda?: number;
  /** crf, softmax-margin: L2 weight c2 in Σ −log p(y|x) + c2·|w|² (CRFsuite's c2; default 1). */
  c2?: number;
  /** Constant SGD step (crf/softmax-margin with solver 'sgd', ssvm with lambda 0). */
  eta?: number;
  /** Softmax-margin: cost of one wrong position (default 1). */
  cost?: number;
  /** Output the average of the online iterates (default true). */
  average?: boolean;
  seed?: number;
  /** Token features: 'pos' (default), 'crfsuite', or a template list such as 'lower[0] suffix3[0] lower[-1]|lower[0]'. */
  features?: 'pos' | 'crfsuite' | string;
  /** A template list (same as a non-preset `features`). */
  templates?: string;
  /**
   * A word lexicon: the text of 'word<TAB>classes[<TAB>classes]' lines (e.g. `await am.lexicons.english()`).
   * The model keeps it; templates read it as lex[i] and lex2[i], and the 'pos' preset adds those.
   */
  lexicon?: string;
  /** Hash token features into 2^b rows; 0 (default) keeps an exact dictionary. */
  hash_bits?: number;
  /** Exact dictionary: keep features seen at least this often (default 1). */
  min_count?: number;
  /** The `tags` template attribute: words seen fewer times get the class of unseen words (default 2). */
  lexicon_min_count?: number;
  /** Numeric input: add an always-on feature (default true). */
  bias?: boolean;
  /**
   * Numeric input: the chain reads D random Fourier features z(x) of each position's columns instead of x,
   * approximating the Gaussian kernel exp(−γ‖x−x'‖²) (default 0 = off). The map is regenerated from its seed on load.
   */
  rff?: number;
  /** γ of the kernel `rff` approximates; 0 (default): 1/(d·Var x) over the training positions' rows. */
  gamma?: number;
  /** Seed of the random features (default 1). */
  rff_seed?: number;
  /** L1 weight c of the cumulative L1 penalty (online trainers; default 0): exact zeros, dropped from the model. */
  l1?: number;
  /** How the model stores its weights: 32 (float, default), 16 or 8 (quantised, one scale per block of 256). */
  weight_bits?: 8 | 16 | 32;
  /**
   * Global features of the whole labelling, e.g. 'has before': has (label L occurs), count (how often),
   * before (an A occurs before a B), lexicon (the labels, concatenated, spell a word of `global_words`).
   * Trained with the chain by the perceptron or ssvm (SGD); tagging reranks the chain's `candidates` best
   * labellings. Marginals, n-best lists and probabilities stay those of the chain alone.
   */
  global?: string;
  /** The word list the `lexicon` global template reads: whitespace-separated words, or an array. */
  global_words?: string | string[];
  /** With global features: how many of the chain's best labellings are reranked (default 10). */
  candidates?: number;
}

export interface SequenceFitOptions extends FitOptions {
  /**
   * true: continue from the current model; a tagger (e.g. one from `load`): start from that model.
   * Its labels, features and weights are kept; new labels and features are added.
   */
  warmStart?: boolean | Tagger<any, any>;
}

export interface ParallelFitOptions extends SequenceFitOptions {
  /**
   * Train on this many threads (1 to 8) by iterative parameter mixing (McDonald, Hall & Mann 2010): each
   * worker (its own wasm instance) runs one epoch on its shard of the data, then the weights are mixed by shard
   * size. Online trainers only (perceptron, ssvm/ssvm-slack with trainer 'sgd', crf/softmax-margin with solver
   * 'sgd'; not with l1). The same seed and count give the same model everywhere; 1 gives the serial model.
   * 'auto': the cores (at most 8) for online trainers on 50,000 sequences or more, else this thread.
   * onProgress hears once per round (the shards' objective and error weighted by shard size).
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
export interface Labelling { tags: string[]; score: number; probability: number }

declare abstract class Tagger<Sequence, Many> implements Disposable {
  constructor(options?: SequenceOptions);
  static options(): OptionSpec[];
  /** With workers: trains on several threads and resolves to this tagger. */
  fit(x: Many, tags: string[][], options: ParallelFitOptions): Promise<this>;
  fit(x: Many, tags: string[][], options?: SequenceFitOptions): this;
  tag(x: Sequence, options?: TagOptions): string[];
  tag(x: Many, options?: TagOptions): string[][];
  marginals(x: Sequence): Marginals;
  marginals(x: Many): Marginals[];
  /** the `count` (default 5) best labellings, sorted by score, best first. count is an integer ≥ 1 (RangeError
   *  otherwise); an Error when positions × labels × count table entries would pass the 1 GiB buffer limit. */
  nbest(x: Sequence, count?: number): Labelling[];
  logProbability(x: Sequence, tags: string[]): number;
  logProbability(x: Many, tags: string[][]): number[];
  readonly labels: string[];
  readonly options: Record<string, string | number | boolean>;
  readonly templates: string;
  /** Words in the model's word lexicon (0 without one). */
  readonly lexiconWords: number;
  /** Rows: previous label, then a start row and an end row; columns: label. */
  readonly transitions: number[][];
  /** how the last fit ended (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  readonly ready: boolean;
  save(): Uint8Array;
  dispose(): void;
}

/** Token sequences: string[] is one sentence, string[][] many. */
export declare class SequenceTagger extends Tagger<string[], string[][]> {}

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

export interface SequenceApi {
  SequenceTagger: typeof SequenceTagger;
  DenseSequenceTagger: typeof DenseSequenceTagger;
  features: { pos(options?: { lexicon?: boolean }): string; crfsuite(): string };
  /** Word lexicons shipped with the package, as text for the `lexicon` option. */
  lexicons: { english(): Promise<string> };
  /**
   * Taggers shipped with the package. englishUpos(): Universal POS tags, trained on UD English EWT
   * (CC BY-SA 4.0, see pretrained/NOTICE); `url` loads the same file from elsewhere (e.g. a CDN).
   */
  pretrained: { englishUpos(options?: { url?: string | URL }): Promise<SequenceTagger> };
  io: {
    /** Plain text → tokens: words (with "n't" and "'s" split off as EWT does), numbers, punctuation. */
    tokenize(text: string): string[];
    readConllu(text: TextSource, options?: { column?: 'upos' | 'xpos' }): TaggedText;
    readConllu(text: TextStream, options?: { column?: 'upos' | 'xpos' }): Promise<TaggedText>;
    readColumns(text: TextSource): TaggedText;
    readColumns(text: TextStream): Promise<TaggedText>;
    readSvmhmm(text: TextSource): SvmhmmData;
    readSvmhmm(text: TextStream): Promise<SvmhmmData>;
  };
  metrics: { sequences(gold: string[][], predicted: string[][], options?: { chunks?: boolean }): SequenceReport };
}
