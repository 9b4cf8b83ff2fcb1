// Types of the argmax JS API.
import type { SequenceApi } from './types/sequence.js';
import type { MulticlassTableOptions, KernelMulticlassTableOptions } from './types/options.js';
import type { RankingApi } from './types/ranking.js';
import type { ReductionsApi } from './types/reductions.js';
import type { TextApi } from './types/text.js';
import type { LanguageIdentifierApi } from './types/language-identifier.js';

export * from './types/options.js';
export * from './types/sequence.js';
export * from './types/ranking.js';
export * from './types/reductions.js';
export * from './types/text.js';
export * from './types/language-identifier.js';
export * from './types/search.js';

/**
 * A text file for the readers: its text, its bytes, or its bytes in chunks (an iterable, read at once; a line
 * may be cut anywhere between chunks). Only the parsed data is kept, never the text.
 */
export type TextSource = string | Uint8Array | Iterable<Uint8Array>;
/** Chunks that arrive over time (a Node stream, an async generator, a ReadableStream): the reader returns a Promise. */
export type TextStream = AsyncIterable<Uint8Array> | { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void } };

/**
 * Dense rows as number[][] (rows of numbers or numeric typed arrays), dense row-major {data, rows, cols}, or
 * sparse CSR {offsets, indices, values, cols, rows?}. Every method that takes one checks it first, in JS, before
 * anything is allocated in wasm (bindings/js/api/inputs.js), and throws an Error naming the argument and the
 * position: an entry that is not a number (`X[3][1] is the string "1", not a number`; nothing is coerced), a
 * value beyond float32's range, a row of another length, a `rows`/`cols` that is not an integer in
 * [0, 2^31 − 1] (a 32-bit size would wrap it), CSR offsets and column indices that are not integers (a
 * Float64Array of 1.5 or a Uint32Array past 2^31 − 1 is refused, never truncated or wrapped), offsets that do not
 * run from 0 to the number of values without decreasing, a column index outside [0, cols). Values must be
 * finite (NaN is allowed only where it means a missing value: decision trees and the tree and stump learners).
 * A trained model checks the width too: dense rows must have exactly the columns it was trained on ("X has 5
 * columns; the model was trained on 4"); a CSR matrix may declare fewer (a LIBSVM file omits trailing features,
 * which are 0) or more (columns the model never saw carry no weight).
 * fit needs at least one row and one column; a method that predicts from no rows returns an empty answer
 * (an empty Int32Array, Float32Array, Float64Array or array, as it would for rows).
 * Integer labels must be integers in the 32-bit range; options arguments must be objects (or omitted).
 */
export type Matrix =
  | ArrayLike<number>[]
  | { data: Float32Array | ArrayLike<number>; rows: number; cols: number }
  | { offsets: Int32Array | ArrayLike<number>; indices: Int32Array | ArrayLike<number>; values: Float32Array | ArrayLike<number>; cols: number; rows?: number };

export interface Progress {
  epoch: number;
  /** the trainer's objective (regularised surrogate; primal objective for Crammer–Singer) */
  objective: number;
  /** mean task loss Δ(h(x), y) during the epoch */
  trainingError: number;
}
/** How a fit ended (the model's `training`, and the fields of the final onProgress call). */
export interface TrainingReport {
  /** the solver met its stopping rule (trainers with a fixed number of epochs always count as converged) */
  converged: boolean;
  iterations: number;
  /** the final value of the stopping quantity (see `measure`) and the value it had to reach */
  gap: number;
  tolerance: number;
  /** 'dual gap', 'KKT violation', 'relative gradient norm', …; empty for fixed-epoch trainers */
  measure: string;
  /** one line, only when not converged ("stopped at maxIter=1000 with KKT violation …; scale the features or raise
   *  maxIter") or when the model is known to be poor (a whole-set bipartite ranker that separates its training set
   *  worse than the difference of the class means) */
  warning?: string;
}
/** The last onProgress call of a fit: the last epoch's numbers, the TrainingReport and final: true. */
export type FinalProgress = Progress & TrainingReport & { final: true };

export interface FitOptions {
  /** called after each epoch; return false to stop training */
  onProgress?: (p: Progress | FinalProgress) => boolean | void;
}
/** fit() options of classifiers that learn from labels. */
export interface ClassifierFitOptions {
  /**
   * Training labels that are all the same give a model that always predicts that label; fit() throws unless
   * this is true (default false).
   */
  allowSingleClass?: boolean;
}

export interface OptionSpec {
  name: string;
  /** 'integers': a list, written 1,4,7 on the command line */
  type: 'integer' | 'number' | 'boolean' | 'choice' | 'integers';
  default: string;
  help: string;
  min?: number;
  max?: number;
  minOpen?: boolean;
  choices: string[];
}

/** Objects that own wasm memory: dispose() frees it (a FinalizationRegistry is only a safety net). */
export interface Disposable {
  dispose(): void;
}


/** scale option of multiclass, reductions, binary relevance and ranking: auto (the default), none, minmax or
 *  standard */
export type FeatureScaling = 'auto' | 'none' | 'minmax' | 'standard';

/** The linear model's options with one trainer, or the kernel SVM's (a `kernel` option), and a cost matrix Δ
 *  (k×k, row = true label, column = prediction; the labels must then be 0..k−1). */
export type MulticlassOptions = (MulticlassTableOptions | KernelMulticlassTableOptions) & { cost?: number[][] };

