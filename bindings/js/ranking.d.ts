// Types of the ranking part of the argmax JS API (am.Ranker, am.metrics.ndcg …, am.io.readLetor).
import type { Matrix, FitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream, FeatureScaling } from './index.js';

export type RankingAlgorithm = 'ndcg' | 'kendall' | 'f1' | 'fbeta' | 'precision@k' | 'recall@k' | 'balanced' | 'pointwise';
/** 'common': log2(p+1) discount, DCG truncated at the query size, queries without a relevant document skipped;
 *  'letor4': the official LETOR 4.0 script (ranks 1–2 undiscounted, NDCG@k = 0 below k documents, such queries 0). */
export type RankingConvention = 'common' | 'letor4';

export interface RankerOptions {
  /** ndcg: NDCG structured hinge (SSBD 17.8); kendall: pairwise hinge; f1 … balanced: bipartite measures (SSBD 17.5);
   *  pointwise: ridge regression of the grade (baseline) */
  algo?: RankingAlgorithm;
  /** NDCG truncation k; k of precision@k and recall@k */
  k?: number;
  /** β of F_β */
  beta?: number;
  /** auto (default): cutting-plane for kendall (RankSVM's solver) and the bipartite measures, sgd for ndcg (and in validation); cutting-plane and bcfw are exact */
  trainer?: 'auto' | 'sgd' | 'pegasos' | 'perceptron' | 'cutting-plane' | 'bcfw';
  /** cutting-plane, bcfw: ½‖w‖² + C Σ_q loss_q; 0 (default) = SVMlight's: the mean query size over the mean ‖x‖² (with psi 'normalized': each document weighs as in a linear SVM with C = 1 / mean ‖x‖²) */
  C?: number;
  /** cutting-plane, bcfw: stop when the certified gap is ≤ eps·C·(number of queries) */
  eps?: number;
  /** cutting-plane: rounds; bcfw: passes */
  max_iter?: number;
  /** λ/2‖w‖² (pointwise: λ‖w‖²) */
  lambda?: number;
  /** step size of sgd and perceptron */
  eta?: number;
  /** passes over the queries (sgd, pegasos, perceptron); 0 (default) = 20, or as many as make 1000 steps when there are fewer than 50 queries */
  epochs?: number;
  average?: boolean;
  seed?: number;
  /** NDCG surrogate gain: linear (rel, SSBD) or exp2 (2^rel − 1) */
  gain?: 'linear' | 'exp2';
  /** NDCG/bipartite feature map: positions (SSBD Σ v_i x_i) or normalized (÷ query size) */
  psi?: 'positions' | 'normalized';
  /** NDCG loss-augmented argmax: fast exact solver or the O(r³) Hungarian method */
  oracle?: 'fast' | 'hungarian';
  /** start from zero or from the pointwise ridge fit */
  init?: 'zero' | 'pointwise';
  /** bipartite: a document is positive when its relevance is above this */
  relevant?: number;
  /** f1, fbeta, balanced: 'measure' (default) moves the intercept to the cut that maximises the measure on the
   *  training set; 'surrogate' keeps the intercept the structured hinge learned (SVMperf's model) */
  threshold?: 'measure' | 'surrogate';
  /** rank by a linear function of D random Fourier features z(x) of each document instead of x, approximating the
   *  Gaussian kernel exp(-gamma ||x - x'||^2); default 0 = off; scale stays auto or none */
  rff?: number;
  /** gamma of the kernel rff approximates; 0 (default): 1/(d·Var x) over the training documents */
  gamma?: number;
  /** seed of the random features (default 1) */
  rff_seed?: number;
  /** feature scaling fitted on the training rows and folded into the weights. auto (default): every feature
   *  divided by the largest |value| when that exceeds 10, values in [-10, 10] left as they are; minmax: each column to
   *  [0, 1]; standard: zero mean, unit variance; sparse rows are scaled only (no shift; the bias takes it); the centring goes into the intercept */
  scale?: FeatureScaling;
}

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
  readonly algorithm: RankingAlgorithm;
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
