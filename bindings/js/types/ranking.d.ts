// Types of the ranking part of the argmax JS API (am.Ranker, am.metrics.ndcg …, am.io.readLetor).
import type { Matrix, FitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream, FeatureScaling } from '../index.js';
import type { RankerTableOptions } from './options.js';

/** 'common': log2(p+1) discount, DCG truncated at the query size, queries without a relevant document skipped;
 *  'letor4': the official LETOR 4.0 script (ranks 1–2 undiscounted, NDCG@k = 0 below k documents, such queries 0). */
export type RankingConvention = 'common' | 'letor4';

/** A ranker's options (types/options.d.ts). */
export type RankerOptions = RankerTableOptions;

/** One query: its documents' features and relevance grades (larger = more relevant; ±1 for bipartite). */
export interface Query {
  /** the same number of columns in every query (dense or CSR); errors name the argument `queries` (or `valid`) */
  features: Matrix;
  relevance: ArrayLike<number>;
}

export interface LetorData {
  relevance: Float32Array;
  /** the same array as relevance (as readLibsvm's labels) */
  labels: Float32Array;
  /** query id of every row */
  qids: string[];
  /** query id of every query */
  queryIds: string[];
  /** query q = rows queryOffsets[q] .. queryOffsets[q+1]−1 */
  queryOffsets: Int32Array;
  offsets: Int32Array;
  indices: Int32Array;
  values: Float32Array;
  rows: number;
  cols: number;
  queries: number;
}

/** Every document in one dense matrix, with its relevance and the query offsets (what a fit on several workers
 *  sends each worker). */
export interface PackedQueries {
  data: Float32Array | number[];
  rows: number;
  cols: number;
  relevance: ArrayLike<number>;
  /** query q = rows queryOffsets[q] .. queryOffsets[q+1]−1 */
  queryOffsets: ArrayLike<number>;
}
export type Queries = Query[] | LetorData | PackedQueries;

export interface RankerFitOptions extends FitOptions {
  /** validation queries: pick lambda from `lambdas` and epochs from 1..epochs by NDCG@evalK (onProgress is not called) */
  valid?: Queries;
  lambdas?: number[];
  evalK?: number;
}

export interface RankerParallelFitOptions extends RankerFitOptions {
  /**
   * Train on this many threads (1 to 8) by iterative parameter mixing (McDonald, Hall & Mann 2010): each worker
   * (its own wasm instance) runs one epoch on its shard of the queries, then the weights are mixed by shard size.
   * Online trainers only (trainer sgd, pegasos, perceptron; auto is sgd for ndcg); a round is one epoch over every
   * query. The same seed and count give the same model everywhere; 1 gives the serial model. 'auto': the cores (at
   * most 8, and at most one per 50 queries) for the online trainers on 500,000 documents or more, else this
   * thread (one big group always trains here). Validation (valid) runs on
   * this thread: with it, workers may only be 1 or 'auto'.
   */
  workers: number | 'auto';
  /** aborting it cancels training (the promise rejects with an AbortError) */
  signal?: AbortSignal;
}

export interface Ranker extends Disposable {
  /** With workers: trains on several threads and resolves to this model. */
  fit(queries: Queries, options: RankerParallelFitOptions): Promise<this>;
  fit(queries: Queries, options?: RankerFitOptions): this;
  /** ⟨w, x⟩ per row (dense rows of the trained width; a CSR matrix may be narrower or wider, see Matrix) */
  score(X: Matrix): Float64Array;
  /** row indices, best first; equal scores keep the input order */
  rank(X: Matrix): Int32Array;
  readonly weights: Float32Array;
  readonly features: number;
  /** the trainer its options name ('auto' unless given) */
  readonly trainer: string;
  /** the options as trained (after validation: the chosen lambda and epochs) */
  readonly options: Record<string, number | boolean | string>;
  /** how the last fit ended (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  save(): Uint8Array;
}
export interface RankerConstructor {
  new (options?: RankerOptions): Ranker;
  options(): OptionSpec[];
}

export interface MeasureOptions {
  k?: number;
  convention?: RankingConvention;
}
export interface RankingReport {
  /** mean NDCG@k for k = 1..maxK */
  ndcg: Float64Array;
  precision: Float64Array;
  map: number;
  kendallTau: number;
  auc: number;
  queries: number;
  /** queries averaged (all under letor4; those with a relevant document under common) */
  counted: number;
}

export interface RankingMetrics {
  /** one query's NDCG@k (gain 2^rel − 1); NaN when skipped under 'common' */
  ndcg(scores: ArrayLike<number>, relevance: ArrayLike<number>, options?: MeasureOptions): number;
  precisionAt(scores: ArrayLike<number>, relevance: ArrayLike<number>, options?: MeasureOptions): number;
  averagePrecision(scores: ArrayLike<number>, relevance: ArrayLike<number>, options?: MeasureOptions): number;
  /** Kendall τ-b between scores and relevance */
  kendallTau(scores: ArrayLike<number>, relevance: ArrayLike<number>, options?: MeasureOptions): number;
  /** relevant (rel > 0) against the rest; ties count ½ */
  auc(scores: ArrayLike<number>, relevance: ArrayLike<number>, options?: MeasureOptions): number;
  /** the cut for the rule score > cut that maximises a thresholded measure of the labels (positive where > 0),
   *  and that measure: a threshold for any scorer, e.g. a BinaryClassifier's scores on held-out data */
  bestCut(scores: ArrayLike<number>, labels: ArrayLike<number>, options?: { measure?: 'f1' | 'fbeta' | 'balanced'; beta?: number }):
    { cut: number; value: number };
  /** means over queries. A query with no documents is treated as a query without a relevant document, as the
   *  per-query measures treat it: it counts 0 under 'letor4' and is skipped under 'common'. */
  ranking(scores: ArrayLike<number>, queries: { relevance: ArrayLike<number> }[] | { relevance: ArrayLike<number>; queryOffsets: ArrayLike<number> },
          options?: { convention?: RankingConvention; maxK?: number }): RankingReport;
}

export interface RankingApi {
  Ranker: RankerConstructor;
  metrics: RankingMetrics;
  io: {
    readLetor(text: TextSource, options?: { minCols?: number }): LetorData;
    readLetor(text: TextStream, options?: { minCols?: number }): Promise<LetorData>;
  };
}