export interface MulticlassParallelFitOptions extends FitOptions, ClassifierFitOptions {
  /**
   * Train on this many threads (1 to 8) by iterative parameter mixing (McDonald, Hall & Mann 2010): each worker
   * (its own wasm instance) runs one epoch on its shard of the rows, then the weights are mixed by shard size.
   * Online trainers only (sgd, pegasos, perceptron); the perceptron stops after a round without a mistake. The
   * same seed and count give the same model everywhere; 1 gives the serial model. 'auto': the cores (at most 8)
   * for the online trainers on 500,000 rows or more, else this thread.
   */
  workers: number | 'auto';
  /** aborting it cancels training (the promise rejects with an AbortError) */
  signal?: AbortSignal;
}

export interface Multiclass extends Disposable {
  /** With workers: trains on several threads and resolves to this model. */
  fit(X: Matrix, y: ArrayLike<number>, options: MulticlassParallelFitOptions): Promise<this>;
  fit(X: Matrix, y: ArrayLike<number>, options?: FitOptions & ClassifierFitOptions): this;
  /** how the last fit ended (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  /** predicted labels; ties go to the lowest label (the kernel all-pairs: to the class first seen in training, as in svm-predict) */
  predict(X: Matrix): Int32Array;
  /** rows × classes scores ⟨w, Ψ(x, y)⟩, columns in `labels` order */
  scores(X: Matrix): Float32Array;
  /** ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') */
  margins(X: Matrix, y: ArrayLike<number>): Float32Array;
  /** ascending */
  readonly labels: Int32Array;
  readonly classes: number;
  readonly features: number;
  /** the trainer that made it ('dcd' for the kernel SVM) */
  readonly trainer: string;
  readonly options: Record<string, number | boolean | string>;
  /** feature-major weights w[j·k + y] (a kernel model throws: it has none) */
  readonly weights: Float32Array;
  /** kernel models: the number of support vectors kept; undefined for linear models */
  readonly supportVectors: number | undefined;
  save(): Uint8Array;
}
export interface MulticlassConstructor {
  new (options?: MulticlassOptions): Multiclass;
  /** the options of the linear model with this trainer (default dcd) */
  options(trainer?: string): OptionSpec[];
  /** the options of the kernel SVM ({ kernel, … }) */
  kernelOptions(): OptionSpec[];
}

export interface ClassScores { precision: number; recall: number; f1: number; support: number }
export interface ClassificationReport {
  accuracy: number;
  labels: Int32Array;
  /** row = truth, column = prediction, over `labels` */
  confusion: Float64Array;
  perClass: (ClassScores & { label: number })[];
  macro: ClassScores;
  micro: ClassScores;
}

export interface LibsvmData {
  labels: Int32Array;
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  rows: number;
  cols: number;
}

type TaskApis = SequenceApi & RankingApi & ReductionsApi;

/** What init() returns: the model classes of every task, their metrics and readers, and load(). */
export interface Argmax extends Omit<SequenceApi, 'io' | 'metrics' | 'pretrained'>, Omit<RankingApi, 'io' | 'metrics'>, Omit<ReductionsApi, 'io' | 'metrics'>, TextApi,
  Omit<LanguageIdentifierApi, 'pretrained'> {
  pretrained: SequenceApi['pretrained'] & LanguageIdentifierApi['pretrained'];
  Multiclass: MulticlassConstructor;
  metrics: {
    classification(truth: ArrayLike<number>, predicted: ArrayLike<number>): ClassificationReport;
    /** cost: k×k, finite, ≥ 0, 0 on the diagonal (the cost option of Multiclass) */
    averageCost(truth: ArrayLike<number>, predicted: ArrayLike<number>, cost: number[][]): number;
    /** margins must be finite and rho > 0 */
    marginLoss(margins: ArrayLike<number>, rho: number): number;
  } & TaskApis['metrics'];
  io: {
    /** minCols: an integer ≥ 0, the least number of columns of the result */
    readLibsvm(text: TextSource, options?: { minCols?: number }): LibsvmData;
    readLibsvm(text: TextStream, options?: { minCols?: number }): Promise<LibsvmData>;
  } & TaskApis['io'];
  /** any saved model, whatever its kind */
  load(bytes: Uint8Array | ArrayBuffer): Disposable & { save(): Uint8Array };
  modelKind(bytes: Uint8Array | ArrayBuffer): string;
  /** the wasm module's memory, in bytes: a failed call leaves every figure where it was */
  memoryUsage(): MemoryUsage;
}

export interface MemoryUsage {
  /** bytes the allocator has handed out and not yet freed */
  heapInUse: number;
  /** the size of the wasm memory (it grows, up to 2 GB) */
  heapSize: number;
  /** the depth of the wasm shadow stack (the same between any two calls) */
  stackInUse: number;
}

export interface InitOptions {
  /** where to fetch argmax.wasm from (browsers); default: next to the module */
  wasmUrl?: string | URL;
  /** Emscripten's locateFile hook */
  locateFile?: (file: string, prefix: string) => string;
  /** the .wasm bytes themselves */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads the wasm module (Node 20 or a browser) and returns the API. */
export function init(options?: InitOptions): Promise<Argmax>;

/** Loads the search module (argmax/search-train's) on the first call and returns its API. */
export function initSearch(options?: InitOptions): Promise<import('./search.js').ArgmaxSearch>;
