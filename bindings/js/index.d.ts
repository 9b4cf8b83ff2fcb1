// Types of the argmax JS API.
import type { SequenceApi } from './sequence.js';
import type { RankingApi } from './ranking.js';
import type { ReductionsApi } from './reductions.js';

export * from './sequence.js';
export * from './ranking.js';
export * from './reductions.js';

/**
 * Dense rows as number[][], dense row-major {data, rows, cols}, or sparse CSR {offsets, indices, values, cols}.
 * Every method that takes one checks it first and throws an Error naming the argument (e.g. "X: CSR offsets
 * decrease at row 3"): CSR offsets run from 0 to the number of values without decreasing, every column index is
 * an integer in [0, cols), every value is finite (NaN is allowed only where it means a missing value: decision
 * trees and the tree and stump learners).
 * A trained model checks the width too: dense rows must have exactly the columns it was trained on ("X has 5
 * columns; the model was trained on 4"); a CSR matrix may declare fewer (a LIBSVM file omits trailing features,
 * which are 0) or more (columns the model never saw carry no weight).
 */
/**
 * A text file for the readers: its text, its bytes, or its bytes in chunks (an iterable, read at once; a line
 * may be cut anywhere between chunks). Only the parsed data is kept, never the text.
 */
export type TextSource = string | Uint8Array | Iterable<Uint8Array>;
/** Chunks that arrive over time (a Node stream, an async generator, a ReadableStream): the reader returns a Promise. */
export type TextStream = AsyncIterable<Uint8Array> | { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void } };

export type Matrix =
  | ArrayLike<number>[]
  | { data: Float32Array | ArrayLike<number>; rows: number; cols: number }
  | { offsets: Int32Array | ArrayLike<number>; indices: Int32Array | ArrayLike<number>; values: Float32Array | ArrayLike<number>; cols: number };

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
  /** one line, only when not converged ("stopped at max_iter=1000 with KKT violation …; scale the features or raise
   *  max_iter") or when the model is known to be poor (a whole-set bipartite ranker that separates its training set
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

export type MulticlassAlgorithm = 'cs' | 'pegasos' | 'sgd' | 'perceptron' | 'cutting-plane' | 'bcfw';
export type Surrogate = 'hinge' | 'slack' | 'sum' | 'log' | 'softmax-margin';

/** scale option of multiclass, reductions, binary relevance and ranking: auto (the default), none, minmax or
 *  standard */
export type FeatureScaling = 'auto' | 'none' | 'minmax' | 'standard';

export interface MulticlassOptions {
  /** cs: Crammer–Singer dual CD (LIBLINEAR -s 4); pegasos; sgd (averaged, SSBD 17.2.5); perceptron (batch) */
  algo?: MulticlassAlgorithm;
  /** k×k cost matrix Δ, row = true label, column = prediction; labels must then be 0..k−1 */
  cost?: number[][];
  /** cs, cutting-plane, bcfw: cost of slack, LIBLINEAR's -c (½‖w‖² + C Σ loss) */
  C?: number;
  /** cs: stopping tolerance; cutting-plane, bcfw: certified gap per C·m */
  eps?: number;
  /** cs: cap on outer iterations (100000, LIBLINEAR's); cutting-plane: rounds; bcfw: passes (1000) */
  max_iter?: number;
  /** pegasos (and optional for sgd): λ in λ/2‖w‖² + mean loss */
  lambda?: number;
  /** sgd: step size; 0 = SSBD Corollary 17.2's √(B²/(ρ²T)) */
  eta?: number;
  /** sgd: norm bound used by the default step size */
  B?: number;
  epochs?: number;
  loss?: Surrogate;
  features?: 'multivector' | 'tfidf';
  /** value of a constant bias feature (0 = none) */
  bias?: number;
  /** feature scaling fitted on the training rows and folded into the weights (kernel models keep it and scale the
   *  rows they score). auto (default): every feature
   *  divided by the largest |value| when that exceeds 10, values in [-10, 10] left as they are; minmax: each column to
   *  [0, 1]; standard: zero mean, unit variance; sparse rows are scaled only (no shift; the bias takes it) */
  scale?: FeatureScaling;
  average?: boolean;
  seed?: number;
  /** cs only: the kernel SVM h(x) = argmax_y Σ_i α_i^y K(x_i, x), solved in the dual (no bias) */
  kernel?: 'linear' | 'poly' | 'rbf';
  /** γ of the kernel (poly (γ⟨x,x'⟩ + coef0)^degree, rbf exp(−γ‖x−x'‖²)) or of the RBF kernel rff approximates;
   *  0 (default): from the training rows after scale, 1/(d·Var x) over all entries; options report the value used */
  gamma?: number;
  /** any algorithm: learn on D random Fourier features z(x) = √(2/D) cos(Wx + b) instead of x (0 = off) */
  rff?: number;
  /** seed of W and b (the map is regenerated from it on load) */
  rff_seed?: number;
  coef0?: number;
  degree?: number;
  /** kernel: column cache in MB; must hold one column (4·rows bytes) */
  cache?: number;
}

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
  /** predicted labels; ties go to the lowest label */
  predict(X: Matrix): Int32Array;
  /** rows × classes scores ⟨w, Ψ(x, y)⟩, columns in `labels` order */
  scores(X: Matrix): Float32Array;
  /** ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') */
  margins(X: Matrix, y: ArrayLike<number>): Float32Array;
  readonly labels: Int32Array;
  readonly classes: number;
  readonly features: number;
  readonly algorithm: MulticlassAlgorithm;
  readonly options: Record<string, number | boolean | string>;
  /** feature-major weights w[j·k + y] (a kernel model throws: it has none) */
  readonly weights: Float32Array;
  /** kernel models: the number of support vectors kept; undefined for linear models */
  readonly supportVectors: number | undefined;
  save(): Uint8Array;
}
export interface MulticlassConstructor {
  new (options?: MulticlassOptions): Multiclass;
  options(algo: MulticlassAlgorithm): OptionSpec[];
  /** the options of { algo: 'cs', kernel } */
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
export interface Argmax extends Omit<SequenceApi, 'io' | 'metrics'>, Omit<RankingApi, 'io' | 'metrics'>, Omit<ReductionsApi, 'io' | 'metrics'> {
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
