// Types of learned re-ranking and clicks (am.SearchRanker, am.clicks).
import type { OptionSpec, Disposable, Progress, TrainingReport } from '../index.js';
import type { SearchIndex, SearchHits, SearchOptions } from './search.js';
import type { SearchRankerTableOptions } from './options.js';

/** Its own options (depth, normalize, clicks, clip) and any Ranker option (measure, loss, trainer, k, …). */
export type SearchRankerOptions = SearchRankerTableOptions;

/** A training query: its text and the grades of judged documents (≥ 0; a first-stage result not graded has grade 0). */
export interface SearchJudgment {
  query: string;
  grades: Record<string, number> | Map<string, number>;
  /** the query's language code, as SearchIndex.search takes it (default: the index's answer) */
  language?: string;
}

/** One session of a click log: the query, the documents in the order shown (rank 1 first), those clicked. */
export interface ClickSession {
  query: string;
  shown: string[];
  clicked: string[];
  /** the query's language code, as SearchIndex.search takes it (default: the index's answer) */
  language?: string;
}

export interface ClickData {
  clicks: ClickSession[];
  /** the propensity of each rank, rank 1 first (default: fitted by EM on the log when clicks is 'ips') */
  propensity?: ArrayLike<number>;
}

export interface SearchRanker extends Disposable {
  readonly options: SearchRankerOptions;
  /** the index's feature columns it was trained on */
  readonly featureNames: string[];
  /** the propensities the last fit from clicks used (rank 1 = 1), or null (judgments, or naive clicks) */
  readonly propensity: Float64Array | null;
  /** index: a SearchIndex, or its saved bytes (what a TrainingWorker job sends) */
  fit(index: SearchIndex | Uint8Array, data: SearchJudgment[] | ClickData, options?: { onProgress?: (p: Progress) => boolean | void }): this;
  /** the first stage's top `depth` re-ranked, then the rest of its top k in its order (phrases as SearchIndex#search) */
  search(index: SearchIndex, query: string, options?: SearchOptions): SearchHits;
  save(): Uint8Array;
}

export interface SearchRankerConstructor {
  new (options?: SearchRankerOptions): SearchRanker;
  options(): OptionSpec[];
  /** the data with each query as the index reads it (segmented, with its language): what a worker fits on with the index's bytes */
  analyse<T extends SearchJudgment[] | ClickData>(index: SearchIndex, data: T): T;
}

export interface PositionBias {
  /** rank 1 first, rank 1 = 1 */
  propensity: Float64Array;
  logLikelihood: number;
  /** how EM ended: converged when the log-likelihood's relative gain fell within 1e-7 before maxIter */
  training: TrainingReport;
}

/** A graded list for the click simulator. */
export interface GradedList {
  query: string;
  shown: string[];
  grades: ArrayLike<number>;
}

export interface ClickSimulationOptions {
  /** rank k is examined with probability k^−eta (default 1) */
  eta?: number;
  /** click probability of an examined irrelevant document (default 0.1) */
  noise?: number;
  /** the grade clicked with certainty once examined (default: the largest grade given) */
  maxGrade?: number;
  /** sessions per list (default 10) */
  sessions?: number;
  /** the fraction of sessions shown in random order (default 0) */
  shuffled?: number;
  seed?: number;
}

export interface SearchRankerApi {
  SearchRanker: SearchRankerConstructor;
  clicks: {
    /** the position-based click model fitted by EM (ranks: 0, the longest list shown; maxIter: 10,000 steps) */
    positionBias(clicks: ClickSession[], options?: { ranks?: number; maxIter?: number }): PositionBias;
    simulate(lists: GradedList[], options?: ClickSimulationOptions): ClickSession[];
  };
}
